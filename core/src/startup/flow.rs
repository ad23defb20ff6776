//! Startup as a flow (spec 4): the shell tells it what remote config and the profile
//! answered; it plans the start once, when they are in, and keeps applying the one
//! rule that outlives the start (a signed-in account's language).
//!
//! The flow reads the client's storage through the backend it is given, at each event:
//! storage is the plan's input and its effects are the plan's output, so it never keeps
//! a copy that could go stale. Whether the app shows the spinner, the failure message
//! or the page stays the pure [`super::startup_screen`]: it reads only the loads' states,
//! which the shell has at render time.

use serde::{Deserialize, Serialize};

use super::config::StartupConfig;
use super::plan::{StartupLoad, StartupPlan, plan};
use super::profile::StartupProfile;
use crate::effects::Effect;
use crate::flow::Flow;
use crate::locale::Language;
use crate::storage::{StorageBackend, read_state};

/// What can happen while the app starts, and after.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StartupEvent {
    /// Remote config answered: the three values the plan reads.
    ConfigLoaded { config: StartupConfig },
    /// The signed-in customer's profile answered (`null`: it failed). After the start, a
    /// sign-in's profile: the account's language may apply.
    ProfileAnswered { profile: Option<StartupProfile> },
    /// Storage changed (a sign-in or sign-out, a district or service chosen): the
    /// plan's loads are read again, and a start waiting for a profile no longer waits
    /// once nobody is signed in.
    StorageChanged,
}

/// What the shell renders of the start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StartupView {
    /// The plan has run (its storage effects and language given): pages may show.
    pub started: bool,
    /// The plan loads the cart for what storage holds now: a signed-in customer with a
    /// district and a service (false before the start).
    pub loads_cart: bool,
}

/// The startup flow over the client's storage `B` (the browser's in the bindings).
pub struct StartupFlow<B> {
    storage: B,
    page_language: Language,
    config: Option<StartupConfig>,
    /// The profile's answer: `None` until it came, `Some(None)` when it failed.
    profile: Option<Option<StartupProfile>>,
    /// The language the flow last gave (`None` before the start).
    language: Option<Language>,
}

impl<B: StorageBackend> StartupFlow<B> {
    /// A start over `storage`. `page_language`: the language the page was sent in, used
    /// when none was chosen ([`crate::locale::page_language`]).
    pub fn new(storage: B, page_language: Language) -> Self {
        Self {
            storage,
            page_language,
            config: None,
            profile: None,
            language: None,
        }
    }

    fn profile(&self) -> Option<&StartupProfile> {
        self.profile.as_ref().and_then(Option::as_ref)
    }

    /// The plan for storage now, once remote config is in and, for a signed-in customer
    /// before the start, the profile has answered (a failed profile plans with the
    /// stored values: spec 4).
    fn plan(&self) -> Option<StartupPlan> {
        let config = self.config.as_ref()?;
        let stored = read_state(&self.storage);
        let waiting = self.language.is_none() && stored.signed_in() && self.profile.is_none();
        (!waiting).then(|| plan(config, self.profile(), &stored, self.page_language))
    }
}

impl<B: StorageBackend> Flow for StartupFlow<B> {
    type Event = StartupEvent;
    type View = StartupView;

    fn update(&mut self, event: StartupEvent, _now_ms: u64) -> Vec<Effect> {
        let started = self.language.is_some();
        // After the start only a profile (a sign-in's) matters: its language applies by
        // the start's own rule (a language chosen on this device first), so the page
        // does not change language at the next reload. The same language again is no
        // change.
        let mut new_profile = false;
        match event {
            StartupEvent::ConfigLoaded { config } => self.config = Some(config),
            StartupEvent::ProfileAnswered { profile } => {
                new_profile = profile.is_some();
                self.profile = Some(profile);
            }
            StartupEvent::StorageChanged => {}
        }
        if started && !new_profile {
            return Vec::new();
        }
        let Some(plan) = self.plan() else {
            return Vec::new();
        };
        let language = plan.language;
        let mut effects = if started { Vec::new() } else { plan.effects };
        if self.language != Some(language) {
            effects.push(Effect::SetDocumentLanguage { language });
        }
        self.language = Some(language);
        effects
    }

    fn view(&self) -> StartupView {
        StartupView {
            started: self.language.is_some(),
            loads_cart: self.language.is_some()
                && self
                    .plan()
                    .is_some_and(|plan| plan.loads.contains(&StartupLoad::Cart)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::startup::DefaultLocation;
    use crate::startup::plan::tests::address;
    use crate::storage::{MemoryStorage, StorageKey, StoredValue, apply};

    fn config(forced: bool) -> StartupConfig {
        StartupConfig {
            force_select_default_locations: forced,
            default_location: Some(DefaultLocation {
                district_id: 9,
                latitude: Some(30.0),
                longitude: Some(31.0),
            }),
            default_service_id: Some(2),
        }
    }

    fn profile(locale: Option<Language>) -> StartupProfile {
        StartupProfile {
            address: Some(address()),
            default_locale: locale,
        }
    }

    fn signed_in() -> MemoryStorage {
        let mut storage = MemoryStorage::default();
        storage.set(StorageKey::Token.name(), "tok").unwrap();
        storage
    }

    fn language_effect(language: Language) -> Effect {
        Effect::SetDocumentLanguage { language }
    }

    #[test]
    fn a_guest_starts_when_remote_config_answers() {
        let mut flow = StartupFlow::new(MemoryStorage::default(), Language::Ar);
        assert_eq!(
            flow.view(),
            StartupView {
                started: false,
                loads_cart: false
            }
        );
        let step = flow.step(
            StartupEvent::ConfigLoaded {
                config: config(true),
            },
            0,
        );
        // The configured default location and service stick, then the page's language.
        assert!(step.effects.contains(&StoredValue::DistrictId(9).store()));
        assert!(
            step.effects
                .contains(&StoredValue::SelectedService(2).store())
        );
        assert_eq!(step.effects.last(), Some(&language_effect(Language::Ar)));
        assert!(step.view.started);
    }

    #[test]
    fn the_plan_runs_once() {
        let mut flow = StartupFlow::new(MemoryStorage::default(), Language::En);
        let first = flow.step(
            StartupEvent::ConfigLoaded {
                config: config(true),
            },
            0,
        );
        assert!(!first.effects.is_empty());
        // Remote config refetched (a language change): the start is not planned again.
        let again = flow.step(
            StartupEvent::ConfigLoaded {
                config: config(true),
            },
            0,
        );
        assert_eq!(again.effects, Vec::new());
    }

    #[test]
    fn a_signed_in_start_waits_for_the_profile() {
        let mut flow = StartupFlow::new(signed_in(), Language::En);
        let config_step = flow.step(
            StartupEvent::ConfigLoaded {
                config: config(true),
            },
            0,
        );
        assert_eq!(config_step.effects, Vec::new());
        assert!(!config_step.view.started);

        let step = flow.step(
            StartupEvent::ProfileAnswered {
                profile: Some(profile(Some(Language::Ar))),
            },
            0,
        );
        // Forced default locations: the profile's address, and its language.
        assert!(step.effects.contains(&StoredValue::AddressId(15).store()));
        assert!(step.effects.contains(&StoredValue::DistrictId(4).store()));
        assert_eq!(step.effects.last(), Some(&language_effect(Language::Ar)));
        assert!(step.view.started);
    }

    #[test]
    fn a_failed_profile_starts_with_the_stored_values() {
        let mut flow = StartupFlow::new(signed_in(), Language::En);
        flow.update(
            StartupEvent::ConfigLoaded {
                config: config(true),
            },
            0,
        );
        let step = flow.step(StartupEvent::ProfileAnswered { profile: None }, 0);
        assert!(step.view.started);
        // Nothing of the place changes; only the default service is chosen.
        assert_eq!(
            step.effects,
            vec![
                StoredValue::SelectedService(2).store(),
                language_effect(Language::En)
            ]
        );
    }

    #[test]
    fn a_sign_out_before_the_profile_answers_starts_as_a_guest() {
        let mut flow = StartupFlow::new(signed_in(), Language::En);
        flow.update(
            StartupEvent::ConfigLoaded {
                config: config(true),
            },
            0,
        );
        flow.storage.remove(StorageKey::Token.name());
        let step = flow.step(StartupEvent::StorageChanged, 0);
        assert!(step.view.started);
        assert!(step.effects.contains(&StoredValue::DistrictId(9).store()));
    }

    #[test]
    fn the_view_lists_the_cart_load_for_storage_now() {
        let mut flow = StartupFlow::new(MemoryStorage::default(), Language::En);
        let step = flow.step(
            StartupEvent::ConfigLoaded {
                config: config(true),
            },
            0,
        );
        apply(&mut flow.storage, &step.effects).unwrap();
        let guest = flow.step(StartupEvent::StorageChanged, 0).view;
        assert!(!guest.loads_cart);

        flow.storage.set(StorageKey::Token.name(), "tok").unwrap();
        let customer = flow.step(StartupEvent::StorageChanged, 0).view;
        assert!(customer.loads_cart);
    }

    #[test]
    fn a_sign_in_after_the_start_applies_the_accounts_language_once() {
        let mut flow = StartupFlow::new(MemoryStorage::default(), Language::En);
        flow.update(
            StartupEvent::ConfigLoaded {
                config: config(false),
            },
            0,
        );
        flow.storage.set(StorageKey::Token.name(), "tok").unwrap();
        let arabic = Some(profile(Some(Language::Ar)));
        let step = flow.step(
            StartupEvent::ProfileAnswered {
                profile: arabic.clone(),
            },
            0,
        );
        assert_eq!(step.effects, vec![language_effect(Language::Ar)]);
        // The same answer again (a refetch): nothing new.
        let again = flow.step(StartupEvent::ProfileAnswered { profile: arabic }, 0);
        assert_eq!(again.effects, Vec::new());
    }

    #[test]
    fn a_language_chosen_on_this_device_wins_over_the_accounts() {
        let mut storage = MemoryStorage::default();
        storage.set(StorageKey::Language.name(), "en").unwrap();
        let mut flow = StartupFlow::new(storage, Language::En);
        flow.update(
            StartupEvent::ConfigLoaded {
                config: config(false),
            },
            0,
        );
        flow.storage.set(StorageKey::Token.name(), "tok").unwrap();
        let step = flow.step(
            StartupEvent::ProfileAnswered {
                profile: Some(profile(Some(Language::Ar))),
            },
            0,
        );
        assert_eq!(step.effects, Vec::new());
    }
}
