//! One-time codes: 4 random digits, stored only as an HMAC under the server secret,
//! valid 5 minutes, at most 5 wrong tries, a new one not before 60 s, at most N per
//! period for one number or address (`--limit-codes-per-target`, 5 an hour by
//! default). Only the newest code for a target is valid. The caps are counted on the
//! stored codes, so they hold whatever IP asks and across restarts.

use hmac::{Hmac, KeyInit, Mac};
use rusqlite::{OptionalExtension, Transaction, params};
use sha2::Sha256;

use crate::api::rate_limit::Rate;

pub const CODE_TTL_MS: i64 = 5 * 60 * 1000;
pub const RESEND_AFTER_MS: i64 = 60 * 1000;
pub const MAX_WRONG_ATTEMPTS: i64 = 5;
/// After a new customer's code is verified, it stays usable this long for the
/// registration form that follows.
pub const REGISTRATION_WINDOW_MS: i64 = 30 * 60 * 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Login,
    EmailLogin,
    PasswordReset,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::Login => "login",
            Purpose::EmailLogin => "email_login",
            Purpose::PasswordReset => "password_reset",
        }
    }
}

/// Why no code was issued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IssueRefusal {
    /// The last code is younger than 60 s.
    ResendWait { seconds: u64 },
    /// The cap of codes per period for this target is reached.
    TooMany { retry_after_secs: u64 },
}

/// The outcome of checking a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    Accepted {
        id: i64,
        verified_before: bool,
    },
    Wrong,
    Expired,
    TooManyAttempts,
    /// No live code for this target (never requested, used up, or superseded).
    NoCode,
}

fn code_hash(secret: &[u8; 32], purpose: Purpose, target: &str, code: &str) -> Vec<u8> {
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret) else {
        unreachable!("HMAC accepts keys of any length")
    };
    // The purpose and target are part of the message, so a code for one number or
    // purpose never matches another.
    mac.update(purpose.as_str().as_bytes());
    mac.update(b"\0");
    mac.update(target.as_bytes());
    mac.update(b"\0");
    mac.update(code.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

fn same(a: &[u8], b: &[u8]) -> bool {
    // Constant time over equal lengths.
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A fresh 4-digit code.
pub fn new_code() -> String {
    format!("{:04}", rand::random_range(0..10_000u32))
}

/// Issues a code for `target`, superseding older ones, unless `cap` codes were
/// already issued to it within the cap's period. Returns the code to send.
pub fn issue(
    tx: &Transaction<'_>,
    secret: &[u8; 32],
    purpose: Purpose,
    target: &str,
    channel: &str,
    cap: Rate,
    now: i64,
) -> rusqlite::Result<Result<(i64, String), IssueRefusal>> {
    let last: Option<i64> = tx
        .query_row(
            "SELECT max(created_at) FROM otp_codes WHERE purpose = ?1 AND target = ?2",
            params![purpose.as_str(), target],
            |r| r.get(0),
        )
        .optional()?
        .flatten();
    if let Some(last) = last {
        let wait = last + RESEND_AFTER_MS - now;
        if wait > 0 {
            return Ok(Err(IssueRefusal::ResendWait {
                seconds: ceil_secs(wait),
            }));
        }
    }
    if let Rate::Every { count, per } = cap {
        let window = i64::try_from(per.as_millis()).unwrap_or(i64::MAX);
        // The codes of the window, newest first: the cap-th newest leaving the window
        // makes room for the next one.
        let recent: Vec<i64> = {
            let mut stmt = tx.prepare(
                "SELECT created_at FROM otp_codes WHERE purpose = ?1 AND target = ?2 AND created_at > ?3
                 ORDER BY created_at DESC LIMIT ?4",
            )?;
            stmt.query_map(
                params![
                    purpose.as_str(),
                    target,
                    now.saturating_sub(window),
                    count.get()
                ],
                |r| r.get(0),
            )?
            .collect::<rusqlite::Result<_>>()?
        };
        if recent.len() >= count.get() as usize
            && let Some(oldest) = recent.last()
        {
            return Ok(Err(IssueRefusal::TooMany {
                retry_after_secs: ceil_secs(oldest.saturating_add(window) - now),
            }));
        }
    }
    tx.execute(
        "UPDATE otp_codes SET consumed_at = ?3 WHERE purpose = ?1 AND target = ?2 AND consumed_at IS NULL",
        params![purpose.as_str(), target, now],
    )?;
    let code = new_code();
    tx.execute(
        "INSERT INTO otp_codes (purpose, target, channel, code_hash, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            purpose.as_str(),
            target,
            channel,
            hex::encode(code_hash(secret, purpose, target, &code)),
            now,
            now + CODE_TTL_MS
        ],
    )?;
    Ok(Ok((tx.last_insert_rowid(), code)))
}

/// Forgets a code that could not be delivered, so the customer may ask again at once.
pub fn discard(tx: &Transaction<'_>, id: i64) -> rusqlite::Result<()> {
    tx.execute("DELETE FROM otp_codes WHERE id = ?1", [id])?;
    Ok(())
}

/// Checks `code` against the live code for `target` (and `channel`, when given). A
/// wrong code counts as an attempt, which the caller must commit even though the
/// request fails.
pub fn check(
    tx: &Transaction<'_>,
    secret: &[u8; 32],
    purpose: Purpose,
    target: &str,
    channel: Option<&str>,
    code: &str,
    now: i64,
) -> rusqlite::Result<Check> {
    let live: Option<(i64, String, String, i64, i64, Option<i64>)> = tx
        .query_row(
            "SELECT id, channel, code_hash, expires_at, attempts, verified_at FROM otp_codes
             WHERE purpose = ?1 AND target = ?2 AND consumed_at IS NULL ORDER BY created_at DESC LIMIT 1",
            params![purpose.as_str(), target],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
        )
        .optional()?;
    let Some((id, sent_on, stored, expires_at, attempts, verified_at)) = live else {
        return Ok(Check::NoCode);
    };
    if attempts >= MAX_WRONG_ATTEMPTS {
        return Ok(Check::TooManyAttempts);
    }
    if now > expires_at {
        return Ok(Check::Expired);
    }
    let expected = hex::decode(stored).unwrap_or_default();
    let right = same(&code_hash(secret, purpose, target, code), &expected)
        && channel.is_none_or(|c| c == sent_on);
    if !right {
        tx.execute(
            "UPDATE otp_codes SET attempts = attempts + 1 WHERE id = ?1",
            [id],
        )?;
        return Ok(if attempts + 1 >= MAX_WRONG_ATTEMPTS {
            Check::TooManyAttempts
        } else {
            Check::Wrong
        });
    }
    Ok(Check::Accepted {
        id,
        verified_before: verified_at.is_some(),
    })
}

/// Uses a code up.
pub fn consume(tx: &Transaction<'_>, id: i64, now: i64) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE otp_codes SET consumed_at = ?2 WHERE id = ?1",
        params![id, now],
    )?;
    Ok(())
}

/// Marks a login code as verified for a number with no account yet, keeping it
/// usable for the registration that follows.
pub fn mark_verified(tx: &Transaction<'_>, id: i64, now: i64) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE otp_codes SET verified_at = ?2, expires_at = max(expires_at, ?2 + ?3) WHERE id = ?1",
        params![id, now, REGISTRATION_WINDOW_MS],
    )?;
    Ok(())
}

fn ceil_secs(ms: i64) -> u64 {
    u64::try_from((ms + 999) / 1000).unwrap_or(0).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: [u8; 32] = [7; 32];
    const T0: i64 = 1_800_000_000_000;

    fn db() -> (tempfile::TempDir, rusqlite::Connection) {
        let dir = tempfile::tempdir().unwrap();
        let db = crate::api::db::Db::open(&dir.path().join("o.db"), 1).unwrap();
        drop(db);
        let conn = rusqlite::Connection::open(dir.path().join("o.db")).unwrap();
        (dir, conn)
    }

    fn issue_at(conn: &mut rusqlite::Connection, now: i64) -> Result<(i64, String), IssueRefusal> {
        let tx = conn.transaction().unwrap();
        let out = issue(
            &tx,
            &SECRET,
            Purpose::Login,
            "+201001234567",
            "sms",
            "5/1h".parse().unwrap(),
            now,
        )
        .unwrap();
        tx.commit().unwrap();
        out
    }

    fn check_at(conn: &mut rusqlite::Connection, code: &str, now: i64) -> Check {
        let tx = conn.transaction().unwrap();
        let out = check(
            &tx,
            &SECRET,
            Purpose::Login,
            "+201001234567",
            Some("sms"),
            code,
            now,
        )
        .unwrap();
        tx.commit().unwrap();
        out
    }

    fn wrong(code: &str) -> String {
        format!("{:04}", (code.parse::<u32>().unwrap() + 1) % 10_000)
    }

    #[test]
    fn codes_are_four_digits_and_stored_hashed() {
        let (_d, mut conn) = db();
        let (_, code) = issue_at(&mut conn, T0).unwrap();
        assert_eq!(code.len(), 4);
        assert!(code.bytes().all(|b| b.is_ascii_digit()));
        let stored: String = conn
            .query_row("SELECT code_hash FROM otp_codes", [], |r| r.get(0))
            .unwrap();
        assert!(!stored.contains(&code));
        assert_eq!(stored.len(), 64);
    }

    #[test]
    fn the_right_code_is_accepted_until_it_expires() {
        let (_d, mut conn) = db();
        let (_, code) = issue_at(&mut conn, T0).unwrap();
        assert!(matches!(
            check_at(&mut conn, &code, T0 + CODE_TTL_MS),
            Check::Accepted { .. }
        ));
        assert_eq!(
            check_at(&mut conn, &code, T0 + CODE_TTL_MS + 1),
            Check::Expired
        );
    }

    #[test]
    fn five_wrong_tries_lock_the_code() {
        let (_d, mut conn) = db();
        let (_, code) = issue_at(&mut conn, T0).unwrap();
        for _ in 0..4 {
            assert_eq!(check_at(&mut conn, &wrong(&code), T0 + 1), Check::Wrong);
        }
        assert_eq!(
            check_at(&mut conn, &wrong(&code), T0 + 1),
            Check::TooManyAttempts
        );
        assert_eq!(check_at(&mut conn, &code, T0 + 2), Check::TooManyAttempts);
    }

    #[test]
    fn resend_waits_sixty_seconds_and_supersedes_the_old_code() {
        let (_d, mut conn) = db();
        let (_, first) = issue_at(&mut conn, T0).unwrap();
        assert_eq!(
            issue_at(&mut conn, T0 + 59_001),
            Err(IssueRefusal::ResendWait { seconds: 1 })
        );
        assert_eq!(
            issue_at(&mut conn, T0 + 1),
            Err(IssueRefusal::ResendWait { seconds: 60 })
        );
        let (_, second) = issue_at(&mut conn, T0 + RESEND_AFTER_MS).unwrap();
        if first != second {
            assert_eq!(
                check_at(&mut conn, &first, T0 + RESEND_AFTER_MS + 1),
                Check::Wrong
            );
        }
        assert!(matches!(
            check_at(&mut conn, &second, T0 + RESEND_AFTER_MS + 2),
            Check::Accepted { .. }
        ));
    }

    #[test]
    fn at_most_five_codes_an_hour() {
        let (_d, mut conn) = db();
        for i in 0..5 {
            issue_at(&mut conn, T0 + i * RESEND_AFTER_MS).unwrap();
        }
        let refused = issue_at(&mut conn, T0 + 5 * RESEND_AFTER_MS);
        assert_eq!(
            refused,
            Err(IssueRefusal::TooMany {
                retry_after_secs: 3600 - 300
            })
        );
        assert!(issue_at(&mut conn, T0 + 3_600_000 + 1).is_ok());
    }

    #[test]
    fn a_code_for_one_number_or_channel_fails_for_another() {
        let (_d, mut conn) = db();
        let (_, code) = issue_at(&mut conn, T0).unwrap();
        let tx = conn.transaction().unwrap();
        assert_eq!(
            check(
                &tx,
                &SECRET,
                Purpose::Login,
                "+201009999999",
                Some("sms"),
                &code,
                T0
            )
            .unwrap(),
            Check::NoCode
        );
        assert_eq!(
            check(
                &tx,
                &SECRET,
                Purpose::Login,
                "+201001234567",
                Some("whatsapp"),
                &code,
                T0
            )
            .unwrap(),
            Check::Wrong
        );
        assert_eq!(
            check(
                &tx,
                &SECRET,
                Purpose::PasswordReset,
                "+201001234567",
                None,
                &code,
                T0
            )
            .unwrap(),
            Check::NoCode
        );
    }

    #[test]
    fn a_verified_code_stays_usable_for_registration() {
        let (_d, mut conn) = db();
        let (id, code) = issue_at(&mut conn, T0).unwrap();
        let tx = conn.transaction().unwrap();
        mark_verified(&tx, id, T0 + 1000).unwrap();
        tx.commit().unwrap();
        let later = T0 + 1000 + REGISTRATION_WINDOW_MS - 1;
        assert_eq!(
            check_at(&mut conn, &code, later),
            Check::Accepted {
                id,
                verified_before: true
            }
        );
    }
}
