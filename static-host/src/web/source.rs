//! Where the first paint's data comes from: the embedded API, called in process (the
//! `/api` router is handed over as a [`Router`]; no network, no other way into it), or
//! an external API over HTTP with a short timeout and a small in-memory cache.
//!
//! Every call answers an [`Answer`]: the `data` of the API's JSON answer, that the
//! thing asked for does not exist (the API's 404 or 410, which the page passes on as its
//! own status), or that the call failed in some other way (the page then falls back to
//! what it can do without it).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, HeaderName, HeaderValue, Request, StatusCode};
use serde_json::Value;
use storefront_core::locale::Language;
use tokio::sync::OnceCell;
use tower::ServiceExt;

/// Longest answer read from either source.
const MAX_ANSWER_BYTES: usize = 4 * 1024 * 1024;
/// How long a call to an external API may take before the page is served without it.
pub const EXTERNAL_TIMEOUT: Duration = Duration::from_secs(2);
/// How long an external answer is reused.
pub const CACHE_FOR: Duration = Duration::from_secs(60);
/// How long a failed external call is remembered, so a burst of page views does not
/// wait on a down API once per view.
pub const FAILURE_CACHED_FOR: Duration = Duration::from_secs(5);
/// Most cached answers (path × language × district).
pub const CACHE_ENTRIES: usize = 512;

/// What a call to the API gave.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// The answer's `data`.
    Data(Value),
    /// The API says there is no such thing: 404, or 410 for something that is gone.
    Missing(StatusCode),
    /// The API refused the credential (401): a customer's call whose token has ended.
    SignedOut,
    /// Anything else: timeout, 5xx, a body that is not the API's JSON.
    Failed,
}

impl Answer {
    pub fn data(self) -> Option<Value> {
        match self {
            Answer::Data(value) => Some(value),
            _ => None,
        }
    }

    /// The answer to a call that ended with `status` and `body`.
    fn of(status: StatusCode, body: Option<&[u8]>) -> Self {
        if status == StatusCode::NOT_FOUND || status == StatusCode::GONE {
            return Answer::Missing(status);
        }
        if status == StatusCode::UNAUTHORIZED {
            return Answer::SignedOut;
        }
        match body {
            Some(bytes) if status.is_success() => {
                data_of(bytes).map_or(Answer::Failed, Answer::Data)
            }
            _ => Answer::Failed,
        }
    }
}

/// Who asked for the page, passed on to the embedded API so that its abuse limits
/// count the real client: the TCP peer and any `X-Forwarded-For` headers (believed by
/// the API only when the operator trusts a proxy, exactly as for a direct call).
#[derive(Debug, Clone, Default)]
pub struct Client {
    pub peer: Option<SocketAddr>,
    pub forwarded_for: Vec<HeaderValue>,
}

impl Client {
    pub fn of(headers: &HeaderMap, peer: Option<SocketAddr>) -> Self {
        Client {
            peer,
            forwarded_for: headers.get_all("x-forwarded-for").iter().cloned().collect(),
        }
    }
}

/// The request headers every call carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CallContext {
    pub language: Language,
    pub district_id: Option<u64>,
}

impl CallContext {
    fn headers(&self) -> Vec<(HeaderName, HeaderValue)> {
        let mut headers = vec![
            (
                HeaderName::from_static("language"),
                HeaderValue::from_static(self.language.code()),
            ),
            (
                HeaderName::from_static("user-agent-type"),
                HeaderValue::from_static("web"),
            ),
        ];
        if let Some(id) = self.district_id {
            headers.push((
                HeaderName::from_static("district-id"),
                HeaderValue::from(id),
            ));
        }
        headers
    }
}

/// The API the pages are filled from.
#[derive(Clone)]
pub enum Source {
    /// The embedded API's router, called in process.
    Embedded(Router),
    /// An external API (its base URL), with a cache.
    External(Arc<External>),
}

impl Source {
    pub fn embedded(api: Router) -> Self {
        Source::Embedded(api)
    }

    pub fn external(base_url: &str) -> Self {
        Source::External(Arc::new(External::new(base_url)))
    }

    /// `GET path` (with its query, relative to the API base): the answer's `data`.
    pub async fn data(&self, path: &str, call: CallContext, client: &Client) -> Option<Value> {
        self.answer(path, call, client).await.data()
    }

    /// `GET path`, telling a missing thing from a failed call.
    pub async fn answer(&self, path: &str, call: CallContext, client: &Client) -> Answer {
        match self {
            Source::Embedded(api) => embedded_answer(api.clone(), path, call, client, &[]).await,
            Source::External(external) => external.answer(path, call).await,
        }
    }

    /// `GET path` as the customer whose `token` it is (`Authorization: Bearer`), for
    /// their delivery address `address_id` when they chose one (`address-id`, as the
    /// app's calls carry it): never cached, and [`Answer::SignedOut`] when the API
    /// refuses the token.
    pub async fn private_answer(
        &self,
        path: &str,
        call: CallContext,
        client: &Client,
        token: &str,
        address_id: Option<u64>,
    ) -> Answer {
        let Ok(bearer) = HeaderValue::from_str(&format!("Bearer {token}")) else {
            return Answer::SignedOut;
        };
        let mut customer = vec![(axum::http::header::AUTHORIZATION, bearer)];
        if let Some(id) = address_id {
            customer.push((HeaderName::from_static("address-id"), HeaderValue::from(id)));
        }
        match self {
            Source::Embedded(api) => {
                embedded_answer(api.clone(), path, call, client, &customer).await
            }
            Source::External(external) => external.fetch_as(path, call, &customer).await,
        }
    }
}

async fn embedded_answer(
    api: Router,
    path: &str,
    call: CallContext,
    client: &Client,
    customer: &[(HeaderName, HeaderValue)],
) -> Answer {
    let Ok(mut request) = Request::get(path).body(Body::empty()) else {
        return Answer::Failed;
    };
    let headers = request.headers_mut();
    for (name, value) in call.headers() {
        headers.insert(name, value);
    }
    for (name, value) in customer {
        headers.insert(name.clone(), value.clone());
    }
    for value in &client.forwarded_for {
        headers.append("x-forwarded-for", value.clone());
    }
    if let Some(peer) = client.peer {
        request.extensions_mut().insert(ConnectInfo(peer));
    }
    let response = match api.oneshot(request).await {
        Ok(response) => response,
        Err(never) => match never {},
    };
    let status = response.status();
    if !status.is_success() {
        tracing::debug!(path, %status, "embedded API call failed");
        return Answer::of(status, None);
    }
    let bytes = axum::body::to_bytes(response.into_body(), MAX_ANSWER_BYTES).await;
    Answer::of(status, bytes.as_deref().ok())
}

/// The `data` member of a JSON answer.
fn data_of(bytes: &[u8]) -> Option<Value> {
    match serde_json::from_slice::<Value>(bytes) {
        Ok(Value::Object(mut answer)) => answer.remove("data"),
        _ => None,
    }
}

type CacheKey = (String, CallContext);

struct CacheEntry {
    fetched: Instant,
    /// Filled once by the first caller; the others wait for it (one call per key).
    answer: Arc<OnceCell<Answer>>,
}

impl CacheEntry {
    fn fresh(&self, now: Instant) -> bool {
        let age = now.saturating_duration_since(self.fetched);
        match self.answer.get() {
            Some(Answer::Failed) => age < FAILURE_CACHED_FOR,
            _ => age < CACHE_FOR,
        }
    }
}

/// An external API: `reqwest` with a short timeout; answers kept [`CACHE_FOR`] per
/// path, language and district, at most [`CACHE_ENTRIES`] of them. Concurrent page
/// views that miss the cache together share one call.
pub struct External {
    base: String,
    http: reqwest::Client,
    cache: Mutex<HashMap<CacheKey, CacheEntry>>,
}

impl External {
    pub fn new(base_url: &str) -> Self {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let http = reqwest::Client::builder()
            .timeout(EXTERNAL_TIMEOUT)
            .build()
            .unwrap_or_else(|_| reqwest::Client::new());
        External {
            base: base_url.trim_end_matches('/').to_owned(),
            http,
            cache: Mutex::new(HashMap::new()),
        }
    }

    async fn answer(&self, path: &str, call: CallContext) -> Answer {
        let cell = self.cell((path.to_owned(), call));
        cell.get_or_init(|| self.fetch(path, call)).await.clone()
    }

    /// The cache cell for `key`: the fresh one, or a new empty one.
    fn cell(&self, key: CacheKey) -> Arc<OnceCell<Answer>> {
        let now = Instant::now();
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(entry) = cache.get(&key)
            && entry.fresh(now)
        {
            return entry.answer.clone();
        }
        if cache.len() >= CACHE_ENTRIES {
            cache.retain(|_, entry| entry.fresh(now));
            if cache.len() >= CACHE_ENTRIES {
                cache.clear();
            }
        }
        let answer = Arc::new(OnceCell::new());
        cache.insert(
            key,
            CacheEntry {
                fetched: now,
                answer: answer.clone(),
            },
        );
        answer
    }

    async fn fetch(&self, path: &str, call: CallContext) -> Answer {
        self.fetch_as(path, call, &[]).await
    }

    /// [`Self::fetch`] with the customer's headers (`Authorization`, `address-id`),
    /// when there is one.
    async fn fetch_as(
        &self,
        path: &str,
        call: CallContext,
        customer: &[(HeaderName, HeaderValue)],
    ) -> Answer {
        match self.body_as(path, call, customer).await {
            // Pictures come from the API's server, not this one (media.rs).
            Ok(bytes) => match Answer::of(StatusCode::OK, Some(&bytes)) {
                Answer::Data(data) => Answer::Data(super::media::resolved(data, &self.base)),
                other => other,
            },
            Err(answer) => answer,
        }
    }

    /// `GET path`'s whole JSON answer (`data` and `meta`), uncached: for the sitemap's
    /// walk through every page of the catalogue, which would only flush the page views'
    /// cache.
    pub async fn document(&self, path: &str, call: CallContext) -> Option<Value> {
        let bytes = self.body(path, call).await.ok()?;
        serde_json::from_slice(&bytes).ok()
    }

    /// The body of a successful `GET path`, or what the failure means.
    async fn body(&self, path: &str, call: CallContext) -> Result<Vec<u8>, Answer> {
        self.body_as(path, call, &[]).await
    }

    async fn body_as(
        &self,
        path: &str,
        call: CallContext,
        customer: &[(HeaderName, HeaderValue)],
    ) -> Result<Vec<u8>, Answer> {
        let url = format!("{}{path}", self.base);
        let mut request = self.http.get(&url);
        for (name, value) in call.headers() {
            request = request.header(name, value);
        }
        for (name, value) in customer {
            request = request.header(name.clone(), value.clone());
        }
        let mut response = match request.send().await {
            Ok(response) if response.status().is_success() => response,
            Ok(response) => {
                let status = StatusCode::from_u16(response.status().as_u16())
                    .unwrap_or(StatusCode::BAD_GATEWAY);
                tracing::debug!(path, %status, "external API call failed");
                return Err(Answer::of(status, None));
            }
            Err(err) => {
                tracing::debug!(path, %err, "external API call failed");
                return Err(Answer::Failed);
            }
        };
        let mut bytes = Vec::new();
        loop {
            match response.chunk().await {
                Ok(Some(chunk)) if bytes.len() + chunk.len() <= MAX_ANSWER_BYTES => {
                    bytes.extend_from_slice(&chunk);
                }
                Ok(None) => return Ok(bytes),
                _ => return Err(Answer::Failed),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_data_member_is_used() {
        assert_eq!(
            data_of(br#"{"data": {"a": 1}, "message": null}"#),
            Some(serde_json::json!({"a": 1}))
        );
        assert_eq!(data_of(br#"{"message": "no"}"#), None);
        assert_eq!(data_of(b"<html>"), None);
        assert_eq!(data_of(b"[1]"), None);
    }

    #[test]
    fn missing_things_are_told_from_failed_calls() {
        let ok = br#"{"data": {"a": 1}}"#.as_slice();
        assert_eq!(
            Answer::of(StatusCode::OK, Some(ok)),
            Answer::Data(serde_json::json!({"a": 1}))
        );
        assert_eq!(Answer::of(StatusCode::OK, Some(b"<html>")), Answer::Failed);
        assert_eq!(Answer::of(StatusCode::OK, None), Answer::Failed);
        assert_eq!(
            Answer::of(StatusCode::UNAUTHORIZED, None),
            Answer::SignedOut
        );
        for status in [StatusCode::NOT_FOUND, StatusCode::GONE] {
            assert_eq!(Answer::of(status, Some(ok)), Answer::Missing(status));
        }
        for status in [
            StatusCode::INTERNAL_SERVER_ERROR,
            StatusCode::UNPROCESSABLE_ENTITY,
        ] {
            assert_eq!(Answer::of(status, Some(ok)), Answer::Failed);
        }
    }

    #[test]
    fn calls_carry_language_client_kind_and_district() {
        let call = CallContext {
            language: Language::Ar,
            district_id: Some(3),
        };
        let headers: Vec<(String, String)> = call
            .headers()
            .into_iter()
            .map(|(n, v)| (n.to_string(), v.to_str().unwrap().to_owned()))
            .collect();
        assert_eq!(
            headers,
            [
                ("language".to_owned(), "ar".to_owned()),
                ("user-agent-type".to_owned(), "web".to_owned()),
                ("district-id".to_owned(), "3".to_owned()),
            ]
        );
    }

    #[tokio::test]
    async fn embedded_calls_reach_the_api_as_the_page_reader() {
        // What the API's per-IP limits read: the peer and the forwarded-for chain.
        async fn echo(request: axum::extract::Request) -> axum::Json<Value> {
            let header = |name: &str| {
                request
                    .headers()
                    .get_all(name)
                    .iter()
                    .map(|v| v.to_str().unwrap().to_owned())
                    .collect::<Vec<_>>()
                    .join("|")
            };
            axum::Json(serde_json::json!({"data": {
                "peer": crate::http::client_ip::client_ip(&request, false).to_string(),
                "behind_proxy": crate::http::client_ip::client_ip(&request, true).to_string(),
                "language": header("language"),
                "district": header("district-id"),
                "kind": header("user-agent-type"),
                "path": request.uri().to_string(),
            }}))
        }
        let api = Router::new().route("/setting", axum::routing::get(echo));
        let source = Source::embedded(api);
        let mut headers = HeaderMap::new();
        headers.append("x-forwarded-for", HeaderValue::from_static("203.0.113.9"));
        headers.append("x-forwarded-for", HeaderValue::from_static("198.51.100.7"));
        let client = Client::of(&headers, Some("192.0.2.44:5123".parse().unwrap()));
        let call = CallContext {
            language: Language::Ar,
            district_id: Some(4),
        };
        let data = source.data("/setting?x=1", call, &client).await.unwrap();
        assert_eq!(
            data,
            serde_json::json!({
                "peer": "192.0.2.44",
                "behind_proxy": "198.51.100.7",
                "language": "ar",
                "district": "4",
                "kind": "web",
                "path": "/setting?x=1",
            })
        );
        // A failed call gives no data; a 404 says the thing is missing.
        assert_eq!(source.data("/nope", call, &client).await, None);
        assert_eq!(
            source.answer("/nope", call, &client).await,
            Answer::Missing(StatusCode::NOT_FOUND)
        );
    }

    #[tokio::test]
    async fn the_cache_is_bounded_and_failures_expire_sooner() {
        let external = External::new("http://127.0.0.1:9/api/");
        assert_eq!(external.base, "http://127.0.0.1:9/api");
        let call = CallContext {
            language: Language::En,
            district_id: None,
        };
        for n in 0..CACHE_ENTRIES + 10 {
            external.cell((format!("/x/{n}"), call));
        }
        assert!(external.cache.lock().unwrap().len() <= CACHE_ENTRIES);

        let now = Instant::now();
        let failed = CacheEntry {
            fetched: now,
            answer: Arc::new(OnceCell::new_with(Some(Answer::Failed))),
        };
        let answered = CacheEntry {
            fetched: now,
            answer: Arc::new(OnceCell::new_with(Some(Answer::Data(Value::Null)))),
        };

        let later = now + FAILURE_CACHED_FOR + Duration::from_millis(1);
        assert!(!failed.fresh(later));
        assert!(answered.fresh(later));
        assert!(!answered.fresh(now + CACHE_FOR));
        // "Not there" is an answer: kept as long as data.
        let missing = CacheEntry {
            fetched: now,
            answer: Arc::new(OnceCell::new_with(Some(Answer::Missing(StatusCode::GONE)))),
        };
        assert!(missing.fresh(later));
    }
}
