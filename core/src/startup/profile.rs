//! The user profile response (`GET /user/profile`, spec 3, 7), read leniently.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use crate::lenient::{flag, language, text};
use crate::locale::Language;
use crate::location::Address;

/// Profile gender (spec 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Gender {
    Female,
    Male,
}

/// Which notifications the customer wants. The spec names no fields; these are the
/// reference server's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NotificationPreferences {
    pub orders: bool,
    pub offers: bool,
    pub newsletter: bool,
}

/// The customer's profile (spec 3).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Profile {
    pub name: Option<String>,
    pub image: Option<String>,
    pub email: Option<String>,
    pub company_name: Option<String>,
    pub birthdate: Option<String>,
    pub gender: Option<Gender>,
    /// The customer's default language.
    pub default_locale: Option<Language>,
    pub notifications: Option<NotificationPreferences>,
}

/// `GET /user/profile` `data`: the user, the server's message, the default address and
/// the default language. Read with [`ProfileResponse::from_json`] (or serde): unreadable
/// parts are absent; an address without a readable id is no address.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ProfileResponse {
    pub user: Option<Profile>,
    pub message: Option<String>,
    pub address: Option<Address>,
    /// `default_locale`, falling back to the user's.
    pub default_locale: Option<Language>,
}

/// What the startup plan reads from the signed-in customer's profile (spec 3, 7).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StartupProfile {
    /// The default address, if any.
    pub address: Option<Address>,
    pub default_locale: Option<Language>,
}

impl StartupProfile {
    /// Reads the address and the language from `GET /user/profile`'s `data` (or an
    /// object holding only them) as [`ProfileResponse::from_json`] does; never fails.
    pub fn from_json(value: &Value) -> Self {
        let user = value.get("user").filter(|u| u.is_object());
        // Spec 7 puts the address beside the user, spec 3 inside it: take either; the
        // same for the language.
        let either = |name: &str| [value.get(name), user.and_then(|u| u.get(name))];
        let [beside, inside] = either("address");
        let [locale, user_locale] = either("default_locale");
        Self {
            address: beside
                .and_then(Address::from_json)
                .or_else(|| inside.and_then(Address::from_json)),
            default_locale: language(locale).or_else(|| language(user_locale)),
        }
    }
}

impl From<&ProfileResponse> for StartupProfile {
    fn from(profile: &ProfileResponse) -> Self {
        Self {
            address: profile.address.clone(),
            default_locale: profile.default_locale,
        }
    }
}

impl ProfileResponse {
    /// Reads the response's `data` object; never fails.
    pub fn from_json(value: &Value) -> Self {
        let user = value.get("user").filter(|u| u.is_object());
        let StartupProfile {
            address,
            default_locale,
        } = StartupProfile::from_json(value);
        Self {
            user: user.map(read_profile),
            message: text(value.get("message")),
            address,
            default_locale,
        }
    }
}

impl<'de> Deserialize<'de> for ProfileResponse {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Self::from_json(&Value::deserialize(deserializer)?))
    }
}

fn read_profile(user: &Value) -> Profile {
    let get = |name: &str| user.get(name);
    let gender = match get("gender").and_then(Value::as_str).map(str::trim) {
        Some(g) if g.eq_ignore_ascii_case("female") => Some(Gender::Female),
        Some(g) if g.eq_ignore_ascii_case("male") => Some(Gender::Male),
        _ => None,
    };
    let notifications =
        get("notifications")
            .filter(|n| n.is_object())
            .map(|n| NotificationPreferences {
                orders: flag(n.get("orders")),
                offers: flag(n.get("offers")),
                newsletter: flag(n.get("newsletter")),
            });
    Profile {
        name: text(get("name")),
        image: text(get("image")),
        email: text(get("email")),
        company_name: text(get("company_name")),
        birthdate: text(get("birthdate")),
        gender,
        default_locale: language(get("default_locale")),
        notifications,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::location::{GeoPoint, Named};
    use serde_json::json;

    #[test]
    fn reads_the_profile_the_address_and_the_language() {
        let response = ProfileResponse::from_json(&json!({
            "user": {
                "name": "Mona", "email": "mona@example.com", "company_name": null,
                "birthdate": "1990-04-01", "gender": "female", "default_locale": "en",
                "notifications": {"orders": 1, "offers": "0", "newsletter": true}
            },
            "message": "Profile loaded",
            "address": {
                "id": "15", "name": "Home", "region": "Giza", "district_id": "4",
                "location": {"latitude": "30.01", "longitude": 31.2},
                "country_id": {"name": "Egypt"}, "city_id": {"name": "Giza"}
            },
            "default_locale": "ar"
        }));
        let user = response.user.clone().unwrap();
        assert_eq!(user.name.as_deref(), Some("Mona"));
        assert_eq!(user.company_name, None);
        assert_eq!(user.gender, Some(Gender::Female));
        assert_eq!(
            user.notifications,
            Some(NotificationPreferences {
                orders: true,
                offers: false,
                newsletter: true
            })
        );
        assert_eq!(response.default_locale, Some(Language::Ar));
        let address = response.address.unwrap();
        assert_eq!(address.id, 15);
        assert_eq!(address.district_id, Some(4));
        assert_eq!(
            address.location,
            Some(GeoPoint {
                latitude: 30.01,
                longitude: 31.2
            })
        );
        assert_eq!(
            address.city_id,
            Some(Named {
                name: "Giza".into()
            })
        );
    }

    #[test]
    fn falls_back_to_the_users_address_and_language() {
        let response = ProfileResponse::from_json(&json!({
            "user": {"default_locale": "ar", "gender": "other", "address": {"id": 2}}
        }));
        assert_eq!(response.default_locale, Some(Language::Ar));
        assert_eq!(response.address.map(|a| a.id), Some(2));
        assert_eq!(response.user.unwrap().gender, None);
    }

    #[test]
    fn unreadable_parts_are_absent() {
        let response = ProfileResponse::from_json(&json!({
            "user": "nobody", "address": {"name": "no id"}, "default_locale": 5
        }));
        assert_eq!(response, ProfileResponse::default());
        assert_eq!(
            ProfileResponse::from_json(&json!(null)),
            ProfileResponse::default()
        );
        let back: ProfileResponse = serde_json::from_value(
            serde_json::to_value(ProfileResponse::from_json(&json!({
                "user": {"name": "Ali"}, "address": {"id": 3, "district_id": 8}
            })))
            .unwrap(),
        )
        .unwrap();
        assert_eq!(back.address.and_then(|a| a.district_id), Some(8));
        assert_eq!(back.user.and_then(|u| u.name).as_deref(), Some("Ali"));
    }
}
