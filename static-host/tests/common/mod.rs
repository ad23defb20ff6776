//! Shared harness for the integration tests: the real server on a loopback port with
//! a fresh data directory, and an HTTP client.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Parser;
use serde_json::Value;
use static_host::Config;
use static_host::clock::ManualClock;
use static_host::orders::payment::TestGateway;

pub const INDEX: &str = r#"<!doctype html><html><head><meta name="storefront-api-base" content="/api" /><meta name="storefront-admin-api-base" content="" /></head><body><div id="root"></div></body></html>"#;

/// Flags switching the per-IP and per-number request limits off.
pub const UNLIMITED: &[&str] = &[
    "--limit-code-requests-per-ip=off",
    "--limit-code-checks-per-ip=off",
    "--limit-code-checks-per-target=off",
    "--limit-sign-in-per-ip=off",
    "--limit-search-per-ip=off",
    "--limit-writes-per-ip=off",
    "--limit-review-writes-per-customer=off",
    "--limit-card-saves-per-customer=off",
];

/// Sends `request` (signed in with `token`, with `body` as JSON) and returns the status
/// and the JSON answer (`null` when the answer is not JSON).
pub async fn send_json(
    mut request: reqwest::RequestBuilder,
    token: Option<&str>,
    body: Option<&Value>,
) -> (u16, Value) {
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// The codes sent to `to`, oldest first, read from a file outbox (one JSON line per
/// code; security notices, which carry no code, are left out).
pub fn codes_in(outbox: &Path, to: &str) -> Vec<String> {
    records_in(outbox, to)
        .iter()
        .filter_map(|v| v["code"].as_str().map(str::to_owned))
        .collect()
}

/// The notices (no code) sent to `to`, read from a file outbox.
pub fn notices_in(outbox: &Path, to: &str) -> Vec<Value> {
    records_in(outbox, to)
        .into_iter()
        .filter(|v| v.get("notice").is_some())
        .collect()
}

/// Every line a file outbox holds for `to`, oldest first: codes, notices, and codes
/// withheld (`{"to", "channel", "withheld": purpose}`, for an address with no account).
pub fn records_in(outbox: &Path, to: &str) -> Vec<Value> {
    let Ok(text) = std::fs::read_to_string(outbox) else {
        return Vec::new();
    };
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["to"] == to)
        .collect()
}

/// The last code sent to `to`, read from a file outbox. E-mail codes are sent after
/// the answer (so the answer's timing does not tell whether the address has an
/// account): when none is there yet, this waits for one a little while.
pub fn last_code_in(outbox: &Path, to: &str) -> Option<String> {
    wait_codes_in(outbox, to, 1).last().cloned()
}

/// The codes sent to `to` once there are at least `count` (or what there is after a
/// few seconds).
pub fn wait_codes_in(outbox: &Path, to: &str, count: usize) -> Vec<String> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(3);
    loop {
        let codes = codes_in(outbox, to);
        if codes.len() >= count || std::time::Instant::now() > deadline {
            return codes;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Opens a server's database directly, with the SQL functions its triggers call (the
/// search index's and the delivery rule's), as the server registers them.
pub fn open_db(path: &Path) -> rusqlite::Connection {
    let conn = rusqlite::Connection::open(path).unwrap();
    static_host::db::functions::register(&conn).unwrap();
    conn
}

pub struct Server {
    pub base: String,
    pub dir: tempfile::TempDir,
    pub client: reqwest::Client,
    /// This server's own payment gateway: its journal and its stalls are this test's.
    pub gateway: Arc<TestGateway>,
    /// This server's clock (sign-in and sessions go by it): it shows the wall time the
    /// server started at and stands still until the test moves it.
    pub clock: Arc<ManualClock>,
    /// What this server's disk reports as its free space (the real answer unless the
    /// test says otherwise).
    pub disk: Arc<TestDisk>,
}

/// A server's disk as its test wants it: plenty of free space (whatever this machine's
/// disk holds, so no test depends on it), or a given amount, or a failing probe. The
/// server reads it at most once a second of its clock.
#[derive(Debug, Default)]
pub struct TestDisk {
    /// `None`: [`PLENTY`] free.
    report: std::sync::Mutex<Option<DiskReport>>,
    probes: std::sync::atomic::AtomicU64,
}

#[derive(Debug, Clone, Copy)]
enum DiskReport {
    Free(u64),
    Fails,
}

/// What a test server's disk has free unless its test says otherwise: far above any floor.
pub const PLENTY: u64 = 1 << 50;

impl TestDisk {
    /// Reports `bytes` free from now on.
    pub fn set_free(&self, bytes: u64) {
        *self.report.lock().unwrap() = Some(DiskReport::Free(bytes));
    }

    /// Fails to read the free space from now on.
    pub fn set_failing(&self) {
        *self.report.lock().unwrap() = Some(DiskReport::Fails);
    }

    /// How many times the server has read the free space.
    pub fn probes(&self) -> u64 {
        self.probes.load(std::sync::atomic::Ordering::SeqCst)
    }

    fn probe(self: &Arc<Self>) -> static_host::http::disk_floor::FreeSpaceProbe {
        let disk = self.clone();
        Arc::new(move || {
            disk.probes
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let report = *disk.report.lock().unwrap();
            match report {
                None => Ok(PLENTY),
                Some(DiskReport::Free(bytes)) => Ok(bytes),
                Some(DiskReport::Fails) => Err(std::io::Error::other("the test's disk fails")),
            }
        })
    }
}

impl Server {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub fn data_dir(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    pub fn outbox(&self) -> PathBuf {
        self.dir.path().join("outbox.jsonl")
    }

    /// The last code sent to `to` so far, read from the file outbox (phone codes are
    /// sent before the answer; for e-mail codes see [`Server::wait_code`]).
    pub fn last_code(&self, to: &str) -> Option<String> {
        codes_in(&self.outbox(), to).last().cloned()
    }

    /// Every code sent to `to` so far, without waiting.
    pub fn codes(&self, to: &str) -> Vec<String> {
        codes_in(&self.outbox(), to)
    }

    /// The `count`-th code sent to `to`, waiting a few seconds for it: e-mail codes are
    /// sent after the answer, by a task of the server (on this test's runtime).
    pub async fn wait_code(&self, to: &str, count: usize) -> Option<String> {
        for _ in 0..300 {
            let codes = self.codes(to);
            if codes.len() >= count {
                return codes.get(count - 1).cloned();
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        None
    }

    /// The outbox's records for `to` (see [`records_in`]) once there are at least
    /// `count`, or what there is after a few seconds: an e-mail code is sent or
    /// withheld after the answer, and either way leaves a record to wait for.
    pub async fn wait_records(&self, to: &str, count: usize) -> Vec<Value> {
        for _ in 0..300 {
            let records = records_in(&self.outbox(), to);
            if records.len() >= count {
                return records;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        records_in(&self.outbox(), to)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        let response = self.get(path).await;
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// `GET` in a language (the `Language` header): the status and the JSON answer.
    pub async fn get_json_in(&self, path: &str, lang: &str) -> (u16, Value) {
        let request = self.client.get(self.url(path)).header("Language", lang);
        send_json(request, None, None).await
    }

    /// `GET` in a language for a district (the `district-id` header the app sends
    /// once a delivery location is chosen).
    pub async fn get_json_for(&self, path: &str, lang: &str, district: u64) -> (u16, Value) {
        let request = self
            .client
            .get(self.url(path))
            .header("Language", lang)
            .header("district-id", district.to_string());
        send_json(request, None, None).await
    }

    pub async fn post_json(&self, path: &str, body: Value) -> (u16, Value) {
        let response = self
            .client
            .post(self.url(path))
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// Opens the server's database directly (to check what was stored, or to move a
    /// code's expiry into the past), with the SQL functions the server's triggers call
    /// (writing products or shops keeps the search index in step).
    pub fn db(&self) -> rusqlite::Connection {
        open_db(&self.data_dir().join("storefront.db"))
    }
}

/// The `id` of each element of a JSON list.
pub fn ids(list: &Value) -> Vec<i64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_i64().unwrap())
        .collect()
}

pub fn client() -> reqwest::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::new()
}

pub fn write_ui(root: &Path) {
    let ui = root.join("ui");
    std::fs::create_dir_all(ui.join("assets")).unwrap();
    std::fs::write(ui.join("index.html"), INDEX).unwrap();
    // Big enough for the compression layer to bother.
    let script = "console.log('storefront');\n".repeat(200);
    std::fs::write(ui.join("assets/index-3f2a1b.js"), script).unwrap();
    std::fs::write(
        ui.join("assets/storefront_core_bg-9c1d.wasm"),
        b"\0asm\x01\0\0\0",
    )
    .unwrap();
    std::fs::write(
        ui.join("favicon.svg"),
        "<svg xmlns='http://www.w3.org/2000/svg'/>",
    )
    .unwrap();
}

/// Starts the server with extra flags, on a fresh data directory (or `reuse`'s).
pub async fn start_with(extra: &[&str], reuse: Option<tempfile::TempDir>) -> Server {
    start_with_ui(extra, reuse, |_| {}).await
}

/// Like [`start_with`], with the built UI changed by `change_ui` (given the UI
/// directory) before the server reads it.
pub async fn start_with_ui(
    extra: &[&str],
    reuse: Option<tempfile::TempDir>,
    change_ui: impl FnOnce(&Path),
) -> Server {
    let fresh = reuse.is_none();
    let dir = reuse.unwrap_or_else(|| tempfile::tempdir().unwrap());
    write_ui(dir.path());
    change_ui(&dir.path().join("ui"));
    let data = dir.path().join("data");
    // A fresh server of the ordinary catalogue starts from the seeded template, if there
    // is one; a test asking for another catalogue size seeds its own.
    let template =
        (fresh && !extra.iter().any(|a| a.starts_with("--seed-products"))).then(seeded_template);
    let seeded = template
        .as_ref()
        .is_some_and(|template| copy_seeded(template, &data));
    let ui = dir.path().join("ui");
    let outbox = dir.path().join("outbox.jsonl");
    let mut args = vec![
        "static-host".to_owned(),
        "--addr".into(),
        "127.0.0.1:0".into(),
        "--data-dir".into(),
        data.display().to_string(),
        "--ui-dir".into(),
        ui.display().to_string(),
        "--code-sender".into(),
        format!("file:{}", outbox.display()),
    ];
    // The suites make many calls from 127.0.0.1: the in-memory abuse limits are off
    // unless a test turns one on (a later flag wins). The per-number code cap stays.
    args.extend(UNLIMITED.iter().map(|s| s.to_string()));
    args.extend(extra.iter().map(|s| s.to_string()));
    let config = Config::try_parse_from(args).unwrap();
    let gateway = Arc::new(TestGateway::default());
    let clock = Arc::new(ManualClock::at(static_host::clock::now_ms()));
    let disk = Arc::new(TestDisk::default());
    let services = static_host::Services {
        gateway: gateway.clone(),
        clock: clock.clone(),
        free_space: Some(disk.probe()),
    };
    let (app, _) = static_host::app_with(&config, services).unwrap();
    if let (Some(template), false) = (&template, seeded) {
        keep_seeded(&data.join("storefront.db"), template);
    }
    let (listener, addr): (_, SocketAddr) = static_host::bind(&config).await.unwrap();
    tokio::spawn(static_host::serve(
        listener,
        app,
        std::future::pending(),
        std::time::Duration::from_secs(1),
    ));
    Server {
        base: format!("http://{addr}"),
        dir,
        client: client(),
        gateway,
        clock,
        disk,
    }
}

/// Where this test binary keeps the database its servers start from: the demo catalogue
/// seeded once (migrated and seeded in a debug build takes about 0.7 s, most of a short
/// test), then copied into each fresh data directory. It belongs to this build of the
/// binary, and is made again after ten minutes, so the seed's dates (coupons' validity,
/// for one) stay close to the servers' clocks.
fn seeded_template() -> PathBuf {
    use std::hash::{Hash, Hasher};
    let exe = std::env::current_exe().unwrap();
    let built = std::fs::metadata(&exe).and_then(|m| m.modified()).unwrap();
    let mut key = std::collections::hash_map::DefaultHasher::new();
    (&exe, built).hash(&mut key);
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("seeded-{:016x}.db", key.finish()))
}

/// Copies a recent enough `template` into `data` as the server would have made it (a
/// private directory, a private file); false when there is none to copy.
fn copy_seeded(template: &Path, data: &Path) -> bool {
    let recent = std::fs::metadata(template)
        .and_then(|m| m.modified())
        .is_ok_and(|made| made.elapsed().is_ok_and(|age| age.as_secs() < 600));
    if !recent {
        return false;
    }
    static_host::http::state::private_dir(data).unwrap();
    let Ok(mut from) = std::fs::File::open(template) else {
        return false;
    };
    let db = data.join("storefront.db");
    let mut to = static_host::http::state::private_file(&db).unwrap();
    std::io::copy(&mut from, &mut to).unwrap();
    true
}

/// Makes the template from a database the server has just seeded: a consistent copy
/// (`VACUUM INTO`) under a name of its own, then renamed into place, so that servers
/// starting meanwhile, in this process or another, find either none or a whole one.
fn keep_seeded(db: &Path, template: &Path) {
    let part = template.with_extension(format!("{}.part", std::process::id()));
    let _ = std::fs::remove_file(&part);
    let made = open_db(db).execute("VACUUM INTO ?1", [part.display().to_string()]);
    if made.is_ok() {
        let _ = std::fs::rename(&part, template);
    }
}

pub async fn start() -> Server {
    start_with(&[], None).await
}

/// An external API in front of `upstream` (a server's base URL): each call is passed
/// on with its `language` header, unless `refuse` gives a status for its path and
/// query. Answers the API's base URL (`…/api`) and how many calls were passed on.
pub async fn api_in_front_of(
    upstream: String,
    refuse: impl Fn(&str) -> Option<axum::http::StatusCode> + Clone + Send + Sync + 'static,
) -> (String, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    use axum::response::IntoResponse;
    use std::future::IntoFuture;
    use std::sync::atomic::Ordering;
    let http = reqwest::Client::new();
    let calls = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = calls.clone();
    let app = axum::Router::new().fallback(move |request: axum::extract::Request| {
        let (http, upstream, calls, refuse) = (
            http.clone(),
            upstream.clone(),
            counted.clone(),
            refuse.clone(),
        );
        async move {
            let path = request.uri().path_and_query().unwrap().as_str().to_owned();
            if let Some(status) = refuse(&path) {
                return status.into_response();
            }
            calls.fetch_add(1, Ordering::SeqCst);
            let mut call = http.get(format!("{upstream}{path}"));
            if let Some(lang) = request.headers().get("language") {
                call = call.header("language", lang.to_str().unwrap());
            }
            let answer = call.send().await.unwrap();
            let status = axum::http::StatusCode::from_u16(answer.status().as_u16()).unwrap();
            let body = answer.bytes().await.unwrap();
            axum::response::Response::builder()
                .status(status)
                .header("content-type", "application/json")
                .body(axum::body::Body::from(body))
                .unwrap()
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(axum::serve(listener, app).into_future());
    (format!("http://{addr}/api"), calls)
}
