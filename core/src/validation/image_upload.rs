//! Image upload (spec 4, 5): image files only, judged by MIME type.

use serde::Serialize;

use crate::messages::{Message, MessageId};

/// The MIME types accepted. SVG is deliberately absent: an SVG is a document that
/// can carry scripts, and an uploaded one served back from the store's domain would
/// run them.
pub const ACCEPTED_IMAGE_TYPES: [&str; 4] = ["image/png", "image/jpeg", "image/webp", "image/gif"];

/// 'Only image files are allowed' unless the file's MIME type (as the browser reports
/// it; parameters and case ignored) is PNG, JPEG, WebP or GIF.
pub fn image_file(mime_type: &str) -> Result<(), Message> {
    let essence = mime_type.split(';').next().unwrap_or_default().trim();
    if ACCEPTED_IMAGE_TYPES
        .iter()
        .any(|t| t.eq_ignore_ascii_case(essence))
    {
        Ok(())
    } else {
        Err(MessageId::ImageOnly.into())
    }
}

/// The largest picture an upload takes: 2 MB (the reference API refuses more with a 413,
/// so a client checks first and nothing is sent for nothing).
pub const MAX_IMAGE_BYTES: u64 = 2 * 1024 * 1024;

/// Whether a picture of `bytes` bytes is within [`MAX_IMAGE_BYTES`].
pub fn image_size_allowed(bytes: u64) -> bool {
    bytes <= MAX_IMAGE_BYTES
}

/// The upload's limits, for a client's file input (`accept`), its hint and its size
/// check: a picture is within the limit when its size in bytes is at most `max_bytes`
/// ([`image_size_allowed`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ImageLimits {
    /// [`MAX_IMAGE_BYTES`].
    pub max_bytes: u64,
    /// [`ACCEPTED_IMAGE_TYPES`], the MIME types [`image_file`] accepts.
    pub accepted_types: Vec<String>,
}

/// The upload's limits.
pub fn image_limits() -> ImageLimits {
    ImageLimits {
        max_bytes: MAX_IMAGE_BYTES,
        accepted_types: ACCEPTED_IMAGE_TYPES.map(str::to_owned).to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_up_to_two_megabytes_are_allowed() {
        assert!(image_size_allowed(0));
        assert!(image_size_allowed(2 * 1024 * 1024));
        assert!(!image_size_allowed(2 * 1024 * 1024 + 1));
    }

    #[test]
    fn the_limits_are_the_rules_constants() {
        let limits = image_limits();
        assert_eq!(limits.max_bytes, MAX_IMAGE_BYTES);
        assert!(image_size_allowed(limits.max_bytes));
        assert!(!image_size_allowed(limits.max_bytes + 1));
        assert_eq!(limits.accepted_types, ACCEPTED_IMAGE_TYPES);
        for accepted in &limits.accepted_types {
            assert_eq!(image_file(accepted), Ok(()), "{accepted}");
        }
        assert_eq!(
            serde_json::to_value(&limits).unwrap(),
            serde_json::json!({"max_bytes": 2_097_152,
                               "accepted_types": ["image/png", "image/jpeg", "image/webp", "image/gif"]})
        );
    }

    #[test]
    fn accepts_the_four_raster_types() {
        for good in [
            "image/png",
            "image/jpeg",
            "image/webp",
            "image/gif",
            "IMAGE/PNG",
            " image/jpeg; q=1 ",
        ] {
            assert_eq!(image_file(good), Ok(()), "{good}");
        }
    }

    #[test]
    fn rejects_svg_and_everything_else() {
        for bad in [
            "image/svg+xml",
            "application/pdf",
            "text/html",
            "",
            "image/",
            "image/png-evil",
            "video/mp4",
        ] {
            assert_eq!(
                image_file(bad).unwrap_err().english(),
                "Only image files are allowed",
                "{bad}"
            );
        }
    }
}
