//! Bearer tokens: 32 random bytes, given to the client once, stored only as a hash.
//!
//! A session ends at logout, at `logout-all`, when another session of the account
//! changes its password or e-mail (or a password is reset), after a period of disuse
//! (`--session-idle-timeout`; each use renews it) and at an absolute age
//! (`--session-max-age`), whichever comes first. An ended session's token answers 401,
//! which the storefront reads as "signed out" (spec 8).

use std::time::Duration;

use rusqlite::{Transaction, params};
use sha2::{Digest, Sha256};

/// A fresh token (64 hex characters).
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::fill(&mut bytes);
    hex::encode(bytes)
}

/// The stored form of a token.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// How long sessions last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionPolicy {
    /// A session unused this long has ended.
    pub idle: Duration,
    /// A session this old has ended, used or not.
    pub max_age: Duration,
}

/// How a stored session stands at `now`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    Ended,
    /// Valid; `renew` when its last use is old enough to be written again.
    Valid {
        renew: bool,
    },
}

fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

impl SessionPolicy {
    /// The last use is written at most this often per session (a use does not cost a
    /// database write each time).
    pub fn renew_every(&self) -> Duration {
        (self.idle / 100).clamp(Duration::from_secs(1), Duration::from_secs(3600))
    }

    pub fn standing(&self, created_at: i64, last_used_at: i64, now: i64) -> Standing {
        if now.saturating_sub(created_at) > ms(self.max_age)
            || now.saturating_sub(last_used_at) > ms(self.idle)
        {
            return Standing::Ended;
        }
        Standing::Valid {
            renew: now.saturating_sub(last_used_at) >= ms(self.renew_every()),
        }
    }
}

/// Ends every session of `user_id` but the one with `keep` (its token hash).
pub fn revoke_others(
    tx: &Transaction<'_>,
    user_id: i64,
    keep: &str,
    now: i64,
) -> rusqlite::Result<usize> {
    tx.execute(
        "UPDATE tokens SET revoked_at = ?3 WHERE user_id = ?1 AND token_hash != ?2 AND revoked_at IS NULL",
        params![user_id, keep, now],
    )
}

/// Ends every session of `user_id`.
pub fn revoke_all(tx: &Transaction<'_>, user_id: i64, now: i64) -> rusqlite::Result<usize> {
    tx.execute(
        "UPDATE tokens SET revoked_at = ?2 WHERE user_id = ?1 AND revoked_at IS NULL",
        params![user_id, now],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_hashed() {
        let a = new_token();
        let b = new_token();
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        assert_eq!(hash_token(&a), hash_token(&a));
        assert_ne!(hash_token(&a), a);
    }

    #[test]
    fn sessions_end_when_idle_or_old_and_renew_sparingly() {
        let policy = SessionPolicy {
            idle: Duration::from_secs(30 * 86_400),
            max_age: Duration::from_secs(90 * 86_400),
        };
        let day = 86_400_000;
        assert_eq!(policy.renew_every(), Duration::from_secs(3600));
        assert_eq!(
            policy.standing(0, 0, 1000),
            Standing::Valid { renew: false }
        );
        assert_eq!(
            policy.standing(0, 0, 2 * 3_600_000),
            Standing::Valid { renew: true }
        );
        assert_eq!(
            policy.standing(0, 0, 30 * day),
            Standing::Valid { renew: true }
        );
        assert_eq!(policy.standing(0, 0, 30 * day + 1), Standing::Ended);
        // Used every day, it still ends at its absolute age.
        assert_eq!(
            policy.standing(0, 89 * day, 90 * day),
            Standing::Valid { renew: true }
        );
        assert_eq!(policy.standing(0, 90 * day, 90 * day + 1), Standing::Ended);
    }
}
