-- Reference product API, initial schema. Names are stored in both languages
-- (`*_en`, `*_ar`); the `Language` request header picks one. Money is stored as
-- integer minor units (`*_minor`), never as floating point. Times are Unix
-- milliseconds.

CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL                         -- JSON
) STRICT;

CREATE TABLE districts (
    id       INTEGER PRIMARY KEY,
    name_en  TEXT NOT NULL,
    name_ar  TEXT NOT NULL,
    polygon  TEXT NOT NULL                      -- JSON [[lng, lat], ...], closed ring
) STRICT;

-- Local gazetteer answering map search with no internet.
CREATE TABLE places (
    id          INTEGER PRIMARY KEY,
    name_en     TEXT NOT NULL,
    name_ar     TEXT NOT NULL,
    address_en  TEXT NOT NULL,
    address_ar  TEXT NOT NULL,
    latitude    REAL NOT NULL,
    longitude   REAL NOT NULL
) STRICT;

CREATE TABLE services (
    id                    INTEGER PRIMARY KEY,
    name_en               TEXT NOT NULL,
    name_ar               TEXT NOT NULL,
    icon                  TEXT NOT NULL,
    filter_type           TEXT NOT NULL CHECK (filter_type IN ('products_focused', 'branches_focused')),
    show_categories_menu  INTEGER NOT NULL DEFAULT 1,
    sort                  INTEGER NOT NULL DEFAULT 0
) STRICT;

-- Product categories: a two-level tree per service.
CREATE TABLE categories (
    id          INTEGER PRIMARY KEY,
    service_id  INTEGER NOT NULL REFERENCES services(id),
    parent_id   INTEGER REFERENCES categories(id),
    name_en     TEXT NOT NULL,
    name_ar     TEXT NOT NULL,
    icon        TEXT NOT NULL,
    featured    INTEGER NOT NULL DEFAULT 0,
    sort        INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX categories_by_service ON categories(service_id, parent_id, sort);
CREATE INDEX categories_by_parent ON categories(parent_id, sort);

-- Kinds of shops within a service (e.g. bakeries, pizza places).
CREATE TABLE branch_categories (
    id          INTEGER PRIMARY KEY,
    service_id  INTEGER NOT NULL REFERENCES services(id),
    name_en     TEXT NOT NULL,
    name_ar     TEXT NOT NULL,
    icon        TEXT NOT NULL,
    sort        INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX branch_categories_by_service ON branch_categories(service_id, sort);

CREATE TABLE brands (
    id          INTEGER PRIMARY KEY,
    service_id  INTEGER NOT NULL REFERENCES services(id),
    name_en     TEXT NOT NULL,
    name_ar     TEXT NOT NULL,
    logo        TEXT NOT NULL
) STRICT;

CREATE TABLE branches (
    id                   INTEGER PRIMARY KEY,
    service_id           INTEGER NOT NULL REFERENCES services(id),
    branch_category_id   INTEGER REFERENCES branch_categories(id),
    district_id          INTEGER NOT NULL REFERENCES districts(id),
    name_en              TEXT NOT NULL,
    name_ar              TEXT NOT NULL,
    description_en       TEXT NOT NULL DEFAULT '',
    description_ar       TEXT NOT NULL DEFAULT '',
    logo                 TEXT NOT NULL,
    cover                TEXT NOT NULL,
    closed               INTEGER NOT NULL DEFAULT 0,
    minimum_minor        INTEGER NOT NULL DEFAULT 0,   -- minimum order
    delivery_minutes     INTEGER NOT NULL,
    delivery_fee_minor   INTEGER NOT NULL,
    free_delivery        INTEGER NOT NULL DEFAULT 0,
    free_delivery_over_minor INTEGER,                   -- NULL: no threshold
    tax_rate_bp          INTEGER NOT NULL DEFAULT 1400, -- basis points
    rating               REAL NOT NULL DEFAULT 0,
    sort                 INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX branches_by_service ON branches(service_id, sort, id);

CREATE TABLE products (
    id                INTEGER PRIMARY KEY,
    branch_id         INTEGER NOT NULL REFERENCES branches(id),
    service_id        INTEGER NOT NULL REFERENCES services(id),
    category_id       INTEGER NOT NULL REFERENCES categories(id),
    brand_id          INTEGER REFERENCES brands(id),
    name_en           TEXT NOT NULL,
    name_ar           TEXT NOT NULL,
    description_en    TEXT NOT NULL DEFAULT '',
    description_ar    TEXT NOT NULL DEFAULT '',
    image             TEXT NOT NULL,
    price_minor       INTEGER NOT NULL CHECK (price_minor >= 0),
    old_price_minor   INTEGER,                          -- set: on a hot deal
    stock             INTEGER NOT NULL DEFAULT 0 CHECK (stock >= 0),
    preorder          INTEGER NOT NULL DEFAULT 0,
    min_qty           INTEGER NOT NULL DEFAULT 1 CHECK (min_qty >= 1),
    max_qty           INTEGER NOT NULL DEFAULT 10 CHECK (max_qty >= min_qty),
    rating            REAL NOT NULL DEFAULT 0,
    sales_count       INTEGER NOT NULL DEFAULT 0,
    popularity        INTEGER NOT NULL DEFAULT 0,
    created_at        INTEGER NOT NULL
) STRICT;
CREATE INDEX products_by_service ON products(service_id, id);
CREATE INDEX products_by_branch ON products(branch_id, id);
CREATE INDEX products_by_category ON products(category_id, id);

CREATE TABLE static_pages (
    id          INTEGER PRIMARY KEY,
    category    TEXT NOT NULL DEFAULT 'customer',
    type        TEXT NOT NULL CHECK (type IN ('about', 'policy')),
    title_en    TEXT NOT NULL,
    title_ar    TEXT NOT NULL,
    content_en  TEXT NOT NULL,                     -- HTML, sanitised on output
    content_ar  TEXT NOT NULL,
    sort        INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE coupons (
    id                  INTEGER PRIMARY KEY,
    code                TEXT NOT NULL UNIQUE COLLATE NOCASE,
    kind                TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
    value               INTEGER NOT NULL,            -- basis points or minor units
    max_discount_minor  INTEGER,
    min_subtotal_minor  INTEGER,
    expires_at          INTEGER,
    active              INTEGER NOT NULL DEFAULT 1
) STRICT;

CREATE TABLE users (
    id                INTEGER PRIMARY KEY,
    mobile            TEXT NOT NULL UNIQUE,          -- E.164
    name              TEXT NOT NULL,
    email             TEXT COLLATE NOCASE,
    company_name      TEXT,
    birthdate         TEXT,                          -- YYYY-MM-DD
    gender            TEXT CHECK (gender IN ('female', 'male')),
    image             TEXT,
    default_locale    TEXT NOT NULL DEFAULT 'en' CHECK (default_locale IN ('en', 'ar')),
    notifications     TEXT NOT NULL DEFAULT '{"orders":true,"offers":true,"newsletter":false}',
    password_hash     TEXT,
    referral_code     TEXT NOT NULL UNIQUE,
    referred_by       INTEGER REFERENCES users(id),
    created_at        INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX users_by_email ON users(email) WHERE email IS NOT NULL;

CREATE TABLE tokens (
    token_hash   TEXT PRIMARY KEY,                  -- SHA-256 of the bearer token
    user_id      INTEGER NOT NULL REFERENCES users(id),
    created_at   INTEGER NOT NULL,
    revoked_at   INTEGER
) STRICT;
CREATE INDEX tokens_by_user ON tokens(user_id);

-- One-time codes, keyed by where they were sent. Codes are stored as an HMAC with a
-- server secret, never in clear.
CREATE TABLE otp_codes (
    id           INTEGER PRIMARY KEY,
    purpose      TEXT NOT NULL CHECK (purpose IN ('login', 'email_login', 'password_reset')),
    target       TEXT NOT NULL,                     -- E.164 number or e-mail
    channel      TEXT NOT NULL,                     -- sms | whatsapp | email
    code_hash    TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    verified_at  INTEGER,                           -- right code given (login awaiting registration)
    consumed_at  INTEGER                            -- used up (signed in, registered, reset)
) STRICT;
CREATE INDEX otp_codes_by_target ON otp_codes(purpose, target, created_at);

CREATE TABLE favorites (
    user_id     INTEGER NOT NULL REFERENCES users(id),
    kind        TEXT NOT NULL CHECK (kind IN ('branch', 'product')),
    item_id     INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (user_id, kind, item_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE uploads (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users(id),
    file_name   TEXT NOT NULL UNIQUE,
    mime        TEXT NOT NULL,
    size        INTEGER NOT NULL,
    created_at  INTEGER NOT NULL
) STRICT;
