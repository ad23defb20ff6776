//! What schemathesis found (`just fuzz-api`), kept as ordinary tests: every status the
//! server answers for a body it cannot read (no content type, broken JSON or
//! multipart, too large) is documented for that operation, and untagged unions are
//! documented as `anyOf`, so an answer matching two shapes is not "invalid". And the
//! document states the rules the handlers enforce (schemathesis's "schema validation
//! mismatch"): its patterns, ranges and required fields accept what the handlers
//! accept, and its examples are real records of the demo data.

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

/// The pattern of a schema, compiled (Rust's `\s` is Unicode White_Space, the
/// handlers' `str::trim`).
fn pattern(schema: &Value) -> regex::Regex {
    let text = schema["pattern"]
        .as_str()
        .unwrap_or_else(|| panic!("no pattern in {schema}"));
    regex::Regex::new(text).unwrap()
}

fn parameter<'a>(doc: &'a Value, path: &str, method: &str, name: &str) -> &'a Value {
    doc["paths"][path][method]["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("{method} {path}: no parameter {name}"))
}

#[tokio::test]
async fn text_patterns_are_the_handlers_rules() {
    let server = start().await;
    let (_, doc) = server.get_json("/api/openapi.json").await;
    let schemas = &doc["components"]["schemas"];

    // E-mail addresses: the core's rule (the samples keep local parts under 64).
    let email = pattern(&schemas["EmailRequest"]["properties"]["email"]);
    for text in [
        "mona@example.com",
        " mona@example.com\t",
        "first.last+tag@mail.example.co.uk",
        "o'brien@shop-online.eg",
        "USER_1@EXAMPLE.COM",
        "x@a.io",
        "plainaddress",
        "@example.com",
        "mona@",
        "mona@example",
        "mona@@example.com",
        ".mona@example.com",
        "mona.@example.com",
        "mo..na@example.com",
        "mona@-example.com",
        "mona@example.c0m",
        "mona@exa_mple.com",
        "mona@example.com.",
        "مني@example.com",
    ] {
        assert_eq!(
            email.is_match(text),
            storefront_core::validation::is_email(text),
            "{text:?}"
        );
    }

    // One-time codes: four ASCII digits once trimmed.
    let code = pattern(&schemas["VerifyLoginRequest"]["properties"]["code"]);
    for (text, valid) in [
        ("1234", true),
        (" 0042\n", true),
        ("123", false),
        ("12345", false),
        ("12a4", false),
        ("١٢٣٤", false),
        ("", false),
    ] {
        assert_eq!(code.is_match(text), valid, "{text:?}");
    }

    // Required search text, as `GET /map/search` reads it: not blank, at most 100
    // characters once trimmed.
    let search = pattern(&parameter(&doc, "/map/search", "get", "search")["schema"]);
    let long = "a".repeat(100);
    for text in [
        String::new(),
        "   ".to_owned(),
        "Zamalek".to_owned(),
        " zam ".to_owned(),
        long.clone(),
        format!("  {long}  "),
        format!("{long}a"),
        "سوق النيل".to_owned(),
    ] {
        let query: String = form_urlencoded::Serializer::new(String::new())
            .append_pair("search", &text)
            .finish();
        let (status, _) = server.get_json(&format!("/api/map/search?{query}")).await;
        assert_eq!(search.is_match(&text), status == 200, "{text:?}: {status}");
    }
}

#[tokio::test]
async fn ids_and_required_parameters_are_stated() {
    let server = start().await;
    let (_, doc) = server.get_json("/api/openapi.json").await;

    // `service_id` is required where the handler asks for it ('Service ID is
    // required.'), and only there: the categories take `parent_id` instead.
    for path in [
        "/branches",
        "/branch-categories",
        "/products",
        "/services/search",
    ] {
        let service = parameter(&doc, path, "get", "service_id");
        assert_eq!(service["required"], true, "{path}");
        assert_eq!(service["schema"]["minimum"], 1, "{path}");
    }
    assert_eq!(
        parameter(&doc, "/categories", "get", "service_id")["required"],
        false
    );
    let (status, body) = server.get_json("/api/branches").await;
    assert_eq!(status, 422, "{body}");

    // The id headers: a whole number from 1, or blank (not sent); anything else 422.
    let district = &parameter(&doc, "/branches", "get", "district-id")["schema"];
    let number = &district["anyOf"][0];
    assert_eq!(
        (number["type"].as_str(), number["minimum"].as_i64()),
        (Some("integer"), Some(1))
    );
    let blank = pattern(&district["anyOf"][1]);
    for (value, documented) in [
        ("1", true),
        ("5", true),
        ("", true),
        ("  ", true),
        ("0", false),
        ("-1", false),
        ("abc", false),
        ("null", false),
    ] {
        assert_eq!(
            blank.is_match(value) || value.parse::<i64>().is_ok_and(|id| id >= 1),
            documented
        );
        let response = server
            .client
            .get(server.url("/api/branches?service_id=1"))
            .header("district-id", value)
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        assert_eq!(status == 200, documented, "district-id {value:?}: {status}");
    }

    // Path ids are whole numbers from 1, and the catalogue's examples are real
    // records of the demo data.
    for path in [
        "/products/{id}",
        "/branches/{id}",
        "/services/{id}",
        "/categories/{id}",
    ] {
        let id = parameter(&doc, path, "get", "id");
        assert_eq!(id["schema"]["minimum"], 1, "{path}");
        let example = id["example"]
            .as_i64()
            .unwrap_or_else(|| panic!("{path}: no example"));
        let (status, _) = server
            .get_json(&format!(
                "/api{}",
                path.replace("{id}", &example.to_string())
            ))
            .await;
        assert_eq!(status, 200, "{path} with its example {example}");
    }
    let product =
        doc["components"]["schemas"]["AddToCartRequest"]["properties"]["product_id"]["example"]
            .as_i64()
            .unwrap();
    let (status, body) = server.get_json(&format!("/api/products/{product}")).await;
    assert_eq!(
        (status, body["data"]["stock_status"].as_str()),
        (200, Some("in_stock"))
    );
}

/// The schema `schema` (a `$ref` followed, and every branch of an `anyOf`/`oneOf`/
/// `allOf`) at the JSON pointer `pointer` of a value it describes: whether some
/// branch has that property (array indexes go through `items`).
fn schema_has_pointer(doc: &Value, schema: &Value, tokens: &[&str]) -> bool {
    if let Some(reference) = schema["$ref"].as_str() {
        let target = doc
            .pointer(reference.trim_start_matches('#'))
            .unwrap_or_else(|| panic!("unresolved {reference}"));
        return schema_has_pointer(doc, target, tokens);
    }
    for union in ["anyOf", "oneOf", "allOf"] {
        if let Some(branches) = schema[union].as_array() {
            return branches
                .iter()
                .any(|branch| schema_has_pointer(doc, branch, tokens));
        }
    }
    let Some((first, rest)) = tokens.split_first() else {
        return true;
    };
    if first.parse::<usize>().is_ok() && schema.get("items").is_some() {
        return schema_has_pointer(doc, &schema["items"], rest);
    }
    match schema["properties"].get(*first) {
        Some(property) => schema_has_pointer(doc, property, rest),
        None => false,
    }
}

/// Whether a runtime expression (`$response.body#/…`, `$request.body#/…`,
/// `$request.query.name`, `$request.path.name`) names something `source` (an
/// operation, answering `status`) has.
fn expression_resolves(doc: &Value, source: &Value, status: &str, expression: &str) -> bool {
    let json_body = |at: &Value| at.pointer("/content/application~1json/schema").cloned();
    let pointer_tokens = |pointer: &str| -> Vec<String> {
        pointer
            .trim_start_matches('/')
            .split('/')
            .map(|t| t.replace("~1", "/").replace("~0", "~"))
            .collect()
    };
    if let Some(pointer) = expression.strip_prefix("$response.body#") {
        let schema = json_body(&source["responses"][status]).expect("a JSON answer");
        let tokens = pointer_tokens(pointer);
        let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
        return schema_has_pointer(doc, &schema, &tokens);
    }
    if let Some(pointer) = expression.strip_prefix("$request.body#") {
        let Some(schema) = json_body(&source["requestBody"]) else {
            return false;
        };
        let tokens = pointer_tokens(pointer);
        let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
        return schema_has_pointer(doc, &schema, &tokens);
    }
    for location in ["query", "path", "header"] {
        if let Some(name) = expression.strip_prefix(&format!("$request.{location}.")) {
            return source["parameters"].as_array().is_some_and(|parameters| {
                parameters
                    .iter()
                    .any(|p| p["in"] == location && p["name"] == name)
            });
        }
    }
    false
}

/// The OpenAPI links (`http/contract/links.rs`) that schemathesis's stateful phase
/// follows: each names an existing operation, fills a parameter or body field the
/// target has, and takes its value from a field the source's answer or request has;
/// so a renamed field or operation breaks this test, not silently the fuzzing.
#[tokio::test]
async fn links_name_real_operations_and_fields() {
    let server = start().await;
    let (_, doc) = server.get_json("/api/openapi.json").await;
    let mut operations = std::collections::HashMap::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if let Some(id) = operation["operationId"].as_str() {
                operations.insert(id.to_owned(), (format!("{method} {path}"), operation));
            }
        }
    }
    let mut seen = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, source) in item.as_object().unwrap() {
            for (status, response) in source["responses"].as_object().unwrap() {
                let Some(links) = response["links"].as_object() else {
                    continue;
                };
                for (name, link) in links {
                    let at = format!("{method} {path} {status} {name}");
                    let target_id = link["operationId"].as_str().unwrap();
                    let (target_label, target) = operations
                        .get(target_id)
                        .unwrap_or_else(|| panic!("{at}: no operation {target_id}"));
                    seen.push(format!("{method} {path} -> {target_label}"));
                    let parameters = link["parameters"].as_object();
                    for (parameter, expression) in parameters.into_iter().flatten() {
                        let (location, parameter) = parameter.split_once('.').unwrap();
                        assert!(
                            target["parameters"]
                                .as_array()
                                .unwrap()
                                .iter()
                                .any(|p| p["in"] == location && p["name"] == parameter),
                            "{at}: {target_label} has no {location} parameter {parameter}"
                        );
                        let expression = expression.as_str().unwrap();
                        assert!(
                            expression_resolves(&doc, source, status, expression),
                            "{at}: {expression} names nothing of {method} {path}"
                        );
                    }
                    let body = link["requestBody"].as_object();
                    let target_body = target
                        .pointer("/requestBody/content/application~1json/schema")
                        .cloned();
                    for (field, value) in body.into_iter().flatten() {
                        let target_body = target_body
                            .as_ref()
                            .unwrap_or_else(|| panic!("{at}: {target_label} takes no JSON body"));
                        assert!(
                            schema_has_pointer(&doc, target_body, &[field.as_str()]),
                            "{at}: {target_label}'s body has no {field}"
                        );
                        let value = value.as_str().unwrap();
                        if value.starts_with('$') {
                            assert!(
                                expression_resolves(&doc, source, status, value),
                                "{at}: {value} names nothing of {method} {path}"
                            );
                        }
                    }
                }
            }
        }
    }
    // The chains the stateful fuzzing needs to reach the deep calls with real ids.
    for chain in [
        "post /addresses -> get /addresses/{id}",
        "post /addresses -> put /addresses/{id}",
        "post /addresses -> delete /addresses/{id}",
        "post /addresses -> post /addresses/{id}/default",
        "post /addresses -> post /order/checkout",
        "post /addresses -> post /orders/{id}/return",
        "post /order/add-to-cart -> post /order/update-cart",
        "post /order/add-to-cart -> delete /orders/item/{id}",
        "post /order/add-to-cart -> post /order/checkout",
        "post /order/add-to-cart -> get /get_card",
        "post /order/checkout -> get /orders/{id}",
        "post /order/checkout -> post /orders/{id}/cancel",
        "post /order/checkout -> post /orders/{id}/return",
        "get /products -> post /order/add-to-cart",
        "get /products -> post /favorites/toggle",
        "get /products/{id} -> post /order/add-to-cart",
        "get /products/{id} -> post /favorites/toggle",
        "get /notifications -> post /notifications/{id}/read",
        "post /favorites/toggle -> get /favorites",
        "get /products/{id} -> get /products/{id}/reviews",
        "get /products/{id} -> post /products/{id}/reviews",
        "post /products/{id}/reviews -> put /reviews/{id}",
        "post /products/{id}/reviews -> delete /reviews/{id}",
        "get /products/{id}/reviews -> post /reviews/{id}/report",
        "get /products/{id}/reviews -> post /reviews/{id}/helpful",
        "get /my-reviews/waiting -> post /products/{id}/reviews",
    ] {
        assert!(seen.iter().any(|s| s == chain), "no link {chain}");
    }
}
