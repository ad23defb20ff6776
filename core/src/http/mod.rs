//! Status handling and message extraction for API responses (spec 8).

mod error_message;
mod status;

#[cfg(feature = "unicode-segmentation")]
pub use error_message::error_message;
pub use error_message::{
    CallFailure, MAX_SERVER_TEXT_GRAPHEMES, error_message_with, no_response_message,
    offline_message,
};
pub use status::{StatusOutcome, classify};

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<StatusOutcome>();
}
