//! Finishing touches on the generated OpenAPI document: the answers that come from
//! the layers around the handlers (body parsing, body limits, timeouts, rate limits,
//! code delivery, the disk's free-space floor) rather than from a handler's own `responses(...)`, and `anyOf`
//! for untagged unions. Checked by schemathesis (`just fuzz-api`) against what the
//! server really answers.

use axum::http::Method;
use serde_json::{Value, json};

use crate::http::disk_floor::is_write;
use crate::http::rate_limit::{IpGroup, ip_groups};

mod links;

/// Applies every rule below to the document.
pub fn finish(doc: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    let Ok(mut value) = serde_json::to_value(&doc) else {
        return doc;
    };
    untagged_unions_as_any_of(&mut value);
    headers_are_never_null(&mut value);
    if let Some(paths) = value.get_mut("paths").and_then(Value::as_object_mut) {
        for (path, item) in paths.iter_mut() {
            let Some(item) = item.as_object_mut() else {
                continue;
            };
            for (method, operation) in item.iter_mut() {
                let Ok(method) = method.to_ascii_uppercase().parse::<Method>() else {
                    continue;
                };
                add_layer_responses(&method, path, operation);
            }
        }
    }
    links::add_links(&mut value);
    serde_json::from_value(value).unwrap_or(doc)
}

/// A serde `untagged` enum is derived as `oneOf`, which says "exactly one": but its
/// variants are open objects, so a value of one shape can also match another, and
/// validators then reject real answers. `anyOf` says what the server promises.
fn untagged_unions_as_any_of(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if map.get("discriminator").is_none()
                && let Some(items) = map.remove("oneOf")
            {
                map.insert("anyOf".to_owned(), items);
            }
            map.values_mut().for_each(untagged_unions_as_any_of);
        }
        Value::Array(items) => items.iter_mut().for_each(untagged_unions_as_any_of),
        _ => {}
    }
}

/// utoipa derives an optional header (`Option<T>`) as "T or null"; but a header is
/// either sent or absent, and a client that sends the text `null` sends a value of
/// the wrong type (a 422 for the id headers). So header schemas drop `null`; an id
/// header may also be blank (read as not sent).
fn headers_are_never_null(value: &mut Value) {
    let Some(paths) = value.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    let operations = paths
        .values_mut()
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut());
    for operation in operations {
        let Some(parameters) = operation
            .get_mut("parameters")
            .and_then(Value::as_array_mut)
        else {
            continue;
        };
        for parameter in parameters {
            if parameter.get("in").and_then(Value::as_str) != Some("header") {
                continue;
            }
            let Some(types) = parameter
                .pointer_mut("/schema/type")
                .and_then(Value::as_array_mut)
            else {
                continue;
            };
            types.retain(|t| t != "null");
            if let [only] = types.as_slice() {
                let only = only.clone();
                parameter["schema"]["type"] = only;
            }
            // The id headers (`district-id`, `address-id`): a whole number from 1, or
            // blank, which counts as not sent.
            if parameter["schema"]["type"] == "integer" {
                let number = parameter["schema"].take();
                parameter["schema"] =
                    json!({"anyOf": [number, {"type": "string", "pattern": "^\\s*$"}]});
            }
        }
    }
}

fn error_response(description: &str, schema: &str) -> Value {
    json!({
        "description": description,
        "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{schema}")}}}
    })
}

fn add_layer_responses(method: &Method, path: &str, operation: &mut Value) {
    let has_body = operation.get("requestBody").is_some();
    let is_json = operation
        .pointer("/requestBody/content/application~1json")
        .is_some();
    let groups = ip_groups(method, path, Some("text=x&search=x"));
    let Some(responses) = operation
        .get_mut("responses")
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    let mut add = |status: &str, response: Value| {
        responses.entry(status.to_owned()).or_insert(response);
    };
    if has_body {
        add(
            "400",
            error_response(
                "The body cannot be read (broken JSON or multipart)",
                "BadRequestBody",
            ),
        );
    }
    if is_json {
        add(
            "415",
            error_response("The body is not sent as JSON", "ErrorBody"),
        );
    }
    if has_body {
        add("413", error_response("The body is too large", "ErrorBody"));
    }
    if !groups.is_empty() {
        add(
            "429",
            error_response(
                "Too many requests from this client, number or address; wait `Retry-After` seconds",
                "ErrorBody",
            ),
        );
    }
    add(
        "408",
        error_response(
            "The request took longer than the server allows",
            "ErrorBody",
        ),
    );
    // The layers' reasons for a 503, listed together. A handler's own 503 with a
    // description of its own (the upload's: its disk check) stays as it is; one
    // without gets the layers' reasons.
    let mut unavailable = Vec::new();
    if groups.contains(&IpGroup::CodeRequests) {
        unavailable.push("The code could not be delivered");
    }
    if is_write(method) {
        unavailable.push("Writes are paused: the server's disk is nearly full");
    }
    if !unavailable.is_empty() {
        let reasons = unavailable.join("; or: ");
        match responses.get_mut("503").and_then(Value::as_object_mut) {
            Some(own) => {
                let described = own
                    .get("description")
                    .and_then(Value::as_str)
                    .is_some_and(|d| !d.trim().is_empty());
                if !described {
                    own.insert("description".to_owned(), json!(reasons));
                }
            }
            None => {
                responses.insert("503".to_owned(), error_response(&reasons, "ErrorBody"));
            }
        }
    }
    // Every 429, the handlers' own included, says how long to wait.
    if let Some(limited) = responses.get_mut("429").and_then(Value::as_object_mut) {
        limited.entry("headers").or_insert_with(|| {
            json!({"Retry-After": {
                "description": "Seconds to wait before trying again",
                "required": true,
                "schema": {"type": "integer", "minimum": 1}
            }})
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_of_without_a_discriminator_becomes_any_of() {
        let mut value = json!({"a": {"oneOf": [{"type": "string"}]},
                               "b": {"oneOf": [], "discriminator": {"propertyName": "kind"}}});
        untagged_unions_as_any_of(&mut value);
        assert_eq!(value["a"], json!({"anyOf": [{"type": "string"}]}));
        assert!(value["b"].get("oneOf").is_some());
    }

    #[test]
    fn every_operation_documents_the_layers_answers() {
        let doc = finish(crate::api::openapi());
        let value = serde_json::to_value(&doc).unwrap();
        let login = &value["paths"]["/user/login-by-otp"]["post"]["responses"];
        for status in ["400", "408", "413", "415", "422", "429", "503"] {
            assert!(login.get(status).is_some(), "login-by-otp: {status}");
        }
        assert!(login["429"]["headers"].get("Retry-After").is_some());
        assert!(
            login["503"]["description"]
                .as_str()
                .unwrap()
                .contains("disk is nearly full")
        );
        let profile = &value["paths"]["/user/profile"]["get"]["responses"];
        assert!(profile.get("408").is_some());
        assert!(profile.get("429").is_none(), "reads are not rate limited");
        assert!(
            profile.get("503").is_none(),
            "reads go on below the disk floor"
        );
        // Every write documents the floor's 503.
        let paths = value["paths"].as_object().unwrap();
        for (path, item) in paths {
            for (method, operation) in item.as_object().unwrap() {
                if !["post", "put", "patch", "delete"].contains(&method.as_str()) {
                    continue;
                }
                assert!(
                    operation["responses"]["503"].is_object(),
                    "{method} {path}: no 503"
                );
            }
        }
        assert!(value["paths"]["/map/search"]["get"]["responses"]["429"].is_object());
        assert!(value["paths"]["/map/reverse"]["get"]["responses"]["429"].is_object());
        let upload = &value["paths"]["/upload-file/upload"]["post"]["responses"];
        assert!(upload.get("413").is_some() && upload.get("400").is_some());
        assert!(!serde_json::to_string(&value).unwrap().contains("\"oneOf\""));
    }

    #[test]
    fn optional_headers_are_never_null() {
        let doc = finish(crate::api::openapi());
        let value = serde_json::to_value(&doc).unwrap();
        let parameters = value["paths"]["/products"]["get"]["parameters"]
            .as_array()
            .unwrap();
        let district = parameters
            .iter()
            .find(|p| p["name"] == "district-id")
            .unwrap();
        assert_eq!(district["in"], "header");
        assert_eq!(district["required"], false);
        assert_eq!(district["schema"]["anyOf"][0]["type"], "integer");
        assert_eq!(district["schema"]["anyOf"][0]["minimum"], 1);
        assert_eq!(district["schema"]["anyOf"][1]["pattern"], "^\\s*$");
    }
}
