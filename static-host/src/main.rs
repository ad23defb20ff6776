use clap::Parser;
use static_host::Config;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        // Plain text when the log goes to a file or a collector.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .init();
    let config = Config::parse();
    if config.print_openapi {
        return match serde_json::to_string_pretty(&static_host::api::openapi()) {
            Ok(json) => {
                println!("{json}");
                std::process::ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("static-host: {err}");
                std::process::ExitCode::FAILURE
            }
        };
    }
    if let Some(command) = &config.command {
        return match static_host::ops::run(&config, command, &mut std::io::stdout()) {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("static-host: {err}");
                std::process::ExitCode::FAILURE
            }
        };
    }
    match run(config).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            tracing::error!("{err}");
            eprintln!("static-host: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run(config: Config) -> Result<(), Box<dyn std::error::Error>> {
    let (app, db) = static_host::app_with_db(&config)?;
    let (listener, addr) = static_host::bind(&config).await?;
    if config.embedded_api() {
        tracing::info!("embedded API on http://{addr}{}", static_host::API_MOUNT);
    } else {
        tracing::info!("UI uses the external API at {}", config.ui_api_base());
    }
    // Printed plainly (not only logged) so scripts and people can find the URL.
    println!("Storefront running at http://{addr}/");
    static_host::serve(listener, app, shutdown_signal(), config.shutdown_deadline).await?;
    if let Some(db) = db {
        match tokio::task::spawn_blocking(move || db.checkpoint()).await {
            Ok(Ok(true)) => tracing::info!("database closed cleanly"),
            Ok(Ok(false)) => tracing::warn!("database closed; a reader kept part of the WAL"),
            Ok(Err(err)) => tracing::error!(%err, "database checkpoint failed"),
            Err(err) => tracing::error!(%err, "database checkpoint task failed"),
        }
    }
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
