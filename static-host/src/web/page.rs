//! Choosing and filling a page: which pre-rendered template (the UI build's
//! `ssr/pages.json`: the app's own components rendered ahead of time, with Jinja where
//! the data goes), the data it is filled with, and how the result goes into the built
//! `index.html` (the root's content, `<html lang dir>`, the head's texts and icon, and
//! the boot JSON the app starts from instead of calling the API again).

use std::collections::BTreeMap;
use std::path::Path;

use axum::http::StatusCode;
use minijinja::value::Serde;
use minijinja::{AutoEscape, Environment, UndefinedBehavior};
use serde_json::{Value, json};
use storefront_core::layout::{Footer, Settings, StaticPage, footer};
use storefront_core::layout::{SearchElement, search_element};
use storefront_core::locale::{Language, in_digits};
use storefront_core::routes::{GuardDecision, RouteId};
use storefront_core::startup::{RemoteConfig, StartupConfig, plan};
use storefront_core::storage::{ClientState, PageView};

use super::head::Head;

/// The UI build's templates, next to `index.html`.
pub const TEMPLATES_FILE: &str = "ssr/pages.json";
/// What surrounds the root's content in the built `index.html`.
pub const ROOT_START: &str = "<!--storefront:page-->";
pub const ROOT_END: &str = "<!--/storefront:page-->";
/// The `id` of the boot JSON's script element.
pub const BOOT_ID: &str = "storefront-boot";

/// The pages rendered ahead of time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `/` when the guard lets the reader see it.
    Landing,
    /// `/products/{id}` when the API gave the product: the product screen itself.
    Product,
    /// `/home` when the API gave the service: the home screen's top (greeting, offers).
    Home,
    /// `/cart` when the API gave the customer's cart (the credential cookie's token): the
    /// cart screen itself, lines and totals.
    Cart,
    /// Any other route, and redirects: the standard layout with a skeleton body.
    Shell,
    /// No route matches: the not-found screen, answered with 404.
    NotFound,
}

impl Kind {
    /// The kind for the guard's decision on the requested path, and the page's data (a
    /// product page without its product is the shell: the screen shows its own error).
    pub fn of(decision: &GuardDecision, data: &PageData) -> Self {
        match decision {
            GuardDecision::Allow { route, .. } if route.id == RouteId::Landing => Kind::Landing,
            // `/404` is the not-found page itself.
            GuardDecision::Allow { route, .. } if route.id == RouteId::NotFound => Kind::NotFound,
            GuardDecision::NotFound => Kind::NotFound,
            _ if product_of(decision).is_some()
                && data.product.as_ref().is_some_and(Value::is_object) =>
            {
                Kind::Product
            }
            GuardDecision::Allow { route, .. }
                if route.id == RouteId::Home
                    && data.service.as_ref().is_some_and(Value::is_object) =>
            {
                Kind::Home
            }
            GuardDecision::Allow { route, .. }
                if route.id == RouteId::Cart
                    && data.cart.as_ref().is_some_and(Value::is_object) =>
            {
                Kind::Cart
            }
            _ => Kind::Shell,
        }
    }

    /// The id of the route a decision shows (`product`), when it shows one.
    pub fn route_of(decision: &GuardDecision) -> Option<String> {
        match decision {
            GuardDecision::Allow { route, .. } => serde_json::to_value(route.id)
                .ok()
                .and_then(|id| id.as_str().map(str::to_owned)),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Landing => "landing",
            Kind::Product => "product",
            Kind::Home => "home",
            Kind::Cart => "cart",
            Kind::Shell => "shell",
            Kind::NotFound => "not_found",
        }
    }

    pub fn status(self) -> StatusCode {
        match self {
            Kind::NotFound => StatusCode::NOT_FOUND,
            _ => StatusCode::OK,
        }
    }
}

/// `"{language}:{kind}:{signed_in 0|1}:{has_district 0|1}"`, the name of a template.
pub fn template_key(language: Language, kind: Kind, view: &PageView) -> String {
    format!(
        "{}:{}:{}:{}",
        language.code(),
        kind.as_str(),
        u8::from(view.signed_in),
        u8::from(view.district_id.is_some())
    )
}

/// A year as the page language writes it: ASCII digits in English, Arabic-Indic
/// digits (٠١٢٣٤٥٦٧٨٩) in Arabic, no grouping — what the app's
/// `Intl.NumberFormat("ar-EG", {useGrouping: false})` prints.
pub fn year_text(year: i32, language: Language) -> String {
    in_digits(&year.to_string(), language)
}

/// The picture a product screen shows first: the gallery's first, else the image.
fn first_picture(product: &Value) -> Option<&str> {
    product
        .get("images")
        .and_then(Value::as_array)
        .and_then(|images| images.first())
        .or_else(|| product.get("image"))
        .and_then(Value::as_str)
}

/// The offers that open the home screen: the service's first block when it is a slider,
/// as `{"title", "images"}`.
fn home_slider(service: Option<&Value>) -> Option<Value> {
    let first = service?.get("blocks")?.as_array()?.first()?;
    if first.get("type")?.as_str()? != "slider" {
        return None;
    }
    let images: Vec<&str> = first
        .get("items")?
        .as_array()?
        .iter()
        .map(|item| item.get("image").and_then(Value::as_str).unwrap_or(""))
        .collect();
    Some(json!({"title": first.get("title"), "images": images}))
}

/// A whole number as the app's `{n, number}` prints it for the small counts a page
/// shows (pictures, minutes): no grouping, in the page language's digits.
pub fn whole_text(value: i64, language: Language) -> String {
    let sign = if value < 0 { "-" } else { "" };
    format!(
        "{sign}{}",
        in_digits(&value.unsigned_abs().to_string(), language)
    )
}

/// A number with one decimal, as the app's `formatNumber(value, {minimum and maximum
/// fraction digits: 1})` prints a rating: `4.5`, in Arabic `٤٫٥`.
pub fn one_decimal_text(value: f64, language: Language) -> String {
    // Halves round away from zero, as Intl's default (`halfExpand`); `{:.1}` alone rounds
    // them to even.
    let text = format!("{:.1}", (value * 10.0).round() / 10.0);
    match language {
        Language::En => text,
        Language::Ar => in_digits(&text, language).replace('.', "\u{066B}"),
    }
}

/// A JSON number as JavaScript's `String(n)` writes it for the values an attribute
/// carries (`4`, not `4.0`).
pub fn js_number_text(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        value.to_string()
    }
}

fn language_of(code: &str) -> Language {
    if code == "ar" {
        Language::Ar
    } else {
        Language::En
    }
}

/// The compiled templates of `ssr/pages.json`.
#[derive(Debug)]
pub struct Templates {
    env: Environment<'static>,
    /// What each route's screen loads beyond every page's files, by route id.
    routes: BTreeMap<String, RouteAssets>,
    /// The core's start module's glue, which the app loads itself; asked for with every
    /// page that runs it at once ([`Page::core_on_intent`]).
    core: RouteAssets,
}

/// The files a route's screen loads (its chunks and stylesheets), as the UI build lists
/// them: the page asks for them at once rather than after the app has started and found
/// the route. Not the core's WASM modules, which the app asks for as it starts: asked for
/// with the page, they shared a phone's first seconds with the HTML and the stylesheets
/// and delayed the first paint.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(default)]
pub struct RouteAssets {
    pub scripts: Vec<String>,
    pub styles: Vec<String>,
}

impl RouteAssets {
    /// The `<link>` tags that fetch them early (with `crossorigin`, as the app's own
    /// requests are made, so the browser reuses what was fetched).
    ///
    /// `drawn`: the page holds the screen itself (a product's page, home), whose
    /// stylesheets then apply before the first paint (`rel="stylesheet"`, which blocks
    /// rendering as the page's own does); otherwise they are only fetched early.
    pub fn hints(&self, drawn: bool) -> String {
        let link = |attributes: &str, href: &str| {
            format!(
                r#"<link {attributes} crossorigin href="{}">"#,
                escape_html(href)
            )
        };
        let scripts = self
            .scripts
            .iter()
            .map(|href| link(r#"rel="modulepreload""#, href));
        let styles = self.styles.iter().map(|href| {
            if drawn {
                link(r#"rel="stylesheet""#, href)
            } else {
                link(r#"rel="preload" as="style""#, href)
            }
        });
        scripts.chain(styles).collect()
    }
}

impl Templates {
    /// Reads and compiles `ui_dir/ssr/pages.json`. A template that does not compile is
    /// logged and left out (pages that need it are rendered by the client).
    pub fn load(ui_dir: &Path) -> Result<Self, String> {
        let path = ui_dir.join(TEMPLATES_FILE);
        let text =
            std::fs::read_to_string(&path).map_err(|err| format!("{}: {err}", path.display()))?;
        Self::from_json(&text).map_err(|err| format!("{}: {err}", path.display()))
    }

    /// Compiles `{"templates": {"<key>": "<html with Jinja>", …}, "routes": {"<route
    /// id>": {"scripts": […], "styles": […]}, …}, "core": {"scripts": […]}}`.
    pub fn from_json(text: &str) -> Result<Self, String> {
        #[derive(serde::Deserialize)]
        struct File {
            templates: BTreeMap<String, Value>,
            #[serde(default)]
            routes: BTreeMap<String, RouteAssets>,
            #[serde(default)]
            core: RouteAssets,
        }
        let file: File = serde_json::from_str(text).map_err(|err| err.to_string())?;
        let mut env = Environment::new();
        // Every value is HTML-escaped, whatever the template's name.
        env.set_auto_escape_callback(|_| AutoEscape::Html);
        // `service.filter_type` with no service prints nothing, as `service?.filter_type`
        // does in the app, rather than failing the page.
        env.set_undefined_behavior(UndefinedBehavior::Chainable);
        // Numbers as the app's locale prints them (see the functions).
        env.add_filter("digits", |value: i64, language: String| {
            whole_text(value, language_of(&language))
        });
        env.add_filter("decimal1", |value: f64, language: String| {
            one_decimal_text(value, language_of(&language))
        });
        env.add_filter("js_number", js_number_text);
        for (key, source) in file.templates {
            let Value::String(source) = source else {
                tracing::warn!(key, "page template is not a string; left out");
                continue;
            };
            if let Err(err) = env.add_template_owned(key.clone(), source) {
                tracing::warn!(key, %err, "page template does not compile; left out");
            }
        }
        Ok(Templates {
            env,
            routes: file.routes,
            core: file.core,
        })
    }

    /// Whether the build has the template `key`.
    pub fn has(&self, key: &str) -> bool {
        self.env.get_template(key).is_ok()
    }

    /// The core's start module's files, as the build listed them (none in an older build).
    pub fn core_assets(&self) -> &RouteAssets {
        &self.core
    }

    /// What the route's screen loads, if the build listed it.
    pub fn route_assets(&self, route: &str) -> Option<&RouteAssets> {
        self.routes.get(route)
    }

    /// Renders the template `key` with `context`; `Ok(None)` when there is none.
    pub fn render(&self, key: &str, context: &Value) -> Result<Option<String>, minijinja::Error> {
        let Ok(template) = self.env.get_template(key) else {
            return Ok(None);
        };
        template
            .render(minijinja::Value::from(Serde(context)))
            .map(Some)
    }
}

/// The view a page is rendered for: a guest's as the app will have it once the core's
/// startup plan has run on what the cookie says (the configured default location and
/// service when default locations are forced or no service is chosen), since the app
/// runs that plan before its first render; a signed-in customer's as the cookie says
/// (their plan needs the profile, and the page is the shell until it is in).
pub fn planned_view(view: PageView, remote_config: &Value, language: Language) -> PageView {
    if view.signed_in {
        return view;
    }
    let stored = ClientState {
        language: view.language,
        district_id: view.district_id,
        selected_service: view.service_id,
        ..ClientState::default()
    };
    let planned = plan(
        &StartupConfig::from_json(remote_config),
        None,
        &stored,
        language,
    );
    PageView {
        district_id: planned.district_id,
        service_id: planned.selected_service,
        ..view
    }
}

/// The product a decision shows (`/products/{id}`), whose answer the page carries.
pub fn product_of(decision: &GuardDecision) -> Option<u64> {
    match decision {
        GuardDecision::Allow { route, params } if route.id == RouteId::Product => params.id,
        _ => None,
    }
}

/// The `data` of the API's answers for a page; `None` when not fetched or failed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PageData {
    pub remote_config: Option<Value>,
    pub settings: Option<Value>,
    pub pages: Option<Value>,
    pub services: Option<Value>,
    pub service: Option<Value>,
    /// `GET /products/{id}` on a product page.
    pub product: Option<Value>,
    /// The product's newest visible reviews on a product page (`GET
    /// /products/{id}/reviews`, [`super::product_reviews::SHOWN`] of them): drawn by the
    /// product screen and, with the product, in the boot JSON.
    pub reviews: Option<Value>,
    /// `GET /get_card` of the view's service, asked as the customer (the credential
    /// cookie) on `/cart`: private, so only ever in that customer's page.
    pub cart: Option<Value>,
    /// What the path's route shows, whatever the guard decided (the product, category,
    /// shop or static page): its head is built from it. Not in the boot JSON.
    pub subject: Option<Value>,
}

/// Everything a page is filled from.
#[derive(Debug, Clone)]
pub struct Page<'a> {
    pub kind: Kind,
    /// The request path with its query.
    pub path: &'a str,
    pub language: Language,
    pub view: PageView,
    pub data: &'a PageData,
    pub remote_config: RemoteConfig,
    pub footer: Footer,
    /// The request carried the credential cookie ([`super::credential`]); the app asks
    /// for it when a signed-in page came without it.
    pub credential: bool,
}

impl<'a> Page<'a> {
    pub fn new(
        kind: Kind,
        path: &'a str,
        language: Language,
        view: PageView,
        data: &'a PageData,
        year: i32,
    ) -> Self {
        let settings = Settings::from_json(data.settings.as_ref().unwrap_or(&Value::Null));
        let pages: Vec<StaticPage> = data
            .pages
            .as_ref()
            .and_then(Value::as_array)
            .map(|pages| pages.iter().map(StaticPage::from_json).collect())
            .unwrap_or_default();
        Page {
            kind,
            path,
            language,
            view,
            data,
            remote_config: RemoteConfig::from_json(
                data.remote_config.as_ref().unwrap_or(&Value::Null),
            ),
            footer: footer(&settings, &pages, language, year),
            credential: false,
        }
    }

    /// The Jinja context of the templates (the names are the UI build's contract).
    pub fn context(&self) -> Value {
        let settings = Settings::from_json(self.data.settings.as_ref().unwrap_or(&Value::Null));
        let services_enabled = self.remote_config.enable_services_page;
        let services = match &self.data.services {
            Some(Value::Array(services)) if services_enabled && self.view.district_id.is_some() => {
                Value::Array(services.clone())
            }
            _ => json!([]),
        };
        let service = self.data.service.as_ref().filter(|s| s.is_object());
        // The header's search element for the service's filter type (the core's rule).
        let products_search = search_element(service.and_then(|s| s.get("filter_type")?.as_str()))
            == SearchElement::ProductsFocused;
        let service = service.map(|s| {
            json!({
                "filter_type": s.get("filter_type"),
                "show_categories_menu": s.get("show_categories_menu"),
            })
        });
        json!({
            "language": self.language.code(),
            "store_name": self.footer.store_name.as_deref().unwrap_or(""),
            "logo": settings.logo,
            "services_enabled": services_enabled,
            "services": services,
            "selected_service": self.view.service_id,
            "service": service,
            "products_search": products_search,
            "footer": self.footer,
            "year_text": year_text(self.footer.copyright_year, self.language),
            "service_name": self.data.service.as_ref().and_then(|s| s.get("name")),
            "home_slider": home_slider(self.data.service.as_ref()),
            "product": self.data.product,
            "product_image": self.data.product.as_ref().and_then(first_picture),
            "reviews": self.data.product.as_ref().map(|product| {
                super::product_reviews::context(product, self.data.reviews.as_ref(), self.language)
            }),
            "cart": self.cart_context(),
        })
    }

    /// What the app starts from: the view the page was rendered for and the API
    /// answers exactly as received.
    pub fn boot(&self) -> Value {
        json!({
            "kind": self.kind.as_str(),
            "path": self.path,
            "language": self.language.code(),
            "view": {
                "signed_in": self.view.signed_in,
                "district_id": self.view.district_id,
                "service_id": self.view.service_id,
                "address_id": self.view.address_id,
            },
            "settings": self.data.settings,
            "remote_config": self.data.remote_config,
            "services": self.data.services,
            "service": self.boot_service(),
            "product": self.data.product,
            // The screen's first page of reviews, the same answer it drew (the app seeds
            // its reviews query with it); only beside the product it belongs to.
            "reviews": self.data.product.as_ref().and(self.data.reviews.as_ref()),
            "pages": self.data.pages,
            "footer": self.footer,
            "credential": self.credential,
            "cart": self.data.cart,
            "core_on_intent": self.core_on_intent(),
        })
    }

    /// Whether the app loads the core's start module (and adopts the page) only when the
    /// shopper first reaches for the page, rather than at once: a guest's landing page,
    /// which a first visit mostly reads, and whose startup needs no call (a signed-in
    /// customer's asks for the profile at once). Its page then does not ask for the
    /// module either.
    pub fn core_on_intent(&self) -> bool {
        self.kind == Kind::Landing && !self.view.signed_in
    }

    /// The cart screen's values ([`super::cart_page`]), on a cart page.
    fn cart_context(&self) -> Option<Value> {
        match self.kind {
            Kind::Cart => super::cart_page::context(self.data.cart.as_ref()?, self.language),
            _ => None,
        }
    }

    /// The selected service as the app's cache gets it. Its home blocks, most of the
    /// document, are the district's home: a page rendered for no district (a new
    /// guest's landing page) sends them empty, as the app shows home only once a
    /// location is chosen (the core's guard), and then asks for that district's.
    fn boot_service(&self) -> Option<Value> {
        let mut service = self.data.service.clone()?;
        if self.view.district_id.is_none()
            && let Some(blocks) = service.get_mut("blocks")
        {
            *blocks = json!([]);
        }
        Some(service)
    }

    /// The whole document: `index` with the rendered root, the language and direction,
    /// the route's head (see [`Head`]; keywords and icon from remote config) and the boot
    /// JSON. `None` when `index` has no place for the root's content.
    /// `hints` (early requests, see [`RouteAssets::hints`] and [`Page::lead_image_hint`])
    /// go at the end of the head.
    pub fn document(&self, index: &str, root: &str, head: &Head, hints: &str) -> Option<String> {
        let html = fill_root(index, root)?;
        let html = set_language(&html, self.language);
        let html = apply_head(&html, &self.remote_config);
        let html = set_title(&html, &head.title);
        let html = set_meta(&html, "description", &head.description);
        let html = add_to_head(&html, &(head.tags() + hints));
        Some(insert_boot(&html, &script_json(&self.boot())))
    }

    /// The image a route's screen draws first and largest, when the page's data names
    /// it: on `home`, the first banner of a slider that opens the service's blocks (the
    /// home screen draws it eagerly at the top); on `product`, the gallery's first picture. The screen draws it only once the app
    /// has started and read the blocks; asked for with the page, it is there by then.
    pub fn lead_image(&self, route: Option<&str>) -> Option<&'a str> {
        if route == Some("product") {
            // The gallery's first picture, drawn eagerly at the top of the product screen.
            return first_picture(self.data.product.as_ref()?).filter(|href| !href.is_empty());
        }
        if route != Some("home") {
            return None;
        }
        let blocks = self.data.service.as_ref()?.get("blocks")?.as_array()?;
        let first = blocks.first()?;
        if first.get("type")?.as_str()? != "slider" {
            return None;
        }
        first
            .get("items")?
            .as_array()?
            .first()?
            .get("image")?
            .as_str()
    }

    /// The `<link>` that fetches [`Page::lead_image`] at once, or nothing.
    pub fn lead_image_hint(&self, route: Option<&str>) -> String {
        self.lead_image(route)
            .map(|href| {
                format!(
                    r#"<link rel="preload" as="image" fetchpriority="high" href="{}">"#,
                    escape_html(href)
                )
            })
            .unwrap_or_default()
    }
}

/// Replaces what lies between the root markers with `root`, keeping the markers.
pub fn fill_root(index: &str, root: &str) -> Option<String> {
    let start = index.find(ROOT_START)? + ROOT_START.len();
    let end = start + index[start..].find(ROOT_END)?;
    Some(format!("{}{root}{}", &index[..start], &index[end..]))
}

/// Escapes text for an HTML text node or a quoted attribute.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON that can sit inside a `<script>` element: no `<` (so no `</script>` or
/// `<!--`), `>` or `&`, and no U+2028/U+2029; each written as a `\u` escape, which
/// JSON reads back as the same text.
pub fn script_json(value: &Value) -> String {
    let text = value.to_string();
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// Where the head ends (the whole document when it has no `</head>`).
fn head_end(html: &str) -> usize {
    html.find("</head>").unwrap_or(html.len())
}

/// The first `<name …>` tag starting in `html[from..to]`: its start and its end (just
/// past `>`).
fn find_tag(html: &str, name: &str, from: usize, to: usize) -> Option<(usize, usize)> {
    let open = format!("<{name}");
    let mut at = from;
    while at < to {
        let start = at + html[at..to].find(&open)?;
        let after = start + open.len();
        let next = html[after..].chars().next();
        if matches!(next, Some(c) if c.is_ascii_whitespace() || c == '>' || c == '/') {
            let end = after + html[after..].find('>')? + 1;
            return Some((start, end));
        }
        at = after;
    }
    None
}

/// The value of the double-quoted attribute `name` in a tag.
fn attr<'t>(tag: &'t str, name: &str) -> Option<&'t str> {
    let (start, len) = attr_value_at(tag, name)?;
    Some(&tag[start..start + len])
}

/// Where the value of the double-quoted attribute `name` starts in `tag`, and its length.
fn attr_value_at(tag: &str, name: &str) -> Option<(usize, usize)> {
    let pattern = format!("{name}=\"");
    let mut at = 0;
    while let Some(found) = tag[at..].find(&pattern) {
        let start = at + found;
        let before = tag[..start].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_whitespace()) {
            let value = start + pattern.len();
            let len = tag[value..].find('"')?;
            return Some((value, len));
        }
        at = start + pattern.len();
    }
    None
}

/// `tag` with the attribute `name` set to `value` (escaped), replaced or added.
fn set_attr(tag: &str, name: &str, value: &str) -> String {
    let value = escape_html(value);
    if let Some((start, len)) = attr_value_at(tag, name) {
        return format!("{}{value}{}", &tag[..start], &tag[start + len..]);
    }
    let body = tag.strip_suffix('>').unwrap_or(tag);
    let (body, close) = match body.strip_suffix('/') {
        Some(body) => (body.trim_end(), " />"),
        None => (body.trim_end(), ">"),
    };
    format!("{body} {name}=\"{value}\"{close}")
}

/// `html` with `html[start..end]` replaced by `with`.
fn splice(html: &str, start: usize, end: usize, with: &str) -> String {
    format!("{}{with}{}", &html[..start], &html[end..])
}

/// Sets `<html lang dir>` for the page language.
pub fn set_language(html: &str, language: Language) -> String {
    let Some((start, end)) = find_tag(html, "html", 0, html.len()) else {
        return html.to_owned();
    };
    let tag = set_attr(&html[start..end], "lang", language.code());
    let tag = set_attr(&tag, "dir", language.direction().as_str());
    set_manifest_language(&splice(html, start, end, &tag), language)
}

/// The web manifest in the page language (`?lang=`), as the app asks for it
/// (`applyDocumentLanguage`): the browser then reads it once, not once per address.
fn set_manifest_language(html: &str, language: Language) -> String {
    let is_manifest =
        |tag: &str| attr(tag, "rel").is_some_and(|rel| rel.eq_ignore_ascii_case("manifest"));
    let Some((start, end)) = find_in_head(html, "link", is_manifest) else {
        return html.to_owned();
    };
    let tag = &html[start..end];
    let Some(href) = attr(tag, "href").filter(|href| !href.contains('?')) else {
        return html.to_owned();
    };
    let href = format!("{href}?lang={}", language.code());
    splice(html, start, end, &set_attr(tag, "href", &href))
}

/// Inserts `what` just before the head's end.
fn add_to_head(html: &str, what: &str) -> String {
    let at = head_end(html);
    splice(html, at, at, what)
}

/// The page's title, description, keywords and icon from remote config; what remote
/// config leaves empty stays as built.
pub fn apply_head(html: &str, config: &RemoteConfig) -> String {
    let mut html = html.to_owned();
    if let Some(title) = config.title.as_deref().or(config.app_name.as_deref()) {
        html = set_title(&html, title);
    }
    for (name, content) in [
        ("description", &config.description),
        ("keywords", &config.keywords),
    ] {
        if let Some(content) = content {
            html = set_meta(&html, name, content);
        }
    }
    if let Some(icon) = &config.fav_icon {
        html = set_icon(&html, icon);
    }
    html
}

fn set_title(html: &str, title: &str) -> String {
    let head = head_end(html);
    let text = escape_html(title);
    match find_tag(html, "title", 0, head) {
        Some((_, open_end)) => match html[open_end..].find("</title>") {
            Some(len) => splice(html, open_end, open_end + len, &text),
            None => html.to_owned(),
        },
        None => add_to_head(html, &format!("<title>{text}</title>")),
    }
}

/// Finds the first `<tag>` in the head for which `pick` holds.
fn find_in_head(html: &str, tag: &str, pick: impl Fn(&str) -> bool) -> Option<(usize, usize)> {
    let head = head_end(html);
    let mut at = 0;
    while let Some((start, end)) = find_tag(html, tag, at, head) {
        if pick(&html[start..end]) {
            return Some((start, end));
        }
        at = end;
    }
    None
}

fn set_meta(html: &str, name: &str, content: &str) -> String {
    match find_in_head(html, "meta", |tag| attr(tag, "name") == Some(name)) {
        Some((start, end)) => splice(
            html,
            start,
            end,
            &set_attr(&html[start..end], "content", content),
        ),
        None => add_to_head(
            html,
            &format!(
                "<meta name=\"{name}\" content=\"{}\" />",
                escape_html(content)
            ),
        ),
    }
}

fn set_icon(html: &str, href: &str) -> String {
    let is_icon = |tag: &str| {
        attr(tag, "rel").is_some_and(|rel| {
            rel.split_ascii_whitespace()
                .any(|r| r.eq_ignore_ascii_case("icon"))
        })
    };
    match find_in_head(html, "link", is_icon) {
        Some((start, end)) => splice(html, start, end, &set_attr(&html[start..end], "href", href)),
        None => add_to_head(
            html,
            &format!("<link rel=\"icon\" href=\"{}\" />", escape_html(href)),
        ),
    }
}

/// Adds the boot JSON (already escaped for a script element) before `</body>`.
pub fn insert_boot(html: &str, json: &str) -> String {
    let script = format!("<script type=\"application/json\" id=\"{BOOT_ID}\">{json}</script>");
    let at = html.rfind("</body>").unwrap_or(html.len());
    splice(html, at, at, &script)
}

#[cfg(test)]
mod tests {
    use super::*;
    use storefront_core::routes::{GuardContext, decide};

    const INDEX: &str = concat!(
        r#"<!doctype html><html lang="en" dir="ltr"><head><meta charset="UTF-8" />"#,
        r#"<link rel="icon" href="/favicon.svg" type="image/svg+xml" />"#,
        r#"<link rel="manifest" href="/api/web-manifest" /><title>Storefront</title></head>"#,
        r#"<body><div id="root"><!--storefront:page--><div class="boot"></div><!--/storefront:page--></div>"#,
        r#"<script type="module" src="/assets/index.js"></script></body></html>"#
    );

    fn view(signed_in: bool, district: Option<u64>) -> PageView {
        PageView {
            language: None,
            signed_in,
            district_id: district,
            service_id: None,
            address_id: None,
        }
    }

    #[test]
    fn the_root_content_is_replaced_between_the_markers() {
        let html = fill_root(INDEX, "<h1>Hi</h1>").unwrap();
        assert!(html.contains(
            r#"<div id="root"><!--storefront:page--><h1>Hi</h1><!--/storefront:page--></div>"#
        ));
        assert!(!html.contains("boot"));
        assert_eq!(fill_root("<div id=\"root\"></div>", "x"), None);
        assert_eq!(fill_root("<!--storefront:page-->", "x"), None);
    }

    #[test]
    fn language_and_direction_are_set_on_the_html_element() {
        let html = set_language(INDEX, Language::Ar);
        assert!(html.contains(r#"<html lang="ar" dir="rtl">"#), "{html}");
        assert_eq!(
            set_language("<!doctype html><html><head>", Language::Ar),
            r#"<!doctype html><html lang="ar" dir="rtl"><head>"#
        );
        // Not confused by a tag whose name only starts the same.
        assert_eq!(set_language("<htmlx>", Language::Ar), "<htmlx>");
    }

    #[test]
    fn the_manifest_is_the_page_language_s() {
        let html = set_language(INDEX, Language::Ar);
        assert!(
            html.contains(r#"<link rel="manifest" href="/api/web-manifest?lang=ar" />"#),
            "{html}"
        );
        let html = set_language(INDEX, Language::En);
        assert!(
            html.contains(r#"href="/api/web-manifest?lang=en""#),
            "{html}"
        );
        // An address that already says more is left as built.
        let built = INDEX.replace("/api/web-manifest", "/m.json?v=2");
        assert!(set_language(&built, Language::Ar).contains(r#"href="/m.json?v=2""#));
    }

    #[test]
    fn the_head_takes_remote_config_texts_escaped() {
        let config = RemoteConfig {
            title: Some("Nile <Market> & \"Co\"".into()),
            description: Some("Fast <delivery>".into()),
            keywords: Some("a, b".into()),
            fav_icon: Some("/icon.png?a=1&b=\"2\"".into()),
            ..RemoteConfig::default()
        };
        let html = apply_head(INDEX, &config);
        assert!(html.contains("<title>Nile &lt;Market&gt; &amp; &quot;Co&quot;</title>"));
        assert!(html.contains(concat!(
            r#"<meta name="description" content="Fast &lt;delivery&gt;" />"#,
            r#"<meta name="keywords" content="a, b" /></head>"#
        )));
        assert!(html.contains(
            r#"<link rel="icon" href="/icon.png?a=1&amp;b=&quot;2&quot;" type="image/svg+xml" />"#
        ));
        // The manifest link is not an icon.
        assert!(html.contains(r#"<link rel="manifest" href="/api/web-manifest" />"#));

        // An existing description is updated, not duplicated; app_name stands in for
        // a missing title; nothing set keeps the build's head.
        let with_meta = INDEX.replace(
            "<title>",
            r#"<meta name="description" content="old"><title>"#,
        );
        let config = RemoteConfig {
            app_name: Some("Nile".into()),
            description: Some("new".into()),
            ..RemoteConfig::default()
        };
        let html = apply_head(&with_meta, &config);
        assert!(html.contains(r#"<meta name="description" content="new"><title>Nile</title>"#));
        assert_eq!(html.matches("name=\"description\"").count(), 1);
        assert_eq!(apply_head(INDEX, &RemoteConfig::default()), INDEX);
    }

    #[test]
    fn the_boot_json_cannot_close_its_script_element() {
        let value = json!({"name": "</script><script>alert(1)</script><!-- & \u{2028}\u{2029}"});
        let text = script_json(&value);
        assert!(!text.contains('<') && !text.contains('>') && !text.contains('&'));
        assert!(!text.contains('\u{2028}') && !text.contains('\u{2029}'));
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), value);

        let html = insert_boot(INDEX, &text);
        let script = r#"<script type="application/json" id="storefront-boot">"#;
        let at = html.find(script).unwrap();
        assert!(html[at..].ends_with("</script></body></html>"));
        assert_eq!(html[at..].matches("</script>").count(), 1);
    }

    #[test]
    fn template_keys_follow_language_kind_and_view() {
        assert_eq!(
            template_key(Language::En, Kind::Landing, &view(false, None)),
            "en:landing:0:0"
        );
        assert_eq!(
            template_key(Language::Ar, Kind::Shell, &view(true, Some(4))),
            "ar:shell:1:1"
        );
        assert_eq!(
            template_key(Language::En, Kind::NotFound, &view(false, Some(1))),
            "en:not_found:0:1"
        );
    }

    #[test]
    fn route_assets_become_early_requests_named_by_route() {
        let assets = RouteAssets {
            scripts: vec!["/assets/A\"b.js".into()],
            styles: vec!["/assets/A.css".into()],
        };
        assert_eq!(
            assets.hints(false),
            concat!(
                r#"<link rel="modulepreload" crossorigin href="/assets/A&quot;b.js">"#,
                r#"<link rel="preload" as="style" crossorigin href="/assets/A.css">"#,
            )
        );
        // A page that holds the screen applies its stylesheets before it is painted.
        assert!(
            assets
                .hints(true)
                .contains(r#"<link rel="stylesheet" crossorigin href="/assets/A.css">"#)
        );
        let guest = GuardContext {
            signed_in: false,
            has_district: true,
            force_default_location: false,
        };
        assert_eq!(
            Kind::route_of(&decide("/products/3", &guest)).as_deref(),
            Some("product")
        );
        assert_eq!(Kind::route_of(&decide("/nowhere", &guest)), None);
        let file = r#"{"templates": {}, "routes": {"product": {"scripts": ["/p.js"]}}}"#;
        let templates = Templates::from_json(file).unwrap();
        assert_eq!(
            templates.route_assets("product").unwrap().scripts,
            ["/p.js"]
        );
        assert!(templates.route_assets("cart").is_none());
    }

    #[test]
    fn the_guard_decision_picks_the_kind() {
        let guest = GuardContext::default();
        let with_district = GuardContext {
            has_district: true,
            ..guest
        };
        let signed_in = GuardContext {
            signed_in: true,
            has_district: true,
            ..guest
        };
        assert_eq!(
            Kind::of(&decide("/", &guest), &PageData::default()),
            Kind::Landing
        );
        assert_eq!(
            Kind::of(&decide("/?from=ad", &guest), &PageData::default()),
            Kind::Landing
        );
        // Redirected away from the landing page: the shell.
        assert_eq!(
            Kind::of(&decide("/", &signed_in), &PageData::default()),
            Kind::Shell
        );
        assert_eq!(
            Kind::of(&decide("/home", &with_district), &PageData::default()),
            Kind::Shell
        );
        assert_eq!(
            Kind::of(&decide("/home", &guest), &PageData::default()),
            Kind::Shell
        );
        assert_eq!(
            Kind::of(&decide("/no/such/page", &guest), &PageData::default()),
            Kind::NotFound
        );
        assert_eq!(
            Kind::of(&decide("/404", &guest), &PageData::default()),
            Kind::NotFound
        );
        assert_eq!(Kind::NotFound.status(), StatusCode::NOT_FOUND);
        assert_eq!(Kind::Shell.status(), StatusCode::OK);
        // A product page is the product screen when the API gave the product.
        let product = PageData {
            product: Some(json!({"id": 3, "name": "Tea"})),
            ..PageData::default()
        };
        let on_product = decide("/products/3", &with_district);
        assert_eq!(Kind::of(&on_product, &product), Kind::Product);
        assert_eq!(Kind::of(&on_product, &PageData::default()), Kind::Shell);
        assert_eq!(
            Kind::of(&decide("/home", &with_district), &product),
            Kind::Shell
        );
        assert_eq!(Kind::Product.status(), StatusCode::OK);
        // Home is the home screen when the API gave the service.
        let service = PageData {
            service: Some(json!({"id": 1, "blocks": []})),
            ..PageData::default()
        };
        assert_eq!(
            Kind::of(&decide("/home", &with_district), &service),
            Kind::Home
        );
        assert_eq!(Kind::of(&decide("/home", &guest), &service), Kind::Shell);
    }

    #[test]
    fn numbers_are_written_as_the_app_s_locale_writes_them() {
        // {n, number} for small counts: en "12", ar-EG "١٢".
        assert_eq!(whole_text(12, Language::En), "12");
        assert_eq!(whole_text(45, Language::Ar), "٤٥");
        assert_eq!(whole_text(-3, Language::Ar), "-٣");
        // formatNumber(v, {minimumFractionDigits: 1, maximumFractionDigits: 1}).
        assert_eq!(one_decimal_text(4.5, Language::En), "4.5");
        assert_eq!(one_decimal_text(4.0, Language::En), "4.0");
        assert_eq!(one_decimal_text(4.25, Language::Ar), "٤٫٣");
        assert_eq!(one_decimal_text(4.75, Language::En), "4.8");
        assert_eq!(one_decimal_text(3.0, Language::Ar), "٣٫٠");
        // String(n) in an attribute.
        assert_eq!(js_number_text(4.0), "4");
        assert_eq!(js_number_text(4.5), "4.5");
        let templates = Templates::from_json(
            &json!({"templates": {"t": "{{ n | digits(language) }} {{ r | decimal1(language) }} {{ r | js_number }}"}})
                .to_string(),
        )
        .unwrap();
        let text = templates
            .render("t", &json!({"n": 7, "r": 4.0, "language": "ar"}))
            .unwrap()
            .unwrap();
        assert_eq!(text, "٧ ٤٫٠ 4");
    }

    #[test]
    fn years_are_written_in_the_page_language_digits() {
        assert_eq!(year_text(2025, Language::En), "2025");
        // Intl.NumberFormat("ar-EG", {useGrouping: false}).format(2025)
        assert_eq!(year_text(2025, Language::Ar), "٢٠٢٥");
        assert_eq!(year_text(1999, Language::Ar), "١٩٩٩");
        assert_eq!(
            year_text(2030, Language::Ar),
            "\u{662}\u{660}\u{663}\u{660}"
        );
    }

    #[test]
    fn templates_escape_every_value_and_skip_broken_ones() {
        let templates = Templates::from_json(
            r#"{"templates": {
                "en:landing:0:0": "<h1>{{ store_name }}</h1>{{ service.filter_type }}",
                "en:shell:0:0": "{% if %}",
                "en:not_found:0:0": 5
            }}"#,
        )
        .unwrap();
        let context = json!({"store_name": "<b>\"x\"</b>", "service": null});
        let html = templates
            .render("en:landing:0:0", &context)
            .unwrap()
            .unwrap();
        assert!(html.starts_with("<h1>&lt;b&gt;&quot;x&quot;&lt;"), "{html}");
        assert!(!html.contains("<b>"));
        assert_eq!(templates.render("en:shell:0:0", &context).unwrap(), None);
        assert_eq!(
            templates.render("en:not_found:0:0", &context).unwrap(),
            None
        );
        assert_eq!(templates.render("ar:landing:0:0", &context).unwrap(), None);
        assert!(Templates::from_json("{}").is_err());
        assert!(Templates::from_json("not json").is_err());
    }

    #[test]
    fn a_guest_page_is_rendered_for_the_view_the_startup_plan_gives() {
        let forced = json!({
            "force_select_default_locations": true,
            "default_service_id": 3,
            "default_location": {"district_id": 9, "latitude": 30.0, "longitude": 31.0}
        });
        let guest = PageView::default();
        let planned = planned_view(guest, &forced, Language::En);
        assert_eq!(
            (planned.district_id, planned.service_id),
            (Some(9), Some(3))
        );
        // Not forced: the district stays the chosen one; a missing service is the default.
        let chosen = PageView {
            district_id: Some(2),
            ..PageView::default()
        };
        let planned = planned_view(chosen, &json!({"default_service_id": 3}), Language::En);
        assert_eq!(
            (planned.district_id, planned.service_id),
            (Some(2), Some(3))
        );
        // A signed-in customer's plan needs the profile: the cookie's view is kept.
        let signed_in = PageView {
            signed_in: true,
            ..PageView::default()
        };
        assert_eq!(planned_view(signed_in, &forced, Language::En), signed_in);
    }

    #[test]
    fn the_context_holds_the_contract_names() {
        let data = PageData {
            remote_config: Some(json!({"enable_services_page": "1", "title": "T"})),
            settings: Some(json!({
                "logo": "/logo.svg",
                "general_setting": {"store_name_en": "Nile Market", "store_name_ar": "سوق النيل",
                    "email": "hello@nile.example"}
            })),
            pages: Some(json!([{"id": 1, "title": "About", "type": "about"}])),
            services: Some(json!([{"id": 1, "name": "Food", "icon": "/i", "mini_icon": "/m"}])),
            service: Some(json!({"id": 1, "filter_type": "products_focused",
                "show_categories_menu": true, "blocks": []})),
            product: None,
            reviews: None,
            cart: None,
            subject: None,
        };
        let view = PageView {
            language: Some(Language::Ar),
            signed_in: false,
            district_id: Some(2),
            service_id: Some(1),
            address_id: None,
        };
        let page = Page::new(Kind::Shell, "/home?x=1", Language::Ar, view, &data, 2026);
        let context = page.context();
        assert_eq!(context["language"], "ar");
        assert_eq!(context["store_name"], "سوق النيل");
        assert_eq!(context["logo"], "/logo.svg");
        assert_eq!(context["services_enabled"], true);
        assert_eq!(context["services"][0]["name"], "Food");
        assert_eq!(context["selected_service"], 1);
        assert_eq!(
            context["service"],
            json!({"filter_type": "products_focused", "show_categories_menu": true})
        );
        assert_eq!(
            context["footer"]["email"]["href"],
            "mailto:hello@nile.example"
        );
        assert_eq!(
            context["footer"]["about_links"][0]["to"],
            "/account/information/1"
        );
        assert_eq!(context["year_text"], "٢٠٢٦");
        assert_eq!(context["products_search"], true);

        let boot = page.boot();
        assert_eq!(boot["kind"], "shell");
        assert_eq!(boot["path"], "/home?x=1");
        assert_eq!(
            boot["view"],
            json!({"signed_in": false, "district_id": 2, "service_id": 1, "address_id": null})
        );
        assert_eq!(boot["service"], data.service.clone().unwrap());
        assert_eq!(boot["remote_config"], data.remote_config.clone().unwrap());

        // Without a district, or with the services page off, no services are listed.
        let no_district = Page::new(
            Kind::Landing,
            "/",
            Language::En,
            PageView::default(),
            &data,
            2026,
        );
        assert_eq!(no_district.context()["services"], json!([]));
        assert_eq!(no_district.context()["store_name"], "Nile Market");
        assert_eq!(no_district.context()["year_text"], "2026");
        let off = PageData {
            remote_config: Some(json!({"enable_services_page": 0})),
            ..data.clone()
        };
        let page = Page::new(Kind::Shell, "/home", Language::En, view, &off, 2026);
        assert_eq!(page.context()["services"], json!([]));
        assert_eq!(page.context()["services_enabled"], false);
    }

    #[test]
    fn a_page_for_no_district_sends_the_service_without_its_home_blocks() {
        let service = json!({"id": 1, "name": "Groceries", "filter_type": "products_focused",
            "blocks": [{"type": "slider", "images": [{"image": "/b.svg"}]}]});
        let data = PageData {
            service: Some(service.clone()),
            ..PageData::default()
        };
        let view = PageView {
            service_id: Some(1),
            ..view(false, None)
        };
        let landing = Page::new(Kind::Landing, "/", Language::En, view, &data, 2026);
        let mut expected = service.clone();
        expected["blocks"] = json!([]);
        assert_eq!(landing.boot()["service"], expected);
        // The header still reads the service's search and menu from it.
        assert_eq!(landing.context()["products_search"], true);

        let located = PageView {
            district_id: Some(2),
            ..view
        };
        let home = Page::new(Kind::Home, "/home", Language::En, located, &data, 2026);
        assert_eq!(home.boot()["service"], service);
    }

    #[test]
    fn the_home_page_asks_for_its_opening_banner() {
        let slider = json!({"id": 1, "blocks": [
            {"type": "slider", "items": [{"id": 4, "image": "/api/media/banners/4.svg?a=1&b=\"2\""},
                {"id": 5, "image": "/api/media/banners/5.svg"}]},
            {"type": "categories", "items": []}
        ]});
        let data = PageData {
            service: Some(slider),
            ..PageData::default()
        };
        let page = Page::new(
            Kind::Shell,
            "/home",
            Language::En,
            PageView::default(),
            &data,
            2026,
        );
        assert_eq!(
            page.lead_image(Some("home")),
            Some("/api/media/banners/4.svg?a=1&b=\"2\"")
        );
        assert_eq!(
            page.lead_image_hint(Some("home")),
            r#"<link rel="preload" as="image" fetchpriority="high" href="/api/media/banners/4.svg?a=1&amp;b=&quot;2&quot;">"#
        );
        // Other routes, a service whose blocks open with something else, or none: nothing.
        assert_eq!(page.lead_image(Some("product")), None);
        assert_eq!(page.lead_image(None), None);
        let categories_first = PageData {
            service: Some(json!({"blocks": [{"type": "categories", "items": [{"image": "/x"}]}]})),
            ..PageData::default()
        };
        let page = Page::new(
            Kind::Shell,
            "/home",
            Language::En,
            PageView::default(),
            &categories_first,
            2026,
        );
        assert_eq!(page.lead_image_hint(Some("home")), "");
        let empty = PageData::default();
        let page = Page::new(
            Kind::Shell,
            "/home",
            Language::En,
            PageView::default(),
            &empty,
            2026,
        );
        assert_eq!(page.lead_image(Some("home")), None);
    }
}
