//! `static-host`: serves the built storefront UI and, unless an external API is
//! configured, the embedded reference product API under `/api`.

// Layers, each importing only those above it in this list:
// config and the common layer (i18n, money, db, code_sender, clock, http) first,
// then the features, then the seed data, the API's composition and the operator
// commands. Features meet only through names in each other's `mod.rs`.
pub mod clock;
pub mod code_sender;
pub mod config;
pub mod db;
pub mod http;
pub mod i18n;
pub mod money;

pub mod account;
pub mod auth;
pub mod cart;
pub mod catalogue;
pub mod location;
pub mod media;
pub mod orders;
pub mod pages;
pub mod reviews;

pub mod api;
pub mod ops;
pub mod seed;
mod web;

use std::future::{Future, IntoFuture};
use std::io;
use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::extract::Request;
use axum::http::StatusCode;
use thiserror::Error;
use tokio::net::TcpListener;
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

pub use api::Services;
pub use config::Config;

pub use http::{API_MOUNT, MAX_REQUEST_BODY};

#[derive(Debug, Error)]
pub enum StartError {
    #[error("cannot create data directory {path}: {source}")]
    DataDir { path: String, source: io::Error },
    #[error(transparent)]
    Api(#[from] api::ApiStartError),
    #[error("cannot listen on {addr}: {source}")]
    Bind { addr: String, source: io::Error },
}

/// Builds the whole application for a configuration, with the reference server's
/// [`Services`].
pub fn app(config: &Config) -> Result<Router, StartError> {
    app_with(config, Services::reference()).map(|(router, _)| router)
}

/// The application built with the given [`Services`] and, when the embedded API is
/// on, its database (to close it cleanly once the server has stopped).
pub fn app_with(
    config: &Config,
    services: Services,
) -> Result<(Router, Option<db::Db>), StartError> {
    // Only the server's user may enter it (0700) when it is created here.
    http::state::private_dir(&config.data_dir).map_err(|source| StartError::DataDir {
        path: config.data_dir.display().to_string(),
        source,
    })?;
    // With an external API the mount stays reserved, so a stray call gets a clear
    // JSON 404 rather than the app's HTML.
    let (mut api, db) = if config.embedded_api() {
        let (router, db) = api::router(config, services)?;
        (router, Some(db))
    } else {
        (api::disabled_router(), None)
    };
    // Pages are filled from the API the UI uses: the embedded one in process (its
    // router, before CORS, which only concerns browsers), or the external one.
    let page_source = match &config.api_base_url {
        None => web::Source::embedded(api.clone()),
        Some(url) => web::Source::external(url),
    };
    if let Some(cors) = http::security_headers::cors(&config.cors_origins) {
        api = api.layer(cors);
    }
    let headers = http::security_headers::SecurityHeaders::new(
        config.api_base_url.as_deref(),
        config.admin_api_base_url.as_deref(),
        config.trust_forwarded_headers,
    );
    // API answers are made per request, so they are compressed at the fastest level
    // (brotli quality 0, gzip 1): at the default (brotli 4) compression was an eighth
    // of a search's CPU (docs/performance.md). The UI's files and pages keep the
    // default level, so their bytes on the wire stay as they were.
    let api = api.layer(CompressionLayer::new().quality(CompressionLevel::Fastest));
    let ui = web::router(
        &config.ui_dir,
        config.ui_api_base(),
        config.ui_admin_api_base(),
        page_source,
        config.trust_forwarded_headers,
        db.clone(),
    )
    .layer(CompressionLayer::new());
    let router = Router::new()
        .nest(API_MOUNT, api)
        .merge(ui)
        .layer(RequestBodyLimitLayer::new(MAX_REQUEST_BODY))
        // Inside the timeout: a client cannot hold the connection open by trickling.
        .layer(axum::middleware::from_fn(http::unread_body::drain_unread_body))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            config.request_timeout,
        ))
        .layer(axum::middleware::from_fn(http::json_refusals))
        .layer(axum::middleware::from_fn_with_state(
            headers,
            http::security_headers::add_security_headers,
        ))
        // Method and path only: query strings can carry what people typed.
        .layer(TraceLayer::new_for_http().make_span_with(|request: &Request| {
            tracing::debug_span!("request", method = %request.method(), path = %request.uri().path())
        }));
    Ok((router, db))
}

/// Binds the configured address and returns the listener with its real address.
pub async fn bind(config: &Config) -> Result<(TcpListener, SocketAddr), StartError> {
    let bind_err = |source| StartError::Bind {
        addr: config.addr.clone(),
        source,
    };
    let listener = TcpListener::bind(&config.addr).await.map_err(bind_err)?;
    let addr = listener.local_addr().map_err(bind_err)?;
    Ok((listener, addr))
}

/// Serves until `shutdown` resolves, then stops accepting connections and lets
/// in-flight requests finish for at most `deadline`; connections still open then are
/// dropped. The client's socket address reaches handlers as `ConnectInfo`.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
    deadline: Duration,
) -> io::Result<()> {
    let (signalled, on_signal) = tokio::sync::oneshot::channel::<()>();
    let signal = async move {
        shutdown.await;
        let _ = signalled.send(());
    };
    let server = axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(signal)
    .into_future();
    let deadline_passed = async move {
        match on_signal.await {
            Ok(()) => tokio::time::sleep(deadline).await,
            // The server stopped on its own: only its result matters.
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        result = server => result,
        () = deadline_passed => {
            tracing::warn!(?deadline, "shutdown deadline passed; closing the requests still running");
            Ok(())
        }
    }
}
