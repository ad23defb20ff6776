//! What every handler can reach: the database, the code sender, the server secret,
//! the clock.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::clock::Clock;
use crate::code_sender::CodeSender;
use crate::db::Db;
use crate::http::rate_limit::RateLimits;
use crate::http::session::SessionPolicy;

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
    /// How long sessions last.
    pub sessions: SessionPolicy,
    /// The per-customer upload quota, the clean-up age and the free-space floor.
    pub uploads: UploadPolicy,
    /// The free space of the data directory's disk, read at most once a second (the
    /// floor refuses writes below it: `http::disk_floor`).
    pub disk: crate::http::disk_floor::DiskSpace,
    /// Wakes the payment worker when a request has queued card work.
    pub payments: Arc<tokio::sync::Notify>,
    /// What the time is. Sign-in and sessions read it here (not the system clock), so
    /// a test can move the time of its own server.
    pub clock: Arc<dyn Clock>,
}

/// The upload limits (see `media::upload`).
#[derive(Debug, Clone, Copy)]
pub struct UploadPolicy {
    pub quota: crate::config::UploadQuota,
    pub unused_after: std::time::Duration,
    pub min_free_disk: u64,
}

/// Why the server secret cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error(
        "cannot read {path}: {source}; fix its permissions or restore it (removing it invalidates pending one-time codes)"
    )]
    Unreadable {
        path: String,
        source: std::io::Error,
    },
    #[error(
        "{path} does not hold a 64-digit hex key; restore it, or remove it to create a new one (pending one-time codes are then invalid)"
    )]
    Malformed { path: String },
    #[error("cannot create {path}: {source}")]
    Create {
        path: String,
        source: std::io::Error,
    },
}

/// Reads the server secret from `secret.key` in the data directory, creating it with
/// fresh random bytes (readable by the owner only) on first start. A key that exists
/// but cannot be read or is not a key stops the start: silently making a new one would
/// invalidate every pending code and hide a broken data directory.
pub fn load_or_create_secret(data_dir: &Path) -> Result<[u8; 32], SecretError> {
    let path = data_dir.join("secret.key");
    let shown = || path.display().to_string();
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            return hex::decode(text.trim())
                .ok()
                .and_then(|bytes| <[u8; 32]>::try_from(bytes.as_slice()).ok())
                .ok_or_else(|| SecretError::Malformed { path: shown() });
        }
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
        Err(source) => {
            return Err(SecretError::Unreadable {
                path: shown(),
                source,
            });
        }
    }
    let mut secret = [0u8; 32];
    rand::fill(&mut secret);
    write_private_atomically(&path, hex::encode(secret).as_bytes()).map_err(|source| {
        SecretError::Create {
            path: shown(),
            source,
        }
    })?;
    Ok(secret)
}

/// Writes a file readable by the owner only, whole or not at all: a temporary file in
/// the same directory, fsynced, renamed over the target, and the directory fsynced so
/// the rename itself survives a power loss.
pub fn write_private_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut suffix = [0u8; 8];
    rand::fill(&mut suffix);
    let temp = dir.join(format!(".{}.tmp", hex::encode(suffix)));
    let written = (|| {
        let mut file = private_file(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temp, path)?;
        sync_dir(dir)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// Creates a new file readable and writable by the owner only (0600).
pub fn private_file(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)
}

/// Creates a directory (and its parents) that only the owner can enter (0700); an
/// existing directory is left as it is.
pub fn private_dir(path: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(path)
}

/// Flushes a directory's entries (a file created or renamed in it) to disk.
pub fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::fs::File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
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

    #[cfg(unix)]
    #[test]
    fn an_unreadable_or_broken_secret_stops_the_start() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("secret.key");
        std::fs::write(&path, "not a key").unwrap();
        assert!(matches!(
            load_or_create_secret(dir.path()),
            Err(SecretError::Malformed { .. })
        ));
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "not a key",
            "left as it was"
        );
        // A directory in its place cannot be read as a file (root reads any mode).
        std::fs::remove_file(&path).unwrap();
        std::fs::create_dir(&path).unwrap();
        assert!(matches!(
            load_or_create_secret(dir.path()),
            Err(SecretError::Unreadable { .. })
        ));
        std::fs::remove_dir(&path).unwrap();
        load_or_create_secret(dir.path()).unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        // Nothing but the key is left behind (no temporary file).
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
