//! Issue 19, item 8, on the real binary whose standard output is a pipe nobody reads
//! (after the start banner): a flood of requests refused by an abuse limit, with the
//! debug log on so that every request writes to that pipe, never stalls the server —
//! `/api/health` keeps answering — and the refusals are counted, not logged one by
//! one; the lines the stuck output could not take are dropped and their count logged.

mod common;

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// The binary with stdout piped; returns it, its address and the unread pipe.
fn start(root: &std::path::Path) -> (Child, String, BufReader<ChildStdout>) {
    common::write_ui(root);
    let mut child = Command::new(env!("CARGO_BIN_EXE_static-host"))
        .arg("--addr=127.0.0.1:0")
        .arg("--data-dir")
        .arg(root.join("data"))
        .arg("--ui-dir")
        .arg(root.join("ui"))
        .arg("--code-sender")
        .arg(format!("file:{}", root.join("outbox.jsonl").display()))
        .args(common::UNLIMITED)
        .arg("--limit-search-per-ip=1/1h")
        .env("RUST_LOG", "debug")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    let addr = loop {
        line.clear();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "no banner");
        if let Some(rest) = line.trim().strip_prefix("Storefront running at http://") {
            break rest.trim_end_matches('/').to_owned();
        }
    };
    // From here on nobody reads the pipe: it fills and stays full.
    (child, addr, stdout)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_refused_requests_with_a_stuck_stdout_does_not_stall_the_server() {
    let root = tempfile::tempdir().unwrap();
    let (mut child, addr, mut stdout) = start(root.path());
    let base = format!("http://{addr}");
    let client = common::client();
    let health = |client: reqwest::Client, base: String| async move {
        let started = Instant::now();
        let answer = tokio::time::timeout(
            Duration::from_secs(3),
            client.get(format!("{base}/api/health")).send(),
        )
        .await;
        (
            matches!(answer, Ok(Ok(ref r)) if r.status() == 200),
            started.elapsed(),
        )
    };
    assert!(health(client.clone(), base.clone()).await.0);
    // 4,000 searches from one address, 32 at a time: all but the first refused.
    let mut tasks = Vec::new();
    for worker in 0..32 {
        let (client, base) = (client.clone(), base.clone());
        tasks.push(tokio::spawn(async move {
            let mut refused = 0;
            for i in 0..125 {
                let url = format!("{base}/api/map/search?search=flood{worker}x{i}");
                let sent =
                    tokio::time::timeout(Duration::from_secs(5), client.get(url).send()).await;
                match sent {
                    Ok(Ok(r)) if r.status() == 429 => refused += 1,
                    Ok(Ok(_)) => {}
                    _ => return Err(format!("a request hung or failed after {refused}")),
                }
            }
            Ok(refused)
        }));
    }
    let mut refused = 0;
    for task in tasks {
        refused += task.await.unwrap().expect("every request is answered");
    }
    assert!(refused >= 3_999, "{refused}");
    let (alive, took) = health(client.clone(), base.clone()).await;
    assert!(
        alive && took < Duration::from_secs(1),
        "health took {took:?}"
    );

    // Now read what the pipe holds: no line per refused request, and once the log
    // writer can write again, the count of the lines it dropped.
    let text = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let reader = {
        let text = text.clone();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 65536];
            while let Ok(n) = stdout.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                text.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buffer[..n]));
            }
        })
    };
    let deadline = Instant::now() + Duration::from_secs(15);
    while Instant::now() < deadline && !text.lock().unwrap().contains("log lines dropped") {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    child.kill().unwrap();
    child.wait().unwrap();
    reader.join().unwrap();
    let text = text.lock().unwrap();
    assert!(
        !text.contains("rate limit reached"),
        "one line per refused request"
    );
    assert!(
        text.contains("log lines dropped"),
        "{}",
        &text[text.len().saturating_sub(2000)..]
    );
}
