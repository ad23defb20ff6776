//! The status of one request flow (spec 3 "Auth flow state", spec 4, 9): idle, then
//! loading, then success or failed, back to idle about 3 seconds after the result.

use serde::{Deserialize, Serialize};

use crate::effects::{Effect, Tone};
use crate::flow::Flow;
use crate::messages::Text;

/// How long a success or failure stays shown before the status resets (spec 9).
pub const STATUS_RESET_MS: u64 = 3_000;

/// Where a request flow is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RequestPhase {
    Idle,
    Loading,
    Success,
    Failed,
}

/// The status of a request flow (register, verify, login, verifyOtp, forgetPassword,
/// resetPassword), with the field names of spec 3. Build it with the constructors:
/// at most one of `isLoading`, `isSuccess`, `isFailed` is set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct RequestStatus {
    pub is_loading: bool,
    pub is_success: bool,
    /// What the success said (the server's message when it sent one).
    pub success_message: Option<Text>,
    pub is_failed: bool,
    pub error: Option<Text>,
    /// When a result resets to idle (ms since the epoch).
    pub reset_at_ms: Option<u64>,
}

impl RequestStatus {
    /// Nothing in flight, nothing to show.
    pub fn idle() -> Self {
        Self::default()
    }

    /// A request is in flight.
    pub fn loading() -> Self {
        Self {
            is_loading: true,
            ..Self::default()
        }
    }

    /// The request succeeded at `now_ms`.
    pub fn succeeded(message: Option<Text>, now_ms: u64) -> Self {
        Self {
            is_success: true,
            success_message: message,
            reset_at_ms: Some(now_ms.saturating_add(STATUS_RESET_MS)),
            ..Self::default()
        }
    }

    /// The request failed at `now_ms`.
    pub fn failed(error: Text, now_ms: u64) -> Self {
        Self {
            is_failed: true,
            error: Some(error),
            reset_at_ms: Some(now_ms.saturating_add(STATUS_RESET_MS)),
            ..Self::default()
        }
    }

    /// The phase these flags describe (loading wins over a stale result).
    pub fn phase(&self) -> RequestPhase {
        if self.is_loading {
            RequestPhase::Loading
        } else if self.is_success {
            RequestPhase::Success
        } else if self.is_failed {
            RequestPhase::Failed
        } else {
            RequestPhase::Idle
        }
    }

    /// The status at `now_ms`: a result whose time is up is idle again.
    pub fn at(self, now_ms: u64) -> Self {
        match self.reset_at_ms {
            Some(at) if !self.is_loading && now_ms >= at => Self::idle(),
            _ => self,
        }
    }

    /// The timer the shell must set for the reset, if any.
    pub fn wake(&self) -> Option<Effect> {
        match self.reset_at_ms {
            Some(at_ms) if !self.is_loading => Some(Effect::WakeAt { at_ms }),
            _ => None,
        }
    }
}

/// What happened to a simple request flow (e-mail sign-in, forgot and reset password).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RequestEvent {
    /// The shell is sending the request.
    Started,
    /// The server answered with success and, usually, a message to show.
    Succeeded { message: Option<String> },
    /// The request failed; the error is already extracted (spec 8).
    Failed { error: Text },
    /// A timer set by [`Effect::WakeAt`] fired.
    Tick,
}

/// A request flow's new status and the effects to run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RequestUpdate {
    pub status: RequestStatus,
    pub effects: Vec<Effect>,
}

/// Advances a simple request flow. The server's message is the success toast (spec
/// 7), the error an error toast (spec 8); both reset after 3 seconds. A start while
/// loading and a result while not loading (a stale response) change nothing, so the
/// shell sends the request only when `status.is_loading` turned true.
pub fn update_request(status: RequestStatus, event: RequestEvent, now_ms: u64) -> RequestUpdate {
    let status = status.at(now_ms);
    let mut effects = Vec::new();
    let status = match event {
        RequestEvent::Started if !status.is_loading => RequestStatus::loading(),
        RequestEvent::Succeeded { message } if status.is_loading => {
            let message = server_text(message);
            if let Some(text) = &message {
                effects.push(Effect::Toast {
                    tone: Tone::Success,
                    text: text.clone(),
                });
            }
            let status = RequestStatus::succeeded(message, now_ms);
            effects.extend(status.wake());
            status
        }
        RequestEvent::Failed { error } if status.is_loading => {
            effects.push(Effect::Toast {
                tone: Tone::Error,
                text: error.clone(),
            });
            let status = RequestStatus::failed(error, now_ms);
            effects.extend(status.wake());
            status
        }
        _ => status,
    };
    RequestUpdate { status, effects }
}

/// A server message worth showing: blank messages are dropped.
pub(crate) fn server_text(message: Option<String>) -> Option<Text> {
    message
        .filter(|m| !m.trim().is_empty())
        .map(|text| Text::Server { text })
}

/// A simple request flow (e-mail sign-in, forgot and reset password) as a [`Flow`]: its
/// status stays here, and the view is the status.
#[derive(Debug, Clone, Default)]
pub struct RequestFlow {
    status: RequestStatus,
}

impl Flow for RequestFlow {
    type Event = RequestEvent;
    type View = RequestStatus;

    fn update(&mut self, event: RequestEvent, now_ms: u64) -> Vec<Effect> {
        let RequestUpdate { status, effects } =
            update_request(std::mem::take(&mut self.status), event, now_ms);
        self.status = status;
        effects
    }

    fn view(&self) -> RequestStatus {
        self.status.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::MessageId;

    fn run(status: RequestStatus, events: &[(RequestEvent, u64)]) -> Vec<RequestUpdate> {
        let mut status = status;
        let mut out = Vec::new();
        for (event, now) in events {
            let update = update_request(status, event.clone(), *now);
            status = update.status.clone();
            out.push(update);
        }
        out
    }

    #[test]
    fn goes_idle_loading_success_and_back_to_idle_after_three_seconds() {
        let updates = run(
            RequestStatus::idle(),
            &[
                (RequestEvent::Started, 1_000),
                (
                    RequestEvent::Succeeded {
                        message: Some("Reset code sent".into()),
                    },
                    2_000,
                ),
                (RequestEvent::Tick, 4_999),
                (RequestEvent::Tick, 5_000),
            ],
        );
        assert_eq!(updates[0].status.phase(), RequestPhase::Loading);
        assert!(updates[0].effects.is_empty());
        let success = &updates[1];
        assert_eq!(success.status.phase(), RequestPhase::Success);
        let text = Text::Server {
            text: "Reset code sent".into(),
        };
        assert_eq!(success.status.success_message, Some(text.clone()));
        assert_eq!(
            success.effects,
            vec![
                Effect::Toast {
                    tone: Tone::Success,
                    text
                },
                Effect::WakeAt { at_ms: 5_000 }
            ]
        );
        assert_eq!(updates[2].status.phase(), RequestPhase::Success);
        assert_eq!(updates[3].status, RequestStatus::idle());
    }

    #[test]
    fn failure_toasts_the_error_and_resets() {
        let error = Text::from(MessageId::ValidationError);
        let updates = run(
            RequestStatus::idle(),
            &[
                (RequestEvent::Started, 0),
                (
                    RequestEvent::Failed {
                        error: error.clone(),
                    },
                    10,
                ),
                (RequestEvent::Tick, 3_010),
            ],
        );
        assert!(updates[1].status.is_failed);
        assert_eq!(updates[1].status.error, Some(error.clone()));
        assert_eq!(
            updates[1].effects,
            vec![
                Effect::Toast {
                    tone: Tone::Error,
                    text: error
                },
                Effect::WakeAt { at_ms: 3_010 }
            ]
        );
        assert_eq!(updates[2].status.phase(), RequestPhase::Idle);
    }

    #[test]
    fn double_starts_and_stale_results_change_nothing() {
        let loading = RequestStatus::loading();
        let again = update_request(loading.clone(), RequestEvent::Started, 5);
        assert_eq!(again.status, loading);
        let stale = update_request(
            RequestStatus::idle(),
            RequestEvent::Succeeded {
                message: Some("late".into()),
            },
            5,
        );
        assert_eq!(stale.status, RequestStatus::idle());
        assert!(stale.effects.is_empty());
    }

    #[test]
    fn a_blank_server_message_shows_no_toast() {
        let update = update_request(
            RequestStatus::loading(),
            RequestEvent::Succeeded {
                message: Some("  ".into()),
            },
            0,
        );
        assert!(update.status.is_success);
        assert_eq!(update.status.success_message, None);
        assert_eq!(update.effects, vec![Effect::WakeAt { at_ms: 3_000 }]);
    }

    #[test]
    fn serialises_with_the_spec_field_names() {
        let json = serde_json::to_value(RequestStatus::loading()).unwrap();
        for name in [
            "isLoading",
            "isSuccess",
            "successMessage",
            "isFailed",
            "error",
        ] {
            assert!(json.get(name).is_some(), "{name} missing");
        }
        assert_eq!(json["isLoading"], true);
    }

    #[test]
    fn the_flow_keeps_its_status_between_events_and_resets_on_its_wake() {
        let mut flow = RequestFlow::default();
        let step = flow.step(RequestEvent::Started, 1_000);
        assert!(step.view.is_loading && step.effects.is_empty());
        // A second submit while loading changes nothing.
        assert_eq!(flow.step(RequestEvent::Started, 1_100).view, step.view);
        let done = flow.step(
            RequestEvent::Succeeded {
                message: Some("Sent".into()),
            },
            2_000,
        );
        assert!(done.view.is_success);
        assert!(done.effects.contains(&Effect::WakeAt { at_ms: 5_000 }));
        assert_eq!(
            flow.step(RequestEvent::Tick, 5_000).view,
            RequestStatus::idle()
        );
    }
}
