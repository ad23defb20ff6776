//! Product reviews against the real server (issue 36): only a delivered purchase may be
//! reviewed, once; the core's rules answer 422s in both languages; only the author
//! edits or deletes; the lists' orders and pages; the product's kept rating (exact
//! rounding, hidden reviews left out) and the listing's `min_rating` and `top_rated`;
//! reports and helpful votes once; the customer's own and waiting lists; the
//! per-customer write limit; reviewer names without contact details; the document.

mod common;
mod orders_support;

use std::process::Command;

use common::{Server, start, start_with};
use orders_support::*;
use reqwest::Method;
use serde_json::{Value, json};
use storefront_core::locale::Language;
use storefront_core::messages::{Message, MessageId};

/// A customer with an address in district 1, who orders and receives products.
struct Shopper {
    c: Customer,
    address: i64,
}

async fn shopper(server: &Server, mobile: &str) -> Shopper {
    let c = customer(server, mobile).await;
    let address = make_address(server, &c, 1);
    Shopper { c, address }
}

/// A cash order of one unit of `product`, left pending.
async fn order(server: &Server, s: &Shopper, product: i64) -> i64 {
    add(server, &s.c, product, 1).await;
    checkout_cash(server, &s.c, 1, s.address).await["data"]["id"]
        .as_i64()
        .unwrap()
}

/// An order of `product`, delivered.
async fn receive(server: &Server, s: &Shopper, product: i64) -> i64 {
    let order = order(server, s, product).await;
    deliver(server, order);
    order
}

/// A new product of a new shop of service 1 (district 1).
fn product(server: &Server) -> i64 {
    let shop = make_shop(server, Shop::default());
    make_product(server, shop, Item::default())
}

/// The boolean `field` of each review on the list at `path`, as `who` reads it.
async fn flags(server: &Server, path: &str, who: &Shopper, field: &str) -> Vec<bool> {
    let (_, page) = send(server, Method::GET, path, Some(who), "en", None).await;
    page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r[field].as_bool().unwrap())
        .collect()
}

async fn send(
    server: &Server,
    method: Method,
    path: &str,
    who: Option<&Shopper>,
    lang: &str,
    body: Option<Value>,
) -> (u16, Value) {
    call(
        server,
        method,
        path,
        who.map(|s| s.c.token.as_str()),
        lang,
        body,
    )
    .await
}

/// Writes a review and checks it was published; returns its id.
async fn review(server: &Server, s: &Shopper, product: i64, rating: u8) -> i64 {
    let (status, body) = send(
        server,
        Method::POST,
        &format!("/api/products/{product}/reviews"),
        Some(s),
        "en",
        Some(json!({"rating": rating})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    body["data"]["id"].as_i64().unwrap()
}

fn core(id: MessageId, lang: Language) -> String {
    Message::new(id).render(lang)
}

fn ids(body: &Value) -> Vec<i64> {
    common::ids(&body["data"])
}

fn ratings(body: &Value) -> Vec<i64> {
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rating"].as_i64().unwrap())
        .collect()
}

async fn detail(server: &Server, who: Option<&Shopper>, product: i64) -> Value {
    let (status, body) = send(
        server,
        Method::GET,
        &format!("/api/products/{product}"),
        who,
        "en",
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// Runs `static-host review ACTION ID` on the server's data directory.
fn review_cli(server: &Server, action: &str, id: i64) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_static-host"))
        .arg("--data-dir")
        .arg(server.data_dir())
        .args(["review", action, &id.to_string()])
        .env("RUST_LOG", "warn")
        .output()
        .expect("static-host runs")
}

#[tokio::test]
async fn only_a_delivered_purchase_can_be_reviewed_once() {
    let server = start().await;
    let tea = product(&server);
    let mona = shopper(&server, "01001290001").await;
    let other = shopper(&server, "01001290002").await;
    let stranger = shopper(&server, "01001290003").await;
    let path = format!("/api/products/{tea}/reviews");
    let body = json!({"rating": 5, "comment": "  Fresh and well packed.  "});

    // Signed out: 401.
    let (status, _) = send(&server, Method::POST, &path, None, "en", Some(body.clone())).await;
    assert_eq!(status, 401);
    // Ordered but not delivered: 404, as a product never bought or unknown.
    let pending = order(&server, &mona, tea).await;
    for (who, path) in [
        (&mona, path.clone()),
        (&stranger, path.clone()),
        (&mona, "/api/products/99999999/reviews".to_owned()),
    ] {
        let (status, answer) = send(
            &server,
            Method::POST,
            &path,
            Some(who),
            "en",
            Some(body.clone()),
        )
        .await;
        assert_eq!(status, 404, "{path}: {answer}");
        assert_eq!(answer["message"], "The requested item was not found.");
    }
    // Another customer's delivered order is not hers.
    receive(&server, &other, tea).await;
    let (status, _) = send(
        &server,
        Method::POST,
        &path,
        Some(&mona),
        "en",
        Some(body.clone()),
    )
    .await;
    assert_eq!(status, 404);
    assert_eq!(
        detail(&server, Some(&mona), tea).await["review_action"],
        "not_eligible"
    );

    // Delivered: the review is published.
    deliver(&server, pending);
    assert_eq!(
        detail(&server, Some(&mona), tea).await["review_action"],
        "write"
    );
    let (status, answer) = send(
        &server,
        Method::POST,
        &path,
        Some(&mona),
        "en",
        Some(body.clone()),
    )
    .await;
    assert_eq!(status, 201, "{answer}");
    let review = &answer["data"];
    assert_eq!(review["rating"], 5);
    assert_eq!(review["comment"], "Fresh and well packed.");
    assert_eq!(review["language"], "en");
    assert_eq!(review["reviewer"], "Mona A.");
    assert_eq!(review["mine"], true);
    assert_eq!(review["helpful_count"], 0);
    assert_eq!(
        answer["message"],
        "Thank you! Your review has been published."
    );
    let id = review["id"].as_i64().unwrap();

    // Once per product: 422 in the request's language.
    let (status, answer) = send(
        &server,
        Method::POST,
        &path,
        Some(&mona),
        "en",
        Some(body.clone()),
    )
    .await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["message"], "You have already reviewed this product");
    assert_eq!(
        answer["errors"]["review"][0],
        "You have already reviewed this product"
    );
    let (status, answer) = send(
        &server,
        Method::POST,
        &path,
        Some(&mona),
        "ar",
        Some(body.clone()),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(answer["message"], "لقد كتبت مراجعة لهذا المنتج من قبل");
    assert_eq!(
        answer["message"],
        core(MessageId::AlreadyReviewed, Language::Ar)
    );

    // The product page: edit for her, write for the other buyer, nothing for others.
    let page = detail(&server, Some(&mona), tea).await;
    assert_eq!(page["review_action"], "edit");
    assert_eq!(page["my_review_id"], id);
    let page = detail(&server, Some(&other), tea).await;
    assert_eq!(page["review_action"], "write");
    assert_eq!(page["my_review_id"], Value::Null);
    assert_eq!(
        detail(&server, Some(&stranger), tea).await["review_action"],
        "not_eligible"
    );
    let guest = detail(&server, None, tea).await;
    assert_eq!(guest["review_action"], Value::Null);
    assert_eq!(guest["rating_count"], 1);
    assert_eq!(guest["rating_average"], 5.0);
}

#[tokio::test]
async fn bad_ratings_and_comments_get_the_core_messages_in_both_languages() {
    let server = start().await;
    let tea = product(&server);
    let mona = shopper(&server, "01001290011").await;
    receive(&server, &mona, tea).await;
    let path = format!("/api/products/{tea}/reviews");
    let letter = "\u{0628}\u{0651}\u{064E}"; // one grapheme, three chars
    let too_long = Message::new(MessageId::ReviewCommentTooLong).with("len", 500);
    let cases: Vec<(Value, &str, Message)> = vec![
        (json!({}), "rating", MessageId::RatingRequired.into()),
        (
            json!({"rating": null, "comment": "ok"}),
            "rating",
            MessageId::RatingRequired.into(),
        ),
        (
            json!({"rating": 0}),
            "rating",
            MessageId::RatingOutOfRange.into(),
        ),
        (
            json!({"rating": 6}),
            "rating",
            MessageId::RatingOutOfRange.into(),
        ),
        (
            json!({"rating": 4, "comment": letter.repeat(501)}),
            "comment",
            too_long.clone(),
        ),
        (
            json!({"rating": 4, "comment": "Great\u{7} tea"}),
            "comment",
            MessageId::ReviewCommentControlCharacters.into(),
        ),
        (
            json!({"rating": 4, "comment": "tab\there"}),
            "comment",
            MessageId::ReviewCommentControlCharacters.into(),
        ),
    ];
    for (body, field, message) in cases {
        for lang in [Language::En, Language::Ar] {
            let (status, answer) = send(
                &server,
                Method::POST,
                &path,
                Some(&mona),
                lang.code(),
                Some(body.clone()),
            )
            .await;
            assert_eq!(status, 422, "{body}: {answer}");
            assert_eq!(answer["errors"][field][0], message.render(lang), "{body}");
            assert_eq!(answer["message"], message.render(lang));
        }
    }
    assert_eq!(
        too_long.english(),
        "Your review is too long. The maximum is 500 characters."
    );
    // A rating that is not a number names the field.
    let (status, answer) = send(
        &server,
        Method::POST,
        &path,
        Some(&mona),
        "en",
        Some(json!({"rating": "five"})),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(
        answer["errors"]["rating"][0],
        "The rating field has the wrong type."
    );
    // Nothing was stored; 500 Arabic letters with their marks fit, in Arabic.
    assert_eq!(
        detail(&server, Some(&mona), tea).await["review_action"],
        "write"
    );
    let (status, answer) = send(
        &server,
        Method::POST,
        &path,
        Some(&mona),
        "ar",
        Some(json!({"rating": 3, "comment": letter.repeat(500)})),
    )
    .await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer["data"]["language"], "ar");
    assert_eq!(answer["message"], "شكرًا لك! تم نشر مراجعتك.");
}

#[tokio::test]
async fn only_the_author_edits_or_deletes_a_review() {
    let server = start().await;
    let tea = product(&server);
    let mona = shopper(&server, "01001290021").await;
    let other = shopper(&server, "01001290022").await;
    receive(&server, &mona, tea).await;
    receive(&server, &other, tea).await;
    let id = review(&server, &mona, tea, 5).await;
    let path = format!("/api/reviews/{id}");
    let edit = json!({"rating": 2, "comment": "Stale this time"});

    for (method, body) in [(Method::PUT, Some(edit.clone())), (Method::DELETE, None)] {
        let (status, _) = send(
            &server,
            method.clone(),
            &path,
            Some(&other),
            "en",
            body.clone(),
        )
        .await;
        assert_eq!(status, 404, "{method} by another customer");
        let (status, _) = send(
            &server,
            method.clone(),
            "/api/reviews/99999999",
            Some(&mona),
            "en",
            body.clone(),
        )
        .await;
        assert_eq!(status, 404, "{method} of an unknown review");
        let (status, _) = send(&server, method.clone(), &path, None, "en", body).await;
        assert_eq!(status, 401, "{method} signed out");
    }

    // Her edit replaces rating and comment, in the request's language.
    let (status, answer) = send(&server, Method::PUT, &path, Some(&mona), "ar", Some(edit)).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["rating"], 2);
    assert_eq!(answer["data"]["comment"], "Stale this time");
    assert_eq!(answer["data"]["language"], "ar");
    assert_eq!(answer["message"], "تم تحديث مراجعتك.");
    assert_eq!(detail(&server, None, tea).await["rating_average"], 2.0);
    // Validation as when writing; a left-out comment is removed; `3.0` is 3 stars.
    let (status, answer) = send(
        &server,
        Method::PUT,
        &path,
        Some(&mona),
        "en",
        Some(json!({"rating": 9})),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(
        answer["errors"]["rating"][0],
        "The rating must be from 1 to 5 stars"
    );
    let (status, answer) = send(
        &server,
        Method::PUT,
        &path,
        Some(&mona),
        "en",
        Some(json!({"rating": 3.0})),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(answer["data"]["comment"], Value::Null);

    // Deleted: gone from the list and the rating; she may write again.
    let (status, answer) = send(&server, Method::DELETE, &path, Some(&mona), "en", None).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"], json!({"id": id, "product_id": tea}));
    let (_, list) = server
        .get_json(&format!("/api/products/{tea}/reviews"))
        .await;
    assert_eq!(list["data"], json!([]));
    let page = detail(&server, Some(&mona), tea).await;
    assert_eq!(page["rating_count"], 0);
    assert_eq!(page["rating_average"], Value::Null);
    assert_eq!(page["review_action"], "write");
    let (status, _) = send(&server, Method::DELETE, &path, Some(&mona), "en", None).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn lists_are_sorted_and_paged() {
    let server = start().await;
    let tea = product(&server);
    let mut shoppers = Vec::new();
    let mut reviews = Vec::new();
    for (n, stars) in [5, 3, 4, 1].into_iter().enumerate() {
        let s = shopper(&server, &format!("0100129003{n}")).await;
        receive(&server, &s, tea).await;
        reviews.push(review(&server, &s, tea, stars).await);
        shoppers.push(s);
    }
    let voters = [
        shopper(&server, "01001290038").await,
        shopper(&server, "01001290039").await,
    ];
    // The 3-star review is the most helpful (2 votes), then the 1-star one (1).
    for voter in &voters {
        let (status, answer) = send(
            &server,
            Method::POST,
            &format!("/api/reviews/{}/helpful", reviews[1]),
            Some(voter),
            "en",
            None,
        )
        .await;
        assert_eq!(status, 200, "{answer}");
    }
    send(
        &server,
        Method::POST,
        &format!("/api/reviews/{}/helpful", reviews[3]),
        Some(&voters[0]),
        "en",
        None,
    )
    .await;

    let list = |query: &str| format!("/api/products/{tea}/reviews{query}");
    let newest: Vec<i64> = reviews.iter().rev().copied().collect();
    let (status, body) = server.get_json(&list("")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(ids(&body), newest);
    assert_eq!(body["meta"]["total"], 4);
    assert_eq!(body["data"][0]["mine"], false);
    // An unknown order lists newest first.
    assert_eq!(ids(&server.get_json(&list("?sort=bogus")).await.1), newest);
    assert_eq!(
        ratings(&server.get_json(&list("?sort=rating_desc")).await.1),
        [5, 4, 3, 1]
    );
    assert_eq!(
        ratings(&server.get_json(&list("?sort=rating_asc")).await.1),
        [1, 3, 4, 5]
    );
    let (_, helpful) = server.get_json(&list("?sort=helpful")).await;
    assert_eq!(
        ids(&helpful),
        [reviews[1], reviews[3], reviews[2], reviews[0]]
    );
    assert_eq!(helpful["data"][0]["helpful_count"], 2);

    // Pages of three.
    let (_, first) = server.get_json(&list("?limit=3")).await;
    assert_eq!(ids(&first), newest[..3]);
    assert_eq!(first["meta"]["current_page"], 1);
    assert_eq!(first["meta"]["last_page"], 2);
    let (_, second) = server.get_json(&list("?limit=3&page=2")).await;
    assert_eq!(ids(&second), newest[3..]);
    let (status, _) = server.get_json(&list("?page=0")).await;
    assert_eq!(status, 422);
    let (status, _) = server.get_json("/api/products/99999999/reviews").await;
    assert_eq!(status, 404);

    // Signed in: her own review is marked, and what she voted for.
    let path = list("");
    let mine = flags(&server, &path, &shoppers[2], "mine").await;
    assert_eq!(mine, [false, true, false, false]);
    let voted = flags(&server, &path, &voters[0], "voted_helpful").await;
    assert_eq!(voted, [true, false, true, false]);
}

#[tokio::test]
async fn the_kept_rating_is_exact_and_hidden_reviews_count_nowhere() {
    let server = start().await;
    let tea = product(&server);
    let mut reviews = Vec::new();
    let mut shoppers = Vec::new();
    // 4 + 4 + 4 + 5 = 17 / 4 = 4.25: half up, 4.3.
    for (n, stars) in [4, 4, 4, 5].into_iter().enumerate() {
        let s = shopper(&server, &format!("0100129004{n}")).await;
        receive(&server, &s, tea).await;
        reviews.push(review(&server, &s, tea, stars).await);
        shoppers.push(s);
    }
    let page = detail(&server, None, tea).await;
    assert_eq!(page["rating_average"], 4.3);
    assert_eq!(page["rating_count"], 4);
    assert_eq!(
        page["review_summary"],
        json!({"count": 4, "average": 4.3, "average_tenths": 43, "distribution": [0, 0, 0, 75, 25],
               "stars": ["full", "full", "full", "full", "half"]})
    );
    let shop: i64 = server
        .db()
        .query_row("SELECT branch_id FROM products WHERE id = ?1", [tea], |r| {
            r.get(0)
        })
        .unwrap();
    let listing = format!("/api/products?service_id=1&page=1&branch_id={shop}");
    let (_, list) = server.get_json(&listing).await;
    assert_eq!(list["data"][0]["rating_average"], 4.3);
    assert_eq!(list["data"][0]["rating_count"], 4);

    // The operator hides the 5-star review: it leaves the list and the rating.
    let out = review_cli(&server, "hide", reviews[3]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "review {} (product {tea}): shown -> hidden; product {tea} rating: 4.0 from 3 review(s)\n",
            reviews[3]
        )
    );
    let (_, list) = server
        .get_json(&format!("/api/products/{tea}/reviews"))
        .await;
    assert_eq!(ids(&list), [reviews[2], reviews[1], reviews[0]]);
    assert_eq!(list["meta"]["total"], 3);
    let page = detail(&server, None, tea).await;
    assert_eq!(page["review_summary"]["average"], 4.0);
    assert_eq!(
        page["review_summary"]["distribution"],
        json!([0, 0, 0, 100, 0])
    );
    let (_, list) = server.get_json(&listing).await;
    assert_eq!(list["data"][0]["rating_count"], 3);
    // Nobody may report it or vote for it; its author still sees it, marked.
    for action in ["report", "helpful"] {
        let (status, _) = send(
            &server,
            Method::POST,
            &format!("/api/reviews/{}/{action}", reviews[3]),
            Some(&shoppers[0]),
            "en",
            None,
        )
        .await;
        assert_eq!(status, 404, "{action}");
    }
    let (_, mine) = send(
        &server,
        Method::GET,
        "/api/my-reviews",
        Some(&shoppers[3]),
        "en",
        None,
    )
    .await;
    assert_eq!(mine["data"][0]["id"], reviews[3]);
    assert_eq!(mine["data"][0]["hidden"], true);
    assert_eq!(
        detail(&server, Some(&shoppers[3]), tea).await["review_action"],
        "edit"
    );
    // Her edit leaves it hidden and the rating as it is.
    let (status, _) = send(
        &server,
        Method::PUT,
        &format!("/api/reviews/{}", reviews[3]),
        Some(&shoppers[3]),
        "en",
        Some(json!({"rating": 1})),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(detail(&server, None, tea).await["rating_average"], 4.0);

    // Shown again (now 1 star): 4 + 4 + 4 + 1 = 13 / 4 = 3.25 → 3.3.
    let out = review_cli(&server, "show", reviews[3]);
    assert!(out.status.success());
    let page = detail(&server, None, tea).await;
    assert_eq!(page["review_summary"]["average_tenths"], 33);
    assert_eq!(
        page["review_summary"]["distribution"],
        json!([25, 0, 0, 75, 0])
    );
    let kept: (i64, i64, i64, i64, i64, i64, Option<i64>) = server
        .db()
        .query_row(
            "SELECT rating_1, rating_2, rating_3, rating_4, rating_5, rating_count, rating_average_tenths
             FROM products WHERE id = ?1",
            [tea],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?)),
        )
        .unwrap();
    assert_eq!(kept, (1, 0, 0, 3, 0, 4, Some(33)));
}

#[tokio::test]
async fn min_rating_and_top_rated_use_the_kept_rating() {
    let server = start().await;
    let shop = make_shop(&server, Shop::default());
    let [good, best, poor, unrated] = [0; 4].map(|_| make_product(&server, shop, Item::default()));
    let buyers = [
        shopper(&server, "01001290051").await,
        shopper(&server, "01001290052").await,
    ];
    for (product, stars) in [(good, vec![5, 4]), (best, vec![5]), (poor, vec![3])] {
        for (buyer, stars) in buyers.iter().zip(stars) {
            receive(&server, buyer, product).await;
            review(&server, buyer, product, stars).await;
        }
    }
    let listing =
        |query: &str| format!("/api/products?service_id=1&page=1&branch_id={shop}{query}");
    let (status, top) = server.get_json(&listing("&sort=top_rated")).await;
    assert_eq!(status, 200, "{top}");
    assert_eq!(ids(&top), [best, good, poor, unrated]);
    assert_eq!(top["data"][1]["rating_average"], 4.5);
    assert_eq!(top["data"][3]["rating_average"], Value::Null);
    assert_eq!(top["data"][3]["rating_count"], 0);
    let (_, four_up) = server
        .get_json(&listing("&min_rating=4&sort=top_rated"))
        .await;
    assert_eq!(ids(&four_up), [best, good]);
    assert_eq!(four_up["meta"]["total"], 2);
    // `rating`, the stars filter's first name, is the same filter (the higher of the two
    // when both come), whatever the catalogue's own per-product figure says.
    for query in [
        "&rating=4",
        "&rating=2&min_rating=4",
        "&rating=4&min_rating=2",
    ] {
        let (status, same) = server
            .get_json(&listing(&format!("{query}&sort=top_rated")))
            .await;
        assert_eq!(status, 200, "{query}: {same}");
        assert_eq!(ids(&same), [best, good], "{query}");
    }
    server
        .db()
        .execute(
            "UPDATE products SET rating = 5 WHERE id IN (?1, ?2)",
            [poor, unrated],
        )
        .unwrap();
    let (_, seeded) = server.get_json(&listing("&rating=5&sort=top_rated")).await;
    assert_eq!(ids(&seeded), [best]);
    // The whole service: only these products have reviews.
    let (_, all) = server
        .get_json("/api/products?service_id=1&page=1&min_rating=3&sort=top_rated")
        .await;
    assert_eq!(ids(&all), [best, good, poor]);
    assert_eq!(all["meta"]["total"], 3);
    for bad in ["0", "6", "four"] {
        let (status, body) = server
            .get_json(&listing(&format!("&min_rating={bad}")))
            .await;
        assert_eq!(status, 422, "{bad}: {body}");
        assert!(body["errors"]["min_rating"].is_array(), "{body}");
    }
    // Both read the index of the kept rating, never the reviews.
    let plan = |sql: &str| -> String {
        let db = server.db();
        let mut stmt = db.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
        let rows = stmt
            .query_map([], |r| r.get::<_, String>(3))
            .unwrap()
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        rows.join("\n")
    };
    let filtered = plan(
        "SELECT count(*) FROM products p WHERE p.service_id = 1 AND p.rating_average_tenths >= 40",
    );
    assert!(filtered.contains("products_by_top_rated"), "{filtered}");
    let sorted = plan(
        "SELECT p.id FROM products p WHERE p.service_id = 1
         ORDER BY p.rating_average_tenths DESC, p.rating_count DESC, p.id LIMIT 20",
    );
    assert!(
        sorted.contains("products_by_top_rated") && !sorted.contains("TEMP B-TREE"),
        "{sorted}"
    );
    assert!(!filtered.contains("reviews") && !sorted.contains("reviews"));
}

#[tokio::test]
async fn reports_and_helpful_votes_are_once_per_customer_and_never_ones_own() {
    let server = start().await;
    let tea = product(&server);
    let author = shopper(&server, "01001290061").await;
    let reader = shopper(&server, "01001290062").await;
    let another = shopper(&server, "01001290063").await;
    receive(&server, &author, tea).await;
    let id = review(&server, &author, tea, 4).await;
    let report = format!("/api/reviews/{id}/report");
    let helpful = format!("/api/reviews/{id}/helpful");

    let (status, answer) = send(&server, Method::POST, &report, Some(&reader), "en", None).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"], json!({"id": id, "reported": true}));
    let (status, answer) = send(&server, Method::POST, &report, Some(&reader), "en", None).await;
    assert_eq!(status, 422);
    assert_eq!(answer["message"], "You have already reported this review.");
    let (_, answer) = send(&server, Method::POST, &report, Some(&reader), "ar", None).await;
    assert_eq!(
        answer["errors"]["review"][0],
        "لقد أبلغت عن هذه المراجعة من قبل."
    );
    let (status, answer) = send(&server, Method::POST, &report, Some(&author), "en", None).await;
    assert_eq!(status, 422);
    assert_eq!(answer["message"], "You cannot report your own review.");

    let (status, answer) = send(&server, Method::POST, &helpful, Some(&reader), "en", None).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["data"],
        json!({"id": id, "helpful_count": 1, "voted_helpful": true})
    );
    let (status, answer) = send(&server, Method::POST, &helpful, Some(&reader), "en", None).await;
    assert_eq!(status, 422);
    assert_eq!(
        answer["message"],
        "You have already marked this review as helpful."
    );
    let (status, answer) = send(&server, Method::POST, &helpful, Some(&author), "en", None).await;
    assert_eq!(status, 422);
    assert_eq!(
        answer["message"],
        "You cannot mark your own review as helpful."
    );
    let (_, answer) = send(&server, Method::POST, &helpful, Some(&another), "en", None).await;
    assert_eq!(answer["data"]["helpful_count"], 2);

    for path in [&report, &helpful] {
        let (status, _) = send(&server, Method::POST, path, None, "en", None).await;
        assert_eq!(status, 401, "{path}");
    }
    for path in [
        "/api/reviews/99999999/report",
        "/api/reviews/99999999/helpful",
    ] {
        let (status, _) = send(&server, Method::POST, path, Some(&reader), "en", None).await;
        assert_eq!(status, 404, "{path}");
    }
    let (_, list) = send(
        &server,
        Method::GET,
        &format!("/api/products/{tea}/reviews"),
        Some(&reader),
        "en",
        None,
    )
    .await;
    assert_eq!(list["data"][0]["helpful_count"], 2);
    assert_eq!(list["data"][0]["reported"], true);
    assert_eq!(list["data"][0]["voted_helpful"], true);
    let counts: (i64, i64) = server
        .db()
        .query_row(
            "SELECT (SELECT count(*) FROM review_reports WHERE review_id = ?1),
                    (SELECT count(*) FROM review_helpful_votes WHERE review_id = ?1)",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(counts, (1, 2));
}

#[tokio::test]
async fn my_reviews_and_the_products_waiting_for_one() {
    let server = start().await;
    let shop = make_shop(&server, Shop::default());
    let [first, second, third] = [0; 3].map(|_| make_product(&server, shop, Item::default()));
    let mona = shopper(&server, "01001290071").await;
    let (status, empty) = send(
        &server,
        Method::GET,
        "/api/my-reviews/waiting",
        Some(&mona),
        "en",
        None,
    )
    .await;
    assert_eq!(status, 200, "{empty}");
    assert_eq!(empty["data"], json!([]));

    let first_order = receive(&server, &mona, first).await;
    receive(&server, &mona, second).await;
    order(&server, &mona, third).await; // not delivered: not waiting
    let waiting = |body: &Value| -> Vec<i64> {
        body["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["product_id"].as_i64().unwrap())
            .collect()
    };
    let (_, body) = send(
        &server,
        Method::GET,
        "/api/my-reviews/waiting",
        Some(&mona),
        "en",
        None,
    )
    .await;
    assert_eq!(waiting(&body), [second, first]);
    assert_eq!(body["data"][1]["order_id"], first_order);
    assert_eq!(body["data"][0]["name"], "Test Tea");
    // Delivered again: once in the list, the latest delivery first.
    let again = receive(&server, &mona, first).await;
    let (_, body) = send(
        &server,
        Method::GET,
        "/api/my-reviews/waiting",
        Some(&mona),
        "en",
        None,
    )
    .await;
    assert_eq!(waiting(&body), [first, second]);
    assert_eq!(body["data"][0]["order_id"], again);
    assert_eq!(body["meta"]["total"], 2);

    let id = review(&server, &mona, first, 4).await;
    let (_, body) = send(
        &server,
        Method::GET,
        "/api/my-reviews/waiting",
        Some(&mona),
        "en",
        None,
    )
    .await;
    assert_eq!(waiting(&body), [second]);
    let (status, mine) = send(
        &server,
        Method::GET,
        "/api/my-reviews",
        Some(&mona),
        "ar",
        None,
    )
    .await;
    assert_eq!(status, 200, "{mine}");
    assert_eq!(mine["data"].as_array().unwrap().len(), 1);
    let item = &mine["data"][0];
    assert_eq!(item["id"], id);
    assert_eq!(item["rating"], 4);
    assert_eq!(item["hidden"], false);
    assert_eq!(item["product"]["id"], first);
    assert_eq!(item["product"]["name"], "شاي الاختبار");
    assert_eq!(item["product"]["image"], "/p.svg");
    // Signed out: 401; another customer's lists are their own.
    let (status, _) = send(&server, Method::GET, "/api/my-reviews", None, "en", None).await;
    assert_eq!(status, 401);
    let other = shopper(&server, "01001290072").await;
    let (_, theirs) = send(
        &server,
        Method::GET,
        "/api/my-reviews",
        Some(&other),
        "en",
        None,
    )
    .await;
    assert_eq!(theirs["data"], json!([]));
}

#[tokio::test]
async fn review_writes_are_limited_per_customer() {
    let server = start_with(&["--limit-review-writes-per-customer=3/1h"], None).await;
    let tea = product(&server);
    let mona = shopper(&server, "01001290081").await;
    let other = shopper(&server, "01001290082").await;
    receive(&server, &mona, tea).await;
    let id = review(&server, &mona, tea, 5).await;
    let edit = |stars: u8| Some(json!({"rating": stars}));
    let path = format!("/api/reviews/{id}");
    for stars in [4, 3] {
        let (status, _) = send(&server, Method::PUT, &path, Some(&mona), "en", edit(stars)).await;
        assert_eq!(status, 200);
    }
    let response = server
        .client
        .put(server.url(&path))
        .bearer_auth(&mona.c.token)
        .header("Language", "ar")
        .json(&json!({"rating": 2}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 429);
    let wait: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(wait > 60, "{wait}");
    let body: Value = response.json().await.unwrap();
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("طلبات كثيرة جدًا"),
        "{body}"
    );
    // Deleting counts too; reading does not; another customer has their own allowance.
    let (status, _) = send(&server, Method::DELETE, &path, Some(&mona), "en", None).await;
    assert_eq!(status, 429);
    let (status, _) = send(
        &server,
        Method::GET,
        "/api/my-reviews",
        Some(&mona),
        "en",
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (status, answer) = send(
        &server,
        Method::POST,
        &format!("{path}/helpful"),
        Some(&other),
        "en",
        None,
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(detail(&server, None, tea).await["rating_average"], 3.0);
}

#[tokio::test]
async fn reviewer_names_never_show_a_phone_number_or_an_e_mail_address() {
    let server = start().await;
    let tea = product(&server);
    let mona = shopper(&server, "01001290091").await;
    let nameless = shopper(&server, "01001290092").await;
    let db = server.db();
    // A name with contact details typed into it, and a name that is only an address.
    db.execute(
        "UPDATE users SET name = 'Mona +201001290091 1001290091@example.com Salem' WHERE id = ?1",
        [mona.c.id],
    )
    .unwrap();
    db.execute(
        "UPDATE users SET name = '1001290092@example.com' WHERE id = ?1",
        [nameless.c.id],
    )
    .unwrap();
    for s in [&mona, &nameless] {
        receive(&server, s, tea).await;
        review(&server, s, tea, 4).await;
    }
    let contacts: Vec<(String, String)> = db
        .prepare("SELECT mobile, email FROM users WHERE id IN (?1, ?2)")
        .unwrap()
        .query_map([mona.c.id, nameless.c.id], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    assert_eq!(contacts.len(), 2);
    let (_, list) = server
        .get_json(&format!("/api/products/{tea}/reviews"))
        .await;
    assert_eq!(
        list["data"][0]["reviewer"],
        Value::Null,
        "shown as 'A customer'"
    );
    assert_eq!(list["data"][1]["reviewer"], "Mona S.");
    let (_, mine) = send(
        &server,
        Method::GET,
        "/api/my-reviews",
        Some(&mona),
        "en",
        None,
    )
    .await;
    for body in [list.to_string(), mine.to_string()] {
        for (mobile, email) in &contacts {
            let local = &mobile[mobile.len() - 9..];
            assert!(!body.contains(local), "{body} holds {mobile}");
            assert!(!body.contains(email.as_str()), "{body} holds {email}");
            assert!(!body.contains('@'), "{body}");
        }
    }
}

#[tokio::test]
async fn the_document_lists_the_review_operations_with_their_rules() {
    let server = start().await;
    let (_, doc) = server.get_json("/api/openapi.json").await;
    let paths = &doc["paths"];
    for (path, method) in [
        ("/products/{id}/reviews", "get"),
        ("/products/{id}/reviews", "post"),
        ("/reviews/{id}", "put"),
        ("/reviews/{id}", "delete"),
        ("/reviews/{id}/report", "post"),
        ("/reviews/{id}/helpful", "post"),
        ("/my-reviews", "get"),
        ("/my-reviews/waiting", "get"),
    ] {
        let operation = &paths[path][method];
        assert!(operation.is_object(), "{method} {path}");
        if method != "get" || path.starts_with("/my-reviews") {
            assert_eq!(
                operation["security"],
                json!([{"bearer": []}]),
                "{method} {path}"
            );
        }
    }
    let body = &doc["components"]["schemas"]["ReviewRequest"];
    assert_eq!(body["required"], json!(["rating"]));
    assert_eq!(body["properties"]["rating"]["minimum"], 1);
    assert_eq!(body["properties"]["rating"]["maximum"], 5);
    assert_eq!(body["properties"]["comment"]["maxLength"], 500);
    let create = &paths["/products/{id}/reviews"]["post"]["responses"];
    for status in ["201", "401", "404", "422", "429"] {
        assert!(create[status].is_object(), "{status}");
    }
    assert!(create["429"]["headers"]["Retry-After"].is_object());
    let products = paths["/products"]["get"]["parameters"].as_array().unwrap();
    let min_rating = products.iter().find(|p| p["name"] == "min_rating").unwrap();
    assert_eq!(min_rating["schema"]["minimum"], 1);
    assert_eq!(min_rating["schema"]["maximum"], 5);
    let sort = products.iter().find(|p| p["name"] == "sort").unwrap();
    assert!(sort.to_string().contains("top_rated"), "{sort}");
    let detail = &doc["components"]["schemas"]["ProductDetail"]["properties"];
    for field in [
        "rating_average",
        "rating_count",
        "review_summary",
        "review_action",
        "my_review_id",
    ] {
        assert!(detail[field].is_object(), "{field}");
    }
}
