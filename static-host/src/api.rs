//! The embedded reference implementation of the product API (spec section 7),
//! mounted under `/api`, on SQLite. Its OpenAPI document is served at
//! `/api/openapi.json` and generated from the handlers themselves.

use std::path::Path;
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Json, Router};
use serde_json::json;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::clock::{Clock, SystemClock};
use crate::config::Config;
use crate::http::disk_floor::{self, DiskSpace, FreeSpaceProbe};
use crate::http::error::{self, ApiError};
use crate::http::extract::Lang;
use crate::http::state::AppState;
use crate::http::{JSON_BODY_LIMIT, contract, rate_limit, session, state};
use crate::i18n::Msg;
use crate::media::upload;
use crate::pages::{settings, web_manifest};
use crate::{
    account, auth, cart, catalogue, code_sender, db, location, media, orders, pages, reviews, seed,
};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Storefront product API (reference implementation)",
        description = "The product API of the bilingual marketplace storefront (spec section 7). \
Send `Language: en|ar` to choose the language of names and messages, `Authorization: Bearer <token>` \
when signed in, and `district-id` for the delivery district. Objects come as `{data, message}`, \
lists as `{data, meta: {current_page, last_page, per_page, total}}`. Errors: 422 `{message, errors: {field: [..]}}`, \
400 `{message, errors: {error}}`, others `{message}`.",
        version = "1.0.0"
    ),
    servers((url = "/api")),
    modifiers(&BearerAuth),
    components(schemas(error::ErrorBody, error::ValidationErrorBody, error::BadRequestBody))
)]
struct ApiDoc;

/// Declares the `bearer` security scheme the account operations use.
struct BearerAuth;

impl utoipa::Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
        );
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ApiStartError {
    #[error(transparent)]
    Db(#[from] db::DbError),
    #[error("cannot prepare the data directory: {0}")]
    Io(#[from] std::io::Error),
    #[error("cannot seed the demo catalogue: {0}")]
    Seed(#[from] rusqlite::Error),
    #[error(transparent)]
    Secret(#[from] state::SecretError),
}

/// What a server is handed when it is built rather than reaching for it itself: each
/// server, and so each test's, has its own, and nothing in it is shared with another
/// server in the same process.
#[derive(Clone)]
pub struct Services {
    /// The gateway cards are charged through.
    pub gateway: orders::payment::Gateway,
    /// The time sign-in and sessions go by.
    pub clock: Arc<dyn Clock>,
    /// What reads the free space of the data directory's disk (for the floor that
    /// refuses writes, `--limit-min-free-disk`); `None`: the file system's own answer
    /// for the data directory.
    pub free_space: Option<FreeSpaceProbe>,
}

impl Services {
    /// The reference server's: a [`orders::payment::TestGateway`] of its own, the
    /// system clock and the file system's free space.
    pub fn reference() -> Self {
        Services {
            gateway: orders::payment::reference_gateway(),
            clock: Arc::new(SystemClock),
            free_space: None,
        }
    }
}

/// Opens the database in `data_dir` (seeding the demo catalogue on first start) and
/// builds the API router; also returns the database, to close it at shutdown.
pub fn router(config: &Config, services: Services) -> Result<(Router, db::Db), ApiStartError> {
    let data_dir: &Path = &config.data_dir;
    let uploads_dir = data_dir.join("uploads");
    // Private: the database holds customers' data, uploads their pictures.
    state::private_dir(&uploads_dir)?;
    let db_path = data_dir.join(crate::ops::DATABASE_FILE);
    if !db_path.exists() {
        // SQLite creates its -wal and -shm files with the database file's mode.
        drop(state::private_file(&db_path)?);
    }
    let secret = Arc::new(state::load_or_create_secret(data_dir)?);
    let free_space = services
        .free_space
        .clone()
        .unwrap_or_else(|| disk_floor::available_space_of(data_dir.to_owned()));
    let db = db::Db::open(&db_path, 4)?;
    db.with_writer(|conn| seed::run(conn, crate::clock::now_ms(), config.seed_products))?;
    let state = AppState {
        db: db.clone(),
        sender: code_sender::from_spec(&config.code_sender),
        secret,
        uploads_dir,
        limits: Arc::new(rate_limit::RateLimits::from_config(config)),
        sessions: session::SessionPolicy {
            idle: config.session_idle_timeout,
            max_age: config.session_max_age,
        },
        uploads: upload::UploadPolicy {
            quota: config.limit_uploads_per_customer,
            unused_after: config.limit_unused_upload_age,
            min_free_disk: config.limit_min_free_disk,
        },
        disk: DiskSpace::new(free_space),
        payments: Arc::new(tokio::sync::Notify::new()),
        clock: services.clock.clone(),
    };
    spawn_background_work(&state, &services);
    Ok((build(state, services), db))
}

/// The server's own regular work: the refusal counts in the log, the clean-up of
/// unused uploads and the payment worker. Needs a Tokio runtime (the server's);
/// without one (a tool building the router only), nothing runs.
fn spawn_background_work(state: &AppState, services: &Services) {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        return;
    };
    runtime.spawn(rate_limit::log_refusals(
        state.limits.clone(),
        rate_limit::REFUSAL_LOG_WINDOW,
    ));
    runtime.spawn(upload::clean_unused_regularly(state.clone()));
    runtime.spawn(orders::payment_outbox::worker(
        state.db.clone(),
        services.gateway.clone(),
        state.payments.clone(),
    ));
}

/// Every documented operation, with its handler.
fn operations() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(settings::routes())
        .merge(web_manifest::routes())
        .merge(auth::routes())
        .merge(upload::routes())
        .merge(media::routes())
        .merge(catalogue::routes())
        .merge(location::routes())
        .merge(pages::routes())
        .merge(cart::routes())
        .merge(orders::routes())
        .merge(account::routes())
        .merge(reviews::routes())
}

/// The OpenAPI document of the API (also served at `/api/openapi.json`).
pub fn openapi() -> utoipa::openapi::OpenApi {
    contract::finish(operations().split_for_parts().1)
}

fn build(state: AppState, services: Services) -> Router {
    let (router, openapi) = operations().split_for_parts();
    let per_ip = rate_limit::IpLimitState(state.limits.clone());
    let write_floor = disk_floor::WriteFloor {
        disk: state.disk.clone(),
        floor: state.uploads.min_free_disk,
        limits: state.limits.clone(),
        clock: state.clock.clone(),
        checked_by_handler: upload::CHECKS_THE_DISK_FLOOR,
    };
    let openapi = Arc::new(contract::finish(openapi));
    router
        .route("/health", get(health))
        .route(
            "/openapi.json",
            get(move || {
                let doc = openapi.clone();
                async move { Json(doc.as_ref().clone()) }
            }),
        )
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        // Orders reach the account area's side of their changes only through this.
        .layer(Extension::<orders::effects::Effects>(Arc::new(
            account::order_effects::AccountEffects,
        )))
        // Like the effects, the gateway reaches the order handlers as an extension: the
        // shared state (`http`) names no order types.
        .layer(Extension::<orders::payment::Gateway>(services.gateway))
        // Below the disk's free-space floor, every write is refused before its handler
        // runs (inside the per-IP limits: a flood is limited before the disk is read).
        .layer(axum::middleware::from_fn_with_state(
            write_floor,
            disk_floor::refuse_writes_below_floor,
        ))
        .layer(axum::middleware::from_fn_with_state(
            per_ip,
            rate_limit::limit_per_ip,
        ))
        .with_state(state)
}

async fn health() -> Json<serde_json::Value> {
    Json(json!({ "status": "ok", "core_version": storefront_core::version() }))
}

async fn not_found(Lang(lang): Lang) -> Response {
    ApiError::NotFound {
        message: Msg::NotFound.text(lang),
    }
    .into_response()
}

async fn method_not_allowed(Lang(lang): Lang) -> Response {
    ApiError::Status {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: Msg::MethodNotAllowed.text(lang),
    }
    .into_response()
}

/// Answers every call when the UI is pointed at an external API.
pub fn disabled_router() -> Router {
    Router::new().fallback(disabled)
}

async fn disabled() -> Response {
    (
        StatusCode::NOT_FOUND,
        Json(
            json!({ "message": "The embedded API is off; this storefront uses an external API." }),
        ),
    )
        .into_response()
}
