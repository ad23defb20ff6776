//! What to use and what to load when the app starts (spec 4), and whether the app
//! shows a spinner, the failure message or the page (spec 2).

use serde::{Deserialize, Serialize};

use super::config::StartupConfig;
use super::profile::StartupProfile;
use crate::effects::Effect;
use crate::locale::Language;
use crate::location::{Address, LatLng};
use crate::messages::{Message, MessageId};
use crate::storage::{ClientState, StorageKey, StoredValue};

/// A query the app starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum StartupLoad {
    RemoteConfig,
    Settings,
    Profile,
    Services,
    SelectedService,
    Products,
    Branches,
    Cart,
}

/// The outcome of [`plan`]: the values to use, the storage changes that make them
/// stick, and the loads to start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StartupPlan {
    pub language: Language,
    pub district_id: Option<u64>,
    pub address_id: Option<u64>,
    pub selected_address: Option<Address>,
    pub location: Option<LatLng>,
    pub use_default_location: bool,
    pub selected_service: Option<u64>,
    /// Only `Store` and `Remove`, and only for values that change.
    pub effects: Vec<Effect>,
    pub loads: Vec<StartupLoad>,
}

/// The first loads (spec 4): remote config and settings, and the profile when signed in.
pub fn initial_loads(stored: &ClientState) -> Vec<StartupLoad> {
    let mut loads = vec![StartupLoad::RemoteConfig, StartupLoad::Settings];
    if stored.signed_in() {
        loads.push(StartupLoad::Profile);
    }
    loads
}

/// Plans the start once remote config (and, when signed in, the profile) are in
/// (spec 4):
/// - default locations forced, signed in: district, location and address come from
///   the profile's address; without an address (or without its district) they are
///   removed. Without a profile (it failed) the stored values stay.
/// - default locations forced, guest: the configured default location, marked with
///   `use_default_location`; a config without one leaves the stored values.
/// - otherwise the stored values stay.
/// - the default service is chosen when none is stored.
/// - with a district and a service: services, the selected service, products and
///   branches load, and the cart too with a token.
/// - the language is the stored one, else (signed in) the profile's, else
///   `page_language`: the language the page was sent in ([`crate::locale::page_language`];
///   English when nothing else is known).
pub fn plan(
    config: &StartupConfig,
    profile: Option<&StartupProfile>,
    stored: &ClientState,
    page_language: Language,
) -> StartupPlan {
    let signed_in = stored.signed_in();
    let mut place = Place {
        district_id: stored.district_id,
        address_id: stored.address_id,
        selected_address: stored.selected_address.clone(),
        location: stored.location,
        use_default_location: stored.use_default_location,
    };
    if config.force_select_default_locations {
        if signed_in {
            if let Some(profile) = profile {
                place = Place::from_address(profile.address.as_ref());
            }
        } else if let Some(default) = config.default_location {
            place.district_id = Some(default.district_id);
            place.location = match (default.latitude, default.longitude) {
                (Some(lat), Some(lng)) => Some(LatLng { lat, lng }),
                _ => None,
            };
            place.use_default_location = true;
        }
    }
    let selected_service = stored.selected_service.or(config.default_service_id);
    let language = stored
        .language
        .or_else(|| profile.filter(|_| signed_in).and_then(|p| p.default_locale))
        .unwrap_or(page_language);

    let mut effects = place.changes_from(stored);
    if stored.selected_service.is_none()
        && let Some(service) = selected_service
    {
        effects.insert(0, StoredValue::SelectedService(service).store());
    }

    let mut loads = Vec::new();
    if place.district_id.is_some() && selected_service.is_some() {
        loads.extend([
            StartupLoad::Services,
            StartupLoad::SelectedService,
            StartupLoad::Products,
            StartupLoad::Branches,
        ]);
        if signed_in {
            loads.push(StartupLoad::Cart);
        }
    }

    StartupPlan {
        language,
        district_id: place.district_id,
        address_id: place.address_id,
        selected_address: place.selected_address,
        location: place.location,
        use_default_location: place.use_default_location,
        selected_service,
        effects,
        loads,
    }
}

/// The location values a plan decides.
struct Place {
    district_id: Option<u64>,
    address_id: Option<u64>,
    selected_address: Option<Address>,
    location: Option<LatLng>,
    use_default_location: bool,
}

impl Place {
    /// A signed-in customer's place: their profile address, or nothing.
    fn from_address(address: Option<&Address>) -> Self {
        Self {
            district_id: address.and_then(|a| a.district_id),
            address_id: address.map(|a| a.id),
            selected_address: address.cloned(),
            location: address.and_then(|a| a.location).map(LatLng::from),
            use_default_location: false,
        }
    }

    /// `Store` for each new value, one `Remove` for the values that went away.
    fn changes_from(&self, stored: &ClientState) -> Vec<Effect> {
        let mut effects = Vec::new();
        let mut removed = Vec::new();
        let mut change = |key: StorageKey, value: Option<StoredValue>, changed: bool| {
            if changed {
                match value {
                    Some(value) => effects.push(value.store()),
                    None => removed.push(key),
                }
            }
        };
        change(
            StorageKey::DistrictId,
            self.district_id.map(StoredValue::DistrictId),
            self.district_id != stored.district_id,
        );
        change(
            StorageKey::AddressId,
            self.address_id.map(StoredValue::AddressId),
            self.address_id != stored.address_id,
        );
        change(
            StorageKey::SelectedAddress,
            self.selected_address
                .clone()
                .map(StoredValue::SelectedAddress),
            self.selected_address != stored.selected_address,
        );
        change(
            StorageKey::Location,
            self.location.map(StoredValue::Location),
            self.location != stored.location,
        );
        change(
            StorageKey::UseDefaultLocation,
            self.use_default_location
                .then_some(StoredValue::UseDefaultLocation(true)),
            self.use_default_location != stored.use_default_location,
        );
        if !removed.is_empty() {
            effects.push(Effect::Remove { keys: removed });
        }
        effects
    }
}

/// Where one of the startup queries is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LoadState {
    /// Not started (for the profile and the selected service: not needed).
    #[default]
    Idle,
    Loading,
    Loaded,
    Failed,
}

/// The queries the app waits for before showing a page (spec 2).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StartupLoads {
    pub settings: LoadState,
    pub remote_config: LoadState,
    pub selected_service: LoadState,
    pub profile: LoadState,
}

/// What the app shows while starting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum StartupScreen {
    /// The spinner.
    Loading,
    Ready,
    /// 'Loading failed! Please reload.'
    Failed {
        message: Message,
    },
}

/// The spinner and failure rule (spec 2): any failure shows 'Loading failed! Please
/// reload.'; otherwise anything loading shows the spinner. Settings and remote config
/// are always needed, so until they are loaded the spinner shows even if they have
/// not started; the profile and the selected service are only waited for while
/// loading (idle means not needed: a guest, no district yet).
pub fn startup_screen(loads: &StartupLoads) -> StartupScreen {
    let all = [
        loads.settings,
        loads.remote_config,
        loads.selected_service,
        loads.profile,
    ];
    if all.contains(&LoadState::Failed) {
        return StartupScreen::Failed {
            message: Message::new(MessageId::LoadingFailed),
        };
    }
    let always_needed = [loads.settings, loads.remote_config];
    if all.contains(&LoadState::Loading) || always_needed.contains(&LoadState::Idle) {
        return StartupScreen::Loading;
    }
    StartupScreen::Ready
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::location::GeoPoint;
    use serde_json::json;

    fn forced_config() -> StartupConfig {
        StartupConfig::from_json(&json!({
            "force_select_default_locations": 1,
            "default_service_id": 2,
            "default_location": {"district_id": 9, "latitude": 30.0, "longitude": 31.0}
        }))
    }

    /// A default address (shared with the flow's tests).
    pub(in crate::startup) fn address() -> Address {
        Address {
            id: 15,
            name: Some("Home".into()),
            region: None,
            postal_code: None,
            address_details: None,
            district_id: Some(4),
            location: Some(GeoPoint {
                latitude: 30.5,
                longitude: 31.5,
            }),
            country_id: None,
            city_id: None,
        }
    }

    fn profile_with(address: Option<Address>, locale: Option<Language>) -> StartupProfile {
        StartupProfile {
            address,
            default_locale: locale,
        }
    }

    fn signed_in() -> ClientState {
        ClientState {
            token: Some("tok".into()),
            ..ClientState::default()
        }
    }

    #[test]
    fn first_loads_include_the_profile_only_when_signed_in() {
        assert_eq!(
            initial_loads(&ClientState::default()),
            vec![StartupLoad::RemoteConfig, StartupLoad::Settings]
        );
        assert_eq!(
            initial_loads(&signed_in()),
            vec![
                StartupLoad::RemoteConfig,
                StartupLoad::Settings,
                StartupLoad::Profile
            ]
        );
    }

    #[test]
    fn forced_signed_in_takes_the_profile_address() {
        let plan = plan(
            &forced_config(),
            Some(&profile_with(Some(address()), Some(Language::Ar))),
            &signed_in(),
            Language::En,
        );
        assert_eq!(plan.district_id, Some(4));
        assert_eq!(plan.address_id, Some(15));
        assert_eq!(
            plan.location,
            Some(LatLng {
                lat: 30.5,
                lng: 31.5
            })
        );
        assert!(!plan.use_default_location);
        assert_eq!(plan.language, Language::Ar);
        assert_eq!(plan.selected_service, Some(2));
        let address_json = serde_json::to_string(&address()).unwrap();
        assert_eq!(
            plan.effects,
            vec![
                Effect::Store {
                    key: StorageKey::SelectedService,
                    value: "2".into()
                },
                Effect::Store {
                    key: StorageKey::DistrictId,
                    value: "4".into()
                },
                Effect::Store {
                    key: StorageKey::AddressId,
                    value: "15".into()
                },
                Effect::Store {
                    key: StorageKey::SelectedAddress,
                    value: address_json
                },
                Effect::Store {
                    key: StorageKey::Location,
                    value: r#"{"lat":30.5,"lng":31.5}"#.into()
                },
            ]
        );
        assert_eq!(
            plan.loads,
            vec![
                StartupLoad::Services,
                StartupLoad::SelectedService,
                StartupLoad::Products,
                StartupLoad::Branches,
                StartupLoad::Cart
            ]
        );
    }

    #[test]
    fn forced_signed_in_without_an_address_loses_the_district() {
        let stored = ClientState {
            district_id: Some(9),
            location: Some(LatLng { lat: 1.0, lng: 2.0 }),
            use_default_location: true,
            selected_service: Some(5),
            ..signed_in()
        };
        let plan = plan(
            &forced_config(),
            Some(&profile_with(None, None)),
            &stored,
            Language::En,
        );
        assert_eq!(plan.district_id, None);
        assert_eq!(
            plan.effects,
            vec![Effect::Remove {
                keys: vec![
                    StorageKey::DistrictId,
                    StorageKey::Location,
                    StorageKey::UseDefaultLocation
                ]
            }]
        );
        assert!(plan.loads.is_empty());
        assert_eq!(plan.selected_service, Some(5));
    }

    #[test]
    fn forced_guest_takes_the_configured_default_location() {
        let plan = plan(
            &forced_config(),
            None,
            &ClientState::default(),
            Language::En,
        );
        assert_eq!(plan.district_id, Some(9));
        assert_eq!(
            plan.location,
            Some(LatLng {
                lat: 30.0,
                lng: 31.0
            })
        );
        assert!(plan.use_default_location);
        assert_eq!(plan.language, Language::En);
        assert!(plan.effects.contains(&Effect::Store {
            key: StorageKey::UseDefaultLocation,
            value: "true".into()
        }));
        assert!(plan.effects.contains(&Effect::Store {
            key: StorageKey::DistrictId,
            value: "9".into()
        }));
        assert_eq!(
            plan.loads,
            vec![
                StartupLoad::Services,
                StartupLoad::SelectedService,
                StartupLoad::Products,
                StartupLoad::Branches
            ]
        );
    }

    #[test]
    fn not_forced_keeps_the_stored_place_and_changes_nothing_already_stored() {
        let stored = ClientState {
            district_id: Some(3),
            selected_service: Some(8),
            language: Some(Language::Ar),
            ..ClientState::default()
        };
        let config = StartupConfig {
            force_select_default_locations: false,
            ..forced_config()
        };
        let plan = plan(&config, None, &stored, Language::En);
        assert_eq!(plan.district_id, Some(3));
        assert_eq!(plan.selected_service, Some(8));
        assert_eq!(plan.language, Language::Ar);
        assert!(plan.effects.is_empty());
        assert_eq!(plan.loads.len(), 4);
    }

    #[test]
    fn stored_language_wins_and_guests_ignore_profile_language() {
        let profile = profile_with(None, Some(Language::Ar));
        let config = StartupConfig::default();
        assert_eq!(
            plan(&config, Some(&profile), &signed_in(), Language::En).language,
            Language::Ar
        );
        let stored = ClientState {
            language: Some(Language::En),
            ..signed_in()
        };
        assert_eq!(
            plan(&config, Some(&profile), &stored, Language::En).language,
            Language::En
        );
        assert_eq!(
            plan(
                &config,
                Some(&profile),
                &ClientState::default(),
                Language::En
            )
            .language,
            Language::En
        );
    }

    #[test]
    fn without_a_choice_the_page_keeps_the_language_it_was_sent_in() {
        let config = StartupConfig::default();
        let guest = ClientState::default();
        assert_eq!(
            plan(&config, None, &guest, Language::Ar).language,
            Language::Ar
        );
        let chose_english = ClientState {
            language: Some(Language::En),
            ..ClientState::default()
        };
        assert_eq!(
            plan(&config, None, &chose_english, Language::Ar).language,
            Language::En
        );
        // A signed-in customer's profile language still comes before the page's.
        let profile = profile_with(None, Some(Language::En));
        assert_eq!(
            plan(&config, Some(&profile), &signed_in(), Language::Ar).language,
            Language::En
        );
    }

    #[test]
    fn nothing_loads_without_a_service() {
        let stored = ClientState {
            district_id: Some(3),
            ..signed_in()
        };
        let plan = plan(&StartupConfig::default(), None, &stored, Language::En);
        assert_eq!(plan.selected_service, None);
        assert!(plan.loads.is_empty());
    }

    #[test]
    fn failed_profile_keeps_the_stored_place_when_forced() {
        let stored = ClientState {
            district_id: Some(3),
            ..signed_in()
        };
        let plan = plan(&forced_config(), None, &stored, Language::En);
        assert_eq!(plan.district_id, Some(3));
    }

    fn loads(
        settings: LoadState,
        remote_config: LoadState,
        selected_service: LoadState,
        profile: LoadState,
    ) -> StartupLoads {
        StartupLoads {
            settings,
            remote_config,
            selected_service,
            profile,
        }
    }

    #[test]
    fn spinner_until_everything_needed_is_in_and_failure_wins() {
        use LoadState::*;
        assert_eq!(
            startup_screen(&StartupLoads::default()),
            StartupScreen::Loading
        );
        assert_eq!(
            startup_screen(&loads(Loaded, Loaded, Idle, Idle)),
            StartupScreen::Ready
        );
        assert_eq!(
            startup_screen(&loads(Loaded, Loaded, Loading, Loaded)),
            StartupScreen::Loading
        );
        assert_eq!(
            startup_screen(&loads(Loaded, Loaded, Loaded, Loading)),
            StartupScreen::Loading
        );
        let failed = startup_screen(&loads(Loading, Loaded, Idle, Failed));
        assert_eq!(
            failed,
            StartupScreen::Failed {
                message: Message::new(MessageId::LoadingFailed)
            }
        );
        if let StartupScreen::Failed { message } = failed {
            assert_eq!(message.english(), "Loading failed! Please reload.");
        }
    }
}
