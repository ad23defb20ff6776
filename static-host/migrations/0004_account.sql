-- Account areas (spec 2, 3): contact-us messages, support tickets, notifications
-- and the details of affiliate commissions. Addresses, the wallet ledger and the
-- points ledger are shared tables of 0002. Times are Unix milliseconds, money integer
-- minor units.

-- Contact-us form submissions; guests may write, so user_id may be NULL.
CREATE TABLE contact_messages (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER REFERENCES users(id),
    name        TEXT NOT NULL,
    email       TEXT NOT NULL COLLATE NOCASE,
    phone       TEXT,                               -- E.164, when given
    message     TEXT NOT NULL,
    language    TEXT NOT NULL CHECK (language IN ('en', 'ar')),
    created_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX contact_messages_by_email ON contact_messages(email, created_at);

-- Support requests of signed-in customers, optionally about one of their orders.
CREATE TABLE support_tickets (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users(id),
    subject     TEXT NOT NULL,
    message     TEXT NOT NULL,
    order_id    INTEGER,                            -- the customer's order, checked on insert
    status      TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
    language    TEXT NOT NULL CHECK (language IN ('en', 'ar')),
    created_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX support_tickets_by_user ON support_tickets(user_id, id);

-- The customer's notifications, in both languages.
CREATE TABLE notifications (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users(id),
    kind        TEXT NOT NULL CHECK (kind IN ('welcome', 'order', 'offer', 'wallet', 'points', 'system')),
    title_en    TEXT NOT NULL,
    title_ar    TEXT NOT NULL,
    body_en     TEXT NOT NULL,
    body_ar     TEXT NOT NULL,
    order_id    INTEGER,
    read_at     INTEGER,                            -- NULL: unread
    created_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX notifications_by_user ON notifications(user_id, id);

-- Every new customer gets a welcome notification, in the same transaction as the
-- registration (so no read ever has to create one).
CREATE TRIGGER users_welcome_notification AFTER INSERT ON users
BEGIN
    INSERT INTO notifications (user_id, kind, title_en, title_ar, body_en, body_ar, created_at)
    VALUES (
        NEW.id, 'welcome',
        'Welcome to ' || coalesce((SELECT json_extract(value, '$.app_names.en') FROM settings WHERE key = 'settings'), 'our store') || '!',
        'مرحبًا بك في ' || coalesce((SELECT json_extract(value, '$.app_names.ar') FROM settings WHERE key = 'settings'), 'متجرنا') || '!',
        'Your account is ready. Add a delivery address, then browse the shops near you. Share your referral code with friends to earn points.',
        'حسابك جاهز. أضف عنوان التوصيل ثم تصفح المتاجر القريبة منك. شارك رمز الإحالة مع أصدقائك لتربح النقاط.',
        NEW.created_at
    );
END;

-- Customers who registered before this migration get theirs too.
INSERT INTO notifications (user_id, kind, title_en, title_ar, body_en, body_ar, created_at)
SELECT id, 'welcome',
       'Welcome to ' || coalesce((SELECT json_extract(value, '$.app_names.en') FROM settings WHERE key = 'settings'), 'our store') || '!',
       'مرحبًا بك في ' || coalesce((SELECT json_extract(value, '$.app_names.ar') FROM settings WHERE key = 'settings'), 'متجرنا') || '!',
       'Your account is ready. Add a delivery address, then browse the shops near you. Share your referral code with friends to earn points.',
       'حسابك جاهز. أضف عنوان التوصيل ثم تصفح المتاجر القريبة منك. شارك رمز الإحالة مع أصدقائك لتربح النقاط.',
       created_at
FROM users;

-- What an affiliate commission was paid for: one row per wallet entry of kind
-- 'affiliate_commission', at most one per order.
CREATE TABLE affiliate_commissions (
    wallet_entry_id  INTEGER PRIMARY KEY REFERENCES wallet_entries(id),
    referrer_id      INTEGER NOT NULL REFERENCES users(id),
    buyer_id         INTEGER NOT NULL REFERENCES users(id),
    order_id         INTEGER NOT NULL UNIQUE,
    purchase_minor   INTEGER NOT NULL CHECK (purchase_minor >= 0),
    rate_bp          INTEGER NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
    created_at       INTEGER NOT NULL
) STRICT;
CREATE INDEX affiliate_commissions_by_referrer ON affiliate_commissions(referrer_id, wallet_entry_id);
CREATE INDEX affiliate_commissions_by_buyer ON affiliate_commissions(buyer_id);
