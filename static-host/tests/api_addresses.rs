//! The address book against the real server: the district derived from the map
//! location, the phone rule, one default, the refused deletion of the default, soft
//! deletes, other customers' ids, and the profile's default address.

mod account_common;
mod common;

use account_common::{
    ALEXANDRIA, DOKKI, ZAMALEK, address_form, call, get, post, register, snapshot,
};
use common::start;
use reqwest::Method;
use serde_json::{Value, json};

const DEFAULT_DELETE: &str = "You cannot delete your default address. Please select a different address as your default address before deleting this one.";

async fn create(server: &common::Server, token: &str, form: Value) -> Value {
    let (status, body) = post(server, "/api/addresses", token, form).await;
    assert_eq!(status, 201, "{body}");
    body["data"].clone()
}

fn defaults_in_db(server: &common::Server, user_email_mobile: &str) -> Vec<i64> {
    let conn = server.db();
    let mut stmt = conn
        .prepare(
            "SELECT a.id FROM addresses a JOIN users u ON u.id = a.user_id
             WHERE u.mobile = ?1 AND a.is_default = 1 AND a.deleted_at IS NULL",
        )
        .unwrap();
    stmt.query_map([user_email_mobile], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[tokio::test]
async fn every_account_call_needs_a_token_except_contact_us() {
    let server = start().await;
    let calls = [
        (Method::GET, "/api/addresses"),
        (Method::POST, "/api/addresses"),
        (Method::GET, "/api/addresses/1"),
        (Method::PUT, "/api/addresses/1"),
        (Method::DELETE, "/api/addresses/1"),
        (Method::POST, "/api/addresses/1/default"),
        (Method::GET, "/api/wallet"),
        (Method::GET, "/api/wallet/transactions"),
        (Method::GET, "/api/loyalty-points"),
        (Method::GET, "/api/loyalty-points/history"),
        (Method::GET, "/api/referral"),
        (Method::GET, "/api/affiliate/commissions"),
        (Method::GET, "/api/favorites"),
        (Method::POST, "/api/favorites/toggle"),
        (Method::POST, "/api/support"),
        (Method::GET, "/api/notifications"),
        (Method::POST, "/api/notifications/1/read"),
        (Method::POST, "/api/notifications/read-all"),
    ];
    for (method, path) in calls {
        let body = (method != Method::GET && method != Method::DELETE).then(|| json!({}));
        let (status, answer) = call(&server, method.clone(), path, None, "en", body.clone()).await;
        assert_eq!(status, 401, "{method} {path}: {answer}");
        assert_eq!(answer["message"], "Unauthenticated.");
        let (status, _) = call(
            &server,
            method.clone(),
            path,
            Some("not-a-token"),
            "ar",
            body,
        )
        .await;
        assert_eq!(status, 401, "{method} {path} with a bad token");
    }
    // Guests may write to the store.
    let (status, body) = call(
        &server,
        Method::POST,
        "/api/contact-us",
        None,
        "en",
        Some(json!({"name": "Guest", "email": "guest@example.com", "message": "Do you deliver to Maadi?"})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
}

#[tokio::test]
async fn the_first_address_is_the_default_and_its_district_comes_from_the_map() {
    let server = start().await;
    let token = register(&server, "01001234567").await;
    let (status, body) = get(&server, "/api/addresses", &token).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"], json!([]));
    assert_eq!(body["meta"]["total"], 0);

    let (status, body) = post(
        &server,
        "/api/addresses",
        &token,
        address_form("Home", ZAMALEK),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["message"], "Address added.");
    let home = &body["data"];
    assert_eq!(home["is_default"], true);
    assert_eq!(home["district_id"], 1);
    assert_eq!(home["district"]["name"], "Zamalek");
    assert_eq!(home["phone"], "+201001234567", "stored in E.164");
    assert_eq!(home["type"], "home");
    assert_eq!(home["location"]["latitude"], ZAMALEK.0);
    assert_eq!(home["country_id"]["name"], "Egypt");
    assert_eq!(home["city_id"]["name"], "Cairo");
    assert_eq!(home["building_number"], "12");
    assert!(home["created_at"].as_str().unwrap().ends_with('Z'));

    // The profile carries the default address in the spec's User.address shape.
    let (_, profile) = get(&server, "/api/user/profile", &token).await;
    let address = &profile["data"]["address"];
    assert_eq!(address["id"], home["id"]);
    assert_eq!(address["name"], "Home");
    assert_eq!(address["district_id"], 1);
    assert_eq!(address["region"], "Cairo");
    assert_eq!(address["postal_code"], "11211");
    assert_eq!(address["address_details"], "12 26th of July Street");
    assert_eq!(address["location"]["longitude"], ZAMALEK.1);
    assert_eq!(address["country_id"]["name"], "Egypt");
    assert_eq!(address["city_id"]["name"], "Cairo");

    // A second address is not the default unless asked.
    let mut form = address_form("Work", DOKKI);
    form["type"] = json!("work");
    let work = create(&server, &token, form).await;
    assert_eq!(work["is_default"], false);
    assert_eq!(work["district_id"], 2);
    assert_eq!(work["type"], "work");
    let (_, body) = get(&server, "/api/addresses", &token).await;
    let ids: Vec<&Value> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| &a["id"])
        .collect();
    assert_eq!(ids, [&home["id"], &work["id"]], "the default first");
    assert_eq!(defaults_in_db(&server, "+201001234567").len(), 1);
}

#[tokio::test]
async fn making_another_address_the_default_unsets_the_previous_one() {
    let server = start().await;
    let token = register(&server, "01001234568").await;
    let home = create(&server, &token, address_form("Home", ZAMALEK)).await;
    let mut form = address_form("Office", DOKKI);
    form["is_default"] = json!(true);
    let office = create(&server, &token, form).await;
    assert_eq!(office["is_default"], true);
    let (_, body) = get(&server, &format!("/api/addresses/{}", home["id"]), &token).await;
    assert_eq!(body["data"]["is_default"], false);
    assert_eq!(
        defaults_in_db(&server, "+201001234568"),
        [office["id"].as_i64().unwrap()]
    );

    let (status, body) = post(
        &server,
        &format!("/api/addresses/{}/default", home["id"]),
        &token,
        json!({}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "This is now your default address.");
    assert_eq!(body["data"]["is_default"], true);
    assert_eq!(
        defaults_in_db(&server, "+201001234568"),
        [home["id"].as_i64().unwrap()]
    );
    let (_, profile) = get(&server, "/api/user/profile", &token).await;
    assert_eq!(profile["data"]["address"]["id"], home["id"]);

    // Making the default the default again changes nothing.
    let (status, _) = post(
        &server,
        &format!("/api/addresses/{}/default", home["id"]),
        &token,
        json!({}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(defaults_in_db(&server, "+201001234568").len(), 1);
}

#[tokio::test]
async fn the_default_address_cannot_be_deleted_and_others_are_hidden_not_erased() {
    let server = start().await;
    let token = register(&server, "01001234569").await;
    let home = create(&server, &token, address_form("Home", ZAMALEK)).await;
    let work = create(&server, &token, address_form("Work", DOKKI)).await;
    let before = snapshot(&server, "addresses");

    let path = format!("/api/addresses/{}", home["id"]);
    let (status, body) = call(&server, Method::DELETE, &path, Some(&token), "en", None).await;
    assert_eq!(status, 400);
    assert_eq!(body["errors"]["error"], DEFAULT_DELETE);
    assert_eq!(body["message"], DEFAULT_DELETE);
    let (status, body) = call(&server, Method::DELETE, &path, Some(&token), "ar", None).await;
    assert_eq!(status, 400);
    let arabic = body["errors"]["error"].as_str().unwrap();
    assert!(
        arabic
            .chars()
            .any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)),
        "{arabic}"
    );
    assert_eq!(
        snapshot(&server, "addresses"),
        before,
        "a refusal changes nothing"
    );

    let path = format!("/api/addresses/{}", work["id"]);
    let (status, body) = call(&server, Method::DELETE, &path, Some(&token), "en", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Address deleted.");
    let (status, _) = get(&server, &path, &token).await;
    assert_eq!(status, 404);
    let (_, list) = get(&server, "/api/addresses", &token).await;
    assert_eq!(list["meta"]["total"], 1);
    // Still stored, for the orders that used it.
    let deleted_at: Option<i64> = server
        .db()
        .query_row(
            "SELECT deleted_at FROM addresses WHERE id = ?1",
            [work["id"].as_i64().unwrap()],
            |r| r.get(0),
        )
        .unwrap();
    assert!(deleted_at.is_some());
    // Deleting it again, or making it the default, is a 404.
    let (status, _) = call(&server, Method::DELETE, &path, Some(&token), "en", None).await;
    assert_eq!(status, 404);
    let (status, _) = post(&server, &format!("{path}/default"), &token, json!({})).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn bad_forms_name_every_field_with_the_spec_messages_and_store_nothing() {
    let server = start().await;
    let token = register(&server, "01001234570").await;
    let before = snapshot(&server, "addresses");

    let (status, body) = post(&server, "/api/addresses", &token, json!({})).await;
    assert_eq!(status, 422, "{body}");
    for field in ["name", "contact_name", "phone", "address_details"] {
        assert_eq!(
            body["errors"][field][0], "This field is required",
            "{field}"
        );
    }
    assert_eq!(body["errors"]["location"][0], "please choose a location");
    assert_eq!(body["message"], "This field is required");

    let mut form = address_form("Home", ZAMALEK);
    form["phone"] = json!("12345");
    form["postal_code"] = json!("11A11");
    form["name"] = json!("x".repeat(101));
    form["floor"] = json!("   ");
    let (status, body) = post(&server, "/api/addresses", &token, form).await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["phone"][0], "Phone Number is Invalid");
    assert_eq!(body["errors"]["postal_code"][0], "Only number");
    assert_eq!(
        body["errors"]["name"][0],
        "Too long! The maximum character is 100"
    );
    assert!(
        body["errors"].get("floor").is_none(),
        "optional fields may be blank"
    );

    let (status, body) = post(
        &server,
        "/api/addresses",
        &token,
        address_form("Alex", ALEXANDRIA),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["location"][0], "Location not supported");
    let (status, body) = call(
        &server,
        Method::POST,
        "/api/addresses",
        Some(&token),
        "ar",
        Some(address_form("Alex", ALEXANDRIA)),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["location"][0], "الموقع غير مدعوم");

    let mut form = address_form("Home", ZAMALEK);
    form["location"] = json!({"latitude": 200.0, "longitude": 31.2});
    let (status, body) = post(&server, "/api/addresses", &token, form).await;
    assert_eq!(status, 422);
    assert!(
        body["errors"]["location.latitude"][0]
            .as_str()
            .unwrap()
            .contains("-90")
    );

    let mut form = address_form("Home", ZAMALEK);
    form["type"] = json!("castle");
    let (status, body) = post(&server, "/api/addresses", &token, form).await;
    assert_eq!(status, 422);
    assert!(body["errors"]["type"].is_array(), "{body}");

    let mut form = address_form("Home", ZAMALEK);
    form["location"] = json!({"latitude": "north"});
    let (status, body) = post(&server, "/api/addresses", &token, form).await;
    assert_eq!(status, 422, "{body}");

    let mut form = address_form("Home", ZAMALEK);
    form["phone"] = json!(1001234567);
    let (status, body) = post(&server, "/api/addresses", &token, form).await;
    assert_eq!(status, 422);
    assert!(body["errors"]["phone"].is_array());

    assert_eq!(snapshot(&server, "addresses"), before);

    // Arabic messages for the same rules.
    let (status, body) = call(
        &server,
        Method::POST,
        "/api/addresses",
        Some(&token),
        "ar",
        Some(json!({})),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["name"][0], "هذا الحقل مطلوب");
}

#[tokio::test]
async fn an_update_replaces_the_form_and_derives_the_district_again() {
    let server = start().await;
    let token = register(&server, "01001234571").await;
    let home = create(&server, &token, address_form("Home", ZAMALEK)).await;
    let path = format!("/api/addresses/{}", home["id"]);

    let mut form = address_form("Flat", DOKKI);
    form["type"] = json!("other");
    form["is_default"] = json!(false);
    form["phone"] = json!("+20 2 2735 0000");
    let (status, body) = call(&server, Method::PUT, &path, Some(&token), "ar", Some(form)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "تم تحديث العنوان.");
    let data = &body["data"];
    assert_eq!(data["name"], "Flat");
    assert_eq!(data["type"], "other");
    assert_eq!(data["district_id"], 2);
    assert_eq!(data["district"]["name"], "الدقي");
    assert_eq!(
        data["phone"], "+20227350000",
        "landlines are fine for an address"
    );
    assert_eq!(
        data["is_default"], true,
        "the only address stays the default"
    );

    // An update out of the delivery area is refused and changes nothing.
    let before = snapshot(&server, "addresses");
    let (status, body) = call(
        &server,
        Method::PUT,
        &path,
        Some(&token),
        "en",
        Some(address_form("Alex", ALEXANDRIA)),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["location"][0], "Location not supported");
    assert_eq!(snapshot(&server, "addresses"), before);

    // A second address sent with is_default: true takes over on update.
    let other = create(&server, &token, address_form("Other", ZAMALEK)).await;
    let mut form = address_form("Other", ZAMALEK);
    form["is_default"] = json!(true);
    let (status, body) = call(
        &server,
        Method::PUT,
        &format!("/api/addresses/{}", other["id"]),
        Some(&token),
        "en",
        Some(form),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["is_default"], true);
    assert_eq!(
        defaults_in_db(&server, "+201001234571"),
        [other["id"].as_i64().unwrap()]
    );
}

#[tokio::test]
async fn other_customers_addresses_are_not_found() {
    let server = start().await;
    let mona = register(&server, "01001234572").await;
    let omar = register(&server, "01001234573").await;
    let home = create(&server, &mona, address_form("Home", ZAMALEK)).await;
    create(&server, &omar, address_form("Omar", DOKKI)).await;
    let path = format!("/api/addresses/{}", home["id"]);
    let before = snapshot(&server, "addresses");

    let (status, body) = get(&server, &path, &omar).await;
    assert_eq!(status, 404);
    assert_eq!(body["message"], "The requested item was not found.");
    let (status, _) = call(
        &server,
        Method::PUT,
        &path,
        Some(&omar),
        "en",
        Some(address_form("Mine", DOKKI)),
    )
    .await;
    assert_eq!(status, 404);
    let (status, _) = call(&server, Method::DELETE, &path, Some(&omar), "en", None).await;
    assert_eq!(status, 404);
    let (status, _) = post(&server, &format!("{path}/default"), &omar, json!({})).await;
    assert_eq!(status, 404);
    assert_eq!(snapshot(&server, "addresses"), before);
    let (_, list) = get(&server, "/api/addresses", &omar).await;
    assert_eq!(list["meta"]["total"], 1, "only Omar's own");

    for bad in [
        "/api/addresses/abc",
        "/api/addresses/0",
        "/api/addresses/-1",
        "/api/addresses/99999999999999999999",
    ] {
        let (status, _) = get(&server, bad, &mona).await;
        assert_eq!(status, 404, "{bad}");
    }
    let (status, _) = post(&server, "/api/addresses/abc/default", &mona, json!({})).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_address_book_has_a_limit_and_pages() {
    let server = start().await;
    let token = register(&server, "01001234574").await;
    create(&server, &token, address_form("First", ZAMALEK)).await;
    {
        let conn = server.db();
        for i in 1..50 {
            conn.execute(
                "INSERT INTO addresses (user_id, name, contact_name, phone, address_details, latitude, longitude, district_id, created_at)
                 SELECT user_id, ?1, contact_name, phone, address_details, latitude, longitude, district_id, created_at + ?2
                 FROM addresses WHERE name = 'First'",
                rusqlite::params![format!("Extra {i}"), i],
            )
            .unwrap();
        }
    }
    let before = snapshot(&server, "addresses");
    let (status, body) = post(
        &server,
        "/api/addresses",
        &token,
        address_form("One too many", ZAMALEK),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["errors"]["error"],
        "You can keep at most 50 addresses. Delete one before adding another."
    );
    assert_eq!(snapshot(&server, "addresses"), before);

    let (_, page) = get(&server, "/api/addresses?page=2&limit=20", &token).await;
    assert_eq!(page["meta"]["current_page"], 2);
    assert_eq!(page["meta"]["last_page"], 3);
    assert_eq!(page["meta"]["total"], 50);
    assert_eq!(page["data"].as_array().unwrap().len(), 20);
    let (status, _) = get(&server, "/api/addresses?page=0", &token).await;
    assert_eq!(status, 422);
    let (status, _) = get(&server, "/api/addresses?limit=abc", &token).await;
    assert_eq!(status, 422);
}

#[tokio::test]
async fn the_openapi_document_describes_the_account_calls() {
    let server = start().await;
    let (status, doc) = server.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    let paths = &doc["paths"];
    for (path, methods) in [
        ("/addresses", &["get", "post"][..]),
        ("/addresses/{id}", &["get", "put", "delete"][..]),
        ("/addresses/{id}/default", &["post"][..]),
        ("/wallet", &["get"][..]),
        ("/wallet/transactions", &["get"][..]),
        ("/loyalty-points", &["get"][..]),
        ("/loyalty-points/history", &["get"][..]),
        ("/referral", &["get"][..]),
        ("/affiliate/commissions", &["get"][..]),
        ("/favorites", &["get"][..]),
        ("/favorites/toggle", &["post"][..]),
        ("/contact-us", &["post"][..]),
        ("/support", &["post"][..]),
        ("/notifications", &["get"][..]),
        ("/notifications/{id}/read", &["post"][..]),
        ("/notifications/read-all", &["post"][..]),
    ] {
        for method in methods {
            let op = &paths[path][method];
            assert!(op.is_object(), "{method} {path} is documented");
            assert!(
                op["responses"]["200"].is_object() || op["responses"]["201"].is_object(),
                "{method} {path}"
            );
            if path != "/contact-us" {
                assert!(
                    op["responses"]["401"].is_object(),
                    "{method} {path} documents 401"
                );
                assert_eq!(op["security"][0]["bearer"], json!([]), "{method} {path}");
            }
        }
    }
    assert!(paths["/addresses"]["post"]["responses"]["422"].is_object());
    assert!(paths["/addresses/{id}"]["delete"]["responses"]["400"].is_object());
    assert!(paths["/favorites/toggle"]["post"]["responses"]["404"].is_object());
    assert!(paths["/contact-us"]["post"]["responses"]["429"].is_object());
    let schemas = &doc["components"]["schemas"];
    for schema in [
        "Address",
        "AddressRequest",
        "WalletTransaction",
        "LoyaltyPoints",
        "Referral",
        "Commission",
        "FavoriteItem",
        "ToggleRequest",
        "ContactRequest",
        "SupportRequest",
        "Notification",
    ] {
        assert!(schemas[schema].is_object(), "{schema}");
    }
}
