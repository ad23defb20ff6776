//! Session flows: logout, language change, choosing a service (spec 4).

use serde::{Deserialize, Serialize};

use crate::effects::{ApiCall, Effect};
use crate::locale::Language;
use crate::routes::{Access, HOME_PATH, LANDING_PATH, match_route};
use crate::storage::{ClientState, StoredValue, clear_for_logout};

/// Why the customer is being logged out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LogoutReason {
    /// The customer chose Logout.
    Requested,
    /// An API call was refused (spec 8 decides which statuses count).
    Unauthorized,
}

/// Logs out (spec 4): tells the server when a token was stored and the customer asked
/// (an unauthorized answer means the server already refused the token, so asking
/// again would only fail), clears session and location data, resets every cached
/// query, forgets the offline copies of the customer's data and what the session left in
/// memory (sign-in, picker, remembered origin), and reloads the page when `current_path`
/// needs sign-in. Else the page stays, except that an unauthorized answer on a page that
/// needs a location goes to `/` (the location was cleared). The request carries the token, which the clearing then removes.
pub fn logout(stored: &ClientState, current_path: &str, reason: LogoutReason) -> Vec<Effect> {
    let mut effects = Vec::new();
    if let (Some(token), LogoutReason::Requested) = (&stored.token, reason) {
        effects.push(Effect::Request {
            call: ApiCall::Logout {
                token: token.clone(),
            },
        });
    }
    // Session and location data go; language, currency and service stay (the storage
    // module keeps that list, with the user snapshot that would bring the session back).
    effects.push(clear_for_logout());
    effects.push(Effect::ResetQueries);
    effects.push(Effect::ForgetPersonalData);
    effects.push(Effect::ResetSessionState);
    let route = match_route(current_path).map(|m| m.route);
    if route.is_some_and(|r| r.access == Access::Authenticated) {
        effects.push(Effect::ReloadPage);
    } else if reason == LogoutReason::Unauthorized && route.is_some_and(|r| r.needs_location) {
        // The location went with the session: leave for the landing page before the
        // route guard would, so no 'Please choose an address' blames the customer.
        effects.push(Effect::Navigate {
            to: LANDING_PATH.to_owned(),
            after_ms: 0,
        });
    }
    effects
}

/// Switches the language (spec 4). Signed-in customers also save it as their
/// `default_locale` (the server's message is not shown; the profile is fetched again
/// with every other query). Everyone persists it locally, so a reload keeps it, and
/// the document direction, cached queries and remote config follow. Choosing the
/// current language does nothing.
pub fn change_language(current: Language, to: Language, signed_in: bool) -> Vec<Effect> {
    if current == to {
        return Vec::new();
    }
    let mut effects = Vec::new();
    if signed_in {
        effects.push(Effect::Request {
            call: ApiCall::UpdateLanguage { default_locale: to },
        });
    }
    effects.extend([
        StoredValue::Language(to).store(),
        Effect::SetDocumentLanguage { language: to },
        Effect::ResetQueries,
        Effect::ReloadRemoteConfig,
    ]);
    effects
}

/// A service picked in the services bar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ServiceChoice {
    pub id: u64,
    pub name: String,
}

/// Chooses a service (spec 4): store it and its name, empty the branch and product
/// lists, go to `/home`.
pub fn choose_service(service: &ServiceChoice) -> Vec<Effect> {
    vec![
        StoredValue::SelectedService(service.id).store(),
        StoredValue::SelectedServiceName(service.name.clone()).store(),
        Effect::ResetCatalogueLists,
        Effect::Navigate {
            to: HOME_PATH.to_owned(),
            after_ms: 0,
        },
    ]
}

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<LogoutReason>().add::<ServiceChoice>();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{CLEARED_ON_LOGOUT, StorageKey};

    fn signed_in() -> ClientState {
        ClientState {
            token: Some("tok".into()),
            language: Some(Language::Ar),
            district_id: Some(4),
            currency: Some("EGP".into()),
            ..ClientState::default()
        }
    }

    fn removed(effects: &[Effect]) -> Vec<StorageKey> {
        effects
            .iter()
            .flat_map(|e| match e {
                Effect::Remove { keys } => keys.clone(),
                _ => Vec::new(),
            })
            .collect()
    }

    #[test]
    fn logout_on_an_account_page_calls_the_server_clears_and_reloads() {
        let effects = logout(
            &signed_in(),
            "/account/my-orders?tab=1",
            LogoutReason::Requested,
        );
        assert_eq!(
            effects,
            vec![
                Effect::Request {
                    call: ApiCall::Logout {
                        token: "tok".into()
                    }
                },
                Effect::Remove {
                    keys: CLEARED_ON_LOGOUT.to_vec()
                },
                Effect::ResetQueries,
                Effect::ForgetPersonalData,
                Effect::ResetSessionState,
                Effect::ReloadPage,
            ]
        );
    }

    #[test]
    fn logout_clears_session_location_and_login_temporaries_only() {
        let keys = removed(&logout(&signed_in(), "/home", LogoutReason::Requested));
        for key in [
            StorageKey::Token,
            StorageKey::DistrictId,
            StorageKey::AddressId,
            StorageKey::SelectedAddress,
            StorageKey::Location,
            StorageKey::UseDefaultLocation,
            StorageKey::TempLoginStatus,
            StorageKey::UserMobile,
            StorageKey::UserCode,
            StorageKey::UserExists,
            StorageKey::ModalStatus,
        ] {
            assert!(keys.contains(&key), "{key:?} kept");
        }
        for key in [StorageKey::Language, StorageKey::CurrentCurrency] {
            assert!(!keys.contains(&key), "{key:?} removed");
        }
    }

    #[test]
    fn logout_on_a_public_page_stays() {
        let effects = logout(&signed_in(), "/products/3", LogoutReason::Requested);
        assert!(!effects.contains(&Effect::ReloadPage));
        assert!(effects.contains(&Effect::ResetQueries));
        // An unknown path needs no sign-in either.
        assert!(
            !logout(&signed_in(), "/nowhere", LogoutReason::Requested)
                .contains(&Effect::ReloadPage)
        );
    }

    #[test]
    fn an_unauthorized_answer_on_a_page_needing_a_location_goes_quietly_to_the_landing_page() {
        let effects = logout(&signed_in(), "/home", LogoutReason::Unauthorized);
        assert_eq!(
            effects,
            vec![
                Effect::Remove {
                    keys: CLEARED_ON_LOGOUT.to_vec()
                },
                Effect::ResetQueries,
                Effect::ForgetPersonalData,
                Effect::ResetSessionState,
                Effect::Navigate {
                    to: "/".into(),
                    after_ms: 0
                },
            ]
        );
        assert!(!effects.iter().any(|e| matches!(e, Effect::Toast { .. })));
        // A page without a location requirement stays.
        let effects = logout(&signed_in(), "/search-results", LogoutReason::Unauthorized);
        assert!(!effects.iter().any(|e| matches!(e, Effect::Navigate { .. })));
    }

    #[test]
    fn every_logout_resets_the_session_state_in_memory() {
        for reason in [LogoutReason::Requested, LogoutReason::Unauthorized] {
            for path in ["/", "/home", "/account"] {
                assert!(logout(&signed_in(), path, reason).contains(&Effect::ResetSessionState));
            }
        }
    }

    #[test]
    fn no_server_call_without_a_token_or_after_an_unauthorized_answer() {
        let guest = ClientState::default();
        let effects = logout(&guest, "/cart", LogoutReason::Requested);
        assert!(!effects.iter().any(|e| matches!(e, Effect::Request { .. })));
        let effects = logout(&signed_in(), "/checkout", LogoutReason::Unauthorized);
        assert_eq!(
            effects,
            vec![
                Effect::Remove {
                    keys: CLEARED_ON_LOGOUT.to_vec()
                },
                Effect::ResetQueries,
                Effect::ForgetPersonalData,
                Effect::ResetSessionState,
                Effect::ReloadPage,
            ]
        );
    }

    #[test]
    fn signed_in_language_change_saves_on_the_server_and_locally() {
        assert_eq!(
            change_language(Language::En, Language::Ar, true),
            vec![
                Effect::Request {
                    call: ApiCall::UpdateLanguage {
                        default_locale: Language::Ar
                    }
                },
                Effect::Store {
                    key: StorageKey::Language,
                    value: "ar".into()
                },
                Effect::SetDocumentLanguage {
                    language: Language::Ar
                },
                Effect::ResetQueries,
                Effect::ReloadRemoteConfig,
            ]
        );
    }

    #[test]
    fn guest_language_change_is_local() {
        let effects = change_language(Language::Ar, Language::En, false);
        assert!(!effects.iter().any(|e| matches!(e, Effect::Request { .. })));
        assert!(effects.contains(&Effect::Store {
            key: StorageKey::Language,
            value: "en".into()
        }));
        assert!(effects.contains(&Effect::SetDocumentLanguage {
            language: Language::En
        }));
        assert!(change_language(Language::En, Language::En, true).is_empty());
    }

    #[test]
    fn choosing_a_service_stores_it_resets_lists_and_goes_home() {
        let effects = choose_service(&ServiceChoice {
            id: 7,
            name: "Pharmacy".into(),
        });
        assert_eq!(
            effects,
            vec![
                Effect::Store {
                    key: StorageKey::SelectedService,
                    value: "7".into()
                },
                Effect::Store {
                    key: StorageKey::SelectedServiceName,
                    value: "Pharmacy".into()
                },
                Effect::ResetCatalogueLists,
                Effect::Navigate {
                    to: "/home".into(),
                    after_ms: 0
                },
            ]
        );
    }
}
