//! Helpers of the cart, checkout, orders and returns tests: signed-in customers,
//! shops and products with known terms, addresses and wallet money written straight
//! to the database, and calls with a token and a language.
#![allow(dead_code)]

use rusqlite::params;
use serde_json::{Value, json};
use static_host::account::order_effects::AccountEffects;
use static_host::orders::state_machine::{Actor, StatusChangeError, advance};
use storefront_core::orders::OrderStatus;

use crate::common::Server;

pub const DAY_MS: i64 = 86_400_000;

pub fn now_ms() -> i64 {
    static_host::clock::now_ms()
}

/// A signed-in customer.
#[derive(Debug, Clone)]
pub struct Customer {
    pub token: String,
    pub id: i64,
}

/// Any method, with a token, a language and an optional JSON body.
pub async fn call(
    server: &Server,
    method: reqwest::Method,
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

pub async fn post(server: &Server, c: &Customer, path: &str, body: Value) -> (u16, Value) {
    call(
        server,
        reqwest::Method::POST,
        path,
        Some(&c.token),
        "en",
        Some(body),
    )
    .await
}

pub async fn post_ar(server: &Server, c: &Customer, path: &str, body: Value) -> (u16, Value) {
    call(
        server,
        reqwest::Method::POST,
        path,
        Some(&c.token),
        "ar",
        Some(body),
    )
    .await
}

pub async fn get(server: &Server, c: &Customer, path: &str) -> (u16, Value) {
    call(
        server,
        reqwest::Method::GET,
        path,
        Some(&c.token),
        "en",
        None,
    )
    .await
}

pub async fn delete(server: &Server, c: &Customer, path: &str) -> (u16, Value) {
    call(
        server,
        reqwest::Method::DELETE,
        path,
        Some(&c.token),
        "en",
        None,
    )
    .await
}

/// Registers a new customer on `mobile` (e.g. "01001230001") and signs in.
pub async fn customer(server: &Server, mobile: &str) -> Customer {
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
                   "acceptTerms": true, "user_register": "user", "mobile": mobile, "code": code}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let token = body["data"]["token"].as_str().unwrap().to_owned();
    let id = server
        .db()
        .query_row("SELECT id FROM users WHERE mobile = ?1", [&e164], |r| {
            r.get(0)
        })
        .unwrap();
    Customer { token, id }
}

/// A shop's terms for tests.
#[derive(Debug, Clone, Copy)]
pub struct Shop {
    pub service: i64,
    pub district: i64,
    pub minimum_minor: i64,
    pub fee_minor: i64,
    pub free_delivery: bool,
    pub free_over_minor: Option<i64>,
    pub tax_rate_bp: i64,
    pub closed: bool,
}

impl Default for Shop {
    fn default() -> Self {
        Shop {
            service: 1,
            district: 1,
            minimum_minor: 0,
            fee_minor: 1_500,
            free_delivery: false,
            free_over_minor: None,
            tax_rate_bp: 1_400,
            closed: false,
        }
    }
}

/// Creates a shop and returns its id.
pub fn make_shop(server: &Server, shop: Shop) -> i64 {
    let conn = server.db();
    conn.execute(
        "INSERT INTO branches (service_id, district_id, name_en, name_ar, logo, cover, closed, minimum_minor,
             delivery_minutes, delivery_fee_minor, free_delivery, free_delivery_over_minor, tax_rate_bp)
         VALUES (?1, ?2, 'Test Shop', 'متجر الاختبار', '/l.svg', '/c.svg', ?3, ?4, 45, ?5, ?6, ?7, ?8)",
        params![
            shop.service,
            shop.district,
            shop.closed,
            shop.minimum_minor,
            shop.fee_minor,
            shop.free_delivery,
            shop.free_over_minor,
            shop.tax_rate_bp
        ],
    )
    .unwrap();
    conn.last_insert_rowid()
}

/// A product's terms for tests.
#[derive(Debug, Clone, Copy)]
pub struct Item {
    pub price_minor: i64,
    pub stock: i64,
    pub min_qty: i64,
    pub max_qty: i64,
    pub preorder: bool,
}

impl Default for Item {
    fn default() -> Self {
        Item {
            price_minor: 5_000,
            stock: 100,
            min_qty: 1,
            max_qty: 10,
            preorder: false,
        }
    }
}

/// Creates a product of a shop and returns its id.
pub fn make_product(server: &Server, shop_id: i64, item: Item) -> i64 {
    let conn = server.db();
    let (service, category): (i64, i64) = conn
        .query_row(
            "SELECT b.service_id, (SELECT id FROM categories WHERE service_id = b.service_id ORDER BY id LIMIT 1)
             FROM branches b WHERE b.id = ?1",
            [shop_id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    conn.execute(
        "INSERT INTO products (branch_id, service_id, category_id, name_en, name_ar, image, price_minor, stock,
             preorder, min_qty, max_qty, created_at)
         VALUES (?1, ?2, ?3, 'Test Tea', 'شاي الاختبار', '/p.svg', ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            shop_id,
            service,
            category,
            item.price_minor,
            item.stock,
            item.preorder,
            item.min_qty,
            item.max_qty,
            now_ms()
        ],
    )
    .unwrap();
    conn.last_insert_rowid()
}

/// Saves an address of the customer in a district and returns its id.
pub fn make_address(server: &Server, c: &Customer, district: i64) -> i64 {
    let conn = server.db();
    conn.execute(
        "INSERT INTO addresses (user_id, type, name, contact_name, phone, address_details, latitude, longitude,
             district_id, is_default, created_at)
         VALUES (?1, 'home', 'Home', 'Mona Adel', '+201001234567', '12 Nile St', 30.06, 31.22, ?2,
             NOT EXISTS(SELECT 1 FROM addresses WHERE user_id = ?1), ?3)",
        params![c.id, district, now_ms()],
    )
    .unwrap();
    conn.last_insert_rowid()
}

/// Puts money in the customer's wallet.
pub fn top_up(server: &Server, c: &Customer, minor: i64) {
    server
        .db()
        .execute(
            "INSERT INTO wallet_entries (user_id, amount_minor, kind, created_at) VALUES (?1, ?2, 'top_up', ?3)",
            params![c.id, minor, now_ms()],
        )
        .unwrap();
}

pub fn wallet_balance(server: &Server, c: &Customer) -> i64 {
    server
        .db()
        .query_row(
            "SELECT coalesce(sum(amount_minor), 0) FROM wallet_entries WHERE user_id = ?1",
            [c.id],
            |r| r.get(0),
        )
        .unwrap()
}

pub fn stock(server: &Server, product: i64) -> i64 {
    server
        .db()
        .query_row("SELECT stock FROM products WHERE id = ?1", [product], |r| {
            r.get(0)
        })
        .unwrap()
}

pub fn order_status(server: &Server, order: i64) -> String {
    server
        .db()
        .query_row("SELECT status FROM orders WHERE id = ?1", [order], |r| {
            r.get(0)
        })
        .unwrap()
}

/// Moves an order through the status machine as the shop would.
pub fn set_status(
    server: &Server,
    order: i64,
    to: OrderStatus,
) -> Result<OrderStatus, StatusChangeError> {
    advance(
        &mut server.db(),
        &AccountEffects,
        &*server.gateway,
        order,
        to,
        Actor::Shop,
        now_ms(),
    )
}

/// Takes an order from pending to delivered as the shop would.
pub fn deliver(server: &Server, order: i64) {
    for to in [
        OrderStatus::Processing,
        OrderStatus::Shipped,
        OrderStatus::Delivered,
    ] {
        set_status(server, order, to).unwrap();
    }
}

/// The order's first line (its id, as a return names it).
pub fn order_item(server: &Server, order: i64) -> i64 {
    server
        .db()
        .query_row(
            "SELECT id FROM order_items WHERE order_id = ?1 ORDER BY id LIMIT 1",
            [order],
            |r| r.get(0),
        )
        .unwrap()
}

/// A valid test card (approved by the test gateway).
pub fn card(holder: &str) -> Value {
    json!({"number": "4242 4242 4242 4242", "exp_month": 12, "exp_year": "39", "cvv": "123", "name": holder})
}

/// Adds a product to the cart and checks it was accepted.
pub async fn add(server: &Server, c: &Customer, product: i64, qty: u32) -> Value {
    let (status, body) = post(
        server,
        c,
        "/api/order/add-to-cart",
        json!({"product_id": product, "qty": qty}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body
}

/// Places a cash order of the cart of `service` to `address`.
pub async fn checkout_cash(server: &Server, c: &Customer, service: i64, address: i64) -> Value {
    let (status, body) = post(
        server,
        c,
        "/api/order/checkout",
        json!({"service_id": service, "address_id": address, "payment_method": "cash"}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    body
}

/// A customer with an address in district 1 and an order of one product (2 × 50.00
/// EGP, 14% tax, 15.00 delivery) placed in cash; returns the order id.
pub async fn placed_order(server: &Server, mobile: &str) -> (Customer, i64, i64, i64) {
    let c = customer(server, mobile).await;
    let shop = make_shop(server, Shop::default());
    let product = make_product(server, shop, Item::default());
    let address = make_address(server, &c, 1);
    add(server, &c, product, 2).await;
    let body = checkout_cash(server, &c, 1, address).await;
    let order = body["data"]["id"].as_i64().unwrap();
    (c, order, product, address)
}

/// The message of a 400.
pub fn error_of(body: &Value) -> &str {
    body["errors"]["error"].as_str().unwrap_or_default()
}

/// The first message of a 422 field.
pub fn field_error<'a>(body: &'a Value, field: &str) -> &'a str {
    body["errors"][field][0].as_str().unwrap_or_default()
}
