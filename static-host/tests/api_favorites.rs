//! Favourites against the real server: toggling products and shops, the list with
//! localized names and prices, and the catalogue's flags reading the same table.

mod account_common;
mod common;

use account_common::{call, get, post, register, snapshot};
use common::start;
use reqwest::Method;
use serde_json::json;

struct Product {
    id: i64,
    branch_id: i64,
    service_id: i64,
    name_ar: String,
    price: String,
}

fn first_product(server: &common::Server) -> Product {
    server
        .db()
        .query_row(
            "SELECT id, branch_id, service_id, name_ar, price_minor FROM products ORDER BY id LIMIT 1",
            [],
            |r| {
                let minor: i64 = r.get(4)?;
                Ok(Product {
                    id: r.get(0)?,
                    branch_id: r.get(1)?,
                    service_id: r.get(2)?,
                    name_ar: r.get(3)?,
                    price: format!("{}.{:02}", minor / 100, minor % 100),
                })
            },
        )
        .unwrap()
}

#[tokio::test]
async fn toggling_flips_the_flag_and_the_catalogue_follows() {
    let server = start().await;
    let token = register(&server, "01201234501").await;
    let product = first_product(&server);

    let (status, body) = post(
        &server,
        "/api/favorites/toggle",
        &token,
        json!({"type": "product", "id": product.id}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"],
        json!({"type": "product", "id": product.id, "is_favorite": true, "favorite": 1})
    );
    assert_eq!(body["message"], "Added to your favourites.");
    let (_, body) = get(&server, &format!("/api/products/{}", product.id), &token).await;
    assert_eq!(
        body["data"]["favorite"], 1,
        "the product page reads the same favourites"
    );

    let (status, body) = post(
        &server,
        "/api/favorites/toggle",
        &token,
        json!({"type": "branch", "id": product.branch_id}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["is_favorite"], true);
    let (_, body) = get(
        &server,
        &format!("/api/branches/{}", product.branch_id),
        &token,
    )
    .await;
    assert_eq!(body["data"]["is_favorite"], true);

    // Toggling again removes it.
    let (_, body) = call(
        &server,
        Method::POST,
        "/api/favorites/toggle",
        Some(&token),
        "ar",
        Some(json!({"type": "product", "id": product.id})),
    )
    .await;
    assert_eq!(body["data"]["is_favorite"], false);
    assert_eq!(body["data"]["favorite"], 0);
    assert_eq!(body["message"], "تمت الإزالة من المفضلة.");
    let (_, body) = get(&server, &format!("/api/products/{}", product.id), &token).await;
    assert_eq!(body["data"]["favorite"], 0);

    // Another customer's flags are their own.
    let other = register(&server, "01201234502").await;
    let (_, body) = get(
        &server,
        &format!("/api/branches/{}", product.branch_id),
        &other,
    )
    .await;
    assert_eq!(body["data"]["is_favorite"], false);
    let (_, body) = get(&server, "/api/favorites", &other).await;
    assert_eq!(body["meta"]["total"], 0);
}

#[tokio::test]
async fn the_list_has_both_kinds_in_the_request_language_latest_first() {
    let server = start().await;
    let token = register(&server, "01201234503").await;
    let product = first_product(&server);
    let (status, _) = post(
        &server,
        "/api/favorites/toggle",
        &token,
        json!({"type": "branch", "id": product.branch_id}),
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = post(
        &server,
        "/api/favorites/toggle",
        &token,
        json!({"type": "product", "id": product.id}),
    )
    .await;
    assert_eq!(status, 200);
    // Make the order certain: the shop was added a second earlier.
    server
        .db()
        .execute(
            "UPDATE favorites SET created_at = created_at - 1000 WHERE kind = 'branch'",
            [],
        )
        .unwrap();

    let (status, body) = call(
        &server,
        Method::GET,
        "/api/favorites",
        Some(&token),
        "ar",
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let list = body["data"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    let item = &list[0];
    assert_eq!(item["type"], "product");
    assert_eq!(item["id"], product.id);
    assert_eq!(item["name"], product.name_ar.as_str());
    assert_eq!(item["price"], product.price.as_str());
    assert_eq!(item["currency"], "EGP");
    assert_eq!(item["branch"]["id"], product.branch_id);
    assert_eq!(item["service_id"], product.service_id);
    assert_eq!(item["is_favorite"], true);
    assert_eq!(item["favorite"], 1);
    assert!(item["image"].as_str().unwrap().starts_with("/api/media/"));
    let shop = &list[1];
    assert_eq!(shop["type"], "branch");
    assert_eq!(shop["id"], product.branch_id);
    assert_eq!(shop["price"], json!(null));
    assert!(shop["closed"].is_boolean());

    let (_, body) = get(&server, "/api/favorites?type=branch", &token).await;
    assert_eq!(body["meta"]["total"], 1);
    assert_eq!(body["data"][0]["type"], "branch");
    let (_, body) = get(
        &server,
        "/api/favorites?type=product&page=1&limit=1",
        &token,
    )
    .await;
    assert_eq!(body["meta"]["total"], 1);
    assert_eq!(body["data"][0]["type"], "product");
    let (_, body) = get(
        &server,
        &format!("/api/favorites?service_id={}", product.service_id),
        &token,
    )
    .await;
    assert_eq!(body["meta"]["total"], 2);
    let (_, body) = get(&server, "/api/favorites?service_id=987654", &token).await;
    assert_eq!(body["meta"]["total"], 0);
    let (_, body) = get(&server, "/api/favorites?limit=1&page=2", &token).await;
    assert_eq!(body["meta"]["last_page"], 2);
    assert_eq!(body["data"][0]["type"], "branch");
}

#[tokio::test]
async fn unknown_ids_and_bad_bodies_change_nothing() {
    let server = start().await;
    let token = register(&server, "01201234504").await;
    let before = snapshot(&server, "favorites");
    let (status, body) = post(
        &server,
        "/api/favorites/toggle",
        &token,
        json!({"type": "product", "id": 987654321}),
    )
    .await;
    assert_eq!(status, 404);
    assert_eq!(body["message"], "The requested item was not found.");
    let (status, _) = post(
        &server,
        "/api/favorites/toggle",
        &token,
        json!({"type": "branch", "id": -5}),
    )
    .await;
    assert_eq!(status, 404);
    let (status, body) = post(
        &server,
        "/api/favorites/toggle",
        &token,
        json!({"type": "category", "id": 1}),
    )
    .await;
    assert_eq!(status, 422);
    assert!(body["errors"]["type"].is_array(), "{body}");
    let (status, body) = post(
        &server,
        "/api/favorites/toggle",
        &token,
        json!({"type": "product"}),
    )
    .await;
    assert_eq!(status, 422);
    assert!(body["errors"]["id"].is_array(), "{body}");
    let (status, _) = post(
        &server,
        "/api/favorites/toggle",
        &token,
        json!({"type": "product", "id": "1"}),
    )
    .await;
    assert_eq!(status, 422);
    let (status, _) = get(&server, "/api/favorites?type=shop", &token).await;
    assert_eq!(status, 422);
    let (status, _) = get(&server, "/api/favorites?service_id=x", &token).await;
    assert_eq!(status, 422);
    assert_eq!(snapshot(&server, "favorites"), before);
}
