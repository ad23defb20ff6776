-- Account security and abuse, round 2 (issue 19; README "Security").
--
-- One-time codes remember which client asked for them (`client`: an HMAC of its
-- address under the server secret, never the address itself), so only that client can
-- try them, and whether the right code was given (`accepted_at`: a client that signed
-- in to a number keeps getting codes for it while strangers have paused it), and may
-- confirm an e-mail change (`email_change`, for `user_id`). The CHECK of `purpose`
-- cannot be altered in place: the table is rebuilt, its rows kept.
CREATE TABLE otp_codes_next (
    id           INTEGER PRIMARY KEY,
    purpose      TEXT NOT NULL CHECK (purpose IN ('login', 'email_login', 'password_reset', 'email_change')),
    target       TEXT NOT NULL,                     -- E.164 number or e-mail
    channel      TEXT NOT NULL,                     -- sms | whatsapp | email
    code_hash    TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,        -- wrong tries
    verified_at  INTEGER,                           -- right code given (login awaiting registration)
    consumed_at  INTEGER,                           -- used up (signed in, registered, reset)
    client       TEXT,                              -- HMAC of the requesting client's address; NULL: before 0009
    user_id      INTEGER REFERENCES users(id),      -- email_change: the account whose e-mail changes
    accepted_at  INTEGER                            -- the right code was given (its client is then known to the target)
) STRICT;
INSERT INTO otp_codes_next (id, purpose, target, channel, code_hash, created_at, expires_at, attempts,
                            verified_at, consumed_at)
SELECT id, purpose, target, channel, code_hash, created_at, expires_at, attempts, verified_at, consumed_at
FROM otp_codes;
DROP TABLE otp_codes;
ALTER TABLE otp_codes_next RENAME TO otp_codes;
CREATE INDEX otp_codes_by_target ON otp_codes(purpose, target, created_at);
-- The wrong tries against one number or address over all purposes (the daily cap).
CREATE INDEX otp_codes_by_target_only ON otp_codes(target, created_at);

-- Notices sent to a number or address whose codes were paused after repeated wrong
-- tries: at most one per pause.
CREATE TABLE security_notices (
    id       INTEGER PRIMARY KEY,
    target   TEXT NOT NULL,
    sent_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX security_notices_by_target ON security_notices(target, sent_at);

-- Sessions expire after a period of disuse and at an absolute age; a use renews them.
ALTER TABLE tokens ADD COLUMN last_used_at INTEGER;   -- NULL: not used since created_at

-- Coupon usage limits: in total and per customer (NULL: no limit). Orders that were
-- cancelled or rejected give their use back.
ALTER TABLE coupons ADD COLUMN max_uses INTEGER CHECK (max_uses IS NULL OR max_uses >= 1);
ALTER TABLE coupons ADD COLUMN max_uses_per_customer INTEGER
    CHECK (max_uses_per_customer IS NULL OR max_uses_per_customer >= 1);
UPDATE coupons SET max_uses_per_customer = 1 WHERE code = 'WELCOME10';
CREATE INDEX orders_by_coupon ON orders(coupon_id, user_id) WHERE coupon_id IS NOT NULL;

-- How much of an affiliate commission was taken back when its order was returned.
ALTER TABLE affiliate_commissions ADD COLUMN reversed_minor INTEGER NOT NULL DEFAULT 0
    CHECK (reversed_minor >= 0);

-- Card captures and refunds are not called inside the database transaction: the
-- transaction records what is owed here, and the payment worker calls the gateway
-- after the commit, retrying with a growing delay until it succeeds. A row is done when
-- `done_at` is set. `claimed_until` keeps two workers (the request that wrote the row
-- and the background worker, or an operator command) from calling the gateway for the
-- same row at once; the gateway call is idempotent by the row's id anyway.
CREATE TABLE payment_outbox (
    id               INTEGER PRIMARY KEY,
    action           TEXT NOT NULL CHECK (action IN ('capture', 'refund')),
    order_id         INTEGER NOT NULL REFERENCES orders(id),
    payment_id       INTEGER NOT NULL REFERENCES payments(id),  -- the charge (capture) or the refund row
    reference        TEXT NOT NULL,                             -- the gateway's reference of the charge
    amount_minor     INTEGER NOT NULL CHECK (amount_minor >= 0),
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  INTEGER NOT NULL,
    claimed_until    INTEGER,
    last_error       TEXT,
    done_at          INTEGER,
    created_at       INTEGER NOT NULL
) STRICT;
CREATE INDEX payment_outbox_pending ON payment_outbox(next_attempt_at) WHERE done_at IS NULL;

-- Uploads by customer (the per-customer quota) and unreferenced uploads by age (the
-- clean-up).
CREATE INDEX uploads_by_user ON uploads(user_id, created_at);
CREATE INDEX uploads_by_age ON uploads(created_at);
