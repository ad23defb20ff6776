//! Issue 38: below the disk's free-space floor (`--limit-min-free-disk`) every API write
//! is refused with 503 before its handler runs, in the request's language; reads go on,
//! and once the disk has room again (seen within a second of the server's clock)
//! writes go through. The server's disk is the test's (`common::TestDisk`) and its
//! clock is moved by the test, never slept on.

mod common;
mod orders_support;

use std::time::Duration;

use common::{Server, start_with};
use orders_support::*;
use reqwest::Method;
use serde_json::json;

const PAUSED_EN: &str =
    "Changes are paused for a while: the server is short of storage space. Please try again later.";
const PAUSED_AR: &str =
    "حفظ التغييرات متوقف مؤقتًا لنقص مساحة التخزين على الخادم. يرجى المحاولة لاحقًا.";

/// Makes the disk report `bytes` free and moves the server's clock past the life of
/// its last reading, so the next write reads the disk again.
fn disk_reports(server: &Server, bytes: u64) {
    server.disk.set_free(bytes);
    server.clock.advance(Duration::from_secs(1));
}

/// How many rows `c` has in a table with a `user_id` (`cart_items`: through its carts).
fn rows_of(server: &Server, c: &Customer, table: &str) -> i64 {
    let sql = match table {
        "cart_items" => "SELECT count(*) FROM cart_items i JOIN carts c ON c.id = i.cart_id
                         WHERE c.user_id = ?1"
            .to_owned(),
        _ => format!("SELECT count(*) FROM {table} WHERE user_id = ?1"),
    };
    server.db().query_row(&sql, [c.id], |r| r.get(0)).unwrap()
}

async fn add_to_cart(
    server: &Server,
    c: &Customer,
    product: i64,
    lang: &str,
) -> (u16, serde_json::Value) {
    call(
        server,
        Method::POST,
        "/api/order/add-to-cart",
        Some(&c.token),
        lang,
        Some(json!({"product_id": product, "qty": 1})),
    )
    .await
}

#[tokio::test]
async fn below_the_floor_every_write_is_refused_and_reads_go_on() {
    let server = start_with(&["--limit-min-free-disk=1GB"], None).await;
    let c = customer(&server, "01001380001").await;
    let shop = make_shop(&server, Shop::default());
    let product = make_product(&server, shop, Item::default());
    disk_reports(&server, 512 << 20);

    let (status, body) = add_to_cart(&server, &c, product, "en").await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body, json!({ "message": PAUSED_EN }), "the errors' shape");
    let (status, body) = add_to_cart(&server, &c, product, "ar").await;
    assert_eq!((status, &body["message"]), (503, &json!(PAUSED_AR)));
    let writes = [
        (
            Method::POST,
            "/api/favorites/toggle",
            Some(json!({"type": "product", "id": product})),
        ),
        (
            Method::POST,
            "/api/addresses",
            Some(json!({"name": "Home", "phone": "01001380001", "lat": 30.05, "lng": 31.23})),
        ),
        (
            Method::PATCH,
            "/api/user/update-profile",
            Some(json!({"name": "Mona B"})),
        ),
        (Method::DELETE, "/api/addresses/1", None),
        (Method::POST, "/api/user/logout", None),
    ];
    for (method, path, body) in writes {
        let (status, answer) =
            call(&server, method.clone(), path, Some(&c.token), "en", body).await;
        assert_eq!(status, 503, "{method} {path}: {answer}");
        assert_eq!(answer["message"], PAUSED_EN, "{method} {path}");
    }
    // Signed in or not: nothing is written, not even a code.
    let (status, _) = server
        .post_json(
            "/api/user/login-by-otp",
            json!({"mobile": "01001380002", "channel": "sms"}),
        )
        .await;
    assert_eq!(status, 503);
    assert!(server.codes("+201001380002").is_empty());

    // Reads go on; the refused writes changed nothing (and the session still works:
    // the sign-out was refused too).
    let (status, body) = get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["items"], json!([]));
    assert_eq!(get(&server, &c, "/api/user/profile").await.0, 200);
    assert_eq!(server.get_json("/api/products?service_id=1").await.0, 200);
    assert_eq!(rows_of(&server, &c, "cart_items"), 0);
    assert_eq!(rows_of(&server, &c, "favorites"), 0);
    assert_eq!(rows_of(&server, &c, "addresses"), 0);
    let name: String = server
        .db()
        .query_row("SELECT name FROM users WHERE id = ?1", [c.id], |r| r.get(0))
        .unwrap();
    assert_eq!(name, "Mona Adel");

    // The disk has room again: within the same second the last reading stands (the
    // disk is not read on every write) …
    server.disk.set_free(2 << 30);
    let probes = server.disk.probes();
    assert_eq!(add_to_cart(&server, &c, product, "en").await.0, 503);
    assert_eq!(server.disk.probes(), probes, "read once a second at most");
    // … and once it is over, writes go through.
    server.clock.advance(Duration::from_secs(1));
    let (status, body) = add_to_cart(&server, &c, product, "en").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(server.disk.probes(), probes + 1);
    let (_, body) = get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(
        body["data"]["items_quantity"], 1,
        "only the accepted write counted"
    );
    let (status, body) = post(
        &server,
        &c,
        "/api/favorites/toggle",
        json!({"type": "product", "id": product}),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    // Just at the floor is enough.
    disk_reports(&server, 1 << 30);
    assert_eq!(add_to_cart(&server, &c, product, "en").await.0, 200);
}

#[tokio::test]
async fn a_floor_of_zero_never_refuses_and_never_reads_the_disk() {
    let server = start_with(&["--limit-min-free-disk=0"], None).await;
    let c = customer(&server, "01001380101").await;
    let shop = make_shop(&server, Shop::default());
    let product = make_product(&server, shop, Item::default());
    disk_reports(&server, 0);
    add(&server, &c, product, 1).await;
    assert_eq!(server.disk.probes(), 0);
}

#[tokio::test]
async fn a_disk_that_cannot_be_read_refuses_no_write() {
    let server = start_with(&["--limit-min-free-disk=1GB"], None).await;
    let c = customer(&server, "01001380201").await;
    let shop = make_shop(&server, Shop::default());
    let product = make_product(&server, shop, Item::default());
    server.disk.set_failing();
    server.clock.advance(Duration::from_secs(1));
    add(&server, &c, product, 1).await;
    assert!(server.disk.probes() > 0, "the disk was read");
    // And a reading that works again is used from the next second on.
    disk_reports(&server, 1);
    assert_eq!(add_to_cart(&server, &c, product, "en").await.0, 503);
}
