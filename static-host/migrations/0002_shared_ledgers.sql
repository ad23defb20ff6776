-- Tables shared by checkout/orders and the account areas (wallet, points, addresses).
-- Amounts are integer minor units (piastres); signs say the direction of a ledger entry.

CREATE TABLE addresses (
    id               INTEGER PRIMARY KEY,
    user_id          INTEGER NOT NULL REFERENCES users(id),
    type             TEXT NOT NULL DEFAULT 'home' CHECK (type IN ('home', 'work', 'other')),
    name             TEXT NOT NULL,                 -- "address name", e.g. Home
    contact_name     TEXT NOT NULL,
    phone            TEXT NOT NULL,                 -- E.164
    country          TEXT NOT NULL DEFAULT 'Egypt',
    region           TEXT NOT NULL DEFAULT '',
    city             TEXT NOT NULL DEFAULT '',
    address_details  TEXT NOT NULL,
    building_number  TEXT NOT NULL DEFAULT '',
    floor            TEXT NOT NULL DEFAULT '',
    apartment_number TEXT NOT NULL DEFAULT '',
    postal_code      TEXT NOT NULL DEFAULT '',
    latitude         REAL NOT NULL,
    longitude        REAL NOT NULL,
    district_id      INTEGER NOT NULL REFERENCES districts(id),
    is_default       INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    deleted_at       INTEGER,                       -- soft delete: orders keep their address
    created_at       INTEGER NOT NULL
) STRICT;
CREATE INDEX addresses_by_user ON addresses(user_id) WHERE deleted_at IS NULL;
-- At most one default address per user.
CREATE UNIQUE INDEX addresses_one_default ON addresses(user_id) WHERE is_default = 1 AND deleted_at IS NULL;

-- Wallet ledger: the balance is the sum of amount_minor for the user.
CREATE TABLE wallet_entries (
    id            INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users(id),
    amount_minor  INTEGER NOT NULL,                 -- + credit, - debit
    kind          TEXT NOT NULL CHECK (kind IN ('top_up', 'order_payment', 'refund', 'referral_bonus', 'affiliate_commission', 'adjustment')),
    order_id      INTEGER,
    note_en       TEXT NOT NULL DEFAULT '',
    note_ar       TEXT NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL
) STRICT;
CREATE INDEX wallet_entries_by_user ON wallet_entries(user_id, id);

-- Loyalty points ledger: earned entries carry an expiry; the balance is the sum of
-- unexpired earned points minus redeemed ones.
CREATE TABLE point_entries (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users(id),
    points      INTEGER NOT NULL,                   -- + earned, - redeemed or expired
    kind        TEXT NOT NULL CHECK (kind IN ('earned', 'redeemed', 'expired', 'referral')),
    order_id    INTEGER,
    expires_at  INTEGER,                            -- ms; set on earned/referral entries
    created_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX point_entries_by_user ON point_entries(user_id, id);
