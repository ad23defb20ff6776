-- E-mail accounts (issue 36 item 5): password sign-in, registration by e-mail for a
-- shopper without a phone at hand (a phone is verified before the first order), and
-- the deletion of an account's data.
--
-- `users.mobile` becomes optional (NULL: registered by e-mail, no phone verified yet,
-- or the account's data was deleted), and `deleted_at` marks an emptied account.
-- SQLite cannot drop NOT NULL in place, so the table is rebuilt with the same rows and
-- ids. Every other table references `users`: the foreign keys are deferred for this
-- transaction, the rows wait in a plain copy while the old table goes, and they are
-- put back after the new table takes its name, which settles every reference before
-- the commit checks them. The welcome trigger names the table, so it is dropped first
-- and made again afterwards (after the rows are back: it must not greet them twice).
PRAGMA defer_foreign_keys = ON;
DROP TRIGGER users_welcome_notification;

CREATE TEMP TABLE users_copy AS SELECT * FROM users;
DROP TABLE users;
CREATE TABLE users (
    id                INTEGER PRIMARY KEY,
    mobile            TEXT UNIQUE,                   -- E.164; NULL: no phone verified yet
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
    created_at        INTEGER NOT NULL,
    deleted_at        INTEGER                        -- the account's data was deleted
) STRICT;
INSERT INTO users (id, mobile, name, email, company_name, birthdate, gender, image, default_locale,
                   notifications, password_hash, referral_code, referred_by, created_at)
SELECT id, mobile, name, email, company_name, birthdate, gender, image, default_locale,
       notifications, password_hash, referral_code, referred_by, created_at
FROM users_copy;
DROP TABLE users_copy;
CREATE UNIQUE INDEX users_by_email ON users(email) WHERE email IS NOT NULL;

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

-- Two more purposes of a one-time code: confirming the address of a registration by
-- e-mail, and verifying the phone of a signed-in account. The CHECK is rebuilt as
-- migration 0009 did.
CREATE TABLE otp_codes_next (
    id           INTEGER PRIMARY KEY,
    purpose      TEXT NOT NULL CHECK (purpose IN ('login', 'email_login', 'password_reset', 'email_change',
                                                  'email_register', 'phone_verify')),
    target       TEXT NOT NULL,                     -- E.164 number or e-mail
    channel      TEXT NOT NULL,                     -- sms | whatsapp | email
    code_hash    TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,        -- wrong tries
    verified_at  INTEGER,                           -- right code given (login awaiting registration)
    consumed_at  INTEGER,                           -- used up (signed in, registered, reset)
    client       TEXT,                              -- HMAC of the requesting client's address
    user_id      INTEGER REFERENCES users(id),      -- email_change, phone_verify: the account
    accepted_at  INTEGER                            -- the right code was given
) STRICT;
INSERT INTO otp_codes_next SELECT * FROM otp_codes;
DROP TABLE otp_codes;
ALTER TABLE otp_codes_next RENAME TO otp_codes;
CREATE INDEX otp_codes_by_target ON otp_codes(purpose, target, created_at);
CREATE INDEX otp_codes_by_target_only ON otp_codes(target, created_at);

-- Password sign-in tries, by address (as typed, normalised; whether or not an account
-- uses it) and client (an HMAC of its address, as for codes): the per-client and
-- per-address caps are counted on them (`auth/password_login.rs`).
CREATE TABLE password_attempts (
    id       INTEGER PRIMARY KEY,
    target   TEXT NOT NULL,
    client   TEXT NOT NULL,
    ok       INTEGER NOT NULL CHECK (ok IN (0, 1)),
    at       INTEGER NOT NULL
) STRICT;
CREATE INDEX password_attempts_by_target ON password_attempts(target, at);
