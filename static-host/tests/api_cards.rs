//! Saved payment cards against the real server (issue 36): saving at checkout and
//! through `POST /cards` (the core's form rules, the gateway's token), the list with
//! its labels, brands and expired flag, the one default (deleting it leaves none), the
//! 10-card limit in both languages, another customer's card a 404 on every call and,
//! at checkout, the same 422 as a card deleted meanwhile, paying with a saved card and
//! its CVV, an expired saved card refused,
//! logout-all keeping the cards, and the number kept out of the database file, the
//! log and every answer.

mod common;
mod orders_support;
mod process;

use std::time::Duration;

use common::{Server, start, start_with};
use orders_support::*;
use reqwest::Method;
use serde_json::{Value, json};
use storefront_core::locale::Language;
use storefront_core::payment_cards::card_saving;

const VISA: &str = "4242424242424242";
const MASTERCARD: &str = "5555555555554444";

fn card_form(number: &str, month: u32, year: u32) -> Value {
    json!({"number": number, "exp_month": month, "exp_year": format!("{:02}", year % 100),
           "cvv": "123", "name": "Mona Adel"})
}

async fn send(
    server: &Server,
    method: Method,
    path: &str,
    c: &Customer,
    lang: &str,
    body: Option<Value>,
) -> (u16, Value) {
    call(server, method, path, Some(&c.token), lang, body).await
}

/// Saves a card through `POST /cards` and checks it was saved; returns it.
async fn save(server: &Server, c: &Customer, number: &str) -> Value {
    let (status, body) = post(server, c, "/api/cards", card_form(number, 12, 39)).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["message"], "Your card has been saved.");
    body["data"].clone()
}

async fn cards(server: &Server, c: &Customer) -> Vec<Value> {
    let (status, body) = get(server, c, "/api/cards").await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().clone()
}

fn card_ids(list: &[Value]) -> Vec<i64> {
    list.iter().map(|c| c["id"].as_i64().unwrap()).collect()
}

fn defaults(list: &[Value]) -> Vec<i64> {
    list.iter()
        .filter(|c| c["is_default"] == true)
        .map(|c| c["id"].as_i64().unwrap())
        .collect()
}

/// A customer with an address in district 1 and one product of a new shop in the
/// cart of service 1.
async fn ready(server: &Server, mobile: &str) -> (Customer, i64, i64) {
    let c = customer(server, mobile).await;
    let address = make_address(server, &c, 1);
    let shop = make_shop(server, Shop::default());
    let product = make_product(server, shop, Item::default());
    add(server, &c, product, 1).await;
    (c, address, product)
}

async fn checkout(server: &Server, c: &Customer, lang: &str, body: Value) -> (u16, Value) {
    send(
        server,
        Method::POST,
        "/api/order/checkout",
        c,
        lang,
        Some(body),
    )
    .await
}

fn orders_of(server: &Server, c: &Customer) -> i64 {
    server
        .db()
        .query_row(
            "SELECT count(*) FROM orders WHERE user_id = ?1",
            [c.id],
            |r| r.get(0),
        )
        .unwrap()
}

#[tokio::test]
async fn cards_are_listed_with_their_label_brand_and_one_default() {
    let server = start().await;
    let c = customer(&server, "01001236001").await;
    assert!(cards(&server, &c).await.is_empty());
    let first = save(&server, &c, VISA).await;
    assert_eq!(first["brand"], "visa");
    assert_eq!(first["last4"], "4242");
    assert_eq!(first["label"], "•••• 4242");
    assert_eq!(
        (first["exp_month"].as_i64(), first["exp_year"].as_i64()),
        (Some(12), Some(2039))
    );
    assert_eq!(first["expired"], false);
    assert_eq!(first["is_default"], true, "the first card is the default");
    assert!(first["created_at"].as_str().unwrap().ends_with('Z'));
    let second = save(&server, &c, MASTERCARD).await;
    assert_eq!(second["brand"], "mastercard");
    assert_eq!(second["is_default"], false);
    let third = save(&server, &c, "4000056655665556").await;
    let (first, second, third) = (
        first["id"].as_i64().unwrap(),
        second["id"].as_i64().unwrap(),
        third["id"].as_i64().unwrap(),
    );
    // The default first, then the newest.
    assert_eq!(card_ids(&cards(&server, &c).await), [first, third, second]);
    // Only the token and what may be shown are stored.
    let token: String = server
        .db()
        .query_row(
            "SELECT token FROM saved_cards WHERE id = ?1",
            [first],
            |r| r.get(0),
        )
        .unwrap();
    assert!(
        token.starts_with("tok_") && !token.contains("4242"),
        "{token}"
    );

    // One default at a time.
    let (status, body) = send(
        &server,
        Method::PUT,
        &format!("/api/cards/{second}/default"),
        &c,
        "ar",
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["is_default"], true);
    assert_eq!(body["message"], "أصبحت هذه البطاقة بطاقتك الافتراضية.");
    let list = cards(&server, &c).await;
    assert_eq!(card_ids(&list), [second, third, first]);
    assert_eq!(defaults(&list), [second]);
    // Making the default the default again changes nothing.
    let (status, _) = send(
        &server,
        Method::PUT,
        &format!("/api/cards/{second}/default"),
        &c,
        "en",
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(defaults(&cards(&server, &c).await), [second]);

    // Deleting the default leaves none: no other card is promoted.
    let (status, body) = delete(&server, &c, &format!("/api/cards/{second}")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"], json!({"id": second, "was_default": true}));
    assert_eq!(body["message"], "Your card has been deleted.");
    let list = cards(&server, &c).await;
    assert_eq!(card_ids(&list), [third, first]);
    assert!(defaults(&list).is_empty());
    // A card saved while others remain does not become the default either.
    let fourth = save(&server, &c, VISA).await;
    assert_eq!(fourth["is_default"], false);
    let (status, _) = delete(&server, &c, &format!("/api/cards/{second}")).await;
    assert_eq!(status, 404, "already deleted");

    // Signed out: 401 on every call.
    for (method, path) in [
        (Method::GET, "/api/cards".to_owned()),
        (Method::POST, "/api/cards".to_owned()),
        (Method::PUT, format!("/api/cards/{first}/default")),
        (Method::DELETE, format!("/api/cards/{first}")),
    ] {
        let (status, _) = call(
            &server,
            method,
            &path,
            None,
            "en",
            Some(card_form(VISA, 12, 39)),
        )
        .await;
        assert_eq!(status, 401, "{path}");
    }
}

#[tokio::test]
async fn the_card_form_follows_the_core_rules_and_the_gateway() {
    let server = start().await;
    let c = customer(&server, "01001236002").await;
    let (status, body) = post(
        &server,
        &c,
        "/api/cards",
        card_form("4242424242424241", 12, 39),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        field_error(&body, "number"),
        "This card number is not valid"
    );
    let (status, body) = post_ar(&server, &c, "/api/cards", card_form("4242", 13, 39)).await;
    assert_eq!(status, 422);
    assert_eq!(
        field_error(&body, "number"),
        "يجب أن يتكون رقم البطاقة من 16 رقمًا"
    );
    assert!(!field_error(&body, "exp_month").is_empty());
    // Expired: valid through the end of its month only (the server's clock).
    let (status, body) = post(&server, &c, "/api/cards", card_form(VISA, 1, 20)).await;
    assert_eq!(status, 422);
    assert_eq!(field_error(&body, "card"), "This card has expired");
    let mut nameless = card_form(VISA, 12, 39);
    nameless["name"] = json!(" ");
    let (status, body) = post(&server, &c, "/api/cards", nameless).await;
    assert_eq!(status, 422);
    assert_eq!(field_error(&body, "name"), "This field is required");
    // A well-formed card the gateway refuses: the spec's payment message.
    let (status, body) = post(
        &server,
        &c,
        "/api/cards",
        card_form("4000000000000002", 12, 39),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        error_of(&body),
        "An error occured while processing your payment, please try again later"
    );
    assert!(cards(&server, &c).await.is_empty(), "nothing saved");
    assert_eq!(server.gateway.tokens_issued(), 0);
}

#[tokio::test]
async fn ten_cards_at_most_in_both_languages() {
    let server = start().await;
    let (c, address, _) = ready(&server, "01001236003").await;
    for _ in 0..10 {
        save(&server, &c, VISA).await;
    }
    let limit = card_saving(10).unwrap_err();
    let (status, body) = post(&server, &c, "/api/cards", card_form(VISA, 12, 39)).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(field_error(&body, "card"), limit.render(Language::En));
    assert_eq!(
        field_error(&body, "card"),
        "You can save up to 10 cards. Remove a saved card to add a new one."
    );
    let (status, body) = post_ar(&server, &c, "/api/cards", card_form(VISA, 12, 39)).await;
    assert_eq!(status, 422);
    assert_eq!(field_error(&body, "card"), limit.render(Language::Ar));
    // At checkout too, before the card is charged: no order, no authorization.
    let (status, body) = checkout(
        &server,
        &c,
        "ar",
        json!({"service_id": 1, "address_id": address, "payment_method": "card",
               "card": card("Limit Holder 6003"), "save_card": true}),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(field_error(&body, "save_card"), limit.render(Language::Ar));
    assert_eq!(orders_of(&server, &c), 0);
    assert!(server.gateway.journal_for("Limit Holder 6003").is_empty());
    assert_eq!(cards(&server, &c).await.len(), 10);
    assert_eq!(server.gateway.tokens_issued(), 10);
}

const CARD_GONE: [(&str, &str); 2] = [
    (
        "en",
        "This saved card is no longer available. Choose another card or use a new one.",
    ),
    (
        "ar",
        "لم تعد هذه البطاقة المحفوظة متاحة. اختر بطاقة أخرى أو استخدم بطاقة جديدة.",
    ),
];

#[tokio::test]
async fn another_customers_card_is_not_found_everywhere() {
    let server = start().await;
    let owner = customer(&server, "01001236004").await;
    let card_id = save(&server, &owner, VISA).await["id"].as_i64().unwrap();
    let (other, address, _) = ready(&server, "01001236005").await;
    assert!(cards(&server, &other).await.is_empty());
    let (status, body) = send(
        &server,
        Method::PUT,
        &format!("/api/cards/{card_id}/default"),
        &other,
        "en",
        None,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (404, Some("The requested item was not found."))
    );
    let (status, _) = delete(&server, &other, &format!("/api/cards/{card_id}")).await;
    assert_eq!(status, 404);
    // At checkout the card is a field of the form: a 422 on `saved_card_id` (the
    // payment step's), worded as for a card deleted meanwhile, so that an id of
    // another customer's card and an unknown id answer alike.
    let pay_with = |id: i64| {
        json!({"service_id": 1, "address_id": address, "payment_method": "card",
               "saved_card_id": id, "cvv": "123"})
    };
    for (lang, message) in CARD_GONE {
        let (status, body) = checkout(&server, &other, lang, pay_with(card_id)).await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(field_error(&body, "saved_card_id"), message);
        let (status, unknown) = checkout(&server, &other, lang, pay_with(999_999)).await;
        assert_eq!((status, &unknown), (422, &body));
    }
    assert_eq!(orders_of(&server, &other), 0);
    // An id that names no card at all answers the same.
    let (status, _) = delete(&server, &other, "/api/cards/999999").await;
    assert_eq!(status, 404);
    // The owner's card is untouched.
    let list = cards(&server, &owner).await;
    assert_eq!(
        (card_ids(&list), defaults(&list)),
        (vec![card_id], vec![card_id])
    );
}

#[tokio::test]
async fn checkout_saves_the_card_and_then_pays_with_it_and_its_cvv() {
    let server = start().await;
    let (c, address, product) = ready(&server, "01001236006").await;
    let holder = "Saving Holder 6006";
    let (status, body) = checkout(
        &server,
        &c,
        "en",
        json!({"service_id": 1, "address_id": address, "payment_method": "card",
               "card": card(holder), "save_card": true}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["payment_card"], "**** 4242");
    let list = cards(&server, &c).await;
    assert_eq!(list.len(), 1);
    assert_eq!(
        (list[0]["label"].as_str(), list[0]["is_default"].as_bool()),
        (Some("•••• 4242"), Some(true))
    );
    let saved = list[0]["id"].as_i64().unwrap();
    // Without the flag, a card order saves nothing.
    add(&server, &c, product, 1).await;
    let (status, _) = checkout(
        &server,
        &c,
        "en",
        json!({"service_id": 1, "address_id": address, "payment_method": "card", "card": card(holder)}),
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(cards(&server, &c).await.len(), 1);

    // Paying with the saved card needs its CVV, 3 digits.
    add(&server, &c, product, 1).await;
    let by_saved = |cvv: Option<&str>| {
        let mut body = json!({"service_id": 1, "address_id": address, "payment_method": "card",
                              "saved_card_id": saved});
        if let Some(cvv) = cvv {
            body["cvv"] = json!(cvv);
        }
        body
    };
    let (status, body) = checkout(&server, &c, "en", by_saved(None)).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(field_error(&body, "cvv"), "This field is required");
    let (status, body) = checkout(&server, &c, "ar", by_saved(Some("12"))).await;
    assert_eq!(status, 422);
    assert_eq!(
        field_error(&body, "cvv"),
        "يجب أن يتكون رمز التحقق (CVV) من 3 أرقام"
    );
    let before = orders_of(&server, &c);
    let (status, body) = checkout(&server, &c, "en", by_saved(Some("321"))).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(orders_of(&server, &c), before + 1);
    assert_eq!(body["data"]["payment_method"], "card");
    assert_eq!(
        body["data"]["payment_card"], "**** 4242",
        "as every card order shows it"
    );
    // Charged through the token: a pending charge with the gateway's reference.
    let order = body["data"]["id"].as_i64().unwrap();
    let (reference, last4): (String, String) = server
        .db()
        .query_row(
            "SELECT reference, card_last4 FROM payments WHERE order_id = ?1 AND method = 'card'",
            [order],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert!(reference.starts_with("tst_"), "{reference}");
    assert_eq!(last4, "4242");
    // The CVV is not kept anywhere the server writes.
    assert_eq!(
        server
            .db()
            .query_row(
                "SELECT count(*) FROM saved_cards WHERE token LIKE '%321%' OR last4 = '321'",
                [],
                |r| r.get::<_, i64>(0)
            )
            .unwrap(),
        0
    );
}

#[tokio::test]
async fn an_expired_saved_card_is_refused_at_checkout() {
    // The session outlives the month the clock is moved on.
    let server = start_with(&["--session-idle-timeout=60d"], None).await;
    let (c, address, _) = ready(&server, "01001236007").await;
    // A card valid through the server's current month.
    let (year, month, _) = static_host::clock::utc_date(static_host::clock::now_ms());
    let (status, body) = post(
        &server,
        &c,
        "/api/cards",
        card_form(VISA, u32::from(month), u32::try_from(year).unwrap()),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let saved = body["data"]["id"].as_i64().unwrap();
    assert_eq!(body["data"]["expired"], false);
    // 32 days on, the month is over on the server's clock.
    server.clock.advance(Duration::from_secs(32 * 86_400));
    assert_eq!(cards(&server, &c).await[0]["expired"], true);
    for (lang, message) in [
        ("en", "This card has expired"),
        ("ar", "انتهت صلاحية هذه البطاقة"),
    ] {
        let (status, body) = checkout(
            &server,
            &c,
            lang,
            json!({"service_id": 1, "address_id": address, "payment_method": "card",
                   "saved_card_id": saved, "cvv": "123"}),
        )
        .await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(field_error(&body, "saved_card_id"), message);
    }
    assert_eq!(orders_of(&server, &c), 0);
}

#[tokio::test]
async fn a_saved_card_deleted_in_another_tab_is_a_422_on_saved_card_id() {
    let server = start().await;
    let (c, address, _) = ready(&server, "01001236009").await;
    let saved = save(&server, &c, VISA).await["id"].as_i64().unwrap();
    let authorizations = server.gateway.journal_len();
    // The checkout tab chose the card; another tab deletes it.
    let (status, _) = delete(&server, &c, &format!("/api/cards/{saved}")).await;
    assert_eq!(status, 200);
    for (lang, message) in CARD_GONE {
        let (status, body) = checkout(
            &server,
            &c,
            lang,
            json!({"service_id": 1, "address_id": address, "payment_method": "card",
                   "saved_card_id": saved, "cvv": "123"}),
        )
        .await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(
            body["errors"].as_object().map(|e| e.len()),
            Some(1),
            "{body}"
        );
        assert_eq!(field_error(&body, "saved_card_id"), message);
        assert_eq!(body["message"], message, "the toast text is the field's");
    }
    // Nothing was charged or placed, and the cart is still there to pay another way.
    assert_eq!(orders_of(&server, &c), 0);
    assert_eq!(server.gateway.journal_len(), authorizations);
    let (status, body) = checkout(
        &server,
        &c,
        "en",
        json!({"service_id": 1, "address_id": address, "payment_method": "cash"}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
}

#[tokio::test]
async fn signing_out_everywhere_keeps_the_cards() {
    let server = start().await;
    let c = customer(&server, "01001236008").await;
    let saved = save(&server, &c, VISA).await["id"].as_i64().unwrap();
    let (status, _) = post(&server, &c, "/api/user/logout-all", json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(get(&server, &c, "/api/cards").await.0, 401);
    let kept: Vec<i64> = server
        .db()
        .prepare("SELECT id FROM saved_cards WHERE user_id = ?1")
        .unwrap()
        .query_map([c.id], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(kept, [saved]);
}

/// Every answer's body, kept to be searched for the card number.
struct Journey<'a> {
    server: &'a process::Process,
    client: reqwest::Client,
    token: Option<String>,
    bodies: Vec<String>,
}

impl Journey<'_> {
    async fn call(&mut self, method: Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut request = self.client.request(method, self.server.url(path));
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        self.bodies.push(text.clone());
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }
}

#[tokio::test]
async fn the_card_number_never_reaches_the_database_the_log_or_an_answer() {
    let root = tempfile::tempdir().unwrap();
    let server = process::Process::start(root.path(), &[], &[("RUST_LOG", "debug")]);
    let mut journey = Journey {
        server: &server,
        client: common::client(),
        token: None,
        bodies: Vec::new(),
    };
    let mobile = "01001236009";
    let (status, _) = journey
        .call(
            Method::POST,
            "/api/user/login-by-otp",
            Some(json!({"mobile": mobile, "channel": "sms"})),
        )
        .await;
    assert_eq!(status, 200);
    let code = server.last_code("+201001236009").unwrap();
    let (status, _) = journey
        .call(
            Method::POST,
            "/api/user/verify-login-by-otp",
            Some(json!({"mobile": mobile, "channel": "sms", "code": code})),
        )
        .await;
    assert_eq!(status, 200);
    let (status, body) = journey
        .call(
            Method::POST,
            "/api/user/register-by-otp",
            Some(
                json!({"name": "Mona Adel", "email": "cards6009@example.com", "acceptTerms": true,
                        "user_register": "user", "mobile": mobile, "code": code}),
            ),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    journey.token = Some(body["data"]["token"].as_str().unwrap().to_owned());
    let (status, address) = journey
        .call(
            Method::POST,
            "/api/addresses",
            Some(
                json!({"name": "Home", "contact_name": "Mona Adel", "phone": "01001236009",
                        "address_details": "12 26th of July Street", "type": "home",
                        "location": {"latitude": 30.0626, "longitude": 31.2197}}),
            ),
        )
        .await;
    assert_eq!(status, 201, "{address}");
    let address = address["data"]["id"].as_i64().unwrap();
    let (_, page) = journey
        .call(
            Method::GET,
            "/api/products?service_id=1&page=1&limit=50",
            None,
        )
        .await;
    let fill = |product: &Value| json!({"product_id": product["id"], "qty": product["min_qty"], "service_id": 1, "empty_cart": true});
    let products = page["data"].as_array().unwrap().clone();
    let mut product = None;
    for candidate in &products {
        if journey
            .call(
                Method::POST,
                "/api/order/add-to-cart",
                Some(fill(candidate)),
            )
            .await
            .0
            == 200
        {
            product = Some(candidate.clone());
            break;
        }
    }
    let product = product.expect("a product for the cart");
    let spaced = "5555 5555 5555 4444";
    let new_card = json!({"number": spaced, "exp_month": 12, "exp_year": "39", "cvv": "123", "name": "Mona Adel"});
    // A checkout that saves the card, a save without an order, refusals naming the
    // card's fields, the list, and a checkout through the saved card.
    let (status, body) = journey
        .call(
            Method::POST,
            "/api/order/checkout",
            Some(
                json!({"service_id": 1, "address_id": address, "payment_method": "card",
                        "card": new_card, "save_card": true}),
            ),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (status, _) = journey
        .call(
            Method::POST,
            "/api/cards",
            Some(card_form(MASTERCARD, 12, 39)),
        )
        .await;
    assert_eq!(status, 201);
    for refused in [
        card_form(MASTERCARD, 1, 20),
        card_form("5555555555554445", 12, 39),
    ] {
        let (status, _) = journey
            .call(Method::POST, "/api/cards", Some(refused))
            .await;
        assert_eq!(status, 422);
    }
    let (status, list) = journey.call(Method::GET, "/api/cards", None).await;
    assert_eq!(status, 200);
    let saved = list["data"][0]["id"].as_i64().unwrap();
    journey
        .call(Method::POST, "/api/order/add-to-cart", Some(fill(&product)))
        .await;
    let (status, body) = journey
        .call(
            Method::POST,
            "/api/order/checkout",
            Some(
                json!({"service_id": 1, "address_id": address, "payment_method": "card",
                        "saved_card_id": saved, "cvv": "123"}),
            ),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (status, _) = journey.call(Method::GET, "/api/orders", None).await;
    assert_eq!(status, 200);

    let digits = [MASTERCARD, spaced, "555555555555", "5555 5555 5555"];
    for body in &journey.bodies {
        for number in digits {
            assert!(!body.contains(number), "the number in an answer: {body}");
        }
    }
    // The last call's line is in: every earlier line is too.
    let log = server.log_holding("/api/orders", std::time::Duration::from_secs(10));
    assert!(
        log.contains("/api/cards") && log.contains("/api/orders"),
        "the debug log records the traffic"
    );
    for number in digits {
        assert!(!log.contains(number), "the number in the log");
    }
    let mut stored = Vec::new();
    for file in ["storefront.db", "storefront.db-wal"] {
        if let Ok(bytes) = std::fs::read(root.path().join("data").join(file)) {
            stored.extend(bytes);
        }
    }
    assert!(!stored.is_empty());
    for number in digits {
        assert!(
            !stored.windows(number.len()).any(|w| w == number.as_bytes()),
            "the number in the database"
        );
    }
    // What is kept: the token, the brand, the last four digits, the expiry.
    let kept: Vec<(String, String, String)> = server
        .db()
        .prepare("SELECT token, brand, last4 FROM saved_cards ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(kept.len(), 2);
    for (token, brand, last4) in kept {
        assert!(token.starts_with("tok_"));
        assert_eq!((brand.as_str(), last4.as_str()), ("mastercard", "4444"));
    }
}
