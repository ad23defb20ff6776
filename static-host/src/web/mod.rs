//! Serving the built UI: hashed assets with long-lived caching, and for `/`,
//! `/index.html` and every client route the app's page. That page is rendered on the
//! server when the UI build brought its templates (`ssr/pages.json`, see [`page`]):
//! the reader's language (page-view cookie, else `Accept-Language`), the data of the
//! configured API ([`source`]) and the page the guard decides, with the data embedded
//! as JSON so the app starts without calling the API again. Otherwise, or when the
//! data cannot be had, the built `index.html` is served for the client to render.
//! Either way the runtime API base is injected into `index.html` so one build can talk
//! to any API.
//!
//! This module is handed the API as a [`source::Source`] (the embedded router or an
//! external base URL) and knows nothing else about it.

mod cart_page;
mod credential;
mod head;
mod media;
mod page;
mod product_reviews;
mod sitemap;
mod source;

use std::collections::HashSet;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Path as UrlPath, Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use storefront_core::locale::{Language, page_language};
use storefront_core::routes::{
    GuardContext, GuardDecision, RouteId, RouteMatch, decide, match_route,
};
use storefront_core::startup::StartupConfig;
use storefront_core::storage::PageView;
use tower::ServiceExt;
use tower_http::services::ServeDir;

use head::{Head, url_language};
use page::{Kind, Page, PageData, Templates, template_key};
pub use source::Source;
use source::{Answer, CallContext, Client};

/// Vite writes content-hashed files here; they never change under the same name.
const HASHED_ASSETS: &str = "/assets/";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";
/// A page depends on the page-view cookie and the reader's languages.
const PAGE_VARY: &str = "Cookie, Accept-Language";
/// A page drawn with the customer's own data (the credential cookie) is kept nowhere.
const PRIVATE: &str = "private, no-store";
/// The `<meta>` tag in index.html whose `content` holds the API base.
const API_BASE_META: &str = "storefront-api-base";
/// The one whose `content` holds the admin API's base (uploads).
const ADMIN_API_BASE_META: &str = "storefront-admin-api-base";

struct Site {
    dir: PathBuf,
    /// The built index.html with the API base injected.
    index: Option<Arc<str>>,
    /// The UI build's page templates, when it brought them.
    templates: Option<Templates>,
    source: Source,
    /// Whether `X-Forwarded-Proto` says how the reader reached us (the page's own URLs).
    trust_forwarded_headers: bool,
    /// What the sitemap lists: the embedded API's database, or the external API walked.
    /// (`None` only for an embedded API handed over without its database: no sitemap.)
    catalogue: Option<sitemap::Catalogue>,
    warned: Warnings,
}

type Ui = Arc<Site>;

/// Causes already logged: a page that cannot be rendered on the server is logged once
/// per cause, not once per request.
#[derive(Default)]
struct Warnings(Mutex<HashSet<String>>);

impl Warnings {
    fn once(&self, cause: String, log: impl FnOnce(&str)) {
        let mut seen = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if seen.insert(cause.clone()) {
            log(&cause);
        }
    }
}

pub fn router(
    ui_dir: &Path,
    api_base: &str,
    admin_api_base: &str,
    source: Source,
    trust_forwarded_headers: bool,
    catalogue: Option<crate::db::Db>,
) -> Router {
    let index = match std::fs::read_to_string(ui_dir.join("index.html")) {
        Ok(html) => Some(Arc::from(inject_meta(
            &inject_meta(&html, API_BASE_META, api_base),
            ADMIN_API_BASE_META,
            admin_api_base,
        ))),
        Err(err) => {
            tracing::warn!(dir = %ui_dir.display(), %err, "no built UI found; serving the API only");
            None
        }
    };
    let templates = index.as_ref().and_then(|_| match Templates::load(ui_dir) {
        Ok(templates) => Some(templates),
        Err(err) => {
            tracing::warn!(%err, "no page templates; pages are rendered by the client");
            None
        }
    });
    let catalogue = match (catalogue, &source) {
        (Some(db), _) => Some(sitemap::Catalogue::Database(db)),
        (None, Source::External(api)) => Some(sitemap::Catalogue::external(api.clone())),
        (None, Source::Embedded(_)) => None,
    };
    let site = Site {
        dir: ui_dir.to_owned(),
        index,
        templates,
        source,
        trust_forwarded_headers,
        catalogue,
        warned: Warnings::default(),
    };
    Router::new()
        .route("/robots.txt", axum::routing::get(robots))
        .route("/sitemap.xml", axum::routing::get(sitemap_index))
        .route("/sitemaps/{file}", axum::routing::get(sitemap_file))
        .route(
            credential::PATH,
            axum::routing::put(put_credential).delete(delete_credential),
        )
        .fallback(serve_ui)
        .with_state(Arc::new(site))
}

/// Whether the reader reached us over HTTPS (behind a trusted proxy that says so).
fn over_https(ui: &Site, headers: &axum::http::HeaderMap) -> bool {
    crate::http::client_ip::arrived_over_tls(headers, ui.trust_forwarded_headers)
}

async fn put_credential(State(ui): State<Ui>, headers: axum::http::HeaderMap) -> Response {
    let origin = origin_of(&headers, ui.trust_forwarded_headers);
    credential::put(&headers, &origin, over_https(&ui, &headers))
}

async fn delete_credential(State(ui): State<Ui>, headers: axum::http::HeaderMap) -> Response {
    let origin = origin_of(&headers, ui.trust_forwarded_headers);
    credential::delete(&headers, &origin, over_https(&ui, &headers))
}

/// How long crawlers may keep robots.txt and the sitemap.
const CRAWLER_CACHE: &str = "public, max-age=3600";

async fn robots(State(ui): State<Ui>, headers: axum::http::HeaderMap) -> Response {
    let origin = origin_of(&headers, ui.trust_forwarded_headers);
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, CRAWLER_CACHE),
        ],
        sitemap::robots(&origin, ui.catalogue.is_some()),
    )
        .into_response()
}

fn xml(body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/xml; charset=utf-8"),
            (header::CACHE_CONTROL, CRAWLER_CACHE),
        ],
        body,
    )
        .into_response()
}

async fn sitemap_index(State(ui): State<Ui>, headers: axum::http::HeaderMap) -> Response {
    let Some(catalogue) = &ui.catalogue else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let origin = origin_of(&headers, ui.trust_forwarded_headers);
    match catalogue.page_count().await {
        Ok(pages) => xml(sitemap::index(&origin, pages)),
        Err(unavailable) => not_ready(unavailable),
    }
}

async fn sitemap_file(
    State(ui): State<Ui>,
    UrlPath(file): UrlPath<String>,
    headers: axum::http::HeaderMap,
) -> Response {
    let (Some(catalogue), Some(n)) = (
        &ui.catalogue,
        file.strip_suffix(".xml")
            .and_then(|n| n.parse::<u64>().ok()),
    ) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let origin = origin_of(&headers, ui.trust_forwarded_headers);
    match catalogue.file_paths(n).await {
        Ok(Some(paths)) => xml(sitemap::urlset(&origin, &paths)),
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(unavailable) => not_ready(unavailable),
    }
}

/// A sitemap that cannot be made now: 503 with `Retry-After` while an external API's
/// catalogue is first listed (crawlers come back), the database's error otherwise.
fn not_ready(unavailable: sitemap::Unavailable) -> Response {
    match unavailable {
        sitemap::Unavailable::NotYet => (
            StatusCode::SERVICE_UNAVAILABLE,
            [(
                header::RETRY_AFTER,
                sitemap::RETRY_AFTER_SECONDS.to_string(),
            )],
        )
            .into_response(),
        sitemap::Unavailable::Failed(err) => err.into_response(),
    }
}

async fn serve_ui(State(ui): State<Ui>, request: Request) -> Response {
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let path = request.uri().path().to_owned();
    if path == "/" || path == "/index.html" {
        return page_response(&ui, &PageRequest::of(&request, ui.trust_forwarded_headers)).await;
    }
    // Only a client route can become a page; a file request never does.
    let page_request =
        (!looks_like_file(&path)).then(|| PageRequest::of(&request, ui.trust_forwarded_headers));
    let served = ServeDir::new(&ui.dir)
        .append_index_html_on_directories(false)
        .oneshot(request)
        .await;
    let mut response = match served {
        Ok(response) => response.map(Body::new),
        Err(never) => match never {},
    };
    if response.status() == StatusCode::NOT_FOUND {
        // Client routes (/products/12) get the app; a missing file (/assets/x.js,
        // /logo.png) stays a 404 so the browser never parses HTML as a script.
        return match page_request {
            Some(page_request) => page_response(&ui, &page_request).await,
            None => StatusCode::NOT_FOUND.into_response(),
        };
    }
    let cache = if path.starts_with(HASHED_ASSETS) {
        IMMUTABLE
    } else {
        REVALIDATE
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

/// What a page depends on in its request.
struct PageRequest {
    path: String,
    /// The path with its query.
    path_and_query: String,
    view: PageView,
    accept_language: Option<String>,
    client: Client,
    /// `http://host` as the reader reached us: the page's absolute URLs start with it.
    origin: String,
    /// The token the credential cookie holds (never logged: this type has no `Debug`).
    credential: Option<String>,
    /// The reader reached us over HTTPS (the credential cookie's name and flags).
    https: bool,
}

impl PageRequest {
    fn of(request: &Request, trust_forwarded_headers: bool) -> Self {
        let headers = request.headers();
        let text = |name| {
            headers
                .get(name)
                .and_then(|v: &HeaderValue| v.to_str().ok())
        };
        let peer = request
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| *addr);
        let https = crate::http::client_ip::arrived_over_tls(headers, trust_forwarded_headers);
        PageRequest {
            path: request.uri().path().to_owned(),
            path_and_query: request
                .uri()
                .path_and_query()
                .map_or_else(|| "/".to_owned(), |p| p.as_str().to_owned()),
            view: text(header::COOKIE)
                .map(PageView::from_cookie_header)
                .unwrap_or_default(),
            accept_language: text(header::ACCEPT_LANGUAGE).map(str::to_owned),
            client: Client::of(headers, peer),
            origin: origin_of(headers, trust_forwarded_headers),
            credential: credential::token_in(headers, https),
            https,
        }
    }

    /// The path as the route table reads it (`/index.html` is the app at `/`, the
    /// service worker's navigation fallback).
    fn route(&self) -> String {
        match self.path.as_str() {
            "/index.html" => self.path_and_query.replacen("/index.html", "/", 1),
            _ => self.path_and_query.clone(),
        }
    }
}

/// `scheme://host` of the request, from its `Host` header (only a well-formed host name
/// and port are used; anything else is `localhost`) and, behind a trusted proxy,
/// `X-Forwarded-Proto`.
fn origin_of(headers: &axum::http::HeaderMap, trust_forwarded_headers: bool) -> String {
    let scheme = if crate::http::client_ip::arrived_over_tls(headers, trust_forwarded_headers) {
        "https"
    } else {
        "http"
    };
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .filter(|host| {
            !host.is_empty()
                && host.len() <= 255
                && host
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
        })
        .unwrap_or("localhost");
    format!("{scheme}://{}", host.to_ascii_lowercase())
}

/// The page's language: the reader's saved choice, else the URL's (`?lang=`), else
/// `Accept-Language`, else English.
fn language_of(request: &PageRequest) -> Language {
    let chosen = request
        .view
        .language
        .or_else(|| url_language(&request.path_and_query));
    page_language(chosen, request.accept_language.as_deref())
}

/// The status of a page the server cannot render (no templates, no API): 404 for a path
/// no route matches and for `/404`, else 200 (the client finds out the rest).
fn unrendered_status(route: &str) -> StatusCode {
    match match_route(route) {
        Some(RouteMatch { route, .. }) if route.id != RouteId::NotFound => StatusCode::OK,
        _ => StatusCode::NOT_FOUND,
    }
}

/// The API path of what a route shows, whose absence makes the page a 404: the product,
/// category, shop or static page of its `{id}`.
fn subject_path(route: &RouteMatch) -> Option<String> {
    let id = route.params.id?;
    let collection = match route.route.id {
        RouteId::Product => "products",
        RouteId::Category => "categories",
        RouteId::Branch => "branches",
        RouteId::Information | RouteId::AccountInformation => "static-pages",
        _ => return None,
    };
    Some(format!("/{collection}/{id}"))
}

/// The app's page for a request: rendered on the server when possible, else the
/// built index.html for the client to render.
async fn page_response(ui: &Site, request: &PageRequest) -> Response {
    let Some(index) = &ui.index else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "The storefront UI has not been built. Run ./dev run.",
        )
            .into_response();
    };
    let language = language_of(request);
    let rendered = match &ui.templates {
        Some(templates) => render(ui, templates, index, request, language).await,
        None => None,
    };
    let (status, html, private, signed_out) = match rendered {
        Some(page) => (page.status, page.html, page.private, page.signed_out),
        None => (
            unrendered_status(&request.route()),
            page::set_language(index, language),
            false,
            false,
        ),
    };
    let mut response = (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (
                header::CACHE_CONTROL,
                if private { PRIVATE } else { REVALIDATE },
            ),
            (header::VARY, PAGE_VARY),
        ],
        html,
    )
        .into_response();
    // The cookie's session has ended: the cookie goes with it.
    if signed_out
        && let Ok(clear) = HeaderValue::from_str(&credential::set_cookie(None, request.https))
    {
        response.headers_mut().insert(header::SET_COOKIE, clear);
    }
    response
}

/// A page rendered on the server.
struct Rendered {
    status: StatusCode,
    html: String,
    /// Drawn with the customer's own data: `private, no-store`.
    private: bool,
    /// The credential cookie's token was refused: the page was drawn signed out.
    signed_out: bool,
}

/// `GET /get_card` of the view's service as the customer whose token the credential
/// cookie holds, on `/cart` (allowed: signed in, a district).
async fn private_cart(
    ui: &Site,
    request: &PageRequest,
    language: Language,
    view: PageView,
    token: &str,
) -> Answer {
    let Some(service) = view.service_id else {
        return Answer::Failed;
    };
    let call = CallContext {
        language,
        district_id: view.district_id,
    };
    let path = format!("/get_card?service_id={service}");
    ui.source
        .private_answer(&path, call, &request.client, token, view.address_id)
        .await
}

/// The page rendered on the server, with its status; `None` (logged once per cause)
/// when it cannot be.
async fn render(
    ui: &Site,
    templates: &Templates,
    index: &str,
    request: &PageRequest,
    language: Language,
) -> Option<Rendered> {
    let mut data = fetch(ui, request, language).await;
    let (Some(remote_config), Some(_)) = (data.remote_config.clone(), &data.settings) else {
        let missing = if data.remote_config.is_none() {
            "remote config"
        } else {
            "settings"
        };
        ui.warned.once(format!("no {missing}"), |cause| {
            tracing::warn!(
                cause,
                "the API gave no {missing}; pages are rendered by the client until it does"
            );
        });
        return None;
    };
    let mut view = page::planned_view(request.view, &remote_config, language);
    let route = request.route();
    let matched = match_route(&route);
    // `/cart` is drawn with the customer's own cart (the credential cookie's token).
    let cart = match (&request.credential, &matched) {
        (Some(token), Some(m))
            if m.route.id == RouteId::Cart && view.signed_in && view.district_id.is_some() =>
        {
            Some(private_cart(ui, request, language, view, token).await)
        }
        _ => None,
    };
    let signed_out = matches!(cart, Some(Answer::SignedOut));
    if signed_out {
        // That session has ended: the page is the one a guest gets.
        let guest = PageView {
            signed_in: false,
            ..request.view
        };
        view = page::planned_view(guest, &remote_config, language);
    }
    let decision = decide(
        &route,
        &GuardContext {
            signed_in: view.signed_in,
            has_district: view.district_id.is_some(),
            force_default_location: StartupConfig::from_json(&remote_config)
                .force_select_default_locations,
        },
    );
    let subject = fetch_view_data(ui, request, language, view, &decision, matched, &mut data).await;
    data.cart = match cart {
        Some(Answer::Data(cart)) if cart_page::context(&cart, language).is_some() => Some(cart),
        _ => None,
    };
    // What the route shows does not exist: the not-found page, with the API's status
    // (404, or 410 for something gone).
    let missing = match subject {
        Answer::Missing(status) => Some(status),
        _ => None,
    };
    let mut kind = match missing {
        Some(_) => Kind::NotFound,
        None => Kind::of(&decision, &data),
    };
    // A UI build without the screen's template still has the shell.
    if matches!(kind, Kind::Product | Kind::Home | Kind::Cart)
        && !templates.has(&template_key(language, kind, &view))
    {
        kind = Kind::Shell;
    }
    let key = template_key(language, kind, &view);
    let year = time::OffsetDateTime::now_utc().year();
    let mut page = Page::new(kind, &request.path_and_query, language, view, &data, year);
    page.credential = request.credential.is_some();
    let root = match templates.render(&key, &page.context()) {
        Ok(Some(root)) => root,
        Ok(None) => {
            ui.warned.once(format!("no template {key}"), |cause| {
                tracing::warn!(
                    cause,
                    "page template missing; such pages are rendered by the client"
                );
            });
            return None;
        }
        Err(err) => {
            ui.warned.once(format!("template {key} fails"), |cause| {
                tracing::warn!(
                    cause,
                    %err,
                    "page template failed; such pages are rendered by the client"
                );
            });
            return None;
        }
    };
    let route_id = Kind::route_of(&decision);
    let assets = route_id
        .as_deref()
        .and_then(|id| templates.route_assets(id));
    let drawn = matches!(kind, Kind::Product | Kind::Home | Kind::Cart);
    let core = match page.core_on_intent() {
        true => String::new(),
        false => templates.core_assets().hints(false),
    };
    let hints = core
        + &assets.map(|a| a.hints(drawn)).unwrap_or_default()
        + &page.lead_image_hint(route_id.as_deref());
    let head = Head::of(
        &page,
        matched.map(|m| m.route.id),
        data.subject.as_ref(),
        &request.origin,
        &route,
    );
    let Some(html) = page.document(index, &root, &head, &hints) else {
        ui.warned.once("no root markers".to_owned(), |cause| {
            tracing::warn!(
                cause,
                "index.html has no <!--storefront:page--> markers; pages are rendered by the client"
            );
        });
        return None;
    };
    Some(Rendered {
        status: missing.unwrap_or_else(|| kind.status()),
        html,
        // The customer's data is in the page (the boot JSON's cart even when the UI
        // build has no cart template and the shell is sent).
        private: data.cart.is_some() || signed_out,
        signed_out,
    })
}

/// The API answers every page needs, fetched concurrently.
async fn fetch(ui: &Site, request: &PageRequest, language: Language) -> PageData {
    let call = CallContext {
        language,
        district_id: request.view.district_id,
    };
    let client = &request.client;
    let get = |path: &'static str| async move { ui.source.data(path, call, client).await };
    let (remote_config, settings, pages) = tokio::join!(
        get("/remote-config"),
        get("/setting"),
        get("/static-pages?category=customer"),
    );
    PageData {
        remote_config,
        settings,
        pages,
        services: None,
        service: None,
        product: None,
        reviews: None,
        cart: None,
        subject: None,
    }
}

/// What depends on the view (it follows remote config for a guest, see
/// [`page::planned_view`]) and on the route: the services of the view's district, its
/// service's details, and what the matched route shows ([`subject_path`]; on a product
/// page the product, so that its screen draws at once instead of asking `/api` after
/// the app has started). Answers the subject's call.
async fn fetch_view_data(
    ui: &Site,
    request: &PageRequest,
    language: Language,
    view: PageView,
    decision: &GuardDecision,
    matched: Option<RouteMatch>,
    data: &mut PageData,
) -> Answer {
    let call = CallContext {
        language,
        district_id: view.district_id,
    };
    let client = &request.client;
    let get = |path: String| async move { ui.source.data(&path, call, client).await };
    let services = async {
        match view.district_id {
            Some(_) => get("/services".to_owned()).await,
            None => None,
        }
    };
    let service = async {
        match view.service_id {
            Some(id) => get(format!("/services/{id}")).await,
            None => None,
        }
    };
    let fetch_subject = async {
        match matched.as_ref().and_then(subject_path) {
            Some(path) => ui.source.answer(&path, call, client).await,
            None => Answer::Failed,
        }
    };
    // A product's page also shows the product's newest reviews (`product_reviews.rs`),
    // whatever the guard decided: crawlers, without a district, get the shell.
    let product_id = matched
        .as_ref()
        .filter(|m| m.route.id == RouteId::Product)
        .and_then(|m| m.params.id);
    let reviews = async {
        match product_id {
            Some(id) => get(product_reviews::path(id)).await,
            None => None,
        }
    };
    let subject: Answer;
    (data.services, data.service, subject, data.reviews) =
        tokio::join!(services, service, fetch_subject, reviews);
    data.subject = subject.clone().data();
    if page::product_of(decision).is_some() {
        data.product = data.subject.clone();
    }
    subject
}

fn looks_like_file(path: &str) -> bool {
    path.starts_with(HASHED_ASSETS)
        || path
            .rsplit('/')
            .next()
            .is_some_and(|last| last.contains('.'))
}

/// Puts `value` into the `content` of the meta tag `name`, attribute-escaped.
fn inject_meta(html: &str, name: &str, value: &str) -> String {
    let tag = format!(r#"name="{name}" content=""#);
    let Some(start) = html.find(&tag).map(|i| i + tag.len()) else {
        tracing::warn!("index.html has no {name} meta tag");
        return html.to_owned();
    };
    let Some(len) = html[start..].find('"') else {
        return html.to_owned();
    };
    let mut out = String::with_capacity(html.len() + value.len());
    out.push_str(&html[..start]);
    for c in value.chars() {
        match c {
            '"' => out.push_str("&quot;"),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out.push_str(&html[start + len..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn injects_and_escapes_the_api_base() {
        let html = r#"<head><meta name="storefront-api-base" content="/api" /></head>"#;
        assert_eq!(
            inject_meta(html, API_BASE_META, "https://x.example/?a=1&b=\"2\""),
            r#"<head><meta name="storefront-api-base" content="https://x.example/?a=1&amp;b=&quot;2&quot;" /></head>"#
        );
    }

    #[test]
    fn each_base_goes_into_its_own_tag() {
        let html = r#"<meta name="storefront-api-base" content="/api" /><meta name="storefront-admin-api-base" content="" />"#;
        let both = inject_meta(
            &inject_meta(html, API_BASE_META, "https://api.example"),
            ADMIN_API_BASE_META,
            "https://admin.example/v2",
        );
        assert_eq!(
            both,
            r#"<meta name="storefront-api-base" content="https://api.example" /><meta name="storefront-admin-api-base" content="https://admin.example/v2" />"#
        );
    }

    #[test]
    fn leaves_html_without_the_tag_alone() {
        assert_eq!(inject_meta("<p>hi</p>", API_BASE_META, "/x"), "<p>hi</p>");
    }

    #[test]
    fn each_cause_is_logged_once() {
        let warned = Warnings::default();
        let mut logged = Vec::new();
        for cause in ["no settings", "no settings", "no template en:shell:0:0"] {
            warned.once(cause.to_owned(), |c| logged.push(c.to_owned()));
        }
        assert_eq!(logged, ["no settings", "no template en:shell:0:0"]);
    }

    #[test]
    fn files_and_routes_are_told_apart() {
        assert!(looks_like_file("/assets/index-abc.js"));
        assert!(looks_like_file("/assets/chunk"));
        assert!(looks_like_file("/favicon.svg"));
        assert!(!looks_like_file("/products/12"));
        assert!(!looks_like_file("/account/information/1"));
    }
}
