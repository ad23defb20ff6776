//! OpenAPI `links`: which operation uses what another one's answer (or request)
//! holds, so a client (and schemathesis's stateful phase, `just fuzz-api`) can chain
//! calls with real ids instead of made-up ones: save an address, then read, change,
//! delete or order to it; fill the cart, then change the line, remove it or check out;
//! check out, then read, cancel or return the order; read a product's reviews, then
//! write, edit, delete, report or vote; save a card, then make it the default, delete
//! it or pay with it. One table, read top to bottom;
//! `tests/api_contract.rs` checks that every target exists and every expression
//! points at a field of the source's answer or request, so the table cannot rot.

use serde_json::{Map, Value, json};

/// One link of the table.
struct Link {
    /// The source: `METHOD /path STATUS`, the answer the values come from.
    from: &'static str,
    /// The link's name, unique among the source answer's links.
    name: &'static str,
    /// The target's `operationId`.
    to: &'static str,
    /// Target parameters (`path.id`, `query.service_id`, …) and their runtime expressions.
    parameters: &'static [(&'static str, &'static str)],
    /// Target body fields and their values: a runtime expression (`$…`) or a literal.
    body: &'static [(&'static str, &'static str)],
}

const fn link(
    from: &'static str,
    name: &'static str,
    to: &'static str,
    parameters: &'static [(&'static str, &'static str)],
    body: &'static [(&'static str, &'static str)],
) -> Link {
    Link {
        from,
        name,
        to,
        parameters,
        body,
    }
}

const NEW_ID: &str = "$response.body#/data/id";
const FIRST_ID: &str = "$response.body#/data/0/id";

#[rustfmt::skip]
const LINKS: &[Link] = &[
    // A saved address: read, change, delete, make default, deliver or pick up there.
    link("POST /addresses 201", "GetAddress", "get_address", &[("path.id", NEW_ID)], &[]),
    link("POST /addresses 201", "UpdateAddress", "update_address", &[("path.id", NEW_ID)], &[]),
    link("POST /addresses 201", "DeleteAddress", "delete_address", &[("path.id", NEW_ID)], &[]),
    link("POST /addresses 201", "MakeDefault", "set_default_address", &[("path.id", NEW_ID)], &[]),
    link("POST /addresses 201", "CheckOutToIt", "checkout", &[], &[("address_id", NEW_ID)]),
    link("POST /addresses 201", "PickUpReturnThere", "request_return", &[], &[("pickup_address_id", NEW_ID)]),
    link("GET /addresses 200", "GetAddress", "get_address", &[("path.id", FIRST_ID)], &[]),
    link("GET /addresses 200", "CheckOutToIt", "checkout", &[], &[("address_id", FIRST_ID)]),
    link("PUT /addresses/{id} 200", "GetAddress", "get_address", &[("path.id", NEW_ID)], &[]),
    // Products of the catalogue: into the cart, into the favourites.
    link("GET /products 200", "AddToCart", "add_to_cart", &[],
         &[("product_id", FIRST_ID), ("service_id", "$request.query.service_id")]),
    link("GET /products 200", "GetProduct", "get_product", &[("path.id", FIRST_ID)], &[]),
    link("GET /products 200", "ToggleFavorite", "toggle_favorite", &[],
         &[("type", "product"), ("id", FIRST_ID)]),
    link("GET /products/{id} 200", "AddToCart", "add_to_cart", &[], &[("product_id", NEW_ID)]),
    link("GET /products/{id} 200", "ToggleFavorite", "toggle_favorite", &[],
         &[("type", "product"), ("id", NEW_ID)]),
    // A cart line: change it, remove it, see the cart, order it.
    link("POST /order/add-to-cart 200", "UpdateLine", "update_cart", &[],
         &[("key", "$response.body#/data/key"), ("product_id", "$response.body#/data/product_id")]),
    link("POST /order/add-to-cart 200", "RemoveLine", "delete_item", &[("path.id", NEW_ID)], &[]),
    link("POST /order/add-to-cart 200", "GetCart", "get_cart",
         &[("query.service_id", "$request.body#/service_id")], &[]),
    link("POST /order/add-to-cart 200", "CheckOut", "checkout", &[],
         &[("service_id", "$request.body#/service_id")]),
    link("POST /order/update-cart 200", "RemoveLine", "delete_item", &[("path.id", NEW_ID)], &[]),
    // The cart as shown: change or remove its first line, order it.
    link("GET /get_card 200", "UpdateLine", "update_cart", &[],
         &[("key", "$response.body#/data/items/0/key"), ("product_id", "$response.body#/data/items/0/product_id")]),
    link("GET /get_card 200", "RemoveLine", "delete_item", &[("path.id", "$response.body#/data/items/0/id")], &[]),
    link("GET /get_card 200", "CheckOut", "checkout", &[], &[("service_id", "$response.body#/data/service_id")]),
    // A placed order: read it, cancel it, return it (only once delivered: mostly a 4xx).
    link("POST /order/checkout 201", "GetOrder", "get_order", &[("path.id", NEW_ID)], &[]),
    link("POST /order/checkout 201", "CancelOrder", "cancel_order", &[("path.id", NEW_ID)], &[]),
    link("POST /order/checkout 201", "ReturnOrder", "request_return", &[("path.id", NEW_ID)],
         &[("pickup_address_id", "$request.body#/address_id")]),
    link("POST /order/checkout 201", "GetCart", "get_cart",
         &[("query.service_id", "$request.body#/service_id")], &[]),
    link("GET /orders 200", "GetOrder", "get_order", &[("path.id", FIRST_ID)], &[]),
    link("POST /orders/{id}/cancel 200", "GetOrder", "get_order", &[("path.id", NEW_ID)], &[]),
    // Reviews: a product's list and the customer's review of it; another's review
    // reported or marked helpful; the customer's reviews edited or deleted.
    link("GET /products 200", "ListReviews", "list_product_reviews", &[("path.id", FIRST_ID)], &[]),
    link("GET /products/{id} 200", "ListReviews", "list_product_reviews", &[("path.id", NEW_ID)], &[]),
    link("GET /products/{id} 200", "WriteReview", "create_review", &[("path.id", NEW_ID)], &[]),
    link("POST /products/{id}/reviews 201", "UpdateReview", "update_review", &[("path.id", NEW_ID)], &[]),
    link("POST /products/{id}/reviews 201", "DeleteReview", "delete_review", &[("path.id", NEW_ID)], &[]),
    link("POST /products/{id}/reviews 201", "ListReviews", "list_product_reviews",
         &[("path.id", "$request.path.id")], &[]),
    link("GET /products/{id}/reviews 200", "ReportReview", "report_review", &[("path.id", FIRST_ID)], &[]),
    link("GET /products/{id}/reviews 200", "MarkHelpful", "mark_review_helpful", &[("path.id", FIRST_ID)], &[]),
    link("PUT /reviews/{id} 200", "DeleteReview", "delete_review", &[("path.id", NEW_ID)], &[]),
    link("GET /my-reviews 200", "UpdateReview", "update_review", &[("path.id", FIRST_ID)], &[]),
    link("GET /my-reviews 200", "DeleteReview", "delete_review", &[("path.id", FIRST_ID)], &[]),
    link("GET /my-reviews/waiting 200", "WriteReview", "create_review",
         &[("path.id", "$response.body#/data/0/product_id")], &[]),
    // Saved cards: make one the default, delete it, pay with it.
    link("POST /cards 201", "MakeDefault", "set_default_card", &[("path.id", NEW_ID)], &[]),
    link("POST /cards 201", "DeleteCard", "delete_card", &[("path.id", NEW_ID)], &[]),
    link("POST /cards 201", "PayWithIt", "checkout", &[], &[("saved_card_id", NEW_ID)]),
    link("GET /cards 200", "MakeDefault", "set_default_card", &[("path.id", FIRST_ID)], &[]),
    link("GET /cards 200", "PayWithIt", "checkout", &[], &[("saved_card_id", FIRST_ID)]),
    link("PUT /cards/{id}/default 200", "DeleteCard", "delete_card", &[("path.id", NEW_ID)], &[]),
    // Notifications: mark one read.
    link("GET /notifications 200", "ReadNotification", "read_notification", &[("path.id", FIRST_ID)], &[]),
    // Favourites: a toggled one shows in the list of its kind.
    link("POST /favorites/toggle 200", "ListFavorites", "list_favorites",
         &[("query.type", "$request.body#/type")], &[]),
    link("GET /favorites 200", "ToggleFavorite", "toggle_favorite", &[],
         &[("type", "$response.body#/data/0/type"), ("id", FIRST_ID)]),
];

/// Adds the table's links to the document (as JSON, before it is read back).
pub(super) fn add_links(document: &mut Value) {
    for link in LINKS {
        let mut source = link.from.split(' ');
        let (Some(method), Some(path), Some(status)) =
            (source.next(), source.next(), source.next())
        else {
            continue;
        };
        let Some(response) = document
            .pointer_mut(&format!(
                "/paths/{}/{}/responses/{status}",
                path.replace('~', "~0").replace('/', "~1"),
                method.to_ascii_lowercase()
            ))
            .and_then(Value::as_object_mut)
        else {
            continue;
        };
        // `parameters` is always written: utoipa's `Link` reads it as required.
        let parameters: Map<String, Value> = link
            .parameters
            .iter()
            .map(|(name, value)| ((*name).to_owned(), json!(value)))
            .collect();
        let mut definition = json!({"operationId": link.to, "parameters": parameters});
        if !link.body.is_empty() {
            let body: Map<String, Value> = link
                .body
                .iter()
                .map(|(name, value)| ((*name).to_owned(), json!(value)))
                .collect();
            definition["requestBody"] = Value::Object(body);
        }
        let links = response
            .entry("links")
            .or_insert_with(|| json!({}))
            .as_object_mut();
        if let Some(links) = links {
            links.insert(link.name.to_owned(), definition);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_link_of_the_table_is_in_the_document() {
        let doc = super::super::finish(crate::api::openapi());
        let value = serde_json::to_value(&doc).unwrap();
        let mut found = 0;
        for item in value["paths"].as_object().unwrap().values() {
            for operation in item.as_object().unwrap().values() {
                for response in operation["responses"].as_object().unwrap().values() {
                    found += response["links"].as_object().map_or(0, Map::len);
                }
            }
        }
        assert_eq!(found, LINKS.len());
    }
}
