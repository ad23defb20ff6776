//! Configuration from flags and the same-named `STOREFRONT_*` environment variables.

use std::path::PathBuf;
use std::str::FromStr;

use clap::Parser;
use thiserror::Error;

#[derive(Debug, Clone, Parser)]
#[command(
    name = "static-host",
    version,
    about = "Serves the storefront UI and its embedded reference API"
)]
pub struct Config {
    /// Address to listen on (host:port; port 0 picks a free one).
    #[arg(long, env = "STOREFRONT_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: String,

    /// Directory for the SQLite database and uploads; created if missing.
    #[arg(long, env = "STOREFRONT_DATA_DIR", default_value = "storefront-data")]
    pub data_dir: PathBuf,

    /// Directory of the built UI (index.html and assets/).
    #[arg(long, env = "STOREFRONT_UI_DIR", default_value = "ui/dist")]
    pub ui_dir: PathBuf,

    /// Base URL of an external product API. When set, the UI talks to it and the
    /// embedded API is off.
    #[arg(long, env = "STOREFRONT_API_BASE_URL")]
    pub api_base_url: Option<String>,

    /// Products in the demo catalogue created on first start (e.g. 100000 for load
    /// tests). A database that is already seeded is left as it is.
    #[arg(
        long,
        env = "STOREFRONT_SEED_PRODUCTS",
        default_value_t = crate::api::seed::DEFAULT_PRODUCTS,
        value_parser = clap::value_parser!(u32).range(1..=crate::api::seed::MAX_PRODUCTS as i64)
    )]
    pub seed_products: u32,

    /// Where one-time codes go: `console`, `file:PATH` or `webhook:URL`.
    #[arg(long, env = "STOREFRONT_CODE_SENDER", default_value = "console")]
    pub code_sender: CodeSenderSpec,

    /// Print the API's OpenAPI document as JSON and exit.
    #[arg(long)]
    pub print_openapi: bool,

    /// An operator command to run on the data directory instead of serving.
    #[command(subcommand)]
    pub command: Option<crate::ops::Command>,
}

impl Config {
    /// The API base the UI is told to use.
    pub fn ui_api_base(&self) -> &str {
        self.api_base_url.as_deref().unwrap_or(crate::API_MOUNT)
    }

    /// Whether the embedded reference API is served under `/api`.
    pub fn embedded_api(&self) -> bool {
        self.api_base_url.is_none()
    }
}

/// How one-time codes are delivered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeSenderSpec {
    /// Printed in the server log.
    Console,
    /// Appended as one JSON line per code to a file (for tests).
    File(PathBuf),
    /// POSTed as JSON to a gateway URL.
    Webhook(String),
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum CodeSenderSpecError {
    #[error("expected console, file:PATH or webhook:URL, got {0:?}")]
    Unknown(String),
    #[error("{0} needs a value after the colon")]
    Empty(&'static str),
    #[error("webhook URL must start with http:// or https://, got {0:?}")]
    BadUrl(String),
}

impl FromStr for CodeSenderSpec {
    type Err = CodeSenderSpecError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "console" {
            return Ok(Self::Console);
        }
        if let Some(path) = s.strip_prefix("file:") {
            if path.is_empty() {
                return Err(CodeSenderSpecError::Empty("file"));
            }
            return Ok(Self::File(PathBuf::from(path)));
        }
        if let Some(url) = s.strip_prefix("webhook:") {
            if url.is_empty() {
                return Err(CodeSenderSpecError::Empty("webhook"));
            }
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(CodeSenderSpecError::BadUrl(url.to_owned()));
            }
            return Ok(Self::Webhook(url.to_owned()));
        }
        Err(CodeSenderSpecError::Unknown(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_each_code_sender() {
        assert_eq!("console".parse(), Ok(CodeSenderSpec::Console));
        assert_eq!(
            "file:/tmp/outbox.jsonl".parse(),
            Ok(CodeSenderSpec::File("/tmp/outbox.jsonl".into()))
        );
        assert_eq!(
            "webhook:https://sms.example/send".parse(),
            Ok(CodeSenderSpec::Webhook("https://sms.example/send".into()))
        );
    }

    #[test]
    fn rejects_bad_code_senders() {
        assert_eq!(
            "sms".parse::<CodeSenderSpec>(),
            Err(CodeSenderSpecError::Unknown("sms".into()))
        );
        assert_eq!(
            "file:".parse::<CodeSenderSpec>(),
            Err(CodeSenderSpecError::Empty("file"))
        );
        assert!(matches!(
            "webhook:ftp://x".parse::<CodeSenderSpec>(),
            Err(CodeSenderSpecError::BadUrl(_))
        ));
    }

    #[test]
    fn defaults_match_the_documented_interface() {
        let config = Config::try_parse_from(["static-host"]).unwrap();
        assert_eq!(config.addr, "127.0.0.1:8080");
        assert_eq!(config.code_sender, CodeSenderSpec::Console);
        assert_eq!(config.seed_products, 1_000);
        assert!(config.embedded_api());
        assert_eq!(config.ui_api_base(), "/api");
    }

    #[test]
    fn seed_products_is_bounded() {
        let config = Config::try_parse_from(["static-host", "--seed-products", "100000"]).unwrap();
        assert_eq!(config.seed_products, 100_000);
        for bad in ["0", "-5", "many", "2000001"] {
            assert!(
                Config::try_parse_from(["static-host", "--seed-products", bad]).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn external_api_turns_the_embedded_one_off() {
        let config =
            Config::try_parse_from(["static-host", "--api-base-url", "https://api.shop.example"])
                .unwrap();
        assert!(!config.embedded_api());
        assert_eq!(config.ui_api_base(), "https://api.shop.example");
    }
}
