//! `GET /web-manifest`: the storefront's web app manifest (installable PWA), built from
//! the store settings so the installed app carries the store's own name, description,
//! icon and language. Linked from the UI's `<link rel="manifest">`; a manifest request
//! carries no custom headers, so the language comes as `?lang=en|ar` (else the
//! `Language` header, else English).

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use storefront_core::locale::Language;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::error::ApiError;
use crate::http::extract::{Lang, Query};
use crate::http::state::AppState;
use crate::pages::settings::{StoredRemoteConfig, StoredSettings, load};

/// The brand colour of the UI's design tokens (`--color-brand`), for the browser chrome.
pub const THEME_COLOR: &str = "#0f766e";
/// The page background of the UI's design tokens (`--color-page`), for the splash screen.
pub const BACKGROUND_COLOR: &str = "#f8fafc";

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ManifestQuery {
    /// `en` or `ar`; an unknown value reads as absent.
    lang: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ManifestIcon {
    pub src: String,
    pub sizes: String,
    #[serde(rename = "type")]
    pub mime: String,
    pub purpose: String,
}

/// A W3C web app manifest.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebManifest {
    pub name: String,
    pub short_name: String,
    pub description: String,
    pub lang: String,
    /// `rtl` for Arabic.
    pub dir: String,
    pub start_url: String,
    pub scope: String,
    pub display: String,
    pub theme_color: String,
    pub background_color: String,
    pub icons: Vec<ManifestIcon>,
}

fn icon(src: &str) -> ManifestIcon {
    let mime = match src.rsplit('.').next() {
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("webp") => "image/webp",
        _ => "image/jpeg",
    };
    ManifestIcon {
        src: src.to_owned(),
        // Vector icons scale to every size; a raster logo is declared for the common one.
        sizes: if mime == "image/svg+xml" {
            "any"
        } else {
            "512x512"
        }
        .to_owned(),
        mime: mime.to_owned(),
        purpose: "any".to_owned(),
    }
}

fn manifest(settings: &StoredSettings, config: &StoredRemoteConfig, lang: Language) -> WebManifest {
    let name = settings.app_names.get(lang);
    let mut icons = vec![icon(&settings.logo)];
    if config.fav_icon != settings.logo && !config.fav_icon.is_empty() {
        icons.push(icon(&config.fav_icon));
    }
    WebManifest {
        short_name: name.clone(),
        name,
        description: config.description.get(lang),
        lang: lang.code().to_owned(),
        dir: lang.direction().as_str().to_owned(),
        start_url: "/".to_owned(),
        scope: "/".to_owned(),
        display: "standalone".to_owned(),
        theme_color: THEME_COLOR.to_owned(),
        background_color: BACKGROUND_COLOR.to_owned(),
        icons,
    }
}

/// The web app manifest in a language, from the store settings.
#[utoipa::path(get, path = "/web-manifest", tag = "settings", params(ManifestQuery,
        ("Language" = Option<String>, Header, description = "en or ar, when `lang` is not given")),
    responses((status = 200, description = "A web app manifest", body = WebManifest,
        content_type = "application/manifest+json")))]
async fn get_web_manifest(
    State(state): State<AppState>,
    Lang(header_lang): Lang,
    Query(query): Query<ManifestQuery>,
) -> Result<Response, ApiError> {
    let lang = query
        .lang
        .as_deref()
        .and_then(|code| Language::parse(code).ok())
        .unwrap_or(header_lang);
    let (settings, config) = state
        .db
        .read(|c| Ok((load(c, "settings")?, load(c, "remote_config")?)))
        .await?;
    let body = serde_json::to_string(&manifest(&settings, &config, lang))
        .map_err(|e| ApiError::internal(e.to_string()))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/manifest+json"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response())
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_web_manifest))
}
