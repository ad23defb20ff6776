-- Notifications gain the newsletter (issue 36: the profile's "newsletter" choice is
-- honoured, and `static-host announce newsletter` sends one). SQLite cannot change a
-- CHECK in place, so the table is rebuilt with the same rows and ids. The welcome
-- trigger names the table: it is dropped first and made again as migration 0004 had
-- it (a rename fails while a trigger names a missing table).
DROP TRIGGER users_welcome_notification;

CREATE TABLE notifications_next (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users(id),
    kind        TEXT NOT NULL CHECK (kind IN ('welcome', 'order', 'offer', 'wallet', 'points', 'system', 'newsletter')),
    title_en    TEXT NOT NULL,
    title_ar    TEXT NOT NULL,
    body_en     TEXT NOT NULL,
    body_ar     TEXT NOT NULL,
    order_id    INTEGER,
    read_at     INTEGER,                            -- NULL: unread
    created_at  INTEGER NOT NULL
) STRICT;
INSERT INTO notifications_next (id, user_id, kind, title_en, title_ar, body_en, body_ar, order_id, read_at, created_at)
SELECT id, user_id, kind, title_en, title_ar, body_en, body_ar, order_id, read_at, created_at FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_next RENAME TO notifications;
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
