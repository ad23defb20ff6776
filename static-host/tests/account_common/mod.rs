//! Helpers of the account-area tests: signing customers up through the real OTP
//! flow and calling the API with a token and a language.
#![allow(dead_code)]

use reqwest::Method;
use serde_json::{Value, json};

use crate::common::Server;

/// A point in Zamalek (district 1).
pub const ZAMALEK: (f64, f64) = (30.0626, 31.2197);
/// A point in Dokki (district 2).
pub const DOKKI: (f64, f64) = (30.0380, 31.2050);
/// Alexandria: no delivery district.
pub const ALEXANDRIA: (f64, f64) = (31.2001, 29.9187);

/// Calls the API: `token` signs in, `lang` sets the `Language` header, `body` is
/// sent as JSON.
pub async fn call(
    server: &Server,
    method: Method,
    path: &str,
    token: Option<&str>,
    lang: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let request = server
        .client
        .request(method, server.url(path))
        .header("Language", lang);
    crate::common::send_json(request, token, body.as_ref()).await
}

pub async fn get(server: &Server, path: &str, token: &str) -> (u16, Value) {
    call(server, Method::GET, path, Some(token), "en", None).await
}

pub async fn post(server: &Server, path: &str, token: &str, body: Value) -> (u16, Value) {
    call(server, Method::POST, path, Some(token), "en", Some(body)).await
}

/// Signs a new customer up (phone code, then registration) and returns the token.
/// `mobile` is a national Egyptian mobile such as `01001234567`.
pub async fn register_with(server: &Server, mobile: &str, referral_code: &str) -> String {
    let (status, body) = server
        .post_json(
            "/api/user/login-by-otp",
            json!({"mobile": mobile, "channel": "sms"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let e164 = body["data"]["mobile"].as_str().unwrap().to_owned();
    let code = server.last_code(&e164).expect("a code in the outbox");
    let (status, body) = server
        .post_json(
            "/api/user/verify-login-by-otp",
            json!({"mobile": mobile, "channel": "sms", "code": code}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = server
        .post_json(
            "/api/user/register-by-otp",
            json!({"name": "Mona Adel", "email": format!("{}@example.com", &mobile[1..]),
                   "referral_code": referral_code, "acceptTerms": true, "user_register": "user",
                   "mobile": mobile, "code": code}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["token"].as_str().unwrap().to_owned()
}

pub async fn register(server: &Server, mobile: &str) -> String {
    register_with(server, mobile, "").await
}

/// The id of the customer a token belongs to.
pub async fn user_id(server: &Server, token: &str) -> i64 {
    let (status, body) = get(server, "/api/user/profile", token).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["user"]["id"].as_i64().unwrap()
}

/// A complete address form at a point.
pub fn address_form(name: &str, (latitude, longitude): (f64, f64)) -> Value {
    json!({
        "name": name,
        "contact_name": "Mona Adel",
        "phone": "01001234567",
        "country": "Egypt",
        "region": "Cairo",
        "city": "Cairo",
        "address_details": "12 26th of July Street",
        "building_number": "12",
        "floor": "3",
        "apartment_number": "7",
        "postal_code": "11211",
        "location": {"latitude": latitude, "longitude": longitude},
        "type": "home"
    })
}

/// Every row of a table, as text, to check a refused call changed nothing.
pub fn snapshot(server: &Server, table: &str) -> Vec<String> {
    let conn = server.db();
    let mut stmt = conn.prepare(&format!("SELECT * FROM {table}")).unwrap();
    let columns = stmt.column_count();
    stmt.query_map([], |r| {
        let mut row = Vec::new();
        for i in 0..columns {
            let value: rusqlite::types::Value = r.get(i)?;
            row.push(format!("{value:?}"));
        }
        Ok(row.join("|"))
    })
    .unwrap()
    .collect::<Result<Vec<String>, _>>()
    .map(|mut rows| {
        rows.sort();
        rows
    })
    .unwrap()
}

/// Stores an order of the customer with a status, filling the order flow's other
/// required columns with zeros (amounts) or blanks, or creating a bare `orders`
/// table where there is none.
pub fn store_order(conn: &rusqlite::Connection, user: i64, status: &str) -> i64 {
    // The order's shop, address and service are not the point here.
    conn.pragma_update(None, "foreign_keys", "OFF").unwrap();
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS orders (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, status TEXT NOT NULL)",
    )
    .unwrap();
    let mut stmt = conn.prepare("PRAGMA table_info(orders)").unwrap();
    let required: Vec<(String, String)> = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, bool>(3)?,
                r.get::<_, Option<String>>(4)?,
                r.get::<_, i64>(5)?,
            ))
        })
        .unwrap()
        .map(Result::unwrap)
        .filter(|(_, _, not_null, default, pk)| *not_null && default.is_none() && *pk == 0)
        .map(|(name, kind, ..)| (name, kind))
        .collect();
    let mut names = Vec::new();
    let mut values: Vec<rusqlite::types::Value> = Vec::new();
    for (name, kind) in required {
        let value = match name.as_str() {
            "user_id" => rusqlite::types::Value::Integer(user),
            "status" => rusqlite::types::Value::Text(status.to_owned()),
            "payment_method" => rusqlite::types::Value::Text("cash".to_owned()),
            _ if kind.eq_ignore_ascii_case("TEXT") => rusqlite::types::Value::Text(String::new()),
            _ => rusqlite::types::Value::Integer(0),
        };
        names.push(name);
        values.push(value);
    }
    let marks = (1..=names.len())
        .map(|i| format!("?{i}"))
        .collect::<Vec<_>>()
        .join(", ");
    conn.execute(
        &format!("INSERT INTO orders ({}) VALUES ({marks})", names.join(", ")),
        rusqlite::params_from_iter(values),
    )
    .unwrap();
    conn.last_insert_rowid()
}
