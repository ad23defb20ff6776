//! Phone sign-in with one-time codes and registration (spec 4, 9), the status every
//! request flow shares (spec 3), and the e-mail sign-in and password payloads.

mod flow;
mod status;
mod types;

pub use flow::{
    LOGIN_TEMPORARIES, LoginEvent, LoginStep, LoginUpdate, OTP_LENGTH, POST_LOGIN_REDIRECT_MS,
    PhoneLogin, PhoneLoginFlow, PhoneLoginView, RESEND_WAIT_MS, ResendAvailability,
    resend_availability, resend_availability_since, restore_needed, signed_in, update,
};
pub use status::{
    RequestEvent, RequestFlow, RequestPhase, RequestStatus, RequestUpdate, STATUS_RESET_MS,
    update_request,
};
pub use types::{Channel, EmailAddress, EmailCode, Modal, PasswordReset, Registration};

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    types::register_typescript(d);
    d.add::<RequestPhase>()
        .add::<RequestStatus>()
        .add::<RequestEvent>()
        .add::<RequestUpdate>()
        .add::<LoginStep>()
        .add::<PhoneLogin>()
        .add::<PhoneLoginView>()
        .add::<LoginEvent>()
        .add::<LoginUpdate>()
        .add::<ResendAvailability>();
}
