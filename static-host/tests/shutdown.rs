//! Graceful shutdown of the real binary: SIGTERM stops accepting connections, lets a
//! request that is still being sent finish and be answered, closes the database
//! cleanly (WAL checkpointed), and never waits beyond the configured deadline.

mod common;
mod process;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use process::Process;
use serde_json::Value;

/// A POST whose body arrives in two halves, the second one later.
fn slow_request(addr: &str, body: &str) -> (TcpStream, usize) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    write!(
        stream,
        "POST /api/user/login-by-otp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .unwrap();
    let half = body.len() / 2;
    stream.write_all(&body.as_bytes()[..half]).unwrap();
    stream.flush().unwrap();
    (stream, half)
}

fn read_response(stream: &mut TcpStream) -> (u16, Value) {
    let mut raw = String::new();
    stream.read_to_string(&mut raw).unwrap();
    let status = raw
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = raw.split("\r\n\r\n").nth(1).unwrap_or_default();
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

#[test]
fn sigterm_finishes_the_request_in_flight_then_closes_the_database() {
    let root = tempfile::tempdir().unwrap();
    let mut server = Process::start(root.path(), &["--shutdown-deadline", "20s"], &[]);
    let body = r#"{"mobile": "01001239001", "channel": "sms"}"#;
    let (mut stream, half) = slow_request(&server.addr, body);
    // The server is reading the body when the signal comes.
    std::thread::sleep(Duration::from_millis(300));
    server.terminate();
    std::thread::sleep(Duration::from_millis(700));

    // Stopped accepting: a new connection is refused (or closed unanswered).
    let refused = match TcpStream::connect(&server.addr) {
        Err(_) => true,
        Ok(mut other) => {
            other
                .set_read_timeout(Some(Duration::from_secs(2)))
                .unwrap();
            let _ = write!(other, "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
            let mut buf = [0u8; 64];
            matches!(other.read(&mut buf), Ok(0) | Err(_))
        }
    };
    assert!(refused, "a new connection was served after SIGTERM");
    assert!(
        server.child.try_wait().unwrap().is_none(),
        "the server exited with a request in flight"
    );

    // The rest of the body arrives; the request completes with its full answer.
    stream.write_all(&body.as_bytes()[half..]).unwrap();
    let (status, answer) = read_response(&mut stream);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["mobile"], "+201001239001");
    assert!(server.last_code("+201001239001").is_some());

    let exit = server
        .wait_exit(Duration::from_secs(15))
        .expect("the server exits once the request is done");
    assert!(exit.success(), "{exit:?}\n{}", server.log_text());
    let log = server.log_text();
    assert!(log.contains("database closed cleanly"), "{log}");
    // Every committed page is in storefront.db; the WAL is gone or empty.
    let wal = root.path().join("data/storefront.db-wal");
    let wal_len = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
    assert_eq!(wal_len, 0);
    // And the code issued during shutdown was committed.
    let conn = server.db();
    let codes: i64 = conn
        .query_row(
            "SELECT count(*) FROM otp_codes WHERE target = '+201001239001'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(codes, 1);
}

#[test]
fn a_request_that_never_finishes_does_not_hold_the_shutdown_past_its_deadline() {
    let root = tempfile::tempdir().unwrap();
    let mut server = Process::start(
        root.path(),
        &["--shutdown-deadline", "1s", "--request-timeout", "60s"],
        &[],
    );
    let (_stream, _) = slow_request(
        &server.addr,
        r#"{"mobile": "01001239002", "channel": "sms"}"#,
    );
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    server.terminate();
    let exit = server
        .wait_exit(Duration::from_secs(10))
        .expect("the server exits after the deadline");
    let took = asked.elapsed();
    assert!(exit.success(), "{exit:?}");
    assert!(
        took >= Duration::from_millis(900) && took < Duration::from_secs(5),
        "{took:?}"
    );
    assert!(
        server
            .log_text()
            .contains("shutdown deadline passed; closing the requests still running")
    );
}
