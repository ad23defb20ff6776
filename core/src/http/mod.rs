//! Status handling and message extraction for API responses (spec 8).

mod error_message;
mod instant;
mod status;

pub use error_message::{
    CallFailure, FieldError, MAX_FIELD_NAME_BYTES, MAX_FIELDS, MAX_SERVER_TEXT_GRAPHEMES,
    error_message_with, field_errors_with, no_response_message, offline_message,
};
#[cfg(feature = "unicode-segmentation")]
pub use error_message::{error_message, field_errors};
pub use instant::api_instant_ms;
pub use status::{StatusOutcome, classify};

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<StatusOutcome>();
    d.add::<FieldError>();
}
