//! The phone sign-in flow (spec 4, 9) as a state machine: `update(state, event, now)`
//! returns the new state and the effects the shell must run.

use serde::{Deserialize, Serialize};

use super::status::{RequestStatus, server_text};
use super::types::{Channel, Modal, Registration};
use crate::effects::{ApiCall, Effect, Tone};
use crate::flow::Flow;
use crate::messages::{Message, MessageId, Text};
use crate::routes::post_login_destination;
use crate::storage::{ClientState, StorageKey, StoredValue};

/// Digits in a one-time code (spec 9).
pub const OTP_LENGTH: usize = 4;
/// How long resend stays disabled after a code is sent (spec 9).
pub const RESEND_WAIT_MS: u64 = 60_000;
/// Delay before leaving for the post-login page (spec 9).
pub const POST_LOGIN_REDIRECT_MS: u64 = 500;

/// Every value kept only while a sign-in is under way (spec 3 storage keys).
pub const LOGIN_TEMPORARIES: [StorageKey; 6] = [
    StorageKey::UserMobile,
    StorageKey::UserCode,
    StorageKey::UserExists,
    StorageKey::ModalStatus,
    StorageKey::TempLoginStatus,
    StorageKey::ResendReadyAt,
];

/// Which of the flow's modals is open.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum LoginStep {
    #[default]
    #[serde(rename = "closed")]
    Closed,
    #[serde(rename = "signIn")]
    SignIn,
    #[serde(rename = "verifyOtp")]
    VerifyOtp,
    #[serde(rename = "register")]
    Register,
}

/// The state of a phone sign-in.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PhoneLogin {
    pub step: LoginStep,
    /// The number being signed in.
    pub mobile: Option<String>,
    /// How codes go out. Not stored across reloads: after one, calls use SMS.
    pub channel: Option<Channel>,
    /// The code being verified, then the verified code kept for registration.
    pub code: Option<String>,
    /// When the last code was sent (the resend wait counts from here).
    pub code_sent_at_ms: Option<u64>,
    /// `POST /user/login-by-otp`.
    pub login: RequestStatus,
    /// `POST /user/verify-login-by-otp`.
    pub verify_otp: RequestStatus,
    /// `POST /user/register-by-otp`.
    pub register: RequestStatus,
}

/// What happened: a user action, an API outcome, a timer, a reload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LoginEvent {
    /// The Log in / Register button.
    OpenSignIn,
    /// Phone entered and a channel chosen.
    RequestCode { mobile: String, channel: Channel },
    /// `login-by-otp` succeeded.
    CodeSent,
    /// `login-by-otp` failed; the error is already extracted (spec 8).
    CodeFailed { error: Text },
    /// The resend button.
    Resend,
    /// The four boxes filled.
    SubmitCode { code: String },
    /// `verify-login-by-otp` succeeded. `force_default_location` (the remote-config
    /// flag) and `return_to` (the page the guard sent a guest away from, if any) decide
    /// where the customer goes next.
    Verified {
        token: Option<String>,
        user_exists: bool,
        message: Option<String>,
        force_default_location: bool,
        #[cfg_attr(feature = "ts", ts(optional = nullable))]
        return_to: Option<String>,
    },
    /// `verify-login-by-otp` failed.
    VerifyFailed { error: Text },
    /// The sign-up form submitted (already validated, spec 5).
    SubmitRegistration {
        name: String,
        email: String,
        referral_code: String,
        accept_terms: bool,
    },
    /// `register-by-otp` succeeded.
    Registered {
        token: String,
        message: Option<String>,
        force_default_location: bool,
        #[cfg_attr(feature = "ts", ts(optional = nullable))]
        return_to: Option<String>,
    },
    /// `register-by-otp` failed.
    RegisterFailed { error: Text },
    /// A timer set by [`Effect::WakeAt`] fired.
    Tick,
    /// The page was reloaded: reopen the remembered modal.
    Restore { stored: Box<ClientState> },
    /// The modal was dismissed.
    Close,
}

/// The new state and the effects to run, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LoginUpdate {
    pub state: PhoneLogin,
    pub effects: Vec<Effect>,
}

/// Whether another code may be requested.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum ResendAvailability {
    Ready,
    /// Still disabled: `seconds` left (rounded up) and 'Wait N seconds before resending!'.
    Wait {
        seconds: u64,
        message: Message,
    },
}

/// Whether resend is available at `now_ms` (60 s after the last code, spec 4, 9).
pub fn resend_availability(state: &PhoneLogin, now_ms: u64) -> ResendAvailability {
    resend_availability_since(state.code_sent_at_ms, now_ms)
}

/// The same rule for any one-time code (the e-mail sign-in too): resend is available
/// 60 s after `code_sent_at_ms`, at once when no code was sent.
pub fn resend_availability_since(code_sent_at_ms: Option<u64>, now_ms: u64) -> ResendAvailability {
    let Some(sent) = code_sent_at_ms else {
        return ResendAvailability::Ready;
    };
    let ready_at = sent.saturating_add(RESEND_WAIT_MS);
    if now_ms >= ready_at {
        return ResendAvailability::Ready;
    }
    // A clock that went backwards never makes the wait longer than the rule.
    let seconds = (ready_at - now_ms).min(RESEND_WAIT_MS).div_ceil(1_000);
    ResendAvailability::Wait {
        seconds,
        message: Message::new(MessageId::WaitBeforeResend).with("seconds", seconds),
    }
}

/// What signing in does once a token is known, whichever way it came (phone or
/// e-mail): store the token, drop the sign-in temporaries, and go to the post-login
/// page (spec 2; the remembered origin when there is one) after 500 ms. An empty token
/// signs nobody in: no effects.
pub fn signed_in(
    token: &str,
    force_default_location: bool,
    return_to: Option<&str>,
) -> Vec<Effect> {
    if token.trim().is_empty() {
        return Vec::new();
    }
    vec![
        StoredValue::Token(token.to_owned()).store(),
        Effect::Remove {
            keys: LOGIN_TEMPORARIES.to_vec(),
        },
        Effect::Navigate {
            to: post_login_destination(force_default_location, return_to),
            after_ms: POST_LOGIN_REDIRECT_MS,
        },
    ]
}

/// What the shell renders of a phone sign-in: the open step, the number, when the last
/// code went out (the resend countdown counts from it) and the three calls' statuses.
/// The code itself stays in the flow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PhoneLoginView {
    pub step: LoginStep,
    pub mobile: Option<String>,
    pub code_sent_at_ms: Option<u64>,
    pub login: RequestStatus,
    pub verify_otp: RequestStatus,
    pub register: RequestStatus,
}

/// The phone sign-in as a [`Flow`]: the state stays here, between events.
#[derive(Debug, Clone, Default)]
pub struct PhoneLoginFlow {
    state: PhoneLogin,
}

impl Flow for PhoneLoginFlow {
    type Event = LoginEvent;
    type View = PhoneLoginView;

    fn update(&mut self, event: LoginEvent, now_ms: u64) -> Vec<Effect> {
        let LoginUpdate { state, effects } = update(std::mem::take(&mut self.state), event, now_ms);
        self.state = state;
        effects
    }

    fn view(&self) -> PhoneLoginView {
        let s = &self.state;
        PhoneLoginView {
            step: s.step,
            mobile: s.mobile.clone(),
            code_sent_at_ms: s.code_sent_at_ms,
            login: s.login.clone(),
            verify_otp: s.verify_otp.clone(),
            register: s.register.clone(),
        }
    }
}

impl PhoneLogin {
    /// The state with every result whose 3 seconds are up back to idle.
    pub fn at(self, now_ms: u64) -> Self {
        Self {
            login: self.login.at(now_ms),
            verify_otp: self.verify_otp.at(now_ms),
            register: self.register.at(now_ms),
            ..self
        }
    }

    /// A finished sign-in: the modal is gone, the statuses stay to show the result.
    fn finished(self) -> Self {
        Self {
            login: self.login,
            verify_otp: self.verify_otp,
            register: self.register,
            ..Self::default()
        }
    }
}

fn remove(keys: &[StorageKey]) -> Effect {
    Effect::Remove {
        keys: keys.to_vec(),
    }
}

fn toast(tone: Tone, text: impl Into<Text>) -> Effect {
    Effect::Toast {
        tone,
        text: text.into(),
    }
}

/// Opening a modal also remembers it for a reload (spec 4).
fn open(modal: Modal) -> [Effect; 2] {
    [
        Effect::OpenModal { modal },
        StoredValue::ModalStatus(modal).store(),
    ]
}

/// Sets the login-in-progress marker: a 401 meanwhile must not log out (spec 8).
fn marker_on() -> Effect {
    StoredValue::TempLoginStatus(true).store()
}

fn marker_off() -> Effect {
    remove(&[StorageKey::TempLoginStatus])
}

/// Whether a sign-in key holds a value (only those need removing).
fn is_stored(stored: &ClientState, key: StorageKey) -> bool {
    match key {
        StorageKey::UserMobile => stored.user_mobile.is_some(),
        StorageKey::UserCode => stored.user_code.is_some(),
        StorageKey::UserExists => stored.user_exists.is_some(),
        StorageKey::ModalStatus => stored.modal.is_some(),
        StorageKey::TempLoginStatus => stored.login_in_progress,
        StorageKey::ResendReadyAt => stored.resend_ready_at.is_some(),
        _ => true,
    }
}

fn is_code(code: &str) -> bool {
    code.len() == OTP_LENGTH && code.bytes().all(|b| b.is_ascii_digit())
}

/// Advances the phone sign-in (spec 4). Events that do not fit the current state
/// (a result with no request in flight, a submit while one is, a malformed code)
/// change nothing and produce no effects.
pub fn update(state: PhoneLogin, event: LoginEvent, now_ms: u64) -> LoginUpdate {
    let mut s = state.at(now_ms);
    let mut fx = Vec::new();
    match event {
        LoginEvent::OpenSignIn => {
            s = PhoneLogin {
                step: LoginStep::SignIn,
                ..PhoneLogin::default()
            };
            // A fresh start: nothing of an earlier attempt may be reused.
            fx.push(remove(&[
                StorageKey::UserMobile,
                StorageKey::UserCode,
                StorageKey::UserExists,
                StorageKey::TempLoginStatus,
                StorageKey::ResendReadyAt,
            ]));
            fx.extend(open(Modal::SignIn));
        }
        LoginEvent::RequestCode { mobile, channel } => {
            let mobile = mobile.trim().to_owned();
            if !mobile.is_empty() && !s.login.is_loading {
                s.login = RequestStatus::loading();
                s.channel = Some(channel);
                fx.push(marker_on());
                fx.push(StoredValue::UserMobile(mobile.clone()).store());
                fx.push(Effect::Request {
                    call: ApiCall::LoginByOtp {
                        mobile: mobile.clone(),
                        channel,
                    },
                });
                s.mobile = Some(mobile);
            }
        }
        LoginEvent::CodeSent if s.login.is_loading => {
            s.login = RequestStatus::succeeded(Some(MessageId::OtpSent.into()), now_ms);
            s.code_sent_at_ms = Some(now_ms);
            fx.push(marker_off());
            // Kept so that a reload still counts down (the server would refuse a 429).
            fx.push(StoredValue::ResendReadyAt(now_ms.saturating_add(RESEND_WAIT_MS)).store());
            fx.push(toast(Tone::Success, MessageId::OtpSent));
            if s.step != LoginStep::VerifyOtp {
                s.step = LoginStep::VerifyOtp;
                fx.extend(open(Modal::VerifyOtp));
            }
            fx.push(Effect::WakeAt {
                at_ms: now_ms.saturating_add(RESEND_WAIT_MS),
            });
            fx.extend(s.login.wake());
        }
        LoginEvent::CodeFailed { error } if s.login.is_loading => {
            fx.push(marker_off());
            fx.push(toast(Tone::Error, error.clone()));
            s.login = RequestStatus::failed(error, now_ms);
            fx.extend(s.login.wake());
        }
        LoginEvent::Resend if s.step == LoginStep::VerifyOtp && !s.login.is_loading => {
            if let Some(mobile) = s.mobile.clone() {
                match resend_availability(&s, now_ms) {
                    ResendAvailability::Wait { message, .. } => {
                        fx.push(toast(Tone::Info, message));
                    }
                    ResendAvailability::Ready => {
                        s.login = RequestStatus::loading();
                        fx.push(marker_on());
                        fx.push(Effect::Request {
                            call: ApiCall::LoginByOtp {
                                mobile,
                                channel: s.channel.unwrap_or(Channel::Sms),
                            },
                        });
                    }
                }
            }
        }
        LoginEvent::SubmitCode { code }
            if s.step == LoginStep::VerifyOtp && !s.verify_otp.is_loading && is_code(&code) =>
        {
            if let Some(mobile) = s.mobile.clone() {
                s.verify_otp = RequestStatus::loading();
                fx.push(marker_on());
                fx.push(Effect::Request {
                    call: ApiCall::VerifyLoginByOtp {
                        mobile,
                        channel: s.channel.unwrap_or(Channel::Sms),
                        code: code.clone(),
                    },
                });
                s.code = Some(code);
            }
        }
        LoginEvent::Verified {
            token,
            user_exists,
            message,
            force_default_location,
            return_to,
        } if s.verify_otp.is_loading => {
            let token = token.unwrap_or_default();
            let code = s.code.clone().unwrap_or_default();
            if user_exists && !token.trim().is_empty() {
                s.verify_otp = RequestStatus::succeeded(
                    server_text(message).or(Some(MessageId::OtpVerified.into())),
                    now_ms,
                );
                fx.push(toast(Tone::Success, MessageId::OtpVerified));
                fx.push(Effect::CloseModal);
                fx.extend(signed_in(
                    &token,
                    force_default_location,
                    return_to.as_deref(),
                ));
                fx.extend(s.verify_otp.wake());
                s = s.finished();
            } else if !user_exists && is_code(&code) {
                s.verify_otp = RequestStatus::succeeded(
                    server_text(message).or(Some(MessageId::OtpVerifiedRegister.into())),
                    now_ms,
                );
                s.step = LoginStep::Register;
                fx.push(marker_off());
                fx.push(toast(Tone::Success, MessageId::OtpVerifiedRegister));
                fx.push(StoredValue::UserExists(false).store());
                fx.push(StoredValue::UserCode(code.clone()).store());
                fx.extend(open(Modal::Register));
                fx.extend(s.verify_otp.wake());
            } else {
                // An existing user without a token cannot be signed in.
                let error = Text::from(MessageId::GenericError);
                fx.push(marker_off());
                fx.push(toast(Tone::Error, error.clone()));
                s.verify_otp = RequestStatus::failed(error, now_ms);
                fx.extend(s.verify_otp.wake());
            }
        }
        LoginEvent::VerifyFailed { error } if s.verify_otp.is_loading => {
            s.code = None;
            fx.push(marker_off());
            fx.push(toast(Tone::Error, error.clone()));
            s.verify_otp = RequestStatus::failed(error, now_ms);
            fx.extend(s.verify_otp.wake());
        }
        LoginEvent::SubmitRegistration {
            name,
            email,
            referral_code,
            accept_terms,
        } if s.step == LoginStep::Register && !s.register.is_loading => {
            if let (Some(mobile), Some(code)) = (s.mobile.clone(), s.code.clone()) {
                s.register = RequestStatus::loading();
                // A 401 now would log out and wipe the mobile and code being registered.
                fx.push(marker_on());
                fx.push(Effect::Request {
                    call: ApiCall::RegisterByOtp {
                        registration: Registration {
                            name,
                            email,
                            referral_code,
                            accept_terms,
                            user_register: "user".to_owned(),
                            mobile,
                            code,
                        },
                    },
                });
            }
        }
        LoginEvent::Registered {
            token,
            message,
            force_default_location,
            return_to,
        } if s.register.is_loading => {
            if token.trim().is_empty() {
                let error = Text::from(MessageId::GenericError);
                fx.push(marker_off());
                fx.push(toast(Tone::Error, error.clone()));
                s.register = RequestStatus::failed(error, now_ms);
                fx.extend(s.register.wake());
            } else {
                s.register = RequestStatus::succeeded(
                    server_text(message).or(Some(MessageId::AccountCreated.into())),
                    now_ms,
                );
                fx.push(toast(Tone::Success, MessageId::AccountCreated));
                fx.push(Effect::CloseModal);
                fx.extend(signed_in(
                    &token,
                    force_default_location,
                    return_to.as_deref(),
                ));
                fx.extend(s.register.wake());
                s = s.finished();
            }
        }
        LoginEvent::RegisterFailed { error } if s.register.is_loading => {
            fx.push(marker_off());
            fx.push(toast(Tone::Error, error.clone()));
            s.register = RequestStatus::failed(error, now_ms);
            fx.extend(s.register.wake());
        }
        LoginEvent::Restore { stored } => {
            let (restored, effects) = restore(&stored);
            s = restored;
            fx = effects;
        }
        LoginEvent::Close if s.step != LoginStep::Closed => {
            s = PhoneLogin::default();
            fx.push(Effect::CloseModal);
            fx.push(remove(&LOGIN_TEMPORARIES));
        }
        // Timers only age the statuses (done above); anything else is out of place.
        _ => {}
    }
    LoginUpdate {
        state: s,
        effects: fx,
    }
}

/// Reopens the remembered modal after a reload (spec 4). The verify modal needs the
/// stored mobile and the sign-up modal the mobile and the verified code; when they
/// are missing the flow falls back one step (sign-up → verify → sign-in) and
/// remembers the modal it opened. A signed-in customer has no sign-in to resume: only
/// the location picker reopens, and stale sign-in values are dropped. A marker left
/// by a request the reload cut off is always removed, or 401s would never log out.
/// The channel is not stored, so calls after a reload use SMS; the resend wait is
/// (`resend_ready_at`), so the reopened verify modal goes on counting down.
/// Whether a page load has anything for [`LoginEvent::Restore`] to do: a remembered
/// modal, or a sign-in's temporary values (the login-in-progress marker, mobile, code,
/// exists flag). Without them the restore changes nothing, so a client may leave the
/// sign-in flow unloaded until the customer opens it.
pub fn restore_needed(stored: &ClientState) -> bool {
    stored.modal.is_some()
        || stored.login_in_progress
        || stored.user_mobile.is_some()
        || stored.user_code.is_some()
        || stored.user_exists.is_some()
}

fn restore(stored: &ClientState) -> (PhoneLogin, Vec<Effect>) {
    let mut s = PhoneLogin::default();
    let mut drop: Vec<StorageKey> = Vec::new();
    let mut then: Vec<Effect> = Vec::new();
    if stored.login_in_progress {
        drop.push(StorageKey::TempLoginStatus);
    }
    let mobile = stored.user_mobile.clone().filter(|m| !m.trim().is_empty());
    let code = stored.user_code.clone().filter(|c| is_code(c));
    let stale = [
        StorageKey::UserMobile,
        StorageKey::UserCode,
        StorageKey::UserExists,
        StorageKey::ResendReadyAt,
    ];
    let modal = stored.modal;
    if stored.signed_in() {
        if modal.is_some_and(|m| m != Modal::PickAddress) {
            drop.push(StorageKey::ModalStatus);
        }
        if modal == Some(Modal::PickAddress) {
            then.push(Effect::OpenModal {
                modal: Modal::PickAddress,
            });
        }
        drop.extend(stale);
    } else {
        let step = match (modal, &mobile, &code) {
            (Some(Modal::Register), Some(_), Some(_)) => Some(LoginStep::Register),
            (Some(Modal::Register | Modal::VerifyOtp), Some(_), _) => Some(LoginStep::VerifyOtp),
            (Some(Modal::Register | Modal::VerifyOtp | Modal::SignIn), _, _) => {
                Some(LoginStep::SignIn)
            }
            (Some(Modal::PickAddress) | None, _, _) => None,
        };
        match step {
            Some(LoginStep::Register) => {
                s.step = LoginStep::Register;
                s.mobile = mobile;
                s.code = code;
                drop.push(StorageKey::ResendReadyAt);
                then.push(Effect::OpenModal {
                    modal: Modal::Register,
                });
            }
            Some(LoginStep::VerifyOtp) => {
                s.step = LoginStep::VerifyOtp;
                s.mobile = mobile;
                drop.extend([StorageKey::UserCode, StorageKey::UserExists]);
                then.push(Effect::OpenModal {
                    modal: Modal::VerifyOtp,
                });
                if let Some(ready_at) = stored.resend_ready_at {
                    // The wait counts from the send; the rule caps a far-off deadline at 60 s.
                    s.code_sent_at_ms = Some(ready_at.saturating_sub(RESEND_WAIT_MS));
                    then.push(Effect::WakeAt { at_ms: ready_at });
                }
                if modal != Some(Modal::VerifyOtp) {
                    then.push(StoredValue::ModalStatus(Modal::VerifyOtp).store());
                }
            }
            Some(_) => {
                s.step = LoginStep::SignIn;
                // The number typed before the reload prefills the form.
                s.mobile = mobile;
                drop.extend([
                    StorageKey::UserCode,
                    StorageKey::UserExists,
                    StorageKey::ResendReadyAt,
                ]);
                then.push(Effect::OpenModal {
                    modal: Modal::SignIn,
                });
                if modal != Some(Modal::SignIn) {
                    then.push(StoredValue::ModalStatus(Modal::SignIn).store());
                }
            }
            None => {
                if modal == Some(Modal::PickAddress) {
                    then.push(Effect::OpenModal {
                        modal: Modal::PickAddress,
                    });
                }
                // Sign-in values without a sign-in modal belong to nothing.
                drop.extend(stale);
            }
        }
    }
    // Each once, in the order of `StorageKey::ALL`.
    let drop: Vec<StorageKey> = StorageKey::ALL
        .into_iter()
        .filter(|key| drop.contains(key) && is_stored(stored, *key))
        .collect();
    let mut fx = Vec::new();
    if !drop.is_empty() {
        fx.push(Effect::Remove { keys: drop });
    }
    fx.extend(then);
    (s, fx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::Language;

    /// The stored form written out, independently of the storage codec.
    fn store(key: StorageKey, value: &str) -> Effect {
        Effect::Store {
            key,
            value: value.to_owned(),
        }
    }

    const MOBILE: &str = "+201001234567";

    /// Drives the flow like the shell does, keeping the state it gets back.
    struct Journey {
        state: PhoneLogin,
    }

    impl Journey {
        fn new() -> Self {
            Self {
                state: PhoneLogin::default(),
            }
        }

        fn send(&mut self, event: LoginEvent, now_ms: u64) -> Vec<Effect> {
            let update = update(self.state.clone(), event, now_ms);
            self.state = update.state;
            update.effects
        }

        /// Sign-in opened, code requested and sent at `sent_at`.
        fn code_sent(channel: Channel, sent_at: u64) -> Self {
            let mut journey = Self::new();
            journey.send(LoginEvent::OpenSignIn, sent_at);
            journey.send(
                LoginEvent::RequestCode {
                    mobile: MOBILE.into(),
                    channel,
                },
                sent_at,
            );
            journey.send(LoginEvent::CodeSent, sent_at);
            journey
        }
    }

    fn toast_of(tone: Tone, id: MessageId) -> Effect {
        toast(tone, id)
    }

    fn requests(effects: &[Effect]) -> Vec<&ApiCall> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Request { call } => Some(call),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn new_user_signs_up_by_sms() {
        let mut j = Journey::new();
        assert_eq!(
            j.send(LoginEvent::OpenSignIn, 0),
            vec![
                remove(&[
                    StorageKey::UserMobile,
                    StorageKey::UserCode,
                    StorageKey::UserExists,
                    StorageKey::TempLoginStatus,
                    StorageKey::ResendReadyAt
                ]),
                Effect::OpenModal {
                    modal: Modal::SignIn
                },
                store(StorageKey::ModalStatus, "signIn"),
            ]
        );

        // 1. The marker and the number are stored around the code request.
        let fx = j.send(
            LoginEvent::RequestCode {
                mobile: format!(" {MOBILE} "),
                channel: Channel::Sms,
            },
            1_000,
        );
        assert_eq!(
            fx,
            vec![
                store(StorageKey::TempLoginStatus, "true"),
                store(StorageKey::UserMobile, MOBILE),
                Effect::Request {
                    call: ApiCall::LoginByOtp {
                        mobile: MOBILE.into(),
                        channel: Channel::Sms
                    }
                },
            ]
        );
        assert!(j.state.login.is_loading);

        // 2. Code sent: toast, verify modal remembered, timers for resend and reset.
        let fx = j.send(LoginEvent::CodeSent, 1_500);
        assert_eq!(
            fx,
            vec![
                remove(&[StorageKey::TempLoginStatus]),
                store(StorageKey::ResendReadyAt, "61500"),
                toast_of(Tone::Success, MessageId::OtpSent),
                Effect::OpenModal {
                    modal: Modal::VerifyOtp
                },
                store(StorageKey::ModalStatus, "verifyOtp"),
                Effect::WakeAt { at_ms: 61_500 },
                Effect::WakeAt { at_ms: 4_500 },
            ]
        );
        assert_eq!(
            Message::new(MessageId::OtpSent).english(),
            "Otp sent to your mobile"
        );
        assert_eq!(j.state.step, LoginStep::VerifyOtp);
        assert!(j.state.login.is_success);

        // 3. The number has no account: the sign-up modal opens with the code kept.
        let fx = j.send(
            LoginEvent::SubmitCode {
                code: "1234".into(),
            },
            5_000,
        );
        assert_eq!(
            fx,
            vec![
                store(StorageKey::TempLoginStatus, "true"),
                Effect::Request {
                    call: ApiCall::VerifyLoginByOtp {
                        mobile: MOBILE.into(),
                        channel: Channel::Sms,
                        code: "1234".into()
                    }
                },
            ]
        );
        let fx = j.send(
            LoginEvent::Verified {
                token: None,
                user_exists: false,
                message: Some("Verified".into()),
                force_default_location: false,
                return_to: None,
            },
            5_200,
        );
        assert_eq!(
            fx,
            vec![
                remove(&[StorageKey::TempLoginStatus]),
                toast_of(Tone::Success, MessageId::OtpVerifiedRegister),
                store(StorageKey::UserExists, "false"),
                store(StorageKey::UserCode, "1234"),
                Effect::OpenModal {
                    modal: Modal::Register
                },
                store(StorageKey::ModalStatus, "register"),
                Effect::WakeAt { at_ms: 8_200 },
            ]
        );
        assert_eq!(
            Message::new(MessageId::OtpVerifiedRegister).english(),
            "Otp verified, Complete your registration"
        );
        assert_eq!(j.state.step, LoginStep::Register);
        assert_eq!(
            j.state.verify_otp.success_message,
            Some(Text::Server {
                text: "Verified".into()
            })
        );

        // 4. Sign-up sends the spec payload and, on success, signs in.
        let fx = j.send(
            LoginEvent::SubmitRegistration {
                name: "Mona".into(),
                email: "mona@example.com".into(),
                referral_code: "FRIEND".into(),
                accept_terms: true,
            },
            9_000,
        );
        assert_eq!(
            requests(&fx),
            vec![&ApiCall::RegisterByOtp {
                registration: Registration {
                    name: "Mona".into(),
                    email: "mona@example.com".into(),
                    referral_code: "FRIEND".into(),
                    accept_terms: true,
                    user_register: "user".into(),
                    mobile: MOBILE.into(),
                    code: "1234".into(),
                }
            }]
        );
        assert_eq!(fx[0], store(StorageKey::TempLoginStatus, "true"));
        let fx = j.send(
            LoginEvent::Registered {
                token: "tok-1".into(),
                message: None,
                force_default_location: false,
                return_to: None,
            },
            9_500,
        );
        assert_eq!(
            fx,
            vec![
                toast_of(Tone::Success, MessageId::AccountCreated),
                Effect::CloseModal,
                store(StorageKey::Token, "tok-1"),
                remove(&LOGIN_TEMPORARIES),
                Effect::Navigate {
                    to: "/account/my-address".into(),
                    after_ms: 500
                },
                Effect::WakeAt { at_ms: 12_500 },
            ]
        );
        assert_eq!(
            Message::new(MessageId::AccountCreated).english(),
            "Account Created Successfully"
        );
        assert_eq!(j.state.step, LoginStep::Closed);
        assert_eq!(j.state.mobile, None);
        assert!(j.state.register.is_success);
    }

    #[test]
    fn existing_user_signs_in_by_whatsapp_and_goes_home_when_location_is_forced() {
        let mut j = Journey::code_sent(Channel::Whatsapp, 0);
        let fx = j.send(
            LoginEvent::SubmitCode {
                code: "4321".into(),
            },
            10_000,
        );
        assert_eq!(
            requests(&fx),
            vec![&ApiCall::VerifyLoginByOtp {
                mobile: MOBILE.into(),
                channel: Channel::Whatsapp,
                code: "4321".into()
            }]
        );
        let fx = j.send(
            LoginEvent::Verified {
                token: Some("tok-2".into()),
                user_exists: true,
                message: None,
                force_default_location: true,
                return_to: None,
            },
            10_100,
        );
        assert_eq!(
            fx,
            vec![
                toast_of(Tone::Success, MessageId::OtpVerified),
                Effect::CloseModal,
                store(StorageKey::Token, "tok-2"),
                remove(&LOGIN_TEMPORARIES),
                Effect::Navigate {
                    to: "/home".into(),
                    after_ms: 500
                },
                Effect::WakeAt { at_ms: 13_100 },
            ]
        );
        assert_eq!(
            Message::new(MessageId::OtpVerified).english(),
            "Otp verified successfully"
        );
        assert_eq!(j.state.step, LoginStep::Closed);
        assert_eq!(
            j.state.verify_otp.success_message,
            Some(MessageId::OtpVerified.into())
        );
    }

    #[test]
    fn a_guest_sent_away_from_a_page_returns_there_after_signing_in() {
        let mut j = Journey::code_sent(Channel::Sms, 0);
        j.send(
            LoginEvent::SubmitCode {
                code: "4321".into(),
            },
            10_000,
        );
        let fx = j.send(
            LoginEvent::Verified {
                token: Some("tok-3".into()),
                user_exists: true,
                message: None,
                force_default_location: false,
                return_to: Some("/account/my-orders?tab=delivered".into()),
            },
            10_100,
        );
        assert!(fx.contains(&Effect::Navigate {
            to: "/account/my-orders?tab=delivered".into(),
            after_ms: 500
        }));
    }

    #[test]
    fn a_wrong_code_then_the_right_one() {
        let mut j = Journey::code_sent(Channel::Sms, 0);
        j.send(
            LoginEvent::SubmitCode {
                code: "0000".into(),
            },
            1_000,
        );
        let wrong = Text::Server {
            text: "Invalid code".into(),
        };
        let fx = j.send(
            LoginEvent::VerifyFailed {
                error: wrong.clone(),
            },
            1_200,
        );
        assert_eq!(
            fx,
            vec![
                remove(&[StorageKey::TempLoginStatus]),
                toast(Tone::Error, wrong.clone()),
                Effect::WakeAt { at_ms: 4_200 },
            ]
        );
        assert!(j.state.verify_otp.is_failed);
        assert_eq!(j.state.verify_otp.error, Some(wrong));
        assert_eq!(j.state.step, LoginStep::VerifyOtp);
        assert_eq!(j.state.code, None);

        let fx = j.send(
            LoginEvent::SubmitCode {
                code: "1234".into(),
            },
            2_000,
        );
        assert_eq!(requests(&fx).len(), 1);
        assert!(j.state.verify_otp.is_loading);
        let fx = j.send(
            LoginEvent::Verified {
                token: Some("tok".into()),
                user_exists: true,
                message: None,
                force_default_location: false,
                return_to: None,
            },
            2_100,
        );
        assert!(fx.contains(&store(StorageKey::Token, "tok")));
    }

    #[test]
    fn malformed_codes_and_double_submits_issue_no_request() {
        let mut j = Journey::code_sent(Channel::Sms, 0);
        for bad in ["123", "12345", "12a4", "١٢٣٤", ""] {
            assert!(
                j.send(LoginEvent::SubmitCode { code: bad.into() }, 10)
                    .is_empty()
            );
        }
        assert_eq!(
            requests(&j.send(
                LoginEvent::SubmitCode {
                    code: "1234".into()
                },
                10
            ))
            .len(),
            1
        );
        assert!(
            j.send(
                LoginEvent::SubmitCode {
                    code: "1234".into()
                },
                11
            )
            .is_empty()
        );
    }

    #[test]
    fn failed_code_request_toasts_and_clears_the_marker() {
        let mut j = Journey::new();
        j.send(LoginEvent::OpenSignIn, 0);
        j.send(
            LoginEvent::RequestCode {
                mobile: MOBILE.into(),
                channel: Channel::Sms,
            },
            0,
        );
        let error = Text::from(MessageId::NoResponse);
        let fx = j.send(
            LoginEvent::CodeFailed {
                error: error.clone(),
            },
            100,
        );
        assert_eq!(
            fx,
            vec![
                remove(&[StorageKey::TempLoginStatus]),
                toast(Tone::Error, error),
                Effect::WakeAt { at_ms: 3_100 },
            ]
        );
        assert!(j.state.login.is_failed);
        assert_eq!(j.state.step, LoginStep::SignIn);
        // A late duplicate answer is ignored.
        assert!(j.send(LoginEvent::CodeSent, 200).is_empty());
    }

    #[test]
    fn an_existing_user_without_a_token_is_a_failure() {
        let mut j = Journey::code_sent(Channel::Sms, 0);
        j.send(
            LoginEvent::SubmitCode {
                code: "1234".into(),
            },
            1,
        );
        let fx = j.send(
            LoginEvent::Verified {
                token: Some(" ".into()),
                user_exists: true,
                message: None,
                force_default_location: false,
                return_to: None,
            },
            2,
        );
        assert!(fx.contains(&toast(Tone::Error, MessageId::GenericError)));
        assert!(j.state.verify_otp.is_failed);
        assert!(!fx.iter().any(|e| matches!(e, Effect::Navigate { .. })));
    }

    #[test]
    fn resend_counts_down_sixty_seconds() {
        let sent = 1_000_000;
        let mut j = Journey::code_sent(Channel::Whatsapp, sent);
        let wait = |seconds: u64| ResendAvailability::Wait {
            seconds,
            message: Message::new(MessageId::WaitBeforeResend).with("seconds", seconds),
        };
        assert_eq!(resend_availability(&j.state, sent), wait(60));
        assert_eq!(resend_availability(&j.state, sent + 59_001), wait(1));
        assert_eq!(
            resend_availability(&j.state, sent + 60_000),
            ResendAvailability::Ready
        );
        match resend_availability(&j.state, sent + 30_500) {
            ResendAvailability::Wait { message, .. } => {
                assert_eq!(message.english(), "Wait 30 seconds before resending!");
            }
            ResendAvailability::Ready => panic!("resend must wait"),
        }

        // Pressing resend while waiting shows the wait and issues no request.
        let fx = j.send(LoginEvent::Resend, sent + 59_001);
        assert_eq!(
            fx,
            vec![toast(
                Tone::Info,
                Message::new(MessageId::WaitBeforeResend).with("seconds", 1)
            )]
        );
        assert!(!j.state.login.is_loading);

        let fx = j.send(LoginEvent::Resend, sent + 60_000);
        assert_eq!(
            fx,
            vec![
                store(StorageKey::TempLoginStatus, "true"),
                Effect::Request {
                    call: ApiCall::LoginByOtp {
                        mobile: MOBILE.into(),
                        channel: Channel::Whatsapp
                    }
                },
            ]
        );
        // The new code restarts the wait; the verify modal is already open.
        let fx = j.send(LoginEvent::CodeSent, sent + 61_000);
        assert!(!fx.iter().any(|e| matches!(e, Effect::OpenModal { .. })));
        assert!(fx.contains(&Effect::WakeAt {
            at_ms: sent + 121_000
        }));
        assert_eq!(resend_availability(&j.state, sent + 61_000), wait(60));
    }

    #[test]
    fn statuses_reset_three_seconds_after_a_result() {
        let mut j = Journey::code_sent(Channel::Sms, 10_000);
        assert!(j.send(LoginEvent::Tick, 12_999).is_empty());
        assert!(j.state.login.is_success);
        assert!(j.send(LoginEvent::Tick, 13_000).is_empty());
        assert_eq!(j.state.login, RequestStatus::idle());
        // Loading never times out: only a result resets.
        j.send(
            LoginEvent::SubmitCode {
                code: "1234".into(),
            },
            14_000,
        );
        j.send(LoginEvent::Tick, 99_000);
        assert!(j.state.verify_otp.is_loading);
    }

    #[test]
    fn closing_drops_the_sign_in_and_ignores_late_answers() {
        let mut j = Journey::code_sent(Channel::Sms, 0);
        j.send(
            LoginEvent::SubmitCode {
                code: "1234".into(),
            },
            1,
        );
        let fx = j.send(LoginEvent::Close, 2);
        assert_eq!(fx, vec![Effect::CloseModal, remove(&LOGIN_TEMPORARIES)]);
        assert_eq!(j.state, PhoneLogin::default());
        let late = LoginEvent::Verified {
            token: Some("tok".into()),
            user_exists: true,
            message: None,
            force_default_location: false,
            return_to: None,
        };
        assert!(j.send(late, 3).is_empty());
        assert!(j.send(LoginEvent::Close, 4).is_empty());
    }

    fn restored(stored: ClientState) -> (PhoneLogin, Vec<Effect>) {
        let update = update(
            PhoneLogin::default(),
            LoginEvent::Restore {
                stored: Box::new(stored),
            },
            0,
        );
        (update.state, update.effects)
    }

    fn guest(modal: Option<Modal>, mobile: Option<&str>, code: Option<&str>) -> ClientState {
        ClientState {
            modal,
            user_mobile: mobile.map(str::to_owned),
            user_code: code.map(str::to_owned),
            user_exists: code.map(|_| false),
            ..ClientState::default()
        }
    }

    #[test]
    fn a_restore_with_nothing_remembered_changes_nothing() {
        let quiet = [
            ClientState::default(),
            ClientState {
                token: Some("tok".into()),
                district_id: Some(3),
                language: Some(Language::Ar),
                ..ClientState::default()
            },
        ];
        for stored in quiet {
            assert!(!restore_needed(&stored));
            assert_eq!(restored(stored), (PhoneLogin::default(), vec![]));
        }
        for stored in [
            guest(Some(Modal::SignIn), None, None),
            guest(None, Some(MOBILE), None),
            ClientState {
                login_in_progress: true,
                ..ClientState::default()
            },
        ] {
            assert!(restore_needed(&stored), "{stored:?}");
        }
    }

    #[test]
    fn reload_reopens_the_register_modal_with_mobile_and_code() {
        let (state, fx) = restored(guest(Some(Modal::Register), Some(MOBILE), Some("1234")));
        assert_eq!(state.step, LoginStep::Register);
        assert_eq!(
            fx,
            vec![Effect::OpenModal {
                modal: Modal::Register
            }]
        );
        // The restored flow can finish the sign-up.
        let mut j = Journey { state };
        let fx = j.send(
            LoginEvent::SubmitRegistration {
                name: "Ali".into(),
                email: "ali@example.com".into(),
                referral_code: String::new(),
                accept_terms: true,
            },
            10,
        );
        assert_eq!(requests(&fx).len(), 1);
    }

    #[test]
    fn reload_in_register_without_a_code_falls_back_to_verify() {
        let (state, fx) = restored(guest(Some(Modal::Register), Some(MOBILE), None));
        assert_eq!(state.step, LoginStep::VerifyOtp);
        assert_eq!(
            fx,
            vec![
                Effect::OpenModal {
                    modal: Modal::VerifyOtp
                },
                store(StorageKey::ModalStatus, "verifyOtp"),
            ]
        );
    }

    #[test]
    fn reload_reopens_verify_with_the_mobile_and_sms_and_resend_ready() {
        let stored = ClientState {
            login_in_progress: true,
            ..guest(Some(Modal::VerifyOtp), Some(MOBILE), None)
        };
        let (state, fx) = restored(stored);
        assert_eq!(state.step, LoginStep::VerifyOtp);
        assert_eq!(
            fx,
            vec![
                remove(&[StorageKey::TempLoginStatus]),
                Effect::OpenModal {
                    modal: Modal::VerifyOtp
                }
            ]
        );
        assert_eq!(resend_availability(&state, 0), ResendAvailability::Ready);
        assert_eq!(
            resend_availability_since(Some(1_000), 31_000),
            resend_availability(
                &PhoneLogin {
                    code_sent_at_ms: Some(1_000),
                    ..PhoneLogin::default()
                },
                31_000
            )
        );
        let mut j = Journey { state };
        let fx = j.send(
            LoginEvent::SubmitCode {
                code: "5555".into(),
            },
            1,
        );
        assert_eq!(
            requests(&fx),
            vec![&ApiCall::VerifyLoginByOtp {
                mobile: MOBILE.into(),
                channel: Channel::Sms,
                code: "5555".into()
            }]
        );
    }

    #[test]
    fn reload_in_verify_keeps_counting_down_to_the_stored_deadline() {
        // The sign-in's storage effects up to the code sent at 10 s, as a reload reads them.
        let mut storage = crate::storage::MemoryStorage::new();
        let mut j = Journey::new();
        let mut fx = j.send(LoginEvent::OpenSignIn, 10_000);
        fx.extend(j.send(
            LoginEvent::RequestCode {
                mobile: MOBILE.into(),
                channel: Channel::Sms,
            },
            10_000,
        ));
        fx.extend(j.send(LoginEvent::CodeSent, 10_000));
        crate::storage::apply(&mut storage, &fx).unwrap();
        let stored = crate::storage::read_state(&storage);
        assert_eq!(stored.resend_ready_at, Some(70_000));
        let update = update(
            PhoneLogin::default(),
            LoginEvent::Restore {
                stored: Box::new(stored),
            },
            25_000,
        );
        assert_eq!(
            update.effects,
            vec![
                Effect::OpenModal {
                    modal: Modal::VerifyOtp
                },
                Effect::WakeAt { at_ms: 70_000 },
            ]
        );
        let ResendAvailability::Wait { seconds, .. } = resend_availability(&update.state, 25_000)
        else {
            panic!("resend must still wait after the reload");
        };
        assert_eq!(seconds, 45);
        assert_eq!(
            resend_availability(&update.state, 70_000),
            ResendAvailability::Ready
        );
        // An early resend after the reload is not sent to the server.
        let mut j = Journey {
            state: update.state,
        };
        assert!(requests(&j.send(LoginEvent::Resend, 30_000)).is_empty());
    }

    #[test]
    fn reload_in_verify_without_a_mobile_falls_back_to_sign_in() {
        let (state, fx) = restored(guest(Some(Modal::VerifyOtp), None, None));
        assert_eq!(state.step, LoginStep::SignIn);
        assert_eq!(
            fx,
            vec![
                Effect::OpenModal {
                    modal: Modal::SignIn
                },
                store(StorageKey::ModalStatus, "signIn"),
            ]
        );
    }

    #[test]
    fn reload_reopens_sign_in_and_the_location_picker() {
        let (state, fx) = restored(guest(Some(Modal::SignIn), Some(MOBILE), None));
        assert_eq!(state.step, LoginStep::SignIn);
        assert_eq!(state.mobile.as_deref(), Some(MOBILE));
        assert_eq!(
            fx,
            vec![Effect::OpenModal {
                modal: Modal::SignIn
            }]
        );

        let (state, fx) = restored(guest(Some(Modal::PickAddress), None, None));
        assert_eq!(state.step, LoginStep::Closed);
        assert_eq!(
            fx,
            vec![Effect::OpenModal {
                modal: Modal::PickAddress
            }]
        );
    }

    #[test]
    fn reload_with_nothing_remembered_does_nothing_and_tidies_leftovers() {
        let (state, fx) = restored(ClientState::default());
        assert_eq!(state, PhoneLogin::default());
        assert!(fx.is_empty());
        let (_, fx) = restored(guest(None, Some(MOBILE), Some("1234")));
        assert_eq!(
            fx,
            vec![remove(&[
                StorageKey::UserMobile,
                StorageKey::UserCode,
                StorageKey::UserExists
            ])]
        );
    }

    #[test]
    fn reload_when_signed_in_resumes_no_sign_in() {
        let stored = ClientState {
            token: Some("tok".into()),
            ..guest(Some(Modal::VerifyOtp), Some(MOBILE), None)
        };
        let (state, fx) = restored(stored);
        assert_eq!(state.step, LoginStep::Closed);
        assert_eq!(
            fx,
            vec![remove(&[StorageKey::UserMobile, StorageKey::ModalStatus])]
        );
    }

    #[test]
    fn wait_message_reads_well_in_arabic_too() {
        let message = Message::new(MessageId::WaitBeforeResend).with("seconds", 5);
        assert_eq!(
            message.render(Language::Ar),
            "انتظر ٥ ثوانٍ قبل إعادة الإرسال!"
        );
    }

    #[test]
    fn events_and_state_cross_as_json() {
        let event: LoginEvent = serde_json::from_value(serde_json::json!({
            "type": "request_code", "mobile": MOBILE, "channel": "whatsapp"
        }))
        .unwrap();
        assert_eq!(
            event,
            LoginEvent::RequestCode {
                mobile: MOBILE.into(),
                channel: Channel::Whatsapp
            }
        );
        let state = Journey::code_sent(Channel::Sms, 0).state;
        let json = serde_json::to_value(&state).unwrap();
        assert_eq!(json["step"], "verifyOtp");
        assert_eq!(json["login"]["isSuccess"], true);
        let back: PhoneLogin = serde_json::from_value(json).unwrap();
        assert_eq!(back, state);
    }

    #[test]
    fn the_flow_handle_keeps_the_state_and_shows_no_code() {
        let mut flow = PhoneLoginFlow::default();
        assert_eq!(
            flow.step(LoginEvent::OpenSignIn, 0).view.step,
            LoginStep::SignIn
        );
        let asked = flow.step(
            LoginEvent::RequestCode {
                mobile: MOBILE.into(),
                channel: Channel::Sms,
            },
            1_000,
        );
        assert!(asked.view.login.is_loading);
        assert!(
            asked
                .effects
                .iter()
                .any(|e| matches!(e, Effect::Request { .. }))
        );
        let sent = flow.step(LoginEvent::CodeSent, 2_000);
        assert_eq!(sent.view.step, LoginStep::VerifyOtp);
        assert_eq!(sent.view.mobile.as_deref(), Some(MOBILE));
        assert_eq!(sent.view.code_sent_at_ms, Some(2_000));
        flow.update(
            LoginEvent::SubmitCode {
                code: "9876".into(),
            },
            3_000,
        );
        let view = flow.view();
        assert!(view.verify_otp.is_loading);
        let json = serde_json::to_string(&view).unwrap();
        assert!(!json.contains("9876"), "the code stays in the flow: {json}");
    }
}
