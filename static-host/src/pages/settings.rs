//! `GET /setting` and `GET /remote-config` (spec 3, 7). Both are stored as JSON in
//! the `settings` table with `{"en", "ar"}` objects for translated text, and answered
//! in the request's language.

use rusqlite::OptionalExtension;
use serde::{Deserialize, Serialize};
use storefront_core::locale::Language;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::envelope::Data;
use crate::http::error::ApiError;
use crate::http::extract::Lang;
use crate::http::state::AppState;
use axum::Json;
use axum::extract::State;

/// Text in both languages, as stored.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Localized {
    pub en: String,
    pub ar: String,
}

impl Localized {
    pub fn new(en: &str, ar: &str) -> Self {
        Localized {
            en: en.to_owned(),
            ar: ar.to_owned(),
        }
    }

    pub fn get(&self, lang: Language) -> String {
        match lang {
            Language::En => self.en.clone(),
            Language::Ar => self.ar.clone(),
        }
    }
}

/// Stored settings.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoredSettings {
    pub logo: String,
    pub app_names: Localized,
    pub general_setting: GeneralSetting,
    pub social_media: SocialMedia,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct GeneralSetting {
    pub store_name_ar: String,
    pub store_name_en: String,
    pub email: String,
    pub phone_number: String,
    pub address_ar: String,
    pub address_en: String,
    pub map_url: Option<String>,
    pub ios_app_link: Option<String>,
    pub android_app_link: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
pub struct SocialMedia {
    pub twitter: Option<String>,
    pub instagram: Option<String>,
    pub facebook: Option<String>,
    pub linkedin: Option<String>,
    pub youtube: Option<String>,
    pub snapchat: Option<String>,
    /// A phone number; the client opens a chat link with it.
    pub whatsapp: Option<String>,
}

/// `GET /setting` response data (spec 3).
#[derive(Debug, Serialize, ToSchema)]
pub struct Settings {
    pub logo: String,
    /// The store name in every language.
    pub app_names: Localized,
    /// The store name in the request's language.
    pub app_name: String,
    pub general_setting: GeneralSetting,
    pub social_media: SocialMedia,
}

/// Stored remote config.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoredRemoteConfig {
    pub app_name: Localized,
    pub title: Localized,
    pub description: Localized,
    pub keywords: Localized,
    pub fav_icon: String,
    pub default_country_code: String,
    pub default_service_id: i64,
    pub enable_services_page: bool,
    pub force_select_default_locations: bool,
    pub default_location: DefaultLocation,
    pub verification_methods_sms: bool,
    pub verification_methods_whatsapp: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct DefaultLocation {
    pub district_id: i64,
    pub latitude: f64,
    pub longitude: f64,
}

/// `GET /remote-config` response data (spec 3).
#[derive(Debug, Serialize, ToSchema)]
pub struct RemoteConfig {
    pub app_name: String,
    pub title: String,
    pub description: String,
    pub keywords: String,
    pub fav_icon: String,
    /// ISO 3166 code of the phone field's default country.
    pub default_country_code: String,
    pub default_service_id: i64,
    pub enable_services_page: bool,
    pub force_select_default_locations: bool,
    pub default_location: DefaultLocation,
    pub verification_methods_sms: bool,
    pub verification_methods_whatsapp: bool,
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_setting))
        .routes(routes!(get_remote_config))
}

/// Reads a JSON setting stored under `key`.
pub fn load<T: for<'de> Deserialize<'de>>(
    conn: &rusqlite::Connection,
    key: &str,
) -> Result<T, ApiError> {
    let text: Option<String> = conn
        .query_row("SELECT value FROM settings WHERE key = ?1", [key], |r| {
            r.get(0)
        })
        .optional()?;
    let text = text.ok_or_else(|| ApiError::internal(format!("setting {key} missing")))?;
    serde_json::from_str(&text)
        .map_err(|e| ApiError::internal(format!("setting {key} corrupt: {e}")))
}

pub async fn remote_config(state: &AppState) -> Result<StoredRemoteConfig, ApiError> {
    state.db.read(|c| load(c, "remote_config")).await
}

/// Store settings: name, logo, contact information, social links.
#[utoipa::path(get, path = "/setting", tag = "settings",
    params(("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<Settings>)))]
async fn get_setting(
    State(state): State<AppState>,
    Lang(lang): Lang,
) -> Result<Json<Data<Settings>>, ApiError> {
    let stored: StoredSettings = state.db.read(|c| load(c, "settings")).await?;
    Ok(Json(Data::new(Settings {
        logo: stored.logo,
        app_name: stored.app_names.get(lang),
        app_names: stored.app_names,
        general_setting: stored.general_setting,
        social_media: stored.social_media,
    })))
}

/// Remote config: texts for the page head, the phone field's default country,
/// the default service and location, and the enabled verification methods.
#[utoipa::path(get, path = "/remote-config", tag = "settings",
    params(("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<RemoteConfig>)))]
async fn get_remote_config(
    State(state): State<AppState>,
    Lang(lang): Lang,
) -> Result<Json<Data<RemoteConfig>>, ApiError> {
    let c = remote_config(&state).await?;
    Ok(Json(Data::new(RemoteConfig {
        app_name: c.app_name.get(lang),
        title: c.title.get(lang),
        description: c.description.get(lang),
        keywords: c.keywords.get(lang),
        fav_icon: c.fav_icon,
        default_country_code: c.default_country_code,
        default_service_id: c.default_service_id,
        enable_services_page: c.enable_services_page,
        force_select_default_locations: c.force_select_default_locations,
        default_location: c.default_location,
        verification_methods_sms: c.verification_methods_sms,
        verification_methods_whatsapp: c.verification_methods_whatsapp,
    })))
}
