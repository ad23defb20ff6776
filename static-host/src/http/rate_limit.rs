//! Abuse limits of the API: per client IP on code requests, code checks, sign-in,
//! search and writes, and per code on code checks (the per-target caps on code
//! *requests* and on wrong tries live in the database, `otp::issue`). Each limit
//! is a keyed GCRA limiter from `governor`: `N/PERIOD` lets a burst of N through and
//! then one more every PERIOD/N. A refusal is 429 with `Retry-After` and a message in
//! the request's language.
//!
//! Refusals are counted, not logged one by one: a flood of refused requests must cost
//! the server (and its log) nothing more than the refusals. [`RateLimits::take_refusals`]
//! hands the counts of each group to a task that logs them once per window.

use std::hash::Hash;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use storefront_core::locale::Language;

use crate::config::Config;
use crate::http::client_ip::{client_ip, client_ip_of};
use crate::http::error::ApiError;
use crate::i18n::{Msg, language_of_headers};

pub use crate::config::{Rate, RateError};

impl Rate {
    fn quota(self) -> Option<Quota> {
        match self {
            Rate::Off => None,
            Rate::Every { count, per } => {
                Quota::with_period(per / count.get()).map(|q| q.allow_burst(count))
            }
        }
    }
}

/// One keyed limiter; `None` when its rate is `off`.
struct Limiter<K: Hash + Eq + Clone> {
    inner: Option<DefaultKeyedRateLimiter<K>>,
    checks: AtomicU32,
}

/// How often (in checks) a limiter forgets keys whose limit has fully recovered, so
/// the table stays as small as the set of recently active clients.
const SWEEP_EVERY: u32 = 1024;

impl<K: Hash + Eq + Clone> Limiter<K> {
    fn new(rate: Rate) -> Self {
        Limiter {
            inner: rate.quota().map(DefaultKeyedRateLimiter::dashmap),
            checks: AtomicU32::new(0),
        }
    }

    /// Ok, or how long until the key may try again.
    fn check(&self, key: &K) -> Result<(), Duration> {
        let Some(limiter) = &self.inner else {
            return Ok(());
        };
        if self.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
            limiter.retain_recent();
        }
        limiter
            .check_key(key)
            .map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
    }
}

/// The per-IP groups a request can count against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IpGroup {
    CodeRequests,
    CodeChecks,
    SignIn,
    Search,
    Writes,
}

impl IpGroup {
    pub const ALL: [IpGroup; 5] = [
        IpGroup::CodeRequests,
        IpGroup::CodeChecks,
        IpGroup::SignIn,
        IpGroup::Search,
        IpGroup::Writes,
    ];

    fn index(self) -> usize {
        self as usize
    }

    /// The limit's flag, as the log names it.
    pub fn flag(self) -> &'static str {
        match self {
            IpGroup::CodeRequests => "limit-code-requests-per-ip",
            IpGroup::CodeChecks => "limit-code-checks-per-ip",
            IpGroup::SignIn => "limit-sign-in-per-ip",
            IpGroup::Search => "limit-search-per-ip",
            IpGroup::Writes => "limit-writes-per-ip",
        }
    }
}

/// Every limiter of the API, shared by the middleware and the handlers.
pub struct RateLimits {
    code_requests_per_ip: Limiter<IpAddr>,
    code_checks_per_ip: Limiter<IpAddr>,
    sign_in_per_ip: Limiter<IpAddr>,
    search_per_ip: Limiter<IpAddr>,
    writes_per_ip: Limiter<IpAddr>,
    /// Checks of one code (keyed by the code's id), whatever the IP.
    code_checks_per_code: Limiter<i64>,
    /// Review writes of one customer (keyed by the customer's id), whatever the IP.
    review_writes_per_customer: Limiter<i64>,
    /// Review writes refused since the last [`RateLimits::take_customer_refusals`].
    review_writes_refused: AtomicU64,
    /// Cards one customer saves (keyed by the customer's id), whatever the IP.
    card_saves_per_customer: Limiter<i64>,
    /// Card saves refused since the last [`RateLimits::take_customer_refusals`].
    card_saves_refused: AtomicU64,
    /// Codes one number or address may receive; enforced by `otp::issue` on the
    /// stored codes.
    pub codes_per_target: Rate,
    /// Wrong tries on one number's or address's codes, after which no new code is
    /// sent; enforced by `otp::issue` on the stored codes.
    pub wrong_codes_per_target: Rate,
    trust_forwarded_headers: bool,
    /// Clients no per-IP limit refuses (`--limit-exempt-addrs`), as [`client_ip`]
    /// counts them.
    exempt: Vec<IpAddr>,
    /// Requests refused per group since the last [`RateLimits::take_refusals`].
    refused: [AtomicU64; 5],
    /// Writes (uploads included) refused for want of disk space
    /// (`--limit-min-free-disk`), logged at most once a minute with their count: a
    /// flood of writes on a full disk must not flood the log too. Each server counts
    /// its own.
    pub low_disk_log: CountedLog,
}

impl RateLimits {
    pub fn from_config(config: &Config) -> Self {
        if !config.limit_exempt_addrs.0.is_empty() {
            tracing::warn!(
                addrs = ?config.limit_exempt_addrs.0,
                "per-IP abuse limits are off for these client addresses (--limit-exempt-addrs)"
            );
        }
        RateLimits {
            code_requests_per_ip: Limiter::new(config.limit_code_requests_per_ip),
            code_checks_per_ip: Limiter::new(config.limit_code_checks_per_ip),
            sign_in_per_ip: Limiter::new(config.limit_sign_in_per_ip),
            search_per_ip: Limiter::new(config.limit_search_per_ip),
            writes_per_ip: Limiter::new(config.limit_writes_per_ip),
            code_checks_per_code: Limiter::new(config.limit_code_checks_per_target),
            review_writes_per_customer: Limiter::new(config.limit_review_writes_per_customer),
            review_writes_refused: AtomicU64::new(0),
            card_saves_per_customer: Limiter::new(config.limit_card_saves_per_customer),
            card_saves_refused: AtomicU64::new(0),
            codes_per_target: config.limit_codes_per_target,
            wrong_codes_per_target: config.limit_wrong_codes_per_target,
            trust_forwarded_headers: config.trust_forwarded_headers,
            exempt: config
                .limit_exempt_addrs
                .0
                .iter()
                .map(|&ip| counted_as(ip))
                .collect(),
            refused: Default::default(),
            low_disk_log: CountedLog::new(60_000),
        }
    }

    /// Whether the client `ip` (from [`client_ip`]) is exempt from the per-IP limits.
    fn exempt(&self, ip: &IpAddr) -> bool {
        self.exempt.contains(ip)
    }

    /// Whether `X-Forwarded-For` names the client.
    pub fn trust_forwarded_headers(&self) -> bool {
        self.trust_forwarded_headers
    }

    /// Counts a check of the code `code_id`, whichever IP it comes from: Ok, or how
    /// long until the code may be tried again. A new code starts afresh.
    pub fn check_code(&self, code_id: i64) -> Result<(), Duration> {
        self.code_checks_per_code.check(&code_id)
    }

    /// Counts a review write (create, edit, delete, report, helpful) of the customer
    /// `user_id` from the client `ip` (as [`client_ip`] counts it): Ok, or how long
    /// until the customer may write again. The exempt addresses
    /// (`--limit-exempt-addrs`) are neither counted nor refused.
    pub fn check_review_write(&self, user_id: i64, ip: IpAddr) -> Result<(), Duration> {
        if self.exempt(&ip) {
            return Ok(());
        }
        self.review_writes_per_customer
            .check(&user_id)
            .inspect_err(|_| {
                self.review_writes_refused.fetch_add(1, Ordering::Relaxed);
            })
    }

    /// Counts a card saved by the customer `user_id` (`POST /cards`) from the client
    /// `ip`, as [`RateLimits::check_review_write`] counts review writes: a card saved
    /// is a card number the gateway checked, so this bounds how many numbers one
    /// account can try.
    pub fn check_card_save(&self, user_id: i64, ip: IpAddr) -> Result<(), Duration> {
        if self.exempt(&ip) {
            return Ok(());
        }
        self.card_saves_per_customer
            .check(&user_id)
            .inspect_err(|_| {
                self.card_saves_refused.fetch_add(1, Ordering::Relaxed);
            })
    }

    /// The per-customer limits' refusals since the last call (those with none left
    /// out), by flag, counting from zero again.
    pub fn take_customer_refusals(&self) -> Vec<(&'static str, u64)> {
        [
            (
                "limit-review-writes-per-customer",
                &self.review_writes_refused,
            ),
            ("limit-card-saves-per-customer", &self.card_saves_refused),
        ]
        .into_iter()
        .filter_map(|(flag, count)| {
            let refused = count.swap(0, Ordering::Relaxed);
            (refused > 0).then_some((flag, refused))
        })
        .collect()
    }

    fn record_refusal(&self, group: IpGroup) {
        self.refused[group.index()].fetch_add(1, Ordering::Relaxed);
    }

    /// The refusals of each group since the last call (groups with none left out),
    /// counting from zero again.
    pub fn take_refusals(&self) -> Vec<(IpGroup, u64)> {
        IpGroup::ALL
            .into_iter()
            .filter_map(|group| {
                let count = self.refused[group.index()].swap(0, Ordering::Relaxed);
                (count > 0).then_some((group, count))
            })
            .collect()
    }

    fn per_ip(&self, group: IpGroup) -> &Limiter<IpAddr> {
        match group {
            IpGroup::CodeRequests => &self.code_requests_per_ip,
            IpGroup::CodeChecks => &self.code_checks_per_ip,
            IpGroup::SignIn => &self.sign_in_per_ip,
            IpGroup::Search => &self.search_per_ip,
            IpGroup::Writes => &self.writes_per_ip,
        }
    }
}

/// The client address `ip` is counted as by [`client_ip`] (IPv6 per /64, a mapped IPv4
/// as IPv4): an exempt address then matches the client it names.
fn counted_as(ip: IpAddr) -> IpAddr {
    let mut extensions = axum::http::Extensions::new();
    extensions.insert(axum::extract::ConnectInfo(std::net::SocketAddr::new(ip, 0)));
    client_ip_of(&extensions, &axum::http::HeaderMap::new(), false)
}

/// The 429 of a limit.
pub fn too_many_requests(wait: Duration, lang: Language) -> ApiError {
    // Whole seconds, at least one: Retry-After has no fractions.
    let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    let seconds = seconds.max(1);
    ApiError::TooManyRequests {
        message: Msg::RateLimited { seconds }.text(lang),
        retry_after_secs: seconds,
    }
}

/// The per-IP groups of a call to the API (`path` relative to the API mount).
pub fn ip_groups(method: &Method, path: &str, query: Option<&str>) -> Vec<IpGroup> {
    let path = path.strip_prefix(crate::API_MOUNT).unwrap_or(path);
    let mut groups = Vec::new();
    let writes = !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    if writes {
        groups.push(IpGroup::Writes);
    }
    match path {
        "/user/login-by-otp"
        | "/user/email/login-by-otp"
        | "/user/email/register-code"
        | "/user/phone/send-code"
        | "/user/forget-password"
            if writes =>
        {
            groups.extend([IpGroup::SignIn, IpGroup::CodeRequests]);
        }
        "/user/verify-login-by-otp"
        | "/user/register-by-otp"
        | "/user/email/verify"
        | "/user/password/reset"
        | "/user/register"
        | "/user/phone/verify"
            if writes =>
        {
            groups.extend([IpGroup::SignIn, IpGroup::CodeChecks]);
        }
        // A password try is a sign-in (its own caps are in `auth/password_login.rs`).
        "/user/update-password" | "/user/login" | "/user/delete-account" if writes => {
            groups.push(IpGroup::SignIn)
        }
        // Reverse geocoding is a gazetteer lookup like map search, counted with it.
        "/services/search" | "/map/search" | "/map/reverse" => groups.push(IpGroup::Search),
        "/products" | "/branches" if has_search_text(query) => groups.push(IpGroup::Search),
        _ => {}
    }
    groups
}

fn has_search_text(query: Option<&str>) -> bool {
    form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .any(|(key, value)| (key == "text" || key == "search") && !value.trim().is_empty())
}

/// Shared state of the per-IP middleware.
#[derive(Clone)]
pub struct IpLimitState(pub Arc<RateLimits>);

/// Middleware: counts the request against each of its per-IP groups and answers 429
/// when one is spent.
pub async fn limit_per_ip(
    State(IpLimitState(limits)): State<IpLimitState>,
    request: Request,
    next: Next,
) -> Response {
    let groups = ip_groups(
        request.method(),
        request.uri().path(),
        request.uri().query(),
    );
    if !groups.is_empty() {
        let ip = client_ip(&request, limits.trust_forwarded_headers);
        if limits.exempt(&ip) {
            // A load tool's address (`--limit-exempt-addrs`): neither counted nor refused.
            return next.run(request).await;
        }
        for group in groups {
            if let Err(wait) = limits.per_ip(group).check(&ip) {
                let lang = language_of_headers(request.headers());
                // Counted, and logged once per window by `log_refusals`: one line per
                // refused request would let a flood fill the log (or stall it).
                limits.record_refusal(group);
                return too_many_requests(wait, lang).into_response();
            }
        }
    }
    next.run(request).await
}

/// A count of refusals that is logged at most once per period: [`CountedLog::count_and_due`]
/// counts one and, when the period since the last line is over, hands back the count
/// to log (then counting from zero again).
#[derive(Debug)]
pub struct CountedLog {
    period_ms: i64,
    /// When the last line was logged (ms since the epoch; 0: never).
    last_ms: std::sync::atomic::AtomicI64,
    count: AtomicU64,
}

impl CountedLog {
    pub const fn new(period_ms: i64) -> Self {
        CountedLog {
            period_ms,
            last_ms: std::sync::atomic::AtomicI64::new(0),
            count: AtomicU64::new(0),
        }
    }

    /// Counts one refusal at `now_ms`; `Some(count)` when a line is due.
    pub fn count_and_due(&self, now_ms: i64) -> Option<u64> {
        self.count.fetch_add(1, Ordering::Relaxed);
        let last = self.last_ms.load(Ordering::Relaxed);
        if last != 0 && now_ms.saturating_sub(last) < self.period_ms {
            return None;
        }
        // One caller wins the line; the others keep counting.
        self.last_ms
            .compare_exchange(last, now_ms, Ordering::Relaxed, Ordering::Relaxed)
            .ok()?;
        Some(self.count.swap(0, Ordering::Relaxed))
    }
}

/// How often the refusal counts are logged.
pub const REFUSAL_LOG_WINDOW: Duration = Duration::from_secs(60);

/// Logs, once per window, how many requests each limit refused in it.
pub async fn log_refusals(limits: Arc<RateLimits>, window: Duration) {
    let mut ticks = tokio::time::interval(window);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    ticks.tick().await;
    loop {
        ticks.tick().await;
        let refusals = limits
            .take_refusals()
            .into_iter()
            .map(|(group, refused)| (group.flag(), refused))
            .chain(limits.take_customer_refusals());
        for (limit, refused) in refusals {
            tracing::info!(
                limit,
                refused,
                window_secs = window.as_secs(),
                "requests refused by an abuse limit"
            );
        }
    }
}

/// A per-customer limit on a kind of write, which the `LimitedCustomer` extractor
/// (`http::extract`) counts against.
pub trait CustomerLimit: Send + Sync + 'static {
    /// Counts one write of the customer `user_id` from the client `ip`: `Err` with the
    /// time to wait when spent.
    fn check(limits: &RateLimits, user_id: i64, ip: IpAddr) -> Result<(), Duration>;
}

/// Review writes (`--limit-review-writes-per-customer`).
#[derive(Debug, Clone, Copy)]
pub struct ReviewWrites;

impl CustomerLimit for ReviewWrites {
    fn check(limits: &RateLimits, user_id: i64, ip: IpAddr) -> Result<(), Duration> {
        limits.check_review_write(user_id, ip)
    }
}

/// Cards saved through `POST /cards` (`--limit-card-saves-per-customer`).
#[derive(Debug, Clone, Copy)]
pub struct CardSaves;

impl CustomerLimit for CardSaves {
    fn check(limits: &RateLimits, user_id: i64, ip: IpAddr) -> Result<(), Duration> {
        limits.check_card_save(user_id, ip)
    }
}

#[cfg(test)]
mod tests {
    use std::num::NonZeroU32;

    use super::*;

    #[test]
    fn a_counted_log_logs_once_per_period_with_the_count() {
        let log = CountedLog::new(60_000);
        let t0 = 1_800_000_000_000;
        assert_eq!(
            log.count_and_due(t0),
            Some(1),
            "the first refusal is logged"
        );
        let due: Vec<_> = (1..=500)
            .filter_map(|i| log.count_and_due(t0 + i * 100))
            .collect();
        assert!(due.is_empty(), "{due:?}");
        assert_eq!(log.count_and_due(t0 + 60_000), Some(501));
        assert_eq!(log.count_and_due(t0 + 60_001), None);
    }

    #[test]
    fn refusals_are_counted_per_group_and_taken_once() {
        let config = <crate::Config as clap::Parser>::try_parse_from(["static-host"]).unwrap();
        let limits = RateLimits::from_config(&config);
        assert!(limits.take_refusals().is_empty());
        for _ in 0..1000 {
            limits.record_refusal(IpGroup::Search);
        }
        limits.record_refusal(IpGroup::Writes);
        assert_eq!(
            limits.take_refusals(),
            [(IpGroup::Search, 1000), (IpGroup::Writes, 1)]
        );
        // One report per window: the counts start again from zero.
        assert!(limits.take_refusals().is_empty());
    }

    #[test]
    fn rates_parse_and_print() {
        let rate: Rate = "20/1h".parse().unwrap();
        assert_eq!(
            rate,
            Rate::Every {
                count: NonZeroU32::new(20).unwrap(),
                per: Duration::from_secs(3600)
            }
        );
        assert_eq!(rate.to_string(), "20/1h");
        assert_eq!("3/10s".parse::<Rate>().unwrap().to_string(), "3/10s");
        assert_eq!("10/15m".parse::<Rate>().unwrap().to_string(), "10/15m");
        assert_eq!("OFF".parse::<Rate>().unwrap(), Rate::Off);
        for bad in ["", "20", "0/1h", "-1/1h", "20/", "20/soon", "x/1h", "5/0s"] {
            assert!(bad.parse::<Rate>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_limiter_lets_the_burst_through_then_refuses_with_a_wait() {
        let limiter = Limiter::<String>::new("3/1h".parse().unwrap());
        let key = "+201001234567".to_owned();
        for _ in 0..3 {
            assert_eq!(limiter.check(&key), Ok(()));
        }
        let wait = limiter.check(&key).unwrap_err();
        // One request comes back every 20 minutes.
        assert!(wait > Duration::from_secs(19 * 60) && wait <= Duration::from_secs(20 * 60));
        // Another key has its own allowance.
        assert_eq!(limiter.check(&"+201009999999".to_owned()), Ok(()));
    }

    #[test]
    fn review_writes_are_limited_per_customer_except_from_exempt_addresses() {
        let config = <crate::Config as clap::Parser>::try_parse_from([
            "static-host",
            "--limit-review-writes-per-customer",
            "2/1h",
            "--limit-exempt-addrs",
            "127.0.0.1",
        ])
        .unwrap();
        let limits = RateLimits::from_config(&config);
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let other_ip: IpAddr = "10.0.0.2".parse().unwrap();
        assert_eq!(limits.check_review_write(7, ip), Ok(()));
        // The customer is counted whatever the address.
        assert_eq!(limits.check_review_write(7, other_ip), Ok(()));
        let wait = limits.check_review_write(7, ip).unwrap_err();
        assert!(wait > Duration::from_secs(29 * 60), "{wait:?}");
        // Another customer has their own allowance; an exempt address is not counted.
        assert_eq!(limits.check_review_write(8, ip), Ok(()));
        for _ in 0..10 {
            assert_eq!(
                limits.check_review_write(7, "127.0.0.1".parse().unwrap()),
                Ok(())
            );
        }
        assert_eq!(
            limits.take_customer_refusals(),
            [("limit-review-writes-per-customer", 1)]
        );
        assert!(limits.take_customer_refusals().is_empty());
    }

    #[test]
    fn card_saves_are_limited_per_customer_apart_from_review_writes() {
        let config = <crate::Config as clap::Parser>::try_parse_from([
            "static-host",
            "--limit-card-saves-per-customer",
            "1/1h",
            "--limit-review-writes-per-customer",
            "1/1h",
            "--limit-exempt-addrs",
            "127.0.0.1",
        ])
        .unwrap();
        let limits = RateLimits::from_config(&config);
        let (ip, other_ip): (IpAddr, IpAddr) =
            ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        assert_eq!(limits.check_card_save(7, ip), Ok(()));
        assert!(limits.check_card_save(7, other_ip).is_err());
        // Its own allowance: a review write is still allowed, and another customer's save.
        assert_eq!(limits.check_review_write(7, ip), Ok(()));
        assert_eq!(limits.check_card_save(8, ip), Ok(()));
        assert_eq!(
            limits.check_card_save(7, "127.0.0.1".parse().unwrap()),
            Ok(())
        );
        assert_eq!(
            limits.take_customer_refusals(),
            [("limit-card-saves-per-customer", 1)]
        );
    }

    #[test]
    fn an_off_limiter_never_refuses() {
        let limiter = Limiter::<String>::new(Rate::Off);
        for _ in 0..10_000 {
            assert_eq!(limiter.check(&"k".to_owned()), Ok(()));
        }
    }

    #[test]
    fn the_429_names_the_wait_in_both_languages() {
        let en = too_many_requests(Duration::from_millis(1500), Language::En);
        let ar = too_many_requests(Duration::from_millis(1500), Language::Ar);
        assert!(matches!(
            en,
            ApiError::TooManyRequests {
                retry_after_secs: 2,
                ..
            }
        ));
        assert_eq!(
            en.body()["message"],
            "Too many requests. Please try again in 2 seconds."
        );
        assert_eq!(
            ar.body()["message"],
            "طلبات كثيرة جدًا. يرجى المحاولة مرة أخرى بعد 2 ثانية."
        );
    }

    /// The status of a search from `peer` (with `forwarded` as `X-Forwarded-For`)
    /// through the per-IP middleware with `limits`.
    async fn search_from(
        limits: &Arc<RateLimits>,
        peer: &str,
        forwarded: Option<&str>,
    ) -> axum::http::StatusCode {
        use tower::ServiceExt;
        let app = axum::Router::new()
            .route("/products", axum::routing::get(|| async { "ok" }))
            .layer(axum::middleware::from_fn_with_state(
                IpLimitState(limits.clone()),
                limit_per_ip,
            ));
        let mut request = Request::builder().uri("/products?service_id=1&text=milk");
        if let Some(forwarded) = forwarded {
            request = request.header("x-forwarded-for", forwarded);
        }
        let mut request = request.body(axum::body::Body::empty()).unwrap();
        request
            .extensions_mut()
            .insert(axum::extract::ConnectInfo::<std::net::SocketAddr>(
                peer.parse().unwrap(),
            ));
        app.oneshot(request).await.unwrap().status()
    }

    fn limits(flags: &[&str]) -> Arc<RateLimits> {
        let args = ["static-host", "--limit-search-per-ip", "2/1h"];
        let config =
            <crate::Config as clap::Parser>::try_parse_from(args.iter().chain(flags)).unwrap();
        Arc::new(RateLimits::from_config(&config))
    }

    #[tokio::test]
    async fn an_exempt_address_is_never_refused_and_others_still_are() {
        use axum::http::StatusCode;
        let limits = limits(&["--limit-exempt-addrs", "127.0.0.1,::1"]);
        for peer in ["127.0.0.1:40000", "[::1]:40000"] {
            for _ in 0..50 {
                assert_eq!(
                    search_from(&limits, peer, None).await,
                    StatusCode::OK,
                    "{peer}"
                );
            }
        }
        // Another address keeps its limit: 2 an hour, then refused.
        for _ in 0..2 {
            assert_eq!(
                search_from(&limits, "10.0.0.9:1", None).await,
                StatusCode::OK
            );
        }
        assert_eq!(
            search_from(&limits, "10.0.0.9:1", None).await,
            StatusCode::TOO_MANY_REQUESTS
        );
        // The exempt loopback clients were not counted either.
        assert_eq!(limits.take_refusals(), [(IpGroup::Search, 1)]);
    }

    #[tokio::test]
    async fn exemption_follows_the_client_address_the_limits_count() {
        use axum::http::StatusCode;
        // Behind a trusted proxy the client is the proxy's X-Forwarded-For entry: an
        // exempt client is exempt through the proxy, and the proxy's own (exempt)
        // address exempts no one it forwards.
        let limits = limits(&[
            "--limit-exempt-addrs",
            "127.0.0.1,2001:db8:1:2::5",
            "--trust-forwarded-headers",
        ]);
        for _ in 0..10 {
            assert_eq!(
                search_from(&limits, "10.0.0.1:1", Some("127.0.0.1")).await,
                StatusCode::OK
            );
            // An IPv6 client counts per /64, and so does its exemption.
            assert_eq!(
                search_from(&limits, "[2001:db8:1:2:aaaa::9]:1", None).await,
                StatusCode::OK
            );
        }
        let mut statuses = Vec::new();
        for _ in 0..3 {
            statuses.push(search_from(&limits, "127.0.0.1:1", Some("203.0.113.5")).await);
        }
        assert_eq!(
            statuses,
            [
                StatusCode::OK,
                StatusCode::OK,
                StatusCode::TOO_MANY_REQUESTS
            ]
        );
    }

    #[tokio::test]
    async fn without_the_flag_loopback_is_limited_like_any_client() {
        use axum::http::StatusCode;
        let limits = limits(&[]);
        let mut statuses = Vec::new();
        for _ in 0..3 {
            statuses.push(search_from(&limits, "127.0.0.1:1", None).await);
        }
        assert_eq!(
            statuses,
            [
                StatusCode::OK,
                StatusCode::OK,
                StatusCode::TOO_MANY_REQUESTS
            ]
        );
    }

    #[test]
    fn calls_fall_into_their_groups() {
        use IpGroup::*;
        let post = Method::POST;
        let get = Method::GET;
        assert_eq!(
            ip_groups(&post, "/user/login-by-otp", None),
            [Writes, SignIn, CodeRequests]
        );
        assert_eq!(
            ip_groups(&post, "/api/user/email/verify", None),
            [Writes, SignIn, CodeChecks]
        );
        assert_eq!(
            ip_groups(&Method::PATCH, "/user/update-password", None),
            [Writes, SignIn]
        );
        assert_eq!(ip_groups(&post, "/api/user/login", None), [Writes, SignIn]);
        assert_eq!(
            ip_groups(&post, "/user/email/register-code", None),
            [Writes, SignIn, CodeRequests]
        );
        assert_eq!(
            ip_groups(&post, "/user/phone/verify", None),
            [Writes, SignIn, CodeChecks]
        );
        assert_eq!(ip_groups(&post, "/order/add-to-cart", None), [Writes]);
        assert_eq!(ip_groups(&Method::DELETE, "/addresses/3", None), [Writes]);
        assert_eq!(
            ip_groups(&get, "/map/search", Some("search=tahrir")),
            [Search]
        );
        assert_eq!(
            ip_groups(&get, "/api/map/reverse", Some("latitude=30&longitude=31")),
            [Search]
        );
        assert_eq!(
            ip_groups(&get, "/products", Some("service_id=1&text=tea")),
            [Search]
        );
        assert_eq!(
            ip_groups(&get, "/branches", Some("page=1&search=x")),
            [Search]
        );
        assert!(ip_groups(&get, "/products", Some("service_id=1&page=1&text=")).is_empty());
        assert!(ip_groups(&get, "/user/profile", None).is_empty());
        assert!(ip_groups(&get, "/products/12", None).is_empty());
    }
}
