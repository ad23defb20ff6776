//! Every JSON request body is read as strictly as the OpenAPI document describes it:
//! for each operation with a JSON body, each of its fields (and the fields of an object
//! field) is sent alone with a value of a JSON type its schema does not allow, and the
//! answer is a 422 naming that field. The operations and their fields come from the
//! document the server publishes, so a new handler is covered as soon as it is
//! documented. (The fuzzing suite found one such body answered 200 and stored:
//! `{"notifications": [false, false, false]}`.)

mod account_common;
mod common;

use std::collections::BTreeSet;

use reqwest::Method;
use serde_json::{Map, Value, json};

use account_common::{call, register_with};

/// A value of each JSON type, the object one shaped like the body that was found.
fn samples() -> [(&'static str, Value); 6] {
    [
        ("array", json!([false, false, false])),
        ("object", json!({"x": 1})),
        ("string", json!("text")),
        ("integer", json!(12345)),
        ("number", json!(1.5)),
        ("boolean", json!(true)),
    ]
}

struct Document<'a> {
    schemas: &'a Map<String, Value>,
}

impl<'a> Document<'a> {
    /// The schema `schema` refers to, followed through `$ref`s.
    fn resolve(&self, mut schema: &'a Value) -> &'a Value {
        while let Some(name) = schema["$ref"].as_str() {
            let name = name.rsplit('/').next().unwrap();
            schema = &self.schemas[name];
        }
        schema
    }

    /// The JSON types a schema allows (`number` allows integers too); None when it
    /// allows anything (no type, or an alternative without one).
    fn types(&self, schema: &Value) -> Option<BTreeSet<String>> {
        let schema = self.resolve(schema);
        let mut allowed = BTreeSet::new();
        if let Some(alternatives) = schema["anyOf"].as_array().or(schema["oneOf"].as_array()) {
            for alternative in alternatives {
                allowed.extend(self.types(alternative)?);
            }
            return Some(allowed);
        }
        if let Some(all) = schema["allOf"].as_array() {
            return all.iter().find_map(|part| self.types(part));
        }
        if schema["enum"].is_array() && schema["type"].is_null() {
            for value in schema["enum"].as_array().unwrap() {
                allowed.insert(type_of(value).to_owned());
            }
            return Some(allowed);
        }
        match &schema["type"] {
            Value::String(t) => allowed.insert(t.clone()),
            Value::Array(ts) => {
                allowed.extend(ts.iter().filter_map(|t| t.as_str().map(str::to_owned)));
                true
            }
            _ if schema["properties"].is_object() => allowed.insert("object".into()),
            _ => return None,
        };
        if allowed.contains("number") {
            allowed.insert("integer".into());
        }
        Some(allowed)
    }

    /// The object schema's properties (through `$ref`, `allOf` and a nullable `anyOf`).
    fn properties(&self, schema: &'a Value) -> Option<&'a Map<String, Value>> {
        let schema = self.resolve(schema);
        if let Some(properties) = schema["properties"].as_object() {
            return Some(properties);
        }
        let parts = schema["allOf"]
            .as_array()
            .or(schema["anyOf"].as_array())
            .or(schema["oneOf"].as_array())?;
        parts.iter().find_map(|part| self.properties(part))
    }
}

fn type_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Each (field path, wrong value) pair of a body schema: one per field, recursing into
/// object fields, with the first sample whose JSON type the field does not allow.
fn wrong_fields(doc: &Document, schema: &Value, prefix: &str, out: &mut Vec<(String, Value)>) {
    let Some(properties) = doc.properties(schema) else {
        return;
    };
    for (name, field) in properties {
        let path = if prefix.is_empty() {
            name.clone()
        } else {
            format!("{prefix}.{name}")
        };
        if let Some(allowed) = doc.types(field)
            && let Some((_, wrong)) = samples().into_iter().find(|(t, _)| !allowed.contains(*t))
        {
            out.push((path.clone(), wrong));
        }
        if doc.types(field).is_some_and(|t| t.contains("object")) {
            wrong_fields(doc, field, &path, out);
        }
    }
}

/// `{"a": {"b": value}}` for the path `a.b`.
fn body_at(path: &str, value: Value) -> Value {
    path.rsplit('.')
        .fold(value, |inner, name| json!({ name: inner }))
}

#[tokio::test]
async fn every_body_field_of_the_wrong_json_type_is_refused_naming_it() {
    let server = common::start().await;
    let token = register_with(&server, "01001239901", "").await;
    let (status, document) = server.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    let doc = Document {
        schemas: document["components"]["schemas"].as_object().unwrap(),
    };
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let schema = &operation["requestBody"]["content"]["application/json"]["schema"];
            if schema.is_null() {
                continue;
            }
            let mut fields = Vec::new();
            wrong_fields(&doc, schema, "", &mut fields);
            assert!(
                !fields.is_empty(),
                "{method} {path}: a JSON body with no field to check"
            );
            // Path parameters are ids: 1 names one, and the body is read before it is looked up.
            let url = format!("/api{}", path.replace("{id}", "1"));
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            for (field, value) in fields {
                let body = body_at(&field, value);
                let (status, answer) = call(
                    &server,
                    method.clone(),
                    &url,
                    Some(&token),
                    "en",
                    Some(body.clone()),
                )
                .await;
                checked += 1;
                if status != 422
                    || answer["errors"][&field]
                        .as_array()
                        .is_none_or(Vec::is_empty)
                {
                    wrong.push(format!("{method} {url} {body} → {status} {answer}"));
                }
            }
        }
    }
    assert!(
        checked >= 60,
        "only {checked} fields checked: the document lost its bodies?"
    );
    assert!(
        wrong.is_empty(),
        "{} of {checked} not refused as a 422 naming the field:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
