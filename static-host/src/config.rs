//! Configuration from flags and the same-named `STOREFRONT_*` environment variables.

use std::fmt;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use clap::Parser;
use thiserror::Error;

/// Where the embedded API is mounted.
pub const API_MOUNT: &str = "/api";

/// Products in the demo catalogue unless `--seed-products` says otherwise.
pub const DEFAULT_SEED_PRODUCTS: u32 = 1_000;

/// The most products `--seed-products` may ask for.
pub const MAX_SEED_PRODUCTS: u32 = 2_000_000;

#[derive(Debug, Clone, Parser)]
#[command(
    name = "static-host",
    version,
    about = "Serves the storefront UI and its embedded reference API",
    // A flag given twice takes the last value, so a harness's defaults can be
    // overridden by a test's own flags.
    args_override_self = true
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

    /// Base URL of the admin API that takes uploads (`POST /upload-file/upload`,
    /// spec 7), for a merchant whose uploads live elsewhere. Unset: the product API's.
    #[arg(long, env = "STOREFRONT_ADMIN_API_BASE_URL")]
    pub admin_api_base_url: Option<String>,

    /// Products in the demo catalogue created on first start (e.g. 100000 for load
    /// tests). A database that is already seeded is left as it is.
    #[arg(
        long,
        env = "STOREFRONT_SEED_PRODUCTS",
        default_value_t = DEFAULT_SEED_PRODUCTS,
        value_parser = clap::value_parser!(u32).range(1..=MAX_SEED_PRODUCTS as i64)
    )]
    pub seed_products: u32,

    /// Where one-time codes go: `console`, `file:PATH` or `webhook:URL`.
    #[arg(long, env = "STOREFRONT_CODE_SENDER", default_value = "console")]
    pub code_sender: CodeSenderSpec,

    /// Origins (scheme://host[:port], comma-separated) whose pages may call the
    /// embedded API from a browser (CORS). Empty: same origin only.
    #[arg(long, env = "STOREFRONT_CORS_ORIGINS", value_delimiter = ',')]
    pub cors_origins: Vec<String>,

    /// Trust `X-Forwarded-For` (client address, for the per-IP limits) and
    /// `X-Forwarded-Proto` (HSTS) from a reverse proxy. Only set this when every
    /// request reaches the server through a proxy that overwrites those headers.
    #[arg(long, env = "STOREFRONT_TRUST_FORWARDED_HEADERS")]
    pub trust_forwarded_headers: bool,

    /// Longest a request may take (reading its body included) before it gets 408.
    #[arg(long, env = "STOREFRONT_REQUEST_TIMEOUT", default_value = "30s", value_parser = humantime::parse_duration)]
    pub request_timeout: Duration,

    /// After SIGTERM or Ctrl-C, how long in-flight requests may still run before the
    /// server closes them and exits.
    #[arg(long, env = "STOREFRONT_SHUTDOWN_DEADLINE", default_value = "10s", value_parser = humantime::parse_duration)]
    pub shutdown_deadline: Duration,

    /// One-time codes one client IP may request (phone, e-mail, password reset):
    /// `N/PERIOD` such as `20/1h`, or `off`.
    #[arg(
        long,
        env = "STOREFRONT_LIMIT_CODE_REQUESTS_PER_IP",
        default_value = "20/1h"
    )]
    pub limit_code_requests_per_ip: Rate,

    /// One-time codes one number or e-mail address may receive, whatever the IP
    /// (kept in the database, so it also holds across restarts); a new code never
    /// comes sooner than 60 s after the last either.
    #[arg(
        long,
        env = "STOREFRONT_LIMIT_CODES_PER_TARGET",
        default_value = "5/1h"
    )]
    pub limit_codes_per_target: Rate,

    /// Code checks (verify, register, e-mail verify, password reset) from one client IP.
    #[arg(
        long,
        env = "STOREFRONT_LIMIT_CODE_CHECKS_PER_IP",
        default_value = "60/1h"
    )]
    pub limit_code_checks_per_ip: Rate,

    /// Code checks of the current code of one number or e-mail address, whatever the
    /// IP (only the client that asked for a code can try it; a new code starts afresh).
    #[arg(
        long,
        env = "STOREFRONT_LIMIT_CODE_CHECKS_PER_TARGET",
        default_value = "10/15m"
    )]
    pub limit_code_checks_per_target: Rate,

    /// Wrong code tries on one number or e-mail address over all its codes and
    /// clients; once reached, no new code is sent to it until enough of them are older
    /// than the period (codes already sent keep working). Kept in the database.
    #[arg(
        long,
        env = "STOREFRONT_LIMIT_WRONG_CODES_PER_TARGET",
        default_value = "10/24h"
    )]
    pub limit_wrong_codes_per_target: Rate,

    /// Every sign-in call (code requests and checks, registration, password change)
    /// from one client IP.
    #[arg(
        long,
        env = "STOREFRONT_LIMIT_SIGN_IN_PER_IP",
        default_value = "60/10m"
    )]
    pub limit_sign_in_per_ip: Rate,

    /// Searches (product and shop suggestions, service search, map search) from one
    /// client IP.
    #[arg(long, env = "STOREFRONT_LIMIT_SEARCH_PER_IP", default_value = "120/1m")]
    pub limit_search_per_ip: Rate,

    /// Writes (every POST, PUT, PATCH and DELETE of the API) from one client IP.
    #[arg(long, env = "STOREFRONT_LIMIT_WRITES_PER_IP", default_value = "120/1m")]
    pub limit_writes_per_ip: Rate,

    /// Client addresses (comma-separated IPs; an IPv6 one covers its /64, as the limits
    /// count clients) that no per-IP abuse limit counts or refuses, for a load test
    /// from loopback (`127.0.0.1,::1`); the per-number and per-code caps still apply.
    /// Empty by default. Never list an address that others share (a proxy's, a NAT's).
    #[arg(long, env = "STOREFRONT_LIMIT_EXEMPT_ADDRS", default_value = "")]
    pub limit_exempt_addrs: IpList,

    /// Review writes (writing, editing, deleting, reporting a review, marking one
    /// helpful) one signed-in customer may make: `N/PERIOD` such as `20/1h`, or `off`.
    /// Counted per customer whatever the IP; the addresses of `--limit-exempt-addrs`
    /// are not counted.
    #[arg(
        long,
        env = "STOREFRONT_LIMIT_REVIEW_WRITES_PER_CUSTOMER",
        default_value = "20/1h"
    )]
    pub limit_review_writes_per_customer: Rate,

    /// Cards one signed-in customer may save with `POST /cards` (each one a card
    /// number the gateway checks): `N/PERIOD` such as `10/1h`, or `off`. Counted per
    /// customer whatever the IP; the addresses of `--limit-exempt-addrs` are not
    /// counted.
    #[arg(
        long,
        env = "STOREFRONT_LIMIT_CARD_SAVES_PER_CUSTOMER",
        default_value = "10/1h"
    )]
    pub limit_card_saves_per_customer: Rate,

    /// A session (bearer token) unused this long has ended; each use renews it.
    #[arg(long, env = "STOREFRONT_SESSION_IDLE_TIMEOUT", default_value = "30d", value_parser = humantime::parse_duration)]
    pub session_idle_timeout: Duration,

    /// A session this old has ended, however often it is used.
    #[arg(long, env = "STOREFRONT_SESSION_MAX_AGE", default_value = "90d", value_parser = humantime::parse_duration)]
    pub session_max_age: Duration,

    /// Uploads one customer may keep at once: `FILES/SIZE` such as `10/10MB`, or `off`.
    #[arg(
        long,
        env = "STOREFRONT_LIMIT_UPLOADS_PER_CUSTOMER",
        default_value = "10/10MB"
    )]
    pub limit_uploads_per_customer: UploadQuota,

    /// How long an upload no profile uses is kept before it is deleted.
    #[arg(
        long,
        env = "STOREFRONT_LIMIT_UNUSED_UPLOAD_AGE",
        default_value = "24h",
        value_parser = humantime::parse_duration
    )]
    pub limit_unused_upload_age: Duration,

    /// While the data directory's disk has less free space than this (`512MB`, `2GB`;
    /// `0` never refuses), uploads and every other write to the API are refused (503);
    /// reads go on. An upload is also refused when it would take the disk below it.
    #[arg(
        long,
        env = "STOREFRONT_LIMIT_MIN_FREE_DISK",
        default_value = "1GB",
        value_parser = parse_size
    )]
    pub limit_min_free_disk: u64,

    /// Print the API's OpenAPI document as JSON and exit.
    #[arg(long)]
    pub print_openapi: bool,

    /// An operator command to run on the data directory instead of serving.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Operator commands (run by `ops`), part of the command line.
#[derive(Debug, Clone, PartialEq, Eq, clap::Subcommand)]
pub enum Command {
    /// Moves an order through the status machine (the shop's side: processing,
    /// shipped, out_for_delivery, delivered, return_received, returned, on_hold,
    /// rejected, cancelled). Give several statuses to take several steps in order.
    OrderStatus {
        /// The order's id (the customer sees number 100000 + id; `#100012` is read as id 12).
        order: String,
        /// The status(es) to move to, one step each.
        #[arg(required = true, num_args = 1..)]
        statuses: Vec<String>,
    },
    /// Hides a product review from the shop (`hide`), or shows it again (`show`): a
    /// hidden review leaves the product's review list and its rating.
    Review {
        /// `hide` or `show`.
        action: ReviewVisibility,
        /// The review's id.
        review: String,
    },
    /// Sends an offer or the newsletter to the bell of every customer whose
    /// preferences ask for it ("offers", "newsletter"), in both languages.
    Announce {
        /// `offers` or `newsletter`.
        kind: Announcement,
        /// The title in English.
        title_en: String,
        /// The title in Arabic.
        title_ar: String,
        /// The text in English.
        body_en: String,
        /// The text in Arabic.
        body_ar: String,
    },
    /// Checks the ledgers' invariants (wallet, points, stock, coupons, card charges,
    /// order totals, review ratings) and exits non-zero naming each broken one with
    /// its rows.
    CheckDb {
        /// Card charges and payment outbox rows younger than this are still on their way.
        #[arg(long, default_value = "60s", value_parser = humantime::parse_duration)]
        settle: std::time::Duration,
    },
}

/// What `static-host announce` sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Announcement {
    /// An offer: to customers with "offers" on.
    Offers,
    /// The newsletter: to customers with "newsletter" on.
    Newsletter,
}

/// What `static-host review` does to a review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ReviewVisibility {
    /// Take it out of the product's list and rating.
    Hide,
    /// Put it back.
    Show,
}

/// A configured limit: `N/PERIOD` (e.g. `20/1h`, `3/10s`) or `off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rate {
    Off,
    Every { count: NonZeroU32, per: Duration },
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("expected N/PERIOD such as 20/1h or 3/10s, or off; got {0:?}")]
pub struct RateError(String);

impl FromStr for Rate {
    type Err = RateError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("off") {
            return Ok(Rate::Off);
        }
        let bad = || RateError(s.to_owned());
        let (count, per) = s.split_once('/').ok_or_else(bad)?;
        let count: NonZeroU32 = count.trim().parse().map_err(|_| bad())?;
        let per = humantime::parse_duration(per.trim()).map_err(|_| bad())?;
        // GCRA replenishes one request every per/count: it must be a real interval.
        if (per / count.get()).is_zero() {
            return Err(bad());
        }
        Ok(Rate::Every { count, per })
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rate::Off => f.write_str("off"),
            Rate::Every { count, per } => {
                write!(f, "{count}/{}", humantime::format_duration(*per))
            }
        }
    }
}

impl Config {
    /// The API base the UI is told to use.
    pub fn ui_api_base(&self) -> &str {
        self.api_base_url.as_deref().unwrap_or(API_MOUNT)
    }

    /// The admin API base the UI is told to upload to: the product API's unless set.
    pub fn ui_admin_api_base(&self) -> &str {
        self.admin_api_base_url
            .as_deref()
            .unwrap_or_else(|| self.ui_api_base())
    }

    /// Whether the embedded reference API is served under `/api`.
    pub fn embedded_api(&self) -> bool {
        self.api_base_url.is_none()
    }
}

/// A size as typed: a whole number of bytes with an optional unit (`B`, `KB`, `MB`,
/// `GB`, `TB`, powers of 1024).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (digits, unit) = text.split_at(split);
    let number: u64 = digits
        .parse()
        .map_err(|_| format!("expected a size such as 512MB, got {text:?}"))?;
    let factor: u64 = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "KB" | "K" => 1 << 10,
        "MB" | "M" => 1 << 20,
        "GB" | "G" => 1 << 30,
        "TB" | "T" => 1 << 40,
        _ => return Err(format!("unknown size unit in {text:?} (B, KB, MB, GB, TB)")),
    };
    number
        .checked_mul(factor)
        .ok_or_else(|| format!("size too large: {text:?}"))
}

/// IP addresses as typed, comma-separated (spaces and empty entries ignored, so an
/// empty variable is an empty list); never names, ports or ranges.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IpList(pub Vec<IpAddr>);

impl FromStr for IpList {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                entry.parse().map_err(|_| {
                    format!("expected IP addresses such as 127.0.0.1,::1 (no names, ports or ranges); {entry:?} is not one")
                })
            })
            .collect::<Result<_, _>>()
            .map(IpList)
    }
}

/// The uploads one customer may keep at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UploadQuota {
    Off,
    Limit { files: u32, bytes: u64 },
}

impl FromStr for UploadQuota {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("off") {
            return Ok(UploadQuota::Off);
        }
        let bad = || format!("expected FILES/SIZE such as 10/10MB, or off; got {s:?}");
        let (files, size) = s.split_once('/').ok_or_else(bad)?;
        let files: u32 = files
            .trim()
            .parse()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(bad)?;
        let bytes = parse_size(size).ok().filter(|b| *b > 0).ok_or_else(bad)?;
        Ok(UploadQuota::Limit { files, bytes })
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
        assert!(config.cors_origins.is_empty());
        assert!(!config.trust_forwarded_headers);
        assert_eq!(config.request_timeout, Duration::from_secs(30));
        assert_eq!(config.shutdown_deadline, Duration::from_secs(10));
        assert_eq!(config.limit_code_requests_per_ip.to_string(), "20/1h");
        assert_eq!(config.limit_codes_per_target.to_string(), "5/1h");
        assert_eq!(config.limit_code_checks_per_target.to_string(), "10/15m");
        assert_eq!(config.limit_wrong_codes_per_target.to_string(), "10/1day");
        assert_eq!(config.limit_writes_per_ip.to_string(), "120/1m");
        assert_eq!(config.limit_review_writes_per_customer.to_string(), "20/1h");
        assert_eq!(config.limit_card_saves_per_customer.to_string(), "10/1h");
        assert_eq!(
            config.session_idle_timeout,
            Duration::from_secs(30 * 86_400)
        );
        assert_eq!(config.session_max_age, Duration::from_secs(90 * 86_400));
        assert_eq!(
            config.limit_uploads_per_customer,
            UploadQuota::Limit {
                files: 10,
                bytes: 10 << 20
            }
        );
        assert_eq!(config.limit_unused_upload_age, Duration::from_secs(86_400));
        assert_eq!(config.limit_min_free_disk, 1 << 30);
        assert_eq!(
            config.limit_exempt_addrs,
            IpList(vec![]),
            "no address is exempt"
        );
    }

    #[test]
    fn exempt_addresses_are_a_list_of_ips() {
        let config = Config::try_parse_from([
            "static-host",
            "--limit-exempt-addrs",
            "127.0.0.1, ::1,10.0.0.7,",
        ])
        .unwrap();
        assert_eq!(
            config.limit_exempt_addrs.0,
            [
                "127.0.0.1".parse::<IpAddr>().unwrap(),
                "::1".parse().unwrap(),
                "10.0.0.7".parse().unwrap()
            ]
        );
        // An empty value (STOREFRONT_LIMIT_EXEMPT_ADDRS=) exempts no one.
        assert_eq!(" ".parse(), Ok(IpList(vec![])));
        for bad in [
            "localhost",
            "127.0.0.1:8080",
            "10.0.0.0/8",
            "::1,*",
            "1.2.3",
        ] {
            let err = Config::try_parse_from(["static-host", "--limit-exempt-addrs", bad])
                .unwrap_err()
                .to_string();
            assert!(
                err.contains("--limit-exempt-addrs")
                    && err.contains("expected IP addresses such as 127.0.0.1,::1"),
                "{bad}: {err}"
            );
        }
    }

    #[test]
    fn sizes_and_quotas_parse() {
        assert_eq!(parse_size("0"), Ok(0));
        assert_eq!(parse_size("512MB"), Ok(512 << 20));
        assert_eq!(parse_size("2 gb"), Ok(2 << 30));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("5PB").is_err());
        assert_eq!("off".parse::<UploadQuota>(), Ok(UploadQuota::Off));
        assert_eq!(
            "3/1MB".parse::<UploadQuota>(),
            Ok(UploadQuota::Limit {
                files: 3,
                bytes: 1 << 20
            })
        );
        for bad in ["", "3", "0/1MB", "3/0", "x/1MB"] {
            assert!(bad.parse::<UploadQuota>().is_err(), "{bad}");
        }
    }

    #[test]
    fn limits_and_origins_come_from_flags() {
        let config = Config::try_parse_from([
            "static-host",
            "--cors-origins",
            "https://a.example,https://b.example:8443",
            "--limit-search-per-ip",
            "off",
            "--limit-writes-per-ip",
            "3/10s",
            "--request-timeout",
            "2s",
        ])
        .unwrap();
        assert_eq!(
            config.cors_origins,
            ["https://a.example", "https://b.example:8443"]
        );
        assert_eq!(config.limit_search_per_ip, Rate::Off);
        assert_eq!(config.limit_writes_per_ip.to_string(), "3/10s");
        assert_eq!(config.request_timeout, Duration::from_secs(2));
        assert!(Config::try_parse_from(["static-host", "--limit-writes-per-ip", "many"]).is_err());
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
