//! What schemathesis found (`just fuzz-api`), kept as ordinary tests: every status the
//! server answers for a body it cannot read (no content type, broken JSON or
//! multipart, too large) is documented for that operation, and untagged unions are
//! documented as `anyOf`, so an answer matching two shapes is not "invalid".

mod account_common;
mod common;

use common::start;
use serde_json::Value;

/// A new customer's token (the account tests' sign-up through the phone code).
async fn token(server: &common::Server) -> String {
    account_common::register(server, "01001239301").await
}

#[tokio::test]
async fn unreadable_bodies_get_documented_statuses() {
    let server = start().await;
    let token = token(&server).await;
    let (_, doc) = server.get_json("/api/openapi.json").await;
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if operation.get("requestBody").is_none() {
                continue;
            }
            let documented: Vec<u16> = operation["responses"]
                .as_object()
                .unwrap()
                .keys()
                .filter_map(|k| k.parse().ok())
                .collect();
            // Path ids that exist for nobody: the body is refused before or after.
            let url = server.url(&format!("/api{}", path.replace("{id}", "1")));
            let method: reqwest::Method = method.to_ascii_uppercase().parse().unwrap();
            let big = vec![b'x'; static_host::MAX_REQUEST_BODY + 1];
            let bodies: [(Option<&str>, Vec<u8>); 5] = [
                (None, b"{}".to_vec()),
                (Some("text/plain"), b"hello".to_vec()),
                (Some("application/json"), b"{\"broken\": ".to_vec()),
                (
                    Some("multipart/form-data; boundary=x"),
                    b"--x\r\nbroken".to_vec(),
                ),
                (Some("application/json"), big),
            ];
            for (content_type, body) in bodies {
                let mut request = server
                    .client
                    .request(method.clone(), &url)
                    .bearer_auth(&token)
                    .body(body);
                if let Some(content_type) = content_type {
                    request = request.header("content-type", content_type);
                }
                let response = request.send().await.unwrap();
                let status = response.status().as_u16();
                let answer: Value = response.json().await.unwrap_or(Value::Null);
                assert!(
                    documented.contains(&status),
                    "{method} {path} with {content_type:?}: {status} is not documented ({documented:?}): {answer}"
                );
                assert!(answer["message"].is_string(), "{method} {path}: {answer}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 5 * 20, "{checked}");
}

#[tokio::test]
async fn untagged_unions_are_any_of_and_rate_limited_calls_document_retry_after() {
    let server = start().await;
    let (_, doc) = server.get_json("/api/openapi.json").await;
    let text = doc.to_string();
    assert!(!text.contains("\"oneOf\""));
    let block_item = &doc["components"]["schemas"]["BlockItem"];
    assert_eq!(block_item["anyOf"].as_array().unwrap().len(), 5);
    assert!(doc["components"]["schemas"]["ProductsResponse"]["anyOf"].is_array());
    let login = &doc["paths"]["/user/login-by-otp"]["post"]["responses"];
    assert!(login["429"]["headers"]["Retry-After"].is_object());
    assert!(doc["paths"]["/order/add-to-cart"]["post"]["responses"]["429"].is_object());
    // The document the binary prints is the one it serves.
    assert_eq!(
        serde_json::to_value(static_host::api::openapi()).unwrap(),
        doc
    );
}
