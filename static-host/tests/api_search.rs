//! Product and shop search (FTS5 with the core's Arabic-aware folding) against the real
//! server: spelling variants, ranking in English and Arabic, the index following
//! every change, the migration indexing an older database, and the large seed.
//! Fixture rows use service 950 and ids from 950000, so the demo seed never mixes in.

mod common;

use common::{Server, ids, start, start_with};
use rusqlite::{Connection, params};
use serde_json::{Value, json};

const SERVICE: i64 = 950;

/// (id, name_en, name_ar, description_en, description_ar, popularity, price)
type Row = (
    i64,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    i64,
    i64,
);

/// Popularity runs against relevance, so an order by popularity shows.
const PRODUCTS: &[Row] = &[
    (
        950001,
        "Orange",
        "برتقال",
        "One orange.",
        "برتقالة واحدة.",
        1,
        500,
    ),
    (
        950002,
        "Oranges 1 kg",
        "برتقال بلدي ١ كجم",
        "Sweet.",
        "حلو.",
        2,
        2500,
    ),
    (
        950003,
        "Blood Orange Juice",
        "عصير برتقال احمر",
        "Cold.",
        "بارد.",
        3,
        1500,
    ),
    (
        950004,
        "Big Family Pack Of Mixed Sweet Blood Orange Segments",
        "عبوة عائلية كبيرة من شرائح برتقال حلو مشكل",
        "Peeled.",
        "مقشر.",
        50,
        9000,
    ),
    (
        950005,
        "Citrus Basket",
        "سلة حمضيات",
        "Lemons, limes and an orange or two.",
        "ليمون ويوسفي مع برتقال.",
        90,
        3000,
    ),
    (
        950006,
        "Apple Juice",
        "عصير تفاح",
        "Pressed apples.",
        "تفاح معصور.",
        100,
        1200,
    ),
    (950010, "Ahmed Dates", "تمور أحمد", "", "", 5, 4000),
    (950011, "Mohamed Coffee", "قهوة مُحَمَّد", "", "", 5, 6000),
    (950012, "Mawlid Sweets", "حلوى المولد", "", "", 5, 7000),
    (
        950013,
        "Vanilla Ice Cream",
        "آيس كريم فانيليا",
        "",
        "",
        5,
        3500,
    ),
    (
        950014,
        "Eid Cookies",
        "كعك العيد",
        "With dates.",
        "بالتمر.",
        5,
        2000,
    ),
];

fn fixture(db: &Connection) {
    db.execute_batch(
        "INSERT INTO districts (id, name_en, name_ar, polygon) VALUES
            (950000, 'Search Town', 'بلدة البحث', '[[-150,-40],[-149,-40],[-149,-39],[-150,-39],[-150,-40]]');
         INSERT INTO services (id, name_en, name_ar, icon, filter_type, show_categories_menu, sort) VALUES
            (950, 'Search Market', 'سوق البحث', '/api/media/services/950.svg', 'products_focused', 1, 950);
         INSERT INTO categories (id, service_id, parent_id, name_en, name_ar, icon, featured, sort) VALUES
            (950001, 950, NULL, 'Food', 'طعام', '/i/950001.svg', 0, 1);
         INSERT INTO branches (id, service_id, district_id, name_en, name_ar, description_en, description_ar,
                logo, cover, delivery_minutes, delivery_fee_minor, sort) VALUES
            (950001, 950, 950000, 'Ahmed Bakery', 'مخبز أحمد', 'Bread and orange cake.', 'خبز وكيك برتقال.',
                '/l/1.svg', '/c/1.svg', 30, 500, 1),
            (950002, 950, 950000, 'Orange Tree Grocer', 'بقالة شجرة البرتقال', 'Fruit.', 'فاكهة.',
                '/l/2.svg', '/c/2.svg', 30, 500, 2),
            (950003, 950, 950000, 'Oranges', 'برتقال', 'Only oranges.', 'برتقال فقط.',
                '/l/3.svg', '/c/3.svg', 30, 500, 3);",
    )
    .unwrap();
    for row in PRODUCTS {
        insert_product(db, row);
    }
}

fn insert_product(db: &Connection, &(id, en, ar, den, dar, popularity, price): &Row) {
    let branch = if id % 2 == 0 { 950001 } else { 950002 };
    db.execute(
        "INSERT INTO products (id, branch_id, service_id, category_id, name_en, name_ar, description_en,
            description_ar, image, price_minor, stock, popularity, created_at)
         VALUES (?1, ?2, 950, 950001, ?3, ?4, ?5, ?6, '/api/media/products/' || ?1 || '.svg', ?7, 10, ?8, ?1)",
        params![id, branch, en, ar, den, dar, price, popularity],
    )
    .unwrap();
}

async fn server() -> Server {
    let server = start().await;
    fixture(&server.db());
    server
}

async fn get(server: &Server, path: &str, lang: &str) -> Value {
    let (status, body) = server.get_json_in(path, lang).await;
    assert_eq!(status, 200, "{path}: {body}");
    body
}

fn encode(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

/// Ids of the search results page (`search=`, default order).
async fn results(server: &Server, text: &str) -> Vec<i64> {
    let body = get(
        server,
        &format!(
            "/api/products?service_id={SERVICE}&page=1&limit=50&search={}",
            encode(text)
        ),
        "en",
    )
    .await;
    assert_eq!(
        body["meta"]["total"],
        body["data"].as_array().unwrap().len()
    );
    ids(&body["data"])
}

/// Ids of the suggestions (`text=`).
async fn suggestions(server: &Server, text: &str) -> Vec<i64> {
    let body = get(
        server,
        &format!("/api/products?service_id={SERVICE}&text={}", encode(text)),
        "en",
    )
    .await;
    ids(&body["data"])
}

#[tokio::test]
async fn arabic_spelling_variants_diacritics_and_tatweel_find_the_same_products() {
    let server = server().await;
    // Hamza forms of alef: the issue's example, and the other way round.
    assert_eq!(suggestions(&server, "احمد").await, vec![950010]);
    assert_eq!(suggestions(&server, "أحمد").await, vec![950010]);
    assert_eq!(suggestions(&server, "إحمد").await, vec![950010]);
    assert_eq!(suggestions(&server, "ايس كريم").await, vec![950013]);
    // Diacritics in the stored name ('مُحَمَّد'), in the query, and tatweel.
    assert_eq!(suggestions(&server, "محمد").await, vec![950011]);
    assert_eq!(suggestions(&server, "مُحَمَّد").await, vec![950011]);
    assert_eq!(suggestions(&server, "مـحـمـــد").await, vec![950011]);
    assert_eq!(suggestions(&server, "قَهْوَة").await, vec![950011]);
    // Taa marbuta and haa; alef maqsura and yaa.
    assert_eq!(suggestions(&server, "قهوه").await, vec![950011]);
    // ('حلوى', sweets, and 'حلو', sweet, share the stem 'حلو': the sweets, whose name
    // starts with the word as typed, come first.)
    assert_eq!(suggestions(&server, "حلوي").await, vec![950012, 950004]);
    assert_eq!(suggestions(&server, "حلوى").await, vec![950012, 950004]);
    // The same rules in the results list and in the shop searches.
    assert_eq!(results(&server, "قهوه محمد").await, vec![950011]);
    let body = get(
        &server,
        &format!(
            "/api/services/search?service_id={SERVICE}&search={}",
            encode("احمد")
        ),
        "ar",
    )
    .await;
    assert_eq!(body["data"], json!([{"id": 950001, "name": "مخبز أحمد"}]));
    let body = get(
        &server,
        &format!(
            "/api/branches?service_id={SERVICE}&page=1&search={}",
            encode("مخبز احمد")
        ),
        "en",
    )
    .await;
    assert_eq!(ids(&body["data"]), vec![950001]);
}

#[tokio::test]
async fn english_words_match_by_prefix_and_ignore_case() {
    let server = server().await;
    // 'orange' finds 'Oranges' (the issue's example); case never matters.
    assert!(suggestions(&server, "orange").await.contains(&950002));
    assert_eq!(
        suggestions(&server, "ORANGE").await,
        suggestions(&server, "orange").await
    );
    // 'oranges' and 'orange' have one stem (issue 25): the plural finds the singular,
    // the name holding the word as typed first.
    assert_eq!(
        suggestions(&server, "oranges").await,
        vec![950002, 950001, 950003, 950004]
    );
    // Every word must match, each from the start of a word.
    assert_eq!(suggestions(&server, "blood jui").await, vec![950003]);
    assert_eq!(suggestions(&server, "range").await, Vec::<i64>::new());
    // Words match within one language: 'apple' (English) and 'برتقال' (Arabic) are
    // never put together from two names.
    assert_eq!(
        suggestions(&server, "apple برتقال").await,
        Vec::<i64>::new()
    );
    // FTS5 syntax in the text is only punctuation; text without words finds nothing.
    // As FTS5 syntax 'OR' would find both; as words, no name has 'apple', 'or…' and
    // 'orange' together.
    assert_eq!(
        suggestions(&server, "apple OR orange").await,
        Vec::<i64>::new()
    );
    assert_eq!(suggestions(&server, "\"dates").await, vec![950010]);
    assert_eq!(
        suggestions(&server, "name_en:apple*").await,
        Vec::<i64>::new()
    );
    assert_eq!(suggestions(&server, "*\"()").await, Vec::<i64>::new());
    assert_eq!(results(&server, "--").await, Vec::<i64>::new());
}

#[tokio::test]
async fn exact_names_then_prefixes_then_other_name_matches_then_descriptions() {
    let server = server().await;
    // The least popular first: relevance, not popularity, orders a search. Within the
    // names holding the word, bm25 puts the short name before the long one.
    assert_eq!(
        results(&server, "orange").await,
        vec![950001, 950002, 950003, 950004, 950005]
    );
    // Suggestions look at names only.
    assert_eq!(
        suggestions(&server, "orange").await,
        vec![950001, 950002, 950003, 950004]
    );
    // Arabic: the whole name, the name starting with it, names holding it (short
    // first), then the description of the citrus basket.
    assert_eq!(
        results(&server, "برتقال").await,
        vec![950001, 950002, 950003, 950004, 950005]
    );
    assert_eq!(
        suggestions(&server, "برتقال").await,
        vec![950001, 950002, 950003, 950004]
    );
    // A description match never outranks a name match, however popular.
    assert_eq!(results(&server, "dates").await, vec![950010, 950014]);
    // An explicit sort keeps its order over the same matches.
    let body = get(
        &server,
        &format!("/api/products?service_id={SERVICE}&page=1&search=orange&sort=price_low"),
        "en",
    )
    .await;
    assert_eq!(
        ids(&body["data"]),
        vec![950001, 950003, 950002, 950005, 950004]
    );
    assert_eq!(body["meta"]["price_min"], "5.00");
    assert_eq!(body["meta"]["price_max"], "90.00");
    // Other filters and pages keep the relevance order; the price bounds ignore only
    // the price range.
    let page = |query: &str| format!("/api/products?service_id={SERVICE}&search=orange&{query}");
    let body = get(&server, &page("page=2&limit=2"), "en").await;
    assert_eq!(ids(&body["data"]), vec![950003, 950004]);
    assert_eq!(body["meta"]["total"], 5);
    assert_eq!(body["meta"]["last_page"], 3);
    let body = get(&server, &page("page=1&min_price=20"), "en").await;
    assert_eq!(ids(&body["data"]), vec![950002, 950004, 950005]);
    assert_eq!(body["meta"]["total"], 3);
    assert_eq!(body["meta"]["price_min"], "5.00");
    server
        .db()
        .execute("UPDATE products SET stock = 0 WHERE id = 950001", [])
        .unwrap();
    let body = get(&server, &page("page=1&stock=in_stock"), "en").await;
    assert_eq!(ids(&body["data"]), vec![950002, 950003, 950004, 950005]);
    // Names follow the Language header whichever language matched.
    let body = get(
        &server,
        &format!("/api/products?service_id={SERVICE}&text=orange%20juice"),
        "ar",
    )
    .await;
    assert_eq!(
        body["data"],
        json!([{"id": 950003, "name": "عصير برتقال احمر"}])
    );
}

#[tokio::test]
async fn shops_rank_the_same_way() {
    let server = server().await;
    let branches = |text: &str| {
        format!(
            "/api/branches?service_id={SERVICE}&page=1&search={}",
            encode(text)
        )
    };
    // Both 'Orange Tree Grocer' and 'Oranges' start with the text, but only the first
    // holds the whole word: it wins although 'Oranges' is the shorter name; the bakery
    // matches by its description only, so it comes last.
    let body = get(&server, &branches("orange"), "en").await;
    assert_eq!(ids(&body["data"]), vec![950002, 950003, 950001]);
    assert_eq!(body["meta"]["total"], 3);
    // 'oranges' has the stem of 'orange' (issue 25): the same shops, the one whose
    // name holds the word as typed first.
    let body = get(&server, &branches("oranges"), "en").await;
    assert_eq!(ids(&body["data"]), vec![950003, 950002, 950001]);
    // In Arabic, 'برتقال' is the whole name of shop 950003, and 'البرتقال' in the name
    // of 950002 is the same word with the article.
    let body = get(&server, &branches("برتقال"), "ar").await;
    assert_eq!(ids(&body["data"]), vec![950003, 950002, 950001]);
    // With the article, the name holding it as typed comes first.
    let body = get(&server, &branches("البرتقال"), "ar").await;
    assert_eq!(ids(&body["data"]), vec![950002, 950003, 950001]);
    let body = get(
        &server,
        &format!("/api/services/search?service_id={SERVICE}&search=orange"),
        "en",
    )
    .await;
    assert_eq!(
        body["data"],
        json!([{"id": 950002, "name": "Orange Tree Grocer"}, {"id": 950003, "name": "Oranges"}]),
        "quick search looks at names only"
    );
}

#[tokio::test]
async fn the_index_follows_every_change_of_products_and_shops() {
    let server = server().await;
    let db = server.db();
    assert_eq!(suggestions(&server, "kumquat").await, Vec::<i64>::new());
    insert_product(&db, &(950020, "Kumquat Jam", "مربى كمكوات", "", "", 1, 100));
    assert_eq!(suggestions(&server, "kumquat").await, vec![950020]);
    assert_eq!(suggestions(&server, "مربي").await, vec![950020]);

    db.execute(
        "UPDATE products SET name_en = 'Pomelo Jam', name_ar = 'مربى بوملي' WHERE id = 950020",
        [],
    )
    .unwrap();
    assert_eq!(suggestions(&server, "kumquat").await, Vec::<i64>::new());
    assert_eq!(suggestions(&server, "pomelo").await, vec![950020]);
    db.execute(
        "UPDATE products SET description_en = 'Made from kumquats.' WHERE id = 950020",
        [],
    )
    .unwrap();
    assert_eq!(results(&server, "kumquat").await, vec![950020]);

    db.execute("DELETE FROM products WHERE id = 950020", [])
        .unwrap();
    assert_eq!(suggestions(&server, "pomelo").await, Vec::<i64>::new());
    assert_eq!(results(&server, "kumquat").await, Vec::<i64>::new());

    // Products with the same text share a search document; each keeps being found
    // until the last one is gone, and a text that folds alike keeps the document.
    let jam: Row = (950021, "Fig Jam", "مربى تين", "", "", 1, 100);
    insert_product(&db, &jam);
    insert_product(&db, &(950022, "FIG  jam", "مُربى تين", "", "", 2, 100));
    let documents = |db: &Connection| -> (i64, i64) {
        db.query_row(
            "SELECT count(DISTINCT search_doc), (SELECT count(*) FROM product_search)
             FROM products WHERE id IN (950021, 950022)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap()
    };
    let (shared, indexed) = documents(&db);
    assert_eq!(shared, 1);
    // One item: suggestions show it once, as its more popular product.
    assert_eq!(suggestions(&server, "fig").await, vec![950022]);
    db.execute(
        "UPDATE products SET name_en = 'Fig Jam' WHERE id = 950022",
        [],
    )
    .unwrap();
    assert_eq!(documents(&db), (1, indexed));
    db.execute(
        "UPDATE products SET name_en = 'Date Jam' WHERE id = 950022",
        [],
    )
    .unwrap();
    assert_eq!(documents(&db), (2, indexed + 1));
    assert_eq!(suggestions(&server, "fig").await, vec![950021]);
    db.execute("DELETE FROM products WHERE id = 950021", [])
        .unwrap();
    assert_eq!(suggestions(&server, "fig").await, Vec::<i64>::new());
    assert_eq!(suggestions(&server, "date jam").await, vec![950022]);
    db.execute("DELETE FROM products WHERE id = 950022", [])
        .unwrap();
    assert_eq!(
        documents(&db).1,
        indexed - 1,
        "no document outlives its products"
    );

    db.execute(
        "UPDATE branches SET name_en = 'Zamalek Bakery' WHERE id = 950001",
        [],
    )
    .unwrap();
    let body = get(
        &server,
        &format!("/api/services/search?service_id={SERVICE}&search=zamalek"),
        "en",
    )
    .await;
    assert_eq!(ids(&body["data"]), vec![950001]);

    // A connection without the server's SQL function may still change stock (no
    // searched text), but not a name: the index never silently falls behind.
    let plain = Connection::open(server.data_dir().join("storefront.db")).unwrap();
    plain
        .execute("UPDATE products SET stock = 3 WHERE id = 950001", [])
        .unwrap();
    let err = plain
        .execute(
            "UPDATE products SET name_en = 'Tangerine' WHERE id = 950001",
            [],
        )
        .unwrap_err();
    assert!(
        err.to_string().contains("no such function: search_"),
        "{err}"
    );
    assert_eq!(suggestions(&server, "tangerine").await, Vec::<i64>::new());
}

#[tokio::test]
async fn the_migration_indexes_an_existing_database() {
    // A data directory from before search: the schema of migrations 1 to 5, seeded
    // rows, no index.
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    {
        let db = Connection::open(data.join("storefront.db")).unwrap();
        for sql in [
            include_str!("../migrations/0001_initial.sql"),
            include_str!("../migrations/0002_shared_ledgers.sql"),
            include_str!("../migrations/0003_orders.sql"),
            include_str!("../migrations/0004_account.sql"),
            include_str!("../migrations/0005_idempotency.sql"),
        ] {
            db.execute_batch(sql).unwrap();
        }
        db.pragma_update(None, "user_version", 5).unwrap();
        // Marked as seeded, so only the fixture is there.
        db.execute(
            "INSERT INTO settings (key, value) VALUES ('seed_version', '\"1\"')",
            [],
        )
        .unwrap();
        fixture(&db);
        let tables: i64 = db
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE name = 'product_search'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(tables, 0);
    }
    let server = start_with(&[], Some(dir)).await;
    assert_eq!(suggestions(&server, "احمد").await, vec![950010]);
    assert_eq!(
        results(&server, "orange").await,
        vec![950001, 950002, 950003, 950004, 950005]
    );
    let body = get(
        &server,
        &format!("/api/services/search?service_id={SERVICE}&search=ahmed"),
        "en",
    )
    .await;
    assert_eq!(ids(&body["data"]), vec![950001]);
    // The product counts of migration 7 start from the rows already there.
    let body = get(
        &server,
        &format!("/api/products?service_id={SERVICE}&page=1"),
        "en",
    )
    .await;
    assert_eq!(body["meta"]["total"], PRODUCTS.len());
    let db = server.db();
    let version: i64 = db
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert!(version >= 7, "user_version {version}");
    let indexed: (i64, i64) = db
        .query_row(
            "SELECT (SELECT count(*) FROM product_search),
                    (SELECT count(*) FROM products WHERE search_doc IS NOT NULL)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(indexed, (PRODUCTS.len() as i64, PRODUCTS.len() as i64));
}

#[tokio::test]
async fn seed_products_sets_the_catalogue_size_once() {
    let server = start_with(&["--seed-products", "2500"], None).await;
    let count = |db: &Connection, table: &str| -> i64 {
        db.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
            .unwrap()
    };
    let db = server.db();
    assert_eq!(count(&db, "products"), 2500);
    let indexed: (i64, i64) = db
        .query_row(
            "SELECT (SELECT count(DISTINCT search_doc) FROM products WHERE search_doc IS NOT NULL),
                    (SELECT sum(refs) FROM product_search_docs)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(indexed, (count(&db, "product_search"), 2500));
    assert_eq!(count(&db, "branch_search"), count(&db, "branches"));
    // Every seeded product finds itself by its own name, in both languages.
    let (id, name_en, name_ar): (i64, String, String) = db
        .query_row(
            "SELECT id, name_en, name_ar FROM products WHERE service_id = 1 ORDER BY id DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    // (A search lists each item once, as one of its products: the item is found.)
    let doc = |id: i64| -> i64 {
        db.query_row("SELECT search_doc FROM products WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .unwrap()
    };
    for name in [&name_en, &name_ar] {
        let body = get(
            &server,
            &format!(
                "/api/products?service_id=1&page=1&limit=100&search={}",
                encode(name)
            ),
            "en",
        )
        .await;
        let docs: Vec<i64> = ids(&body["data"]).into_iter().map(doc).collect();
        assert!(docs.contains(&doc(id)), "{name}: {body}");
    }
    // A restart with another size leaves the seeded catalogue as it is.
    let dir = server.dir;
    let again = start_with(&["--seed-products", "4000"], Some(dir)).await;
    assert_eq!(count(&again.db(), "products"), 2500);
}

/// `GET` in a language with a `district-id`, the status checked.
async fn get_in_district(server: &Server, path: &str, district: Option<i64>) -> Value {
    let mut request = server.client.get(server.url(path)).header("Language", "en");
    if let Some(district) = district {
        request = request.header("district-id", district.to_string());
    }
    let (status, body) = common::send_json(request, None, None).await;
    assert_eq!(status, 200, "{path}: {body}");
    body
}

/// Inserts a product of service 950 in `branch` (and `category`, `brand`).
#[allow(clippy::too_many_arguments)]
fn insert_offer(
    db: &Connection,
    id: i64,
    branch: i64,
    category: i64,
    brand: Option<i64>,
    name_en: &str,
    name_ar: &str,
    popularity: i64,
    price: i64,
) {
    db.execute(
        "INSERT INTO products (id, branch_id, service_id, category_id, brand_id, name_en, name_ar,
            description_en, description_ar, image, price_minor, stock, popularity, created_at)
         VALUES (?1, ?2, 950, ?3, ?4, ?5, ?6, '', '', '/api/media/products/' || ?1 || '.svg', ?7, 10, ?8, ?1)",
        params![id, branch, category, brand, name_en, name_ar, price, popularity],
    )
    .unwrap();
}

#[tokio::test]
async fn the_same_item_from_several_shops_is_listed_once_with_its_shops() {
    let server = server().await;
    let db = server.db();
    // One item in three shops, and another item in one.
    insert_offer(
        &db,
        950030,
        950001,
        950001,
        None,
        "Mango Jam",
        "مربى مانجو",
        5,
        3000,
    );
    insert_offer(
        &db,
        950031,
        950002,
        950001,
        None,
        "Mango Jam",
        "مربى مانجو",
        9,
        2500,
    );
    insert_offer(
        &db,
        950032,
        950003,
        950001,
        None,
        "Mango Jam",
        "مربى مانجو",
        1,
        2800,
    );
    insert_offer(
        &db,
        950033,
        950001,
        950001,
        None,
        "Mango Juice",
        "عصير مانجو",
        3,
        2000,
    );
    let path = format!("/api/products?service_id={SERVICE}&page=1&search=mango");
    let body = get_in_district(&server, &path, None).await;
    // The list counts items: the jam once, as its most popular offer, with the shops
    // that sell it too, cheapest first.
    assert_eq!(ids(&body["data"]), vec![950031, 950033]);
    assert_eq!(body["meta"]["total"], 2);
    assert_eq!(body["meta"]["price_min"], "20.00");
    assert_eq!(body["meta"]["price_max"], "30.00");
    let jam = &body["data"][0];
    assert_eq!(
        jam["branch"],
        json!({"id": 950002, "name": "Orange Tree Grocer"})
    );
    assert_eq!(jam["shops"], 3);
    assert_eq!(
        jam["other_shops"],
        json!([
            {"id": 950032, "branch": {"id": 950003, "name": "Oranges"}, "price": "28.00",
             "old_price": null, "currency": "EGP", "stock_status": "in_stock"},
            {"id": 950030, "branch": {"id": 950001, "name": "Ahmed Bakery"}, "price": "30.00",
             "old_price": null, "currency": "EGP", "stock_status": "in_stock"},
        ])
    );
    assert_eq!(body["data"][1]["shops"], 1);
    assert_eq!(body["data"][1]["other_shops"], json!([]));
    // Suggestions show each item once.
    assert_eq!(suggestions(&server, "mango").await, vec![950031, 950033]);
    // A sorted search lists each item once too, as its first offer in that order.
    let body = get_in_district(&server, &format!("{path}&sort=price_low"), None).await;
    assert_eq!(ids(&body["data"]), vec![950033, 950031]);
    assert_eq!(body["meta"]["total"], 2);
    let body = get_in_district(&server, &format!("{path}&sort=price_high"), None).await;
    assert_eq!(ids(&body["data"]), vec![950030, 950033]);
    assert_eq!(body["data"][0]["shops"], 3);
    // Pages count items.
    let body = get_in_district(
        &server,
        &format!("/api/products?service_id={SERVICE}&page=2&limit=1&search=mango"),
        None,
    )
    .await;
    assert_eq!(ids(&body["data"]), vec![950033]);
    assert_eq!(body["meta"]["last_page"], 2);
    // Other filters apply to the shops listed: from 26.00, the jam's most popular
    // offer is Ahmed Bakery's, and the Orange Tree Grocer's (25.00) is not counted.
    let body = get_in_district(&server, &format!("{path}&min_price=26"), None).await;
    assert_eq!(ids(&body["data"]), vec![950030]);
    assert_eq!(body["data"][0]["shops"], 2);
    assert_eq!(ids(&body["data"][0]["other_shops"]), vec![950032]);
    // Listings without a search are unchanged: every product, no shops fields.
    let body = get_in_district(
        &server,
        &format!("/api/products?service_id={SERVICE}&page=1&limit=100"),
        None,
    )
    .await;
    assert!(ids(&body["data"]).contains(&950030) && ids(&body["data"]).contains(&950031));
    assert_eq!(body["data"][0]["shops"], Value::Null);
    assert_eq!(body["data"][0]["other_shops"], Value::Null);

    // In a district, only the shops delivering there: move the Oranges shop away.
    db.execute_batch(
        "INSERT INTO districts (id, name_en, name_ar, polygon) VALUES
            (950001, 'Far Town', 'بلدة بعيدة', '[[150,40],[151,40],[151,41],[150,41],[150,40]]');
         UPDATE branches SET district_id = 950001 WHERE id = 950003;",
    )
    .unwrap();
    let body = get_in_district(&server, &path, Some(950000)).await;
    assert_eq!(ids(&body["data"]), vec![950031, 950033]);
    assert_eq!(body["data"][0]["shops"], 2);
    assert_eq!(ids(&body["data"][0]["other_shops"]), vec![950030]);
    let body = get_in_district(&server, &path, Some(950001)).await;
    assert_eq!(ids(&body["data"]), vec![950032]);
    assert_eq!(body["data"][0]["shops"], 1);
    assert_eq!(body["meta"]["total"], 1);
    let body = get_in_district(
        &server,
        &format!("/api/products?service_id={SERVICE}&text=mango"),
        Some(950001),
    )
    .await;
    assert_eq!(ids(&body["data"]), vec![950032]);
}

#[tokio::test]
async fn ranking_follows_the_category_the_query_names() {
    let server = server().await;
    let db = server.db();
    db.execute_batch(
        "INSERT INTO categories (id, service_id, parent_id, name_en, name_ar, icon, featured, sort) VALUES
            (950002, 950, 950001, 'Jams', 'مربيات', '/i/950002.svg', 0, 1),
            (950003, 950, 950001, 'Bakery', 'مخبوزات', '/i/950003.svg', 0, 2);",
    )
    .unwrap();
    // The donut's name starts with 'jam', is shorter and is more popular; the
    // apricot jam is in the category the query names.
    insert_offer(
        &db,
        950040,
        950001,
        950003,
        None,
        "Jam Donut",
        "دونات بالمربى",
        90,
        1500,
    );
    insert_offer(
        &db,
        950041,
        950001,
        950002,
        None,
        "Apricot Jam Jar",
        "برطمان مربى مشمش",
        1,
        4000,
    );
    let results = |text: &'static str| {
        let server = &server;
        async move {
            let path = format!(
                "/api/products?service_id={SERVICE}&page=1&search={}",
                encode(text)
            );
            ids(&get_in_district(server, &path, None).await["data"])
        }
    };
    assert_eq!(results("jam").await, vec![950041, 950040]);
    assert_eq!(results("jams").await, vec![950041, 950040]);
    assert_eq!(results("مربى").await, vec![950041, 950040]);
    // A category's name alone finds its products (the donut is in Bakery).
    assert_eq!(results("jams").await.first(), Some(&950041));
    assert_eq!(
        results("مربيات").await,
        vec![950041, 950040],
        "one stem with مربى"
    );
    assert_eq!(results("bakery").await, vec![950040]);
    // Suggestions look at names and brands only, ranked the same way.
    assert_eq!(suggestions(&server, "jam").await, vec![950041, 950040]);
    assert_eq!(suggestions(&server, "bakery").await, Vec::<i64>::new());

    // Renaming the category re-indexes its products.
    db.execute(
        "UPDATE categories SET name_en = 'Preserves' WHERE id = 950002",
        [],
    )
    .unwrap();
    assert_eq!(results("preserves").await, vec![950041]);
    assert_eq!(
        results("jam").await,
        vec![950040, 950041],
        "no category says jam now"
    );
    // And a parent's rename reaches its children's products.
    db.execute(
        "UPDATE categories SET name_en = 'Pantry' WHERE id = 950001",
        [],
    )
    .unwrap();
    assert!(results("pantry").await.contains(&950041));
    assert_eq!(results("food").await, Vec::<i64>::new());
}

#[tokio::test]
async fn brands_are_searched_apart_from_the_item_name() {
    let server = server().await;
    let db = server.db();
    db.execute(
        "INSERT INTO brands (id, service_id, name_en, name_ar, logo) VALUES
            (950001, 950, 'Nile Farms', 'مزارع النيل', '/b/1.svg')",
        [],
    )
    .unwrap();
    insert_offer(
        &db,
        950050,
        950001,
        950001,
        Some(950001),
        "Nile Farms Clover Honey",
        "مزارع النيل عسل برسيم",
        1,
        9000,
    );
    insert_offer(
        &db,
        950051,
        950002,
        950001,
        None,
        "Almond Honey Cake",
        "كيكة لوز بالعسل",
        50,
        2000,
    );
    let results = |text: &'static str| {
        let server = &server;
        async move {
            let path = format!(
                "/api/products?service_id={SERVICE}&page=1&search={}",
                encode(text)
            );
            ids(&get_in_district(server, &path, None).await["data"])
        }
    };
    // The brand is found in both scripts, and with the item's words.
    assert_eq!(results("nile farms").await, vec![950050]);
    assert_eq!(results("مزارع النيل").await, vec![950050]);
    assert_eq!(results("nile honey").await, vec![950050]);
    // The item's name is 'Clover Honey': the brand does not make it longer than the
    // cake's three words, so it ranks first for 'honey' though the cake is more
    // popular.
    assert_eq!(results("honey").await, vec![950050, 950051]);
    let indexed: String = db
        .query_row(
            "SELECT name_en || ' | ' || brand_en FROM product_search
             WHERE rowid = (SELECT search_doc FROM products WHERE id = 950050)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(indexed, "clover honey | nile farms");
    // Renaming the brand re-indexes its products.
    db.execute(
        "UPDATE brands SET name_en = 'Delta Farms' WHERE id = 950001",
        [],
    )
    .unwrap();
    assert_eq!(results("delta").await, vec![950050]);
    assert_eq!(
        results("nile farms").await,
        vec![950050],
        "still in its own name"
    );
    db.execute(
        "UPDATE products SET name_en = 'Clover Honey' WHERE id = 950050",
        [],
    )
    .unwrap();
    assert_eq!(results("nile").await, Vec::<i64>::new());
}

#[tokio::test]
async fn typos_and_proclitics_are_tried_only_when_nothing_matches() {
    let server = server().await;
    let results = |text: &'static str| {
        let server = &server;
        async move {
            let path = format!(
                "/api/products?service_id={SERVICE}&page=1&limit=50&search={}",
                encode(text)
            );
            let body = get_in_district(server, &path, None).await;
            assert_eq!(
                body["meta"]["total"],
                body["data"].as_array().unwrap().len()
            );
            (ids(&body["data"]), body["meta"]["approximate"].clone())
        }
    };
    // One letter too many, missing or swapped, in a word of five letters or more.
    let (found, approximate) = results("orrange").await;
    assert_eq!(found[0], 950001);
    assert_eq!(approximate, true);
    let (found, approximate) = results("ornage juice").await;
    assert_eq!(found, vec![950003]);
    assert_eq!(approximate, true);
    assert_eq!(results("برتقل").await.0[0], 950001);
    // What matches as typed is never corrected.
    assert_eq!(results("orange").await.1, false);
    assert_eq!(results("apple").await.0, vec![950006]);
    // Shorter words are not corrected ('dtaes' has five letters, 'dtae' four).
    assert_eq!(results("dtaes").await.0, vec![950010, 950014]);
    assert_eq!(results("dtae").await, (vec![], json!(false)));
    // Nothing one letter away: an empty, exact answer.
    assert_eq!(results("zzzzzzz").await, (vec![], json!(false)));
    // Suggestions follow the typing and are never corrected.
    assert_eq!(suggestions(&server, "orrange").await, Vec::<i64>::new());
    // A bare proclitic (ب with, ك like, ل for, ف then) is dropped only when the word
    // as typed finds nothing: 'ببرتقال' finds 'برتقال', not approximate.
    let (found, approximate) = results("ببرتقال").await;
    assert_eq!(found[0], 950001);
    assert_eq!(approximate, false);
}

#[tokio::test]
async fn the_issues_examples_on_the_demo_catalogue() {
    let server = start().await;
    let db = server.db();
    let category_of = |id: i64| -> String {
        db.query_row(
            "SELECT c.name_en FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = ?1",
            [id],
            |r| r.get(0),
        )
        .unwrap()
    };
    let doc_of = |id: i64| -> i64 {
        db.query_row("SELECT search_doc FROM products WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .unwrap()
    };
    let results = |text: &'static str| {
        let server = &server;
        async move {
            let path = format!(
                "/api/products?service_id=1&page=1&limit=100&search={}",
                encode(text)
            );
            let body = get_in_district(server, &path, None).await;
            assert_eq!(body["meta"]["approximate"], false, "{text}");
            ids(&body["data"])
        }
    };
    let sorted = |mut ids: Vec<i64>| {
        ids.sort_unstable();
        ids
    };
    // The definite article: 'الحليب' finds the milk 'حليب' finds, milk first;
    // 'الجبنة' cheese.
    let milk = results("حليب").await;
    assert!(milk.len() >= 10, "{milk:?}");
    let with_article = results("الحليب").await;
    assert_eq!(category_of(with_article[0]), "Milk");
    assert_eq!(sorted(with_article), sorted(milk));
    let cheese = results("جبنة").await;
    assert!(!cheese.is_empty());
    let with_article = results("الجبنة").await;
    assert_eq!(category_of(with_article[0]), "Cheese");
    assert_eq!(sorted(with_article), sorted(cheese));
    // 'البرتقال' and 'بالبرتقال' find the oranges 'برتقال' finds.
    let oranges = sorted(results("برتقال").await);
    assert!(oranges.iter().any(|id| category_of(*id) == "Fruits"));
    assert_eq!(sorted(results("البرتقال").await), oranges);
    assert_eq!(sorted(results("بالبرتقال").await), oranges);
    // 'milk' ranks milk above chocolate.
    let milk = results("milk").await;
    let last_milk = milk
        .iter()
        .rposition(|id| category_of(*id) == "Milk")
        .unwrap();
    let first_chocolate = milk
        .iter()
        .position(|id| category_of(*id) == "Chocolate")
        .unwrap();
    assert!(last_milk < first_chocolate, "{milk:?}");
    // 'oranges' and 'orange' find the same products.
    let plural = sorted(results("oranges").await);
    assert!(!plural.is_empty());
    assert_eq!(sorted(results("orange").await), plural);
    // 'فول' puts foul medames first, not roasted peanuts ('فول سوداني').
    let foul = results("فول").await;
    assert!(
        db.query_row(
            "SELECT name_en FROM products WHERE id = ?1",
            [foul[0]],
            |r| r.get::<_, String>(0)
        )
        .unwrap()
        .contains("Foul Medames"),
        "{foul:?}"
    );
    // Every item once, in the results and in the suggestions, though the demo
    // catalogue sells some milk in several shops.
    let docs: Vec<i64> = milk.iter().map(|id| doc_of(*id)).collect();
    assert_eq!(
        sorted(docs.clone())
            .windows(2)
            .filter(|w| w[0] == w[1])
            .count(),
        0
    );
    let shared: i64 = db
        .query_row(
            "SELECT count(*) FROM (SELECT search_doc FROM products p JOIN categories c ON c.id = p.category_id
             WHERE c.name_en = 'Milk' GROUP BY search_doc HAVING count(*) > 1)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(shared > 0, "the demo catalogue has milk in several shops");
    let body = get_in_district(&server, "/api/products?service_id=1&text=milk", None).await;
    let suggested: Vec<i64> = ids(&body["data"]).into_iter().map(doc_of).collect();
    assert_eq!(suggested.len(), 10);
    assert_eq!(
        sorted(suggested)
            .windows(2)
            .filter(|w| w[0] == w[1])
            .count(),
        0
    );
}
