//! Map search and delivery-area checks against the real server, on fixture places
//! and districts (ids from 900000, far from the seeded city so they never overlap).

mod common;

use common::{Server, start};
use serde_json::{Value, json};

fn fixture(server: &Server) {
    let db = server.db();
    db.execute_batch(
        "INSERT INTO districts (id, name_en, name_ar, polygon) VALUES
            (900000, 'Fixture Bay', 'خليج التجربة', '[[-140,-40],[-139,-40],[-139,-39],[-140,-39],[-140,-40]]'),
            -- An L shape: the notch (-129.5..-129, -29.5..-29) is outside.
            (900001, 'Fixture Ell', 'حي الزاوية', '[[-130,-30],[-129,-30],[-129,-29.5],[-129.5,-29.5],[-129.5,-29],[-130,-29]]'),
            -- Unreadable: skipped, never an error.
            (900002, 'Broken', 'معطوب', 'not a polygon');
         INSERT INTO places (id, name_en, name_ar, address_en, address_ar, latitude, longitude) VALUES
            (900000, 'Zorblax Tower', 'برج زوربلاكس', '1 Quay Road, Fixture Bay', '١ طريق الرصيف، خليج التجربة', -39.5, -139.5),
            (900001, 'Harbour Market', 'سوق الميناء', 'Zorblax Street 5', 'شارع زوربلاكس ٥', -39.4, -139.4);",
    )
    .unwrap();
    for n in 1..=12 {
        db.execute(
            "INSERT INTO places (id, name_en, name_ar, address_en, address_ar, latitude, longitude)
             VALUES (?1, ?2, ?3, 'Somewhere', 'مكان ما', -39.0, -139.0)",
            rusqlite::params![
                900_100 + n,
                format!("Quuxville {n:02}"),
                format!("كوكسفيل {n:02}")
            ],
        )
        .unwrap();
    }
}

async fn get(server: &Server, path: &str, lang: &str) -> (u16, Value) {
    server.get_json_in(path, lang).await
}

async fn support(server: &Server, lat: f64, lng: f64, lang: &str) -> Value {
    let (status, body) = get(
        server,
        &format!("/api/map/is-supported-location?latitude={lat}&longitude={lng}"),
        lang,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body
}

#[tokio::test]
async fn map_search_finds_places_by_name_or_address_in_either_language() {
    let server = start().await;
    fixture(&server);
    let (status, body) = get(&server, "/api/map/search?search=zorblax", "en").await;
    assert_eq!(status, 200);
    assert_eq!(
        body["data"],
        json!([
            {"name": "Zorblax Tower", "address": "1 Quay Road, Fixture Bay", "location": {"latitude": -39.5, "longitude": -139.5}},
            {"name": "Harbour Market", "address": "Zorblax Street 5", "location": {"latitude": -39.4, "longitude": -139.4}}
        ]),
        "name matches first, then address matches"
    );
    let (_, body) = get(&server, "/api/map/search?search=زوربلاكس", "ar").await;
    assert_eq!(body["data"][0]["name"], "برج زوربلاكس");
    assert_eq!(body["data"][0]["address"], "١ طريق الرصيف، خليج التجربة");
    assert_eq!(body["data"].as_array().unwrap().len(), 2);
    let (_, body) = get(&server, "/api/map/search?search=QUUXVILLE", "en").await;
    let names: Vec<&str> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        (1..=10)
            .map(|n| format!("Quuxville {n:02}"))
            .collect::<Vec<_>>(),
        "at most 10"
    );
    let (_, body) = get(
        &server,
        "/api/map/search?search=no-such-place-anywhere",
        "en",
    )
    .await;
    assert_eq!(body["data"], json!([]));

    for path in [
        "/api/map/search?search=",
        "/api/map/search?search=%20%20",
        "/api/map/search",
    ] {
        let (status, body) = get(&server, path, "en").await;
        assert_eq!(status, 422, "{path}");
        assert_eq!(body["errors"]["search"][0], "please add search text");
    }
    let (status, body) = get(
        &server,
        &format!("/api/map/search?search={}", "q".repeat(500)),
        "en",
    )
    .await;
    assert_eq!(status, 422);
    assert!(body["errors"]["search"][0].is_string());
}

#[tokio::test]
async fn points_inside_a_district_are_supported() {
    let server = start().await;
    fixture(&server);
    let body = support(&server, -39.5, -139.5, "en").await;
    assert_eq!(
        body,
        json!({"data": {"supported": true, "district_id": 900000, "district": {"id": 900000, "name": "Fixture Bay"}},
               "message": "We deliver to this area."})
    );
    let body = support(&server, -39.5, -139.5, "ar").await;
    assert_eq!(body["data"]["district"]["name"], "خليج التجربة");
    assert_eq!(body["message"], "نقوم بالتوصيل إلى هذه المنطقة.");
    // Edges and vertices belong to the district.
    for (lat, lng) in [(-40.0, -139.5), (-39.0, -140.0), (-39.25, -139.0)] {
        assert_eq!(
            support(&server, lat, lng, "en").await["data"]["district_id"],
            900000,
            "{lat},{lng}"
        );
    }
    // The concave district: its arm is in, its notch is out.
    assert_eq!(
        support(&server, -29.2, -129.8, "en").await["data"]["district_id"],
        900001
    );
    assert_eq!(
        support(&server, -29.8, -129.2, "en").await["data"]["district_id"],
        900001
    );
    assert_eq!(
        support(&server, -29.2, -129.2, "en").await["data"]["supported"],
        false
    );
}

#[tokio::test]
async fn points_outside_every_district_are_not_served() {
    let server = start().await;
    fixture(&server);
    for (lat, lng) in [
        (-39.5, -141.0),
        (-41.0, -139.5),
        (-38.9, -139.5),
        (89.0, 179.0),
    ] {
        let body = support(&server, lat, lng, "en").await;
        assert_eq!(
            body,
            json!({"data": {"supported": false, "district_id": null, "district": null},
                   "message": "Sorry, we don't deliver to your area now!"}),
            "{lat},{lng}"
        );
    }
    let body = support(&server, -41.0, -139.5, "ar").await;
    assert_eq!(body["message"], "عذرًا، لا نقوم بالتوصيل إلى منطقتك حاليًا!");
}

#[tokio::test]
async fn bad_coordinates_are_refused_with_the_field_named() {
    let server = start().await;
    for (query, field) in [
        ("latitude=200&longitude=10", "latitude"),
        ("latitude=-90.5&longitude=10", "latitude"),
        ("latitude=10&longitude=-181", "longitude"),
        ("latitude=10&longitude=180.01", "longitude"),
        ("latitude=abc&longitude=10", "latitude"),
        ("latitude=10&longitude=", "longitude"),
        ("latitude=NaN&longitude=10", "latitude"),
        ("latitude=10&longitude=inf", "longitude"),
        ("longitude=10", "latitude"),
        ("latitude=10", "longitude"),
        ("", "latitude"),
    ] {
        let (status, body) = get(
            &server,
            &format!("/api/map/is-supported-location?{query}"),
            "en",
        )
        .await;
        assert_eq!(status, 422, "{query}: {body}");
        assert!(body["errors"][field][0].is_string(), "{query}: {body}");
    }
    let (_, body) = get(
        &server,
        "/api/map/is-supported-location?latitude=200&longitude=10",
        "ar",
    )
    .await;
    assert!(
        body["errors"]["latitude"][0]
            .as_str()
            .unwrap()
            .contains("خط العرض")
    );
    // The extremes themselves are valid coordinates.
    let (status, _) = get(
        &server,
        "/api/map/is-supported-location?latitude=-90&longitude=180",
        "en",
    )
    .await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn districts_are_served_as_geojson_for_the_map() {
    let server = start().await;
    fixture(&server);
    let response = server
        .client
        .get(server.url("/api/map/districts"))
        .header("Language", "ar")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(
        response.headers()["content-type"].to_str().unwrap(),
        "application/geo+json"
    );
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["type"], "FeatureCollection");
    let features = body["features"].as_array().unwrap();
    let ids: Vec<i64> = features.iter().map(|f| f["id"].as_i64().unwrap()).collect();
    // The seeded city's districts come first, then the fixtures; the unreadable one
    // is left out.
    assert!(ids.contains(&1), "{ids:?}");
    assert!(ids.contains(&900000) && ids.contains(&900001), "{ids:?}");
    assert!(!ids.contains(&900002), "{ids:?}");
    let bay = features.iter().find(|f| f["id"] == 900000).unwrap();
    assert_eq!(
        bay,
        &json!({
            "type": "Feature",
            "id": 900000,
            "properties": {"id": 900000, "name": "خليج التجربة"},
            "geometry": {"type": "Polygon", "coordinates": [[
                [-140.0, -40.0], [-139.0, -40.0], [-139.0, -39.0], [-140.0, -39.0], [-140.0, -40.0]
            ]]}
        })
    );
    // An open ring is closed as GeoJSON requires.
    let ell = features.iter().find(|f| f["id"] == 900001).unwrap();
    let ring = ell["geometry"]["coordinates"][0].as_array().unwrap();
    assert_eq!(ring.len(), 7);
    assert_eq!(ring.first(), ring.last());
    // Every ring is closed and lists [longitude, latitude] pairs.
    for feature in features {
        let ring = feature["geometry"]["coordinates"][0].as_array().unwrap();
        assert!(ring.len() >= 4, "{feature}");
        assert_eq!(ring.first(), ring.last(), "{feature}");
        assert!(ring.iter().all(|p| p.as_array().unwrap().len() == 2));
    }
    let (_, english) = get(&server, "/api/map/districts", "en").await;
    let bay = english["features"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["id"] == 900000)
        .unwrap()
        .clone();
    assert_eq!(bay["properties"]["name"], "Fixture Bay");
}

#[tokio::test]
async fn the_openapi_document_describes_the_map_calls() {
    let server = start().await;
    let doc = server.get_json("/api/openapi.json").await.1;
    for path in [
        "/map/search",
        "/map/is-supported-location",
        "/map/districts",
    ] {
        assert!(
            doc["paths"][path]["get"]["responses"]["200"].is_object(),
            "{path}"
        );
    }
    let params: Vec<&str> = doc["paths"]["/map/is-supported-location"]["get"]["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(
        params.contains(&"latitude") && params.contains(&"longitude"),
        "{params:?}"
    );
}

async fn reverse(server: &Server, lat: f64, lng: f64, lang: &str) -> Value {
    let (status, body) = get(
        server,
        &format!("/api/map/reverse?latitude={lat}&longitude={lng}"),
        lang,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

#[tokio::test]
async fn reverse_geocoding_a_point_in_zamalek_by_a_gazetteer_place_fills_every_field() {
    let server = start().await;
    // 30 m from Cairo Tower (the Opera House is 400 m away).
    let answer = reverse(&server, 30.0461, 31.2240, "en").await;
    assert_eq!(
        answer,
        json!({
            "street_address": "Cairo Tower, Hadayek El Zohreya Street",
            "city": "Cairo",
            "region": "Zamalek",
            "postal_code": "11211",
            "country": "Egypt",
            "district_id": 1
        })
    );
    // On a street of the gazetteer: the street alone.
    let answer = reverse(&server, 30.0611, 31.2201, "en").await;
    assert_eq!(answer["street_address"], "26th of July Street");
    // Dokki is in Giza.
    let answer = reverse(&server, 30.0389, 31.2066, "en").await;
    assert_eq!(
        (
            &answer["street_address"],
            &answer["city"],
            &answer["region"],
            &answer["postal_code"]
        ),
        (
            &json!("Tahrir Street"),
            &json!("Giza"),
            &json!("Dokki"),
            &json!("12311")
        )
    );
}

#[tokio::test]
async fn reverse_geocoding_answers_in_arabic() {
    let server = start().await;
    let answer = reverse(&server, 30.0461, 31.2240, "ar").await;
    assert_eq!(
        answer,
        json!({
            "street_address": "برج القاهرة، شارع حدائق الزهرية",
            "city": "القاهرة",
            "region": "الزمالك",
            "postal_code": "11211",
            "country": "مصر",
            "district_id": 1
        })
    );
}

#[tokio::test]
async fn reverse_geocoding_far_from_every_place_gives_the_district_but_no_street() {
    let server = start().await;
    // East Heliopolis, 1.8 km from the nearest place of the gazetteer.
    let answer = reverse(&server, 30.0950, 31.3500, "en").await;
    assert_eq!(
        answer,
        json!({
            "street_address": null,
            "city": "Cairo",
            "region": "Heliopolis",
            "postal_code": "11341",
            "country": "Egypt",
            "district_id": 5
        })
    );
}

#[tokio::test]
async fn reverse_geocoding_outside_every_district_guesses_nothing() {
    let server = start().await;
    // The Western Desert: nothing is known.
    let answer = reverse(&server, 29.9, 31.0, "en").await;
    assert_eq!(
        answer,
        json!({
            "street_address": null, "city": null, "region": null,
            "postal_code": null, "country": null, "district_id": null
        })
    );
    // By a place outside every district: its street and the country, no district.
    let answer = reverse(&server, 29.9793, 31.1343, "en").await;
    assert_eq!(
        answer,
        json!({
            "street_address": "Giza Pyramids, Al Haram", "city": null, "region": null,
            "postal_code": null, "country": "Egypt", "district_id": null
        })
    );
}

#[tokio::test]
async fn reverse_geocoding_leaves_out_what_a_hand_added_district_or_place_lacks() {
    let server = start().await;
    fixture(&server);
    // Fixture rows have no street, city or postal code: the place's name, and nulls.
    let answer = reverse(&server, -39.5, -139.5, "en").await;
    assert_eq!(answer["street_address"], "Zorblax Tower");
    assert_eq!(answer["region"], "Fixture Bay");
    assert_eq!(answer["district_id"], 900000);
    assert!(answer["city"].is_null() && answer["postal_code"].is_null());
}

#[tokio::test]
async fn reverse_geocoding_refuses_bad_coordinates() {
    let server = start().await;
    for (query, field) in [
        ("latitude=200&longitude=10", "latitude"),
        ("latitude=-90.5&longitude=10", "latitude"),
        ("latitude=10&longitude=-181", "longitude"),
        ("latitude=abc&longitude=10", "latitude"),
        ("latitude=NaN&longitude=10", "latitude"),
        ("latitude=10&longitude=inf", "longitude"),
        ("latitude=10", "longitude"),
        ("", "latitude"),
    ] {
        let (status, body) = get(&server, &format!("/api/map/reverse?{query}"), "en").await;
        assert_eq!(status, 422, "{query}: {body}");
        assert!(body["errors"][field][0].is_string(), "{query}: {body}");
    }
    let (_, body) = get(&server, "/api/map/reverse?latitude=10&longitude=999", "ar").await;
    assert!(
        body["errors"]["longitude"][0]
            .as_str()
            .unwrap()
            .contains("خط الطول"),
        "{body}"
    );
    let (status, _) = get(&server, "/api/map/reverse?latitude=-90&longitude=180", "en").await;
    assert_eq!(status, 200);
}
