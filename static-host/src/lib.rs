//! `static-host`: serves the built storefront UI and, unless an external API is
//! configured, the embedded reference product API under `/api`.

pub mod api;
pub mod config;
pub mod ops;
mod web;

use std::future::Future;
use std::io;
use std::net::SocketAddr;

use axum::Router;
use thiserror::Error;
use tokio::net::TcpListener;
use tower_http::compression::CompressionLayer;
use tower_http::trace::TraceLayer;

pub use config::Config;

/// Where the embedded API is mounted.
pub const API_MOUNT: &str = "/api";

#[derive(Debug, Error)]
pub enum StartError {
    #[error("cannot create data directory {path}: {source}")]
    DataDir { path: String, source: io::Error },
    #[error(transparent)]
    Api(#[from] api::ApiStartError),
    #[error("cannot listen on {addr}: {source}")]
    Bind { addr: String, source: io::Error },
}

/// Builds the whole application for a configuration.
pub fn app(config: &Config) -> Result<Router, StartError> {
    std::fs::create_dir_all(&config.data_dir).map_err(|source| StartError::DataDir {
        path: config.data_dir.display().to_string(),
        source,
    })?;
    // With an external API the mount stays reserved, so a stray call gets a clear
    // JSON 404 rather than the app's HTML.
    let api = if config.embedded_api() {
        api::router(config)?
    } else {
        api::disabled_router()
    };
    Ok(Router::new()
        .nest(API_MOUNT, api)
        .merge(web::router(&config.ui_dir, config.ui_api_base()))
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http()))
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

/// Serves until `shutdown` resolves, then finishes in-flight requests.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
}
