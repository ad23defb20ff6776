//! Remote config (`GET /remote-config`, spec 3), read leniently.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use crate::auth::Channel;
use crate::lenient::{flag, id, number, text};

/// The default location guests get when default locations are forced.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DefaultLocation {
    pub district_id: u64,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
}

/// Remote config as the app uses it. Read from server JSON with [`RemoteConfig::from_json`]
/// (or serde): booleans may be `0`/`1`/`"0"`/`"1"`, ids numbers or numeric strings,
/// missing or unreadable fields take their defaults (absent, false); a default location
/// without a district is no default location.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RemoteConfig {
    pub app_name: Option<String>,
    pub title: Option<String>,
    pub description: Option<String>,
    pub keywords: Option<String>,
    pub fav_icon: Option<String>,
    /// Default country of the international phone field.
    pub default_country_code: Option<String>,
    pub default_service_id: Option<u64>,
    pub enable_services_page: bool,
    pub force_select_default_locations: bool,
    pub default_location: Option<DefaultLocation>,
    pub verification_methods_sms: bool,
    pub verification_methods_whatsapp: bool,
}

/// What the startup plan reads from remote config (spec 3).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StartupConfig {
    pub force_select_default_locations: bool,
    pub default_location: Option<DefaultLocation>,
    pub default_service_id: Option<u64>,
}

impl StartupConfig {
    /// Reads the three fields from remote config's `data` (or an object holding only
    /// them) as [`RemoteConfig::from_json`] does; never fails.
    pub fn from_json(value: &Value) -> Self {
        let default_location = value.get("default_location").and_then(|location| {
            Some(DefaultLocation {
                district_id: id(location.get("district_id"))?,
                latitude: number(location.get("latitude")),
                longitude: number(location.get("longitude")),
            })
        });
        Self {
            force_select_default_locations: flag(value.get("force_select_default_locations")),
            default_location,
            default_service_id: id(value.get("default_service_id")),
        }
    }
}

impl From<&RemoteConfig> for StartupConfig {
    fn from(config: &RemoteConfig) -> Self {
        Self {
            force_select_default_locations: config.force_select_default_locations,
            default_location: config.default_location,
            default_service_id: config.default_service_id,
        }
    }
}

impl RemoteConfig {
    /// Reads remote config from the server's `data` object; never fails.
    pub fn from_json(value: &Value) -> Self {
        let get = |name: &str| value.get(name);
        let startup = StartupConfig::from_json(value);
        Self {
            app_name: text(get("app_name")),
            title: text(get("title")),
            description: text(get("description")),
            keywords: text(get("keywords")),
            fav_icon: text(get("fav_icon")),
            default_country_code: text(get("default_country_code")),
            default_service_id: startup.default_service_id,
            enable_services_page: flag(get("enable_services_page")),
            force_select_default_locations: startup.force_select_default_locations,
            default_location: startup.default_location,
            verification_methods_sms: flag(get("verification_methods_sms")),
            verification_methods_whatsapp: flag(get("verification_methods_whatsapp")),
        }
    }

    /// The channels the sign-in modal offers. When the config enables neither, SMS is
    /// offered anyway: without a channel nobody could sign in.
    pub fn channels(&self) -> Vec<Channel> {
        let mut channels = Vec::new();
        if self.verification_methods_sms {
            channels.push(Channel::Sms);
        }
        if self.verification_methods_whatsapp {
            channels.push(Channel::Whatsapp);
        }
        if channels.is_empty() {
            channels.push(Channel::Sms);
        }
        channels
    }
}

impl<'de> Deserialize<'de> for RemoteConfig {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Self::from_json(&Value::deserialize(deserializer)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_numbers_and_strings_for_flags_and_ids() {
        let config = RemoteConfig::from_json(&json!({
            "app_name": "Souq",
            "default_country_code": "EG",
            "default_service_id": "3",
            "enable_services_page": 1,
            "force_select_default_locations": "1",
            "default_location": {"district_id": "9", "latitude": "30.05", "longitude": 31.23},
            "verification_methods_sms": "0",
            "verification_methods_whatsapp": true
        }));
        assert_eq!(config.app_name.as_deref(), Some("Souq"));
        assert_eq!(config.default_service_id, Some(3));
        assert!(config.enable_services_page);
        assert!(config.force_select_default_locations);
        assert_eq!(
            config.default_location,
            Some(DefaultLocation {
                district_id: 9,
                latitude: Some(30.05),
                longitude: Some(31.23)
            })
        );
        assert!(!config.verification_methods_sms);
        assert_eq!(config.channels(), vec![Channel::Whatsapp]);
    }

    #[test]
    fn missing_or_garbage_fields_default() {
        for raw in [json!({}), json!(null), json!("oops"), json!([1, 2])] {
            assert_eq!(RemoteConfig::from_json(&raw), RemoteConfig::default());
        }
        let config = RemoteConfig::from_json(&json!({
            "default_location": {"latitude": 1, "longitude": 2},
            "default_service_id": "abc"
        }));
        assert_eq!(config.default_location, None);
        assert_eq!(config.default_service_id, None);
        assert_eq!(config.channels(), vec![Channel::Sms]);
    }

    #[test]
    fn serialised_config_reads_back_the_same() {
        let config = RemoteConfig::from_json(&json!({
            "title": "Shop",
            "default_service_id": 2,
            "verification_methods_sms": 1,
            "default_location": {"district_id": 4}
        }));
        let back: RemoteConfig =
            serde_json::from_value(serde_json::to_value(&config).unwrap()).unwrap();
        assert_eq!(back, config);
        assert_eq!(config.channels(), vec![Channel::Sms]);
    }
}
