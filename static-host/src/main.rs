use clap::Parser;
use static_host::Config;
use tracing_subscriber::EnvFilter;

/// Log lines waiting for a slow standard output before new ones are dropped.
const LOG_BUFFER_LINES: usize = 8_192;

/// How often the count of dropped log lines is reported.
const DROPPED_REPORT_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

fn main() -> std::process::ExitCode {
    // The log never blocks a request: lines go to a writer thread through a bounded
    // queue, and when standard output is slow (a full pipe, a stalled collector) new
    // lines are dropped and counted instead of waiting.
    let (writer, guard) = tracing_appender::non_blocking::NonBlockingBuilder::default()
        .lossy(true)
        .buffered_lines_limit(LOG_BUFFER_LINES)
        .thread_name("static-host-log")
        .finish(std::io::stdout());
    let dropped = writer.error_counter();
    tracing_subscriber::fmt()
        // Plain text when the log goes to a file or a collector.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
        .with_writer(writer)
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .init();
    let code = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime.block_on(async {
            tokio::spawn(report_dropped_lines(dropped));
            start().await
        }),
        Err(err) => {
            eprintln!("static-host: cannot start the runtime: {err}");
            std::process::ExitCode::FAILURE
        }
    };
    // Flushes what the writer still holds, but never waits long on a stuck output.
    let (done, flushed) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        drop(guard);
        let _ = done.send(());
    });
    let _ = flushed.recv_timeout(std::time::Duration::from_secs(2));
    code
}

/// Logs how many lines the log dropped since the last report, when any were.
async fn report_dropped_lines(counter: tracing_appender::non_blocking::ErrorCounter) {
    let mut reported = 0;
    loop {
        tokio::time::sleep(DROPPED_REPORT_EVERY).await;
        let dropped = counter.dropped_lines();
        if dropped > reported {
            tracing::warn!(
                dropped = dropped - reported,
                total = dropped,
                "log lines dropped: standard output was too slow"
            );
            reported = dropped;
        }
    }
}

async fn start() -> std::process::ExitCode {
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
    // The reference server's services (its test gateway), made once for this process.
    let (app, db) = static_host::app_with(&config, static_host::Services::reference())?;
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
