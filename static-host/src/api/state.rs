//! What every handler can reach: the database, the code sender, the server secret.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::code_sender::CodeSender;
use super::db::Db;
use super::rate_limit::RateLimits;

#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub sender: Arc<dyn CodeSender>,
    /// Key for the HMAC of one-time codes, so a copy of the database alone does not
    /// reveal them.
    pub secret: Arc<[u8; 32]>,
    /// Where uploaded files are stored.
    pub uploads_dir: PathBuf,
    /// The abuse limits (per IP and per phone number or e-mail address).
    pub limits: Arc<RateLimits>,
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// Reads the server secret from `secret.key` in the data directory, creating it with
/// fresh random bytes (readable by the owner only) on first start.
pub fn load_or_create_secret(data_dir: &Path) -> std::io::Result<[u8; 32]> {
    let path = data_dir.join("secret.key");
    if let Ok(text) = std::fs::read_to_string(&path)
        && let Ok(bytes) = hex::decode(text.trim())
        && let Ok(secret) = <[u8; 32]>::try_from(bytes.as_slice())
    {
        return Ok(secret);
    }
    let mut secret = [0u8; 32];
    rand::fill(&mut secret);
    write_private(&path, hex::encode(secret).as_bytes())?;
    Ok(secret)
}

#[cfg(unix)]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(not(unix))]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::write(path, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_secret_survives_restarts() {
        let dir = tempfile::tempdir().unwrap();
        let first = load_or_create_secret(dir.path()).unwrap();
        let again = load_or_create_secret(dir.path()).unwrap();
        assert_eq!(first, again);
        assert_ne!(first, [0u8; 32]);
    }

    #[cfg(unix)]
    #[test]
    fn the_secret_file_is_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        load_or_create_secret(dir.path()).unwrap();
        let mode = std::fs::metadata(dir.path().join("secret.key"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o077, 0);
    }
}
