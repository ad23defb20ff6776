//! `POST /upload-file/upload` (spec 7): a customer uploads an image (a profile
//! picture); the answer's `data.path` is what the profile then refers to. Files are
//! recognised by their content, not their name, stored under a random name (readable
//! by the server's user only), and served back from `/media/uploads/{file}`.
//!
//! Disk use is bounded: a customer keeps at most `--limit-uploads-per-customer` files
//! and bytes at once (422 past it); a picture the profile stops using is deleted at
//! once, and an upload no profile uses is deleted once `--limit-unused-upload-age` old;
//! and uploads are refused (503) while the disk has less than `--limit-min-free-disk`
//! free once the file is counted, so a flood of pictures cannot fill the disk that
//! orders are written to (below the floor every other write is refused too, by
//! `http::disk_floor`; the upload checks it here, with its own message).
//! Uploads are the only files customers can send (contact-us and support take text
//! only), so these limits cover every file a customer can store.

use axum::Json;
use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::rejection::PathRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use rusqlite::{OptionalExtension, params};
use serde::Serialize;
use storefront_core::messages::MessageId;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::clock::now_ms;
use crate::http::envelope::Data;
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::http::extract::{CurrentUser, Lang};
use crate::http::state::AppState;
use crate::i18n::Msg;

/// Largest accepted image: the core's limit, which clients check before uploading.
pub use crate::http::MAX_UPLOAD_BYTES;
/// Where uploaded files are served, relative to the API mount.
pub const UPLOADS_PATH: &str = "/api/media/uploads/";

/// The upload checks the disk's free-space floor itself (with the file's size, and
/// its own message): the floor's middleware (`http::disk_floor`) lets it through.
pub const CHECKS_THE_DISK_FLOOR: &[&str] = &["/upload-file/upload"];

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload))
        // Room for the multipart framing around the largest image.
        .layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES + 64 * 1024))
        .routes(routes!(uploaded_file))
}

pub use crate::http::state::UploadPolicy;

/// The path an upload is referred to by.
pub fn upload_path(file_name: &str) -> String {
    format!("{UPLOADS_PATH}{file_name}")
}

/// The files and bytes a customer keeps.
fn held(conn: &rusqlite::Connection, user_id: i64) -> rusqlite::Result<(i64, i64)> {
    conn.query_row(
        "SELECT count(*), coalesce(sum(size), 0) FROM uploads WHERE user_id = ?1",
        [user_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// The 422 of a full quota, or Ok.
fn within_quota(
    policy: UploadPolicy,
    (files, bytes): (i64, i64),
    adding: u64,
    lang: storefront_core::locale::Language,
) -> Result<(), ApiError> {
    let crate::config::UploadQuota::Limit {
        files: max_files,
        bytes: max_bytes,
    } = policy.quota
    else {
        return Ok(());
    };
    let bytes = u64::try_from(bytes).unwrap_or(0);
    if files >= i64::from(max_files) || bytes.saturating_add(adding) > max_bytes {
        return Err(ApiError::validation(
            "file",
            Msg::UploadQuota {
                files: max_files,
                mb: max_bytes.div_ceil(1 << 20),
                // When room comes back: unused pictures go once this old.
                hours: policy.unused_after.as_secs().div_ceil(3600).max(1),
            }
            .text(lang),
        ));
    }
    Ok(())
}

/// Image kinds accepted, by their leading bytes. SVG is refused: it can carry script.
pub fn sniff_image(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
        Some(("image/png", "png"))
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(("image/jpeg", "jpg"))
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some(("image/gif", "gif"))
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(("image/webp", "webp"))
    } else {
        None
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Uploaded {
    /// Path to use in the profile's `image`.
    pub path: String,
    pub mime: String,
    pub size: u64,
}

/// Multipart form with one field, `file`.
#[derive(ToSchema)]
#[allow(dead_code)]
struct UploadForm {
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// Uploads an image (PNG, JPEG, GIF or WebP, at most 2 MB) as multipart/form-data
/// in a field named `file`. Other kinds answer 422 'Only image files are allowed'. A
/// customer keeps at most the upload quota (10 files and 10 MB by default: 422 on
/// `file` past it); a picture no profile uses is deleted after a day. While the
/// server's disk is nearly full, uploads answer 503.
#[utoipa::path(post, path = "/upload-file/upload", tag = "account", security(("bearer" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Data<Uploaded>), (status = 401, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 415, body = ErrorBody), (status = 422, body = ValidationErrorBody),
        (status = 503, description = "The server's disk is nearly full", body = ErrorBody)))]
async fn upload(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Json<Data<Uploaded>>, ApiError> {
    let too_large = || ApiError::Status {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        message: Msg::FileTooLarge {
            max_mb: MAX_UPLOAD_BYTES / (1024 * 1024),
        }
        .text(lang),
    };
    let mut multipart = multipart.map_err(|_| ApiError::Status {
        status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
        message: Msg::MultipartExpected.text(lang),
    })?;
    let mut file: Option<Vec<u8>> = None;
    loop {
        let field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(err) if err.status() == StatusCode::PAYLOAD_TOO_LARGE => return Err(too_large()),
            Err(_) => return Err(ApiError::bad_request(Msg::MultipartExpected.text(lang))),
        };
        if field.name() != Some("file") {
            continue;
        }
        let bytes = match field.bytes().await {
            Ok(bytes) => bytes,
            Err(err) if err.status() == StatusCode::PAYLOAD_TOO_LARGE => return Err(too_large()),
            Err(_) => return Err(ApiError::bad_request(Msg::MultipartExpected.text(lang))),
        };
        file = Some(bytes.to_vec());
        break;
    }
    let bytes = file.ok_or_else(|| {
        ApiError::validation(
            "file",
            Msg::FieldRequired {
                field: "file".into(),
            }
            .text(lang),
        )
    })?;
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(too_large());
    }
    let (mime, ext) = sniff_image(&bytes)
        .ok_or_else(|| ApiError::validation("file", Msg::from(MessageId::ImageOnly).text(lang)))?;
    let size = bytes.len() as u64;
    let (policy, user_id) = (state.uploads, user.id);
    // Before writing anything: the quota (checked again when the row is written) and
    // the disk's free space.
    let current = state.db.read(move |c| Ok(held(c, user_id)?)).await?;
    within_quota(policy, current, size, lang)?;
    // The disk's reading is the one every write goes by (at most a second old); one that
    // cannot be read refuses nothing, as for the other writes (`http::disk_floor`).
    if policy.min_free_disk > 0
        && let Some(free) = state.disk.free(state.clock.now_ms()).await
        && free.saturating_sub(size) < policy.min_free_disk
    {
        if let Some(refused) = state
            .limits
            .low_disk_log
            .count_and_due(state.clock.now_ms())
        {
            tracing::warn!(
                free,
                floor = policy.min_free_disk,
                refused,
                "uploads refused: the disk is nearly full"
            );
        }
        return Err(ApiError::Status {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: Msg::StorageLow.text(lang),
        });
    }
    let mut name = [0u8; 16];
    rand::fill(&mut name);
    let file_name = format!("{}.{ext}", hex::encode(name));
    let path = state.uploads_dir.join(&file_name);
    store_durably(&path, &bytes)
        .await
        .map_err(|e| ApiError::internal(format!("cannot store upload: {e}")))?;
    let (stored, now) = (file_name.clone(), now_ms());
    let recorded = state
        .db
        .write(move |tx| {
            within_quota(policy, held(tx, user_id)?, size, lang)?;
            tx.execute(
                "INSERT INTO uploads (user_id, file_name, mime, size, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![user_id, stored, mime, size as i64, now],
            )?;
            Ok(())
        })
        .await;
    if let Err(err) = recorded {
        let _ = tokio::fs::remove_file(&path).await;
        return Err(err);
    }
    Ok(Json(Data::with_message(
        Uploaded {
            path: upload_path(&file_name),
            mime: mime.to_owned(),
            size,
        },
        Msg::Uploaded.text(lang),
    )))
}

/// Writes the file (owner-only) and flushes it and its directory entry to disk before
/// the row that names it is committed, so an acknowledged upload survives a power loss
/// like the database does.
async fn store_durably(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    let (path, bytes) = (path.to_owned(), bytes.to_vec());
    tokio::task::spawn_blocking(move || {
        use std::io::Write;
        let mut file = crate::http::state::private_file(&path)?;
        file.write_all(&bytes)?;
        file.sync_all()?;
        crate::http::state::sync_dir(path.parent().unwrap_or(std::path::Path::new(".")))
    })
    .await
    .map_err(std::io::Error::other)?
}

/// Deletes the stored uploads `file_names` (rows already gone), ignoring files that
/// are missing.
pub async fn remove_files(dir: &std::path::Path, file_names: Vec<String>) {
    for name in file_names {
        if valid_file_name(&name) {
            let _ = tokio::fs::remove_file(dir.join(name)).await;
        }
    }
}

/// Deletes the uploads no profile uses that are older than the policy allows: their
/// rows, their files, and files with no row (a crash between writing a file and its
/// row). Returns how many files went.
pub async fn clean_unused(state: &AppState) -> Result<usize, ApiError> {
    let now = now_ms();
    let cutoff = now
        .saturating_sub(i64::try_from(state.uploads.unused_after.as_millis()).unwrap_or(i64::MAX));
    let gone: Vec<String> = state
        .db
        .write(move |tx| {
            let names: Vec<String> = {
                let mut stmt = tx.prepare(
                    "SELECT file_name FROM uploads u WHERE created_at < ?1
                     AND NOT exists(SELECT 1 FROM users WHERE image = ?2 || u.file_name)",
                )?;
                stmt.query_map(params![cutoff, UPLOADS_PATH], |r| r.get(0))?
                    .collect::<rusqlite::Result<_>>()?
            };
            for name in &names {
                tx.execute("DELETE FROM uploads WHERE file_name = ?1", [name])?;
            }
            Ok(names)
        })
        .await?;
    let mut removed = gone.len();
    remove_files(&state.uploads_dir, gone).await;
    // Files without a row, old enough not to be an upload whose row is being written.
    let mut strays = Vec::new();
    if let Ok(mut entries) = tokio::fs::read_dir(&state.uploads_dir).await {
        while let Ok(Some(entry)) = entries.next_entry().await {
            let name = entry.file_name().to_string_lossy().into_owned();
            let old = entry
                .metadata()
                .await
                .ok()
                .and_then(|m| m.modified().ok())
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age > state.uploads.unused_after);
            if old && valid_file_name(&name) {
                strays.push(name);
            }
        }
    }
    if !strays.is_empty() {
        let known: Vec<String> = state
            .db
            .read(move |c| {
                let mut stmt = c.prepare("SELECT file_name FROM uploads WHERE file_name = ?1")?;
                let mut out = Vec::new();
                for name in strays {
                    if !stmt.exists([&name])? {
                        out.push(name);
                    }
                }
                Ok(out)
            })
            .await?;
        removed += known.len();
        remove_files(&state.uploads_dir, known).await;
    }
    Ok(removed)
}

/// Runs [`clean_unused`] at start and then regularly.
pub async fn clean_unused_regularly(state: AppState) {
    let every = (state.uploads.unused_after / 2).clamp(
        std::time::Duration::from_secs(1),
        std::time::Duration::from_secs(3600),
    );
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match clean_unused(&state).await {
            Ok(0) => {}
            Ok(removed) => tracing::info!(removed, "deleted unused uploads"),
            Err(err) => tracing::warn!(?err, "could not clean unused uploads"),
        }
    }
}

fn valid_file_name(name: &str) -> bool {
    match name.split_once('.') {
        Some((stem, ext)) => {
            stem.len() == 32
                && stem
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
                && matches!(ext, "png" | "jpg" | "gif" | "webp")
        }
        None => false,
    }
}

/// An uploaded image.
#[utoipa::path(get, path = "/media/uploads/{file}", tag = "media",
    params(("file" = String, Path, description = "File name returned by the upload")),
    responses((status = 200, description = "The image", content_type = "image/*"), (status = 404, body = ErrorBody)))]
async fn uploaded_file(
    State(state): State<AppState>,
    Lang(lang): Lang,
    file: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let not_found = || ApiError::NotFound {
        message: Msg::NotFound.text(lang),
    };
    // A name that is not UTF-8 once decoded is no name this server generated.
    let Ok(Path(file)) = file else {
        return Err(not_found());
    };
    // Only names this server generated; never a path.
    if !valid_file_name(&file) {
        return Err(not_found());
    }
    let lookup = file.clone();
    let mime: Option<String> = state
        .db
        .read(move |c| {
            Ok(c.query_row(
                "SELECT mime FROM uploads WHERE file_name = ?1",
                [&lookup],
                |r| r.get(0),
            )
            .optional()?)
        })
        .await?;
    let mime = mime.ok_or_else(not_found)?;
    let bytes = tokio::fs::read(state.uploads_dir.join(&file))
        .await
        .map_err(|_| not_found())?;
    Ok((
        [
            (header::CONTENT_TYPE, mime),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"{file}\""),
            ),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
            (
                header::CACHE_CONTROL,
                "public, max-age=31536000, immutable".to_owned(),
            ),
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'none'; sandbox".to_owned(),
            ),
        ],
        Body::from(bytes),
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_images_by_content() {
        assert_eq!(
            sniff_image(b"\x89PNG\r\n\x1a\n....").map(|t| t.0),
            Some("image/png")
        );
        assert_eq!(
            sniff_image(b"\xff\xd8\xff\xe0....").map(|t| t.0),
            Some("image/jpeg")
        );
        assert_eq!(sniff_image(b"GIF89a....").map(|t| t.0), Some("image/gif"));
        assert_eq!(
            sniff_image(b"RIFF\0\0\0\0WEBPVP8 ").map(|t| t.0),
            Some("image/webp")
        );
        assert_eq!(
            sniff_image(b"<svg xmlns='http://www.w3.org/2000/svg'><script/></svg>"),
            None
        );
        assert_eq!(sniff_image(b"%PDF-1.7"), None);
        assert_eq!(sniff_image(b""), None);
    }

    #[test]
    fn only_generated_names_are_served() {
        assert!(valid_file_name("0123456789abcdef0123456789abcdef.png"));
        assert!(!valid_file_name("../storefront.db"));
        assert!(!valid_file_name("0123456789ABCDEF0123456789abcdef.png"));
        assert!(!valid_file_name("0123456789abcdef0123456789abcdef.svg"));
        assert!(!valid_file_name("secret.key"));
    }
}
