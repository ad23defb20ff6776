//! `POST /upload-file/upload` (spec 7): a customer uploads an image (a profile
//! picture); the answer's `data.path` is what the profile then refers to. Files are
//! recognised by their content, not their name, stored under a random name, and
//! served back from `/media/uploads/{file}`.

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

use super::envelope::Data;
use super::error::{ApiError, ErrorBody, ValidationErrorBody};
use super::extract::{CurrentUser, Lang};
use super::i18n::Msg;
use super::state::{AppState, now_ms};

/// Largest accepted image: the core's limit, which clients check before uploading.
pub const MAX_UPLOAD_BYTES: usize = storefront_core::validation::MAX_IMAGE_BYTES as usize;
/// Where uploaded files are served, relative to the API mount.
pub const UPLOADS_PATH: &str = "/api/media/uploads/";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload))
        // Room for the multipart framing around the largest image.
        .layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES + 64 * 1024))
        .routes(routes!(uploaded_file))
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
/// in a field named `file`. Other kinds answer 422 'Only image files are allowed'.
#[utoipa::path(post, path = "/upload-file/upload", tag = "account", security(("bearer" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Data<Uploaded>), (status = 401, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 415, body = ErrorBody), (status = 422, body = ValidationErrorBody)))]
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
    let mut name = [0u8; 16];
    rand::fill(&mut name);
    let file_name = format!("{}.{ext}", hex::encode(name));
    let path = state.uploads_dir.join(&file_name);
    store_durably(&path, &bytes)
        .await
        .map_err(|e| ApiError::internal(format!("cannot store upload: {e}")))?;
    let size = bytes.len() as u64;
    let (stored, user_id, now) = (file_name.clone(), user.id, now_ms());
    let recorded = state
        .db
        .write(move |tx| {
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
            path: format!("{UPLOADS_PATH}{file_name}"),
            mime: mime.to_owned(),
            size,
        },
        Msg::Uploaded.text(lang),
    )))
}

/// Writes the file and flushes it to disk before the row that names it is committed,
/// so an acknowledged upload survives a power loss like the database does.
async fn store_durably(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use tokio::io::AsyncWriteExt;
    let mut file = tokio::fs::File::create(path).await?;
    file.write_all(bytes).await?;
    file.sync_all().await
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
