//! The real `static-host` binary as a child process, for the tests that need a
//! process to signal or kill: its address, its log, SIGTERM and SIGKILL.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::{UNLIMITED, write_ui};

pub struct Process {
    pub child: Child,
    pub base: String,
    pub addr: String,
    /// Every line the process wrote (log and banner), stdout and stderr together.
    pub log: Arc<Mutex<Vec<String>>>,
    pub root: PathBuf,
}

impl Process {
    /// Starts the binary on a free loopback port with `root/data` as its data
    /// directory and a file outbox, and waits until it serves.
    pub fn start(root: &Path, extra: &[&str], env: &[(&str, &str)]) -> Process {
        write_ui(root);
        let mut command = Command::new(env!("CARGO_BIN_EXE_static-host"));
        command
            .arg("--addr")
            .arg("127.0.0.1:0")
            .arg("--data-dir")
            .arg(root.join("data"))
            .arg("--ui-dir")
            .arg(root.join("ui"))
            .arg("--code-sender")
            .arg(format!("file:{}", root.join("outbox.jsonl").display()))
            .args(UNLIMITED)
            .args(extra)
            .env_remove("RUST_LOG")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (key, value) in env {
            command.env(key, value);
        }
        let mut child = command.spawn().expect("start static-host");
        let log = Arc::new(Mutex::new(Vec::new()));
        let (found, address) = mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        let stderr = child.stderr.take().unwrap();
        {
            let log = log.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    if let Some(rest) = line.strip_prefix("Storefront running at http://") {
                        let _ = found.send(rest.trim_end_matches('/').to_owned());
                    }
                    log.lock().unwrap().push(line);
                }
            });
        }
        {
            let log = log.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                    log.lock().unwrap().push(line);
                }
            });
        }
        let addr = address
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("static-host did not start: {:?}", log.lock().unwrap()));
        Process {
            child,
            base: format!("http://{addr}"),
            addr,
            log,
            root: root.to_owned(),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGTERM (what a service manager sends to stop a server).
    pub fn terminate(&self) {
        let status = Command::new("kill")
            .arg("-TERM")
            .arg(self.pid().to_string())
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// SIGKILL: the process dies at once, mid-write or not.
    pub fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// Waits for the process to exit, at most `limit`.
    pub fn wait_exit(&mut self, limit: Duration) -> Option<ExitStatus> {
        let start = Instant::now();
        while start.elapsed() < limit {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }

    pub fn log_text(&self) -> String {
        self.log.lock().unwrap().join("\n")
    }

    /// The log once it holds `needle`, at most `limit` later: the lines reach the log
    /// through reader threads, which a loaded machine may run after the answer came.
    pub fn log_holding(&self, needle: &str, limit: Duration) -> String {
        let start = Instant::now();
        loop {
            let log = self.log_text();
            if log.contains(needle) || start.elapsed() >= limit {
                return log;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn outbox(&self) -> PathBuf {
        self.root.join("outbox.jsonl")
    }

    pub fn db_path(&self) -> PathBuf {
        self.root.join("data").join("storefront.db")
    }

    /// A connection to the server's database with the SQL functions its triggers call
    /// (the search index's), as the server registers them.
    pub fn db(&self) -> rusqlite::Connection {
        crate::common::open_db(&self.db_path())
    }

    /// The last code sent to `to`, from the file outbox.
    pub fn last_code(&self, to: &str) -> Option<String> {
        crate::common::last_code_in(&self.outbox(), to)
    }

    /// Registers a new customer on a national number (e.g. "01001230001") through the
    /// real code flow; returns the token.
    pub async fn register(&self, client: &reqwest::Client, mobile: &str) -> String {
        let post = |path: &str, body: Value| {
            let request = client.post(self.url(path)).json(&body);
            async move {
                let response = request.send().await.unwrap();
                let status = response.status().as_u16();
                let body: Value = response.json().await.unwrap_or(Value::Null);
                assert_eq!(status, 200, "{body}");
                body
            }
        };
        let sent = post(
            "/api/user/login-by-otp",
            json!({"mobile": mobile, "channel": "sms"}),
        )
        .await;
        let e164 = sent["data"]["mobile"].as_str().unwrap().to_owned();
        let code = self.last_code(&e164).expect("a code in the outbox");
        post(
            "/api/user/verify-login-by-otp",
            json!({"mobile": mobile, "channel": "sms", "code": code}),
        )
        .await;
        let body = post(
            "/api/user/register-by-otp",
            json!({"name": "Mona Adel", "email": format!("{}@example.com", &mobile[1..]),
                   "acceptTerms": true, "user_register": "user", "mobile": mobile, "code": code}),
        )
        .await;
        body["data"]["token"].as_str().unwrap().to_owned()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
