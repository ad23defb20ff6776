//! One-time codes: 4 random digits, stored only as an HMAC under the server secret,
//! valid 5 minutes, at most 5 wrong tries, a new one for the same purpose not before
//! 60 s, at most N per period for one number or address over all purposes
//! (`--limit-codes-per-target`, 5 an hour by default). The caps are counted on the
//! stored codes, so they hold whatever IP asks and across restarts.
//!
//! A code is bound to the client that asked for it (its address, stored as an HMAC):
//! only that client can try it, so a stranger's wrong guesses never count against the
//! owner's code, and each client's newest code is its valid one (a stranger asking for
//! a code does not cancel the owner's). A client that asks nothing has nothing to guess.
//!
//! Brute force is bounded per number or address across codes and clients: once
//! `--limit-wrong-codes-per-target` wrong tries (10 a day by default) were made on codes
//! sent in the period, no new code is sent to that target until enough of them leave
//! the period; the codes already sent keep their own tries, so the owner's pending code
//! still works. The owner gets a notice through the code channel when that happens.
//!
//! Those per-target caps are shared by everyone who asks, so a stranger could spend
//! them and keep the owner from getting a new code. A client that gave a right code for
//! the target in the last [`KNOWN_CLIENT_MS`] (the owner's usual network) is therefore
//! *known* to it: it is not held by the target's shared caps but by caps of its own
//! (the resend wait and the codes per period counted on its own codes), as long as its
//! own wrong tries on the target's codes in the period stay under
//! [`MAX_WRONG_ATTEMPTS`]. A known client that guesses loses that standing.

use hmac::{Hmac, KeyInit, Mac};
use rusqlite::{OptionalExtension, Transaction, params};
use sha2::Sha256;

use crate::config::Rate;

pub const CODE_TTL_MS: i64 = 5 * 60 * 1000;
pub const RESEND_AFTER_MS: i64 = 60 * 1000;
pub const MAX_WRONG_ATTEMPTS: i64 = 5;
/// After a new customer's code is verified, it stays usable this long for the
/// registration form that follows.
pub const REGISTRATION_WINDOW_MS: i64 = 30 * 60 * 1000;
/// How long a client that gave a right code for a target stays known to it.
pub const KNOWN_CLIENT_MS: i64 = 30 * 24 * 3_600_000;
/// The period a known client's own wrong tries are counted over when the daily cap of
/// wrong tries is off.
use crate::clock::DAY_MS;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Login,
    EmailLogin,
    PasswordReset,
    /// Confirms a new e-mail address of a signed-in customer.
    EmailChange,
    /// Confirms the address of a registration by e-mail.
    EmailRegister,
    /// Verifies the phone of a signed-in customer (one registered by e-mail).
    PhoneVerify,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::Login => "login",
            Purpose::EmailLogin => "email_login",
            Purpose::PasswordReset => "password_reset",
            Purpose::EmailChange => "email_change",
            Purpose::EmailRegister => "email_register",
            Purpose::PhoneVerify => "phone_verify",
        }
    }
}

/// The caps on the codes of one target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caps {
    /// Codes sent per period (`--limit-codes-per-target`).
    pub codes: Rate,
    /// Wrong tries per period over every code of the target, after which no new code
    /// is sent (`--limit-wrong-codes-per-target`).
    pub wrong_tries: Rate,
}

/// Why no code was issued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IssueRefusal {
    /// The last code is younger than 60 s.
    ResendWait { seconds: u64 },
    /// The cap of codes per period for this target is reached.
    TooMany { retry_after_secs: u64 },
    /// Too many wrong tries on this target's codes: no new code until they age out.
    Paused { retry_after_secs: u64 },
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
    /// The target has a live code, but another client asked for it: this client has
    /// nothing to try (it may ask for its own code).
    OtherClient,
    /// The check limit of this code is spent for now.
    Throttled {
        wait: std::time::Duration,
    },
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

pub use crate::http::client_ip::client_key;

fn same(a: &[u8], b: &[u8]) -> bool {
    // Constant time over equal lengths.
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A fresh 4-digit code.
pub fn new_code() -> String {
    format!("{:04}", rand::random_range(0..10_000u32))
}

fn window_ms(per: std::time::Duration) -> i64 {
    i64::try_from(per.as_millis()).unwrap_or(i64::MAX)
}

/// The wrong tries made on the codes `target` was sent within the cap's period (every
/// purpose), and, when they reach the cap, how long until enough of them leave it.
pub fn wrong_tries(
    tx: &Transaction<'_>,
    target: &str,
    cap: Rate,
    now: i64,
) -> rusqlite::Result<(i64, Option<u64>)> {
    let Rate::Every { count, per } = cap else {
        return Ok((0, None));
    };
    let window = window_ms(per);
    let since = now.saturating_sub(window);
    let rows: Vec<(i64, i64)> = {
        let mut stmt = tx.prepare_cached(
            "SELECT created_at, attempts FROM otp_codes
             WHERE target = ?1 AND created_at > ?2 AND attempts > 0 ORDER BY created_at DESC",
        )?;
        stmt.query_map(params![target, since], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?
    };
    let total: i64 = rows.iter().map(|(_, n)| n).sum();
    let cap = i64::from(count.get());
    if total < cap {
        return Ok((total, None));
    }
    // Newest first: the code whose tries bring the newer ones to the cap is the one
    // that must leave the period before the target is below the cap again.
    let mut newer = 0;
    for (created_at, tries) in &rows {
        newer += tries;
        if newer >= cap {
            return Ok((
                total,
                Some(ceil_secs(created_at.saturating_add(window) - now)),
            ));
        }
    }
    Ok((total, None))
}

/// Whether `client` is known to `target`: it gave a right code for it in the last
/// [`KNOWN_CLIENT_MS`], and its own wrong tries on the target's codes in the wrong-try
/// period are fewer than [`MAX_WRONG_ATTEMPTS`].
pub fn known_client(
    tx: &Transaction<'_>,
    target: &str,
    client: &str,
    wrong_tries: Rate,
    now: i64,
) -> rusqlite::Result<bool> {
    let accepted: bool = tx.query_row(
        "SELECT exists(SELECT 1 FROM otp_codes WHERE target = ?1 AND client = ?2 AND accepted_at > ?3)",
        params![target, client, now.saturating_sub(KNOWN_CLIENT_MS)],
        |r| r.get(0),
    )?;
    if !accepted {
        return Ok(false);
    }
    let window = match wrong_tries {
        Rate::Every { per, .. } => window_ms(per),
        Rate::Off => DAY_MS,
    };
    let own_wrong: i64 = tx.query_row(
        "SELECT coalesce(sum(attempts), 0) FROM otp_codes
         WHERE target = ?1 AND client = ?2 AND created_at > ?3",
        params![target, client, now.saturating_sub(window)],
        |r| r.get(0),
    )?;
    Ok(own_wrong < MAX_WRONG_ATTEMPTS)
}

/// Issues a code for `target` asked for by `client`, superseding that client's older
/// ones, unless the caps refuse: the target's shared caps, or a known client's own
/// ([`known_client`]). Returns the code to send.
#[allow(clippy::too_many_arguments)]
pub fn issue(
    tx: &Transaction<'_>,
    secret: &[u8; 32],
    purpose: Purpose,
    target: &str,
    channel: &str,
    client: &str,
    user_id: Option<i64>,
    caps: Caps,
    now: i64,
) -> rusqlite::Result<Result<(i64, String), IssueRefusal>> {
    // A known client counts only its own codes; anyone else, every code of the target.
    let own = known_client(tx, target, client, caps.wrong_tries, now)?.then_some(client);
    if own.is_none()
        && let (_, Some(retry_after_secs)) = wrong_tries(tx, target, caps.wrong_tries, now)?
    {
        return Ok(Err(IssueRefusal::Paused { retry_after_secs }));
    }
    let last: Option<i64> = tx
        .query_row(
            "SELECT max(created_at) FROM otp_codes
             WHERE purpose = ?1 AND target = ?2 AND (?3 IS NULL OR client = ?3)",
            params![purpose.as_str(), target, own],
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
    if let Rate::Every { count, per } = caps.codes {
        let window = window_ms(per);
        // The codes of the window over every purpose (sign-in, reset and e-mail change
        // codes of one address share the cap, so at most `count` codes of a target are
        // alive to guess at), newest first: the cap-th newest leaving the window makes
        // room for the next one.
        let recent: Vec<i64> = {
            let mut stmt = tx.prepare_cached(
                "SELECT created_at FROM otp_codes
                 WHERE target = ?1 AND created_at > ?2 AND (?4 IS NULL OR client = ?4)
                 ORDER BY created_at DESC LIMIT ?3",
            )?;
            stmt.query_map(
                params![target, now.saturating_sub(window), count.get(), own],
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
    // Only this client's older codes give way: another client's (perhaps the owner's)
    // stays valid.
    tx.execute(
        "UPDATE otp_codes SET consumed_at = ?3
         WHERE purpose = ?1 AND target = ?2 AND consumed_at IS NULL AND (client = ?4 OR client IS NULL)",
        params![purpose.as_str(), target, now, client],
    )?;
    let code = new_code();
    tx.execute(
        "INSERT INTO otp_codes (purpose, target, channel, code_hash, created_at, expires_at, client, user_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            purpose.as_str(),
            target,
            channel,
            hex::encode(code_hash(secret, purpose, target, &code)),
            now,
            now + CODE_TTL_MS,
            client,
            user_id
        ],
    )?;
    Ok(Ok((tx.last_insert_rowid(), code)))
}

/// Forgets a code that could not be delivered, so the customer may ask again at once.
pub fn discard(tx: &Transaction<'_>, id: i64) -> rusqlite::Result<()> {
    tx.execute("DELETE FROM otp_codes WHERE id = ?1", [id])?;
    Ok(())
}

/// What a code check is about.
#[derive(Debug, Clone, Copy)]
pub struct Attempt<'a> {
    pub purpose: Purpose,
    pub target: &'a str,
    /// The checking client ([`client_key`]).
    pub client: &'a str,
    /// The channel the code must have been sent on, when it matters.
    pub channel: Option<&'a str>,
    /// The account the code was issued for, when it matters (e-mail change).
    pub user_id: Option<i64>,
    pub code: &'a str,
}

/// Checks `attempt.code` against the live code `attempt.client` asked for. A wrong code
/// counts as an attempt, which the caller must commit even though the request fails.
/// `throttle` is asked before the code is compared, with the code's id (the per-code
/// check limit).
pub fn check(
    tx: &Transaction<'_>,
    secret: &[u8; 32],
    attempt: Attempt<'_>,
    now: i64,
    throttle: impl FnOnce(i64) -> Result<(), std::time::Duration>,
) -> rusqlite::Result<Check> {
    let Attempt {
        purpose,
        target,
        client,
        channel,
        user_id,
        code,
    } = attempt;
    let live: Option<(i64, String, String, i64, i64, Option<i64>)> = tx
        .query_row(
            "SELECT id, channel, code_hash, expires_at, attempts, verified_at FROM otp_codes
             WHERE purpose = ?1 AND target = ?2 AND consumed_at IS NULL
               AND (client = ?3 OR client IS NULL) AND (?4 IS NULL OR user_id = ?4)
             ORDER BY created_at DESC LIMIT 1",
            params![purpose.as_str(), target, client, user_id],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                ))
            },
        )
        .optional()?;
    let Some((id, sent_on, stored, expires_at, attempts, verified_at)) = live else {
        let elsewhere: bool = tx.query_row(
            "SELECT exists(SELECT 1 FROM otp_codes WHERE purpose = ?1 AND target = ?2
                 AND consumed_at IS NULL AND expires_at >= ?3)",
            params![purpose.as_str(), target, now],
            |r| r.get(0),
        )?;
        return Ok(if elsewhere {
            Check::OtherClient
        } else {
            Check::NoCode
        });
    };
    if attempts >= MAX_WRONG_ATTEMPTS {
        return Ok(Check::TooManyAttempts);
    }
    if now > expires_at {
        return Ok(Check::Expired);
    }
    if let Err(wait) = throttle(id) {
        return Ok(Check::Throttled { wait });
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

/// Whether a wrong try just paused `target`'s codes and its owner has not been told
/// yet in this period; records the notice as sent when so (the caller sends it after
/// the commit).
pub fn pause_notice_due(
    tx: &Transaction<'_>,
    target: &str,
    cap: Rate,
    now: i64,
) -> rusqlite::Result<bool> {
    let Rate::Every { per, .. } = cap else {
        return Ok(false);
    };
    if wrong_tries(tx, target, cap, now)?.1.is_none() {
        return Ok(false);
    }
    let told: bool = tx.query_row(
        "SELECT exists(SELECT 1 FROM security_notices WHERE target = ?1 AND sent_at > ?2)",
        params![target, now.saturating_sub(window_ms(per))],
        |r| r.get(0),
    )?;
    if told {
        return Ok(false);
    }
    tx.execute(
        "INSERT INTO security_notices (target, sent_at) VALUES (?1, ?2)",
        params![target, now],
    )?;
    Ok(true)
}

/// The channel and language to tell a target's owner by: the channel of its newest
/// code, the account's language when the target is an account's. An e-mail address
/// that no account uses is told nothing: it was never sent a code either (see
/// `auth::email`), and the server must not mail strangers on an attacker's behalf.
pub fn notice_route(
    tx: &Transaction<'_>,
    target: &str,
) -> rusqlite::Result<Option<(String, Option<String>)>> {
    let channel: Option<String> = tx
        .query_row(
            "SELECT channel FROM otp_codes WHERE target = ?1 ORDER BY created_at DESC LIMIT 1",
            [target],
            |r| r.get(0),
        )
        .optional()?;
    let Some(channel) = channel else {
        return Ok(None);
    };
    let account: Option<Option<String>> = tx
        .query_row(
            "SELECT default_locale FROM users WHERE mobile = ?1 OR email = ?1 LIMIT 1",
            [target],
            |r| r.get(0),
        )
        .optional()?;
    if channel == "email" && account.is_none() {
        return Ok(None);
    }
    Ok(Some((channel, account.flatten())))
}

/// Uses up a code that was accepted (its client is then known to the target).
pub fn consume(tx: &Transaction<'_>, id: i64, now: i64) -> rusqlite::Result<()> {
    consume_once(tx, id, now).map(|_| ())
}

/// [`consume`], unless the code was used up meanwhile: whether it was still unused.
pub fn consume_once(tx: &Transaction<'_>, id: i64, now: i64) -> rusqlite::Result<bool> {
    let changed = tx.execute(
        "UPDATE otp_codes SET consumed_at = ?2, accepted_at = coalesce(accepted_at, ?2)
         WHERE id = ?1 AND consumed_at IS NULL",
        params![id, now],
    )?;
    Ok(changed > 0)
}

/// Marks a login code as verified for a number with no account yet, keeping it
/// usable for the registration that follows.
pub fn mark_verified(tx: &Transaction<'_>, id: i64, now: i64) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE otp_codes SET verified_at = ?2, accepted_at = coalesce(accepted_at, ?2),
             expires_at = max(expires_at, ?2 + ?3) WHERE id = ?1",
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
        let db = crate::db::Db::open(&dir.path().join("o.db"), 1).unwrap();
        drop(db);
        let conn = rusqlite::Connection::open(dir.path().join("o.db")).unwrap();
        (dir, conn)
    }

    const NUMBER: &str = "+201001234567";
    const OWNER: &str = "owner-client";
    const STRANGER: &str = "stranger-client";

    fn caps() -> Caps {
        Caps {
            codes: "5/1h".parse().unwrap(),
            wrong_tries: "10/24h".parse().unwrap(),
        }
    }

    fn issue_from(
        conn: &mut rusqlite::Connection,
        client: &str,
        now: i64,
    ) -> Result<(i64, String), IssueRefusal> {
        let tx = conn.transaction().unwrap();
        let out = issue(
            &tx,
            &SECRET,
            Purpose::Login,
            NUMBER,
            "sms",
            client,
            None,
            caps(),
            now,
        )
        .unwrap();
        tx.commit().unwrap();
        out
    }

    fn issue_at(conn: &mut rusqlite::Connection, now: i64) -> Result<(i64, String), IssueRefusal> {
        issue_from(conn, OWNER, now)
    }

    fn attempt<'a>(client: &'a str, channel: Option<&'a str>, code: &'a str) -> Attempt<'a> {
        Attempt {
            purpose: Purpose::Login,
            target: NUMBER,
            client,
            channel,
            user_id: None,
            code,
        }
    }

    fn check_from(conn: &mut rusqlite::Connection, client: &str, code: &str, now: i64) -> Check {
        let tx = conn.transaction().unwrap();
        let out = check(
            &tx,
            &SECRET,
            attempt(client, Some("sms"), code),
            now,
            |_| Ok(()),
        )
        .unwrap();
        tx.commit().unwrap();
        out
    }

    fn check_at(conn: &mut rusqlite::Connection, code: &str, now: i64) -> Check {
        check_from(conn, OWNER, code, now)
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
    fn the_cap_of_codes_counts_every_purpose_of_a_target() {
        let (_d, mut conn) = db();
        let email = "mona@example.com";
        let mut ask = |purpose: Purpose, now: i64| {
            let tx = conn.transaction().unwrap();
            let out = issue(
                &tx,
                &SECRET,
                purpose,
                email,
                "email",
                OWNER,
                None,
                caps(),
                now,
            )
            .unwrap();
            tx.commit().unwrap();
            out
        };
        // Sign-in and reset codes alternate, 30 s apart (each purpose keeps its own 60 s
        // resend wait)...
        let purposes = [
            Purpose::EmailLogin,
            Purpose::PasswordReset,
            Purpose::EmailLogin,
            Purpose::PasswordReset,
            Purpose::EmailChange,
        ];
        for (i, purpose) in purposes.into_iter().enumerate() {
            assert!(ask(purpose, T0 + i as i64 * 30_000).is_ok(), "{purpose:?}");
        }
        // ...but share the target's 5 an hour: at most 5 live codes to guess at.
        for purpose in [Purpose::EmailLogin, Purpose::PasswordReset] {
            assert_eq!(
                ask(purpose, T0 + 180_000),
                Err(IssueRefusal::TooMany {
                    retry_after_secs: 3600 - 180
                })
            );
        }
        assert!(ask(Purpose::EmailLogin, T0 + 3_600_000 + 1).is_ok());
    }

    #[test]
    fn a_code_for_one_number_or_channel_fails_for_another() {
        let (_d, mut conn) = db();
        let (_, code) = issue_at(&mut conn, T0).unwrap();
        let tx = conn.transaction().unwrap();
        let other_number = Attempt {
            target: "+201009999999",
            ..attempt(OWNER, Some("sms"), &code)
        };
        assert_eq!(
            check(&tx, &SECRET, other_number, T0, |_| Ok(())).unwrap(),
            Check::NoCode
        );
        assert_eq!(
            check(
                &tx,
                &SECRET,
                attempt(OWNER, Some("whatsapp"), &code),
                T0,
                |_| Ok(())
            )
            .unwrap(),
            Check::Wrong
        );
        let reset = Attempt {
            purpose: Purpose::PasswordReset,
            ..attempt(OWNER, None, &code)
        };
        assert_eq!(
            check(&tx, &SECRET, reset, T0, |_| Ok(())).unwrap(),
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

    #[test]
    fn only_the_client_that_asked_can_try_a_code() {
        let (_d, mut conn) = db();
        let (_, code) = issue_at(&mut conn, T0).unwrap();
        // A stranger's guesses are never compared and never counted.
        for _ in 0..20 {
            assert_eq!(
                check_from(&mut conn, STRANGER, &wrong(&code), T0 + 1),
                Check::OtherClient
            );
        }
        assert_eq!(
            check_from(&mut conn, STRANGER, &code, T0 + 1),
            Check::OtherClient
        );
        assert!(matches!(
            check_at(&mut conn, &code, T0 + 2),
            Check::Accepted { .. }
        ));
    }

    #[test]
    fn a_strangers_code_does_not_cancel_the_owners() {
        let (_d, mut conn) = db();
        let (_, owners) = issue_at(&mut conn, T0).unwrap();
        let (_, strangers) = issue_from(&mut conn, STRANGER, T0 + RESEND_AFTER_MS).unwrap();
        for _ in 0..4 {
            check_from(
                &mut conn,
                STRANGER,
                &wrong(&strangers),
                T0 + RESEND_AFTER_MS + 1,
            );
        }
        assert!(matches!(
            check_at(&mut conn, &owners, T0 + RESEND_AFTER_MS + 2),
            Check::Accepted { .. }
        ));
    }

    #[test]
    fn the_per_code_check_limit_is_asked_with_the_code() {
        let (_d, mut conn) = db();
        let (id, code) = issue_at(&mut conn, T0).unwrap();
        let tx = conn.transaction().unwrap();
        let wait = std::time::Duration::from_secs(7);
        let out = check(
            &tx,
            &SECRET,
            attempt(OWNER, Some("sms"), &code),
            T0,
            |seen| {
                assert_eq!(seen, id);
                Err(wait)
            },
        )
        .unwrap();
        assert_eq!(out, Check::Throttled { wait });
    }

    #[test]
    fn wrong_tries_over_codes_pause_new_codes_but_not_the_live_ones() {
        let (_d, mut conn) = db();
        // The owner asks for a code...
        let (_, owners) = issue_at(&mut conn, T0).unwrap();
        // ...and a stranger asks for two and spends all their tries: 10 wrong tries.
        let mut now = T0;
        for _ in 0..2 {
            now += RESEND_AFTER_MS;
            let (_, code) = issue_from(&mut conn, STRANGER, now).unwrap();
            for _ in 0..5 {
                check_from(&mut conn, STRANGER, &wrong(&code), now + 1);
            }
        }
        let tx = conn.transaction().unwrap();
        assert_eq!(
            wrong_tries(&tx, NUMBER, caps().wrong_tries, now).unwrap().0,
            10
        );
        drop(tx);
        // No new code is sent until the tries leave the day...
        let later = now + RESEND_AFTER_MS;
        let refused = issue_from(&mut conn, STRANGER, later);
        let Err(IssueRefusal::Paused { retry_after_secs }) = refused else {
            panic!("{refused:?}");
        };
        let expected = (T0 + RESEND_AFTER_MS + 24 * 3_600_000 - later) / 1000;
        assert_eq!(retry_after_secs, expected as u64);
        // ...but the owner's code, asked before the pause, still works.
        assert!(matches!(
            check_at(&mut conn, &owners, later + 1),
            Check::Accepted { .. }
        ));
        assert!(
            issue_from(
                &mut conn,
                STRANGER,
                T0 + RESEND_AFTER_MS + 24 * 3_600_000 + 1
            )
            .is_ok()
        );
    }

    #[test]
    fn notices_go_to_numbers_and_to_account_addresses_only() {
        let (_d, mut conn) = db();
        let email = |conn: &mut rusqlite::Connection, to: &str| {
            let tx = conn.transaction().unwrap();
            issue(
                &tx,
                &SECRET,
                Purpose::EmailLogin,
                to,
                "email",
                OWNER,
                None,
                caps(),
                T0,
            )
            .unwrap()
            .unwrap();
            tx.commit().unwrap();
        };
        issue_at(&mut conn, T0).unwrap();
        email(&mut conn, "nobody@example.com");
        email(&mut conn, "mona@example.com");
        conn.execute(
            "INSERT INTO users (name, mobile, email, default_locale, referral_code, created_at)
             VALUES ('Mona', '+201001112222', 'mona@example.com', 'ar', 'MONA1', 0)",
            [],
        )
        .unwrap();
        let tx = conn.transaction().unwrap();
        assert_eq!(
            notice_route(&tx, NUMBER).unwrap(),
            Some(("sms".into(), None)),
            "a number is told, with or without an account"
        );
        assert_eq!(notice_route(&tx, "nobody@example.com").unwrap(), None);
        assert_eq!(
            notice_route(&tx, "mona@example.com").unwrap(),
            Some(("email".into(), Some("ar".into())))
        );
    }

    /// Signs `client` in with a fresh code (ages the earlier ones past the resend wait).
    fn accepted_from(conn: &mut rusqlite::Connection, client: &str, now: i64) {
        let (id, code) = issue_from(conn, client, now).unwrap();
        assert!(matches!(
            check_from(conn, client, &code, now + 1),
            Check::Accepted { .. }
        ));
        let tx = conn.transaction().unwrap();
        consume(&tx, id, now + 1).unwrap();
        tx.commit().unwrap();
    }

    #[test]
    fn a_client_that_signed_in_still_gets_codes_when_strangers_spent_the_caps() {
        let (_d, mut conn) = db();
        accepted_from(&mut conn, OWNER, T0);
        // Strangers on many addresses spend the hour's codes and the day's wrong tries.
        let mut now = T0 + 2 * 3_600_000;
        for i in 0..5 {
            now += RESEND_AFTER_MS;
            let stranger = format!("stranger-{i}");
            let (_, code) = issue_from(&mut conn, &stranger, now).unwrap();
            for _ in 0..if i < 3 { 0 } else { 5 } {
                check_from(&mut conn, &stranger, &wrong(&code), now + 1);
            }
        }
        now += RESEND_AFTER_MS;
        assert!(matches!(
            issue_from(&mut conn, "stranger-new", now),
            Err(IssueRefusal::Paused { .. })
        ));
        // The owner's usual client is not held by them...
        let (_, code) = issue_from(&mut conn, OWNER, now).unwrap();
        assert!(matches!(
            check_from(&mut conn, OWNER, &code, now + 1),
            Check::Accepted { .. }
        ));
        // ...only by its own caps: its own resend wait,
        assert!(matches!(
            issue_from(&mut conn, OWNER, now + 1000),
            Err(IssueRefusal::ResendWait { .. })
        ));
        // and, once it guesses wrong itself, it is held like anyone else.
        let later = now + RESEND_AFTER_MS;
        let (_, code) = issue_from(&mut conn, OWNER, later).unwrap();
        for _ in 0..5 {
            check_from(&mut conn, OWNER, &wrong(&code), later + 1);
        }
        assert!(matches!(
            issue_from(&mut conn, OWNER, later + RESEND_AFTER_MS),
            Err(IssueRefusal::Paused { .. })
        ));
    }

    #[test]
    fn a_known_client_has_its_own_hourly_cap_and_standing_lapses() {
        let (_d, mut conn) = db();
        accepted_from(&mut conn, OWNER, T0);
        let start = T0 + 2 * 3_600_000;
        for i in 0..5 {
            issue_from(&mut conn, OWNER, start + i * RESEND_AFTER_MS).unwrap();
        }
        assert!(matches!(
            issue_from(&mut conn, OWNER, start + 5 * RESEND_AFTER_MS),
            Err(IssueRefusal::TooMany { .. })
        ));
        // Thirty days after its last right code it is a stranger again.
        let tx = conn.transaction().unwrap();
        let cap = caps().wrong_tries;
        assert!(known_client(&tx, NUMBER, OWNER, cap, T0 + KNOWN_CLIENT_MS).unwrap());
        assert!(!known_client(&tx, NUMBER, OWNER, cap, T0 + 2 + KNOWN_CLIENT_MS).unwrap());
        assert!(!known_client(&tx, NUMBER, STRANGER, cap, T0 + 2).unwrap());
    }

    #[test]
    fn the_owner_is_told_once_per_pause() {
        let (_d, mut conn) = db();
        let cap: Rate = "3/24h".parse().unwrap();
        let (_, code) = issue_at(&mut conn, T0).unwrap();
        let mut told = Vec::new();
        for i in 0..5 {
            check_at(&mut conn, &wrong(&code), T0 + i);
            let tx = conn.transaction().unwrap();
            told.push(pause_notice_due(&tx, NUMBER, cap, T0 + i).unwrap());
            tx.commit().unwrap();
        }
        assert_eq!(told, [false, false, true, false, false]);
    }
}
