//! The cart's handlers (spec 7): add, update, view and remove a line.

use axum::Json;
use axum::extract::State;
use rusqlite::{OptionalExtension, params};
use storefront_core::cart::set_quantity;
use storefront_core::messages::MessageId;

use super::body::{CartBody, CartItemBody, DeletedItemBody, OrderTotalsBody};
use super::query::{ensure_cart, load_cart, load_product, new_key, touch_cart};
use super::requests::{AddToCartRequest, CartQuery, UpdateCartRequest, quantity_error};
use crate::catalogue::{check_service, required_service};
use crate::clock::now_ms;
use crate::http::envelope::Data;
use crate::http::error::{
    ApiError, BadRequestBody, ErrorBody, ValidationErrorBody, invalid, not_found,
};
use crate::http::extract::{Area, CurrentUser, Id, JsonBody, Lang, Query};
use crate::http::state::AppState;
use crate::i18n::Msg;
use crate::i18n::orders::{OrderMsg, core_text};
use crate::location::delivery;

/// Puts a product in the cart of its service with a quantity, replacing the line's
/// quantity when the product is there already; answers the item with the cart's new
/// totals in `order` and 'Added to cart' in `message`. A product of another shop
/// than the cart's is a 400 with the different-shop message ('There are items from
/// different shop in your cart. Would you like to empty your cart to add this
/// item?') unless `empty_cart` is true. Quantity limits are a 422 on `qty`; a closed
/// shop's product is 'This item is unavailable' and a product whose shop does not
/// deliver to the request's district 'We Don't Deliver To Your Location' (both 422 on
/// `product_id`).
#[utoipa::path(post, path = "/order/add-to-cart", tag = "cart", request_body = AddToCartRequest,
    params(("Language" = Option<String>, Header, description = "en or ar"),
        ("district-id" = Option<i64>, Header, minimum = 1, example = 1, description = "A district id (a whole number from 1, else 422). The shopper's district: the product's shop must deliver there"),
        ("address-id" = Option<i64>, Header, minimum = 1, description = "An address id (a whole number from 1, else 422). The customer's address, whose district counts when no district-id is sent")),
    security(("bearer" = [])),
    responses((status = 200, body = Data<CartItemBody>),
        (status = 400, description = "The cart holds another shop's items", body = BadRequestBody),
        (status = 401, body = ErrorBody),
        (status = 422, description = "A quantity limit, an unavailable item, or a shop that does not deliver to the district",
            body = ValidationErrorBody)))]
pub async fn add_to_cart(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    area: Area,
    JsonBody(body): JsonBody<AddToCartRequest>,
) -> Result<Json<Data<CartItemBody>>, ApiError> {
    let now = now_ms();
    let user_id = user.id;
    let item = state
        .db
        .write(move |tx| {
            let product = load_product(tx, body.product_id)?
                .filter(|p| body.service_id.is_none_or(|s| s == p.service_id))
                .ok_or_else(|| invalid("product_id", lang))?;
            if product.closed {
                return Err(ApiError::validation(
                    "product_id",
                    core_text(MessageId::ItemUnavailable, lang),
                ));
            }
            let district = delivery::request_district(tx, area, Some(user_id))?;
            if delivery::delivers_to(tx, product.branch_id, district)? == Some(false) {
                return Err(ApiError::validation(
                    "product_id",
                    core_text(MessageId::NoDeliveryToLocation, lang),
                ));
            }
            let cart_id = ensure_cart(tx, user_id, product.service_id, now)?;
            let shop: Option<i64> = tx
                .query_row(
                    "SELECT p.branch_id FROM cart_items ci JOIN products p ON p.id = ci.product_id
                     WHERE ci.cart_id = ?1 AND p.branch_id <> ?2 LIMIT 1",
                    params![cart_id, product.branch_id],
                    |r| r.get(0),
                )
                .optional()?;
            if shop.is_some() {
                if !body.empty_cart {
                    return Err(ApiError::bad_request(core_text(
                        MessageId::DifferentShop,
                        lang,
                    )));
                }
                tx.execute("DELETE FROM cart_items WHERE cart_id = ?1", [cart_id])?;
            }
            let requested = body.qty.unwrap_or(product.limits.min.max(1));
            let qty = quantity_error(set_quantity(requested, &product.limits), "qty", lang)?;
            tx.execute(
                "INSERT INTO cart_items (cart_id, product_id, key, qty, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (cart_id, product_id) DO UPDATE SET qty = excluded.qty",
                params![cart_id, body.product_id, new_key(), qty, now],
            )?;
            touch_cart(tx, cart_id, now)?;
            let cart = load_cart(tx, user_id, product.service_id, now)?;
            let line = cart
                .line(body.product_id)
                .ok_or_else(|| ApiError::internal("the added line is missing"))?;
            Ok(cart.item_body(line, Some(OrderMsg::AddedToCart.text(lang)), lang))
        })
        .await?;
    let message = item.message.clone().unwrap_or_default();
    Ok(Json(Data::with_message(item, message)))
}

/// Sets the quantity of a cart line found by `key` (or `product_id`), within the
/// product's limits (422 on `qty` with the spec's messages). Answers the item with
/// the cart's new totals.
#[utoipa::path(post, path = "/order/update-cart", tag = "cart", request_body = UpdateCartRequest,
    params(("Language" = Option<String>, Header, description = "en or ar")),
    security(("bearer" = [])),
    responses((status = 200, body = Data<CartItemBody>), (status = 401, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn update_cart(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    JsonBody(body): JsonBody<UpdateCartRequest>,
) -> Result<Json<Data<CartItemBody>>, ApiError> {
    let key = body
        .key
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(str::to_owned);
    if key.is_none() && body.product_id.is_none() {
        return Err(ApiError::validation(
            "key",
            Msg::FieldRequired {
                field: "key".into(),
            }
            .text(lang),
        ));
    }
    let now = now_ms();
    let user_id = user.id;
    let item = state
        .db
        .write(move |tx| {
            let found: Option<(i64, i64, i64)> = match (&key, body.product_id) {
                (Some(key), _) => tx
                    .query_row(
                        "SELECT ci.cart_id, c.service_id, ci.product_id FROM cart_items ci
                         JOIN carts c ON c.id = ci.cart_id WHERE ci.key = ?1 AND c.user_id = ?2",
                        params![key, user_id],
                        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                    )
                    .optional()?,
                (None, Some(product_id)) => tx
                    .query_row(
                        "SELECT ci.cart_id, c.service_id, ci.product_id FROM cart_items ci
                         JOIN carts c ON c.id = ci.cart_id JOIN products p ON p.id = ci.product_id
                         WHERE ci.product_id = ?1 AND c.user_id = ?2 AND c.service_id = p.service_id",
                        params![product_id, user_id],
                        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                    )
                    .optional()?,
                (None, None) => None,
            };
            let field = if key.is_some() { "key" } else { "product_id" };
            let (cart_id, service_id, product_id) = found.ok_or_else(|| invalid(field, lang))?;
            let cart = load_cart(tx, user_id, service_id, now)?;
            let line = cart
                .line(product_id)
                .ok_or_else(|| invalid(field, lang))?;
            let qty = quantity_error(set_quantity(body.qty, &line.limits()), "qty", lang)?;
            tx.execute(
                "UPDATE cart_items SET qty = ?2 WHERE cart_id = ?1 AND product_id = ?3",
                params![cart_id, qty, product_id],
            )?;
            touch_cart(tx, cart_id, now)?;
            let cart = load_cart(tx, user_id, service_id, now)?;
            let line = cart
                .line(product_id)
                .ok_or_else(|| ApiError::internal("the updated line is missing"))?;
            Ok(cart.item_body(line, Some(OrderMsg::CartUpdated.text(lang)), lang))
        })
        .await?;
    let message = item.message.clone().unwrap_or_default();
    Ok(Json(Data::with_message(item, message)))
}

/// The customer's cart of a service with its totals (an empty cart when there is
/// none), and `delivers`: whether its shop delivers to the request's district (null
/// for an empty cart or without a district). A missing `service_id` is a 422 'Service
/// ID is required.', an unknown one a 404.
#[utoipa::path(get, path = "/get_card", tag = "cart",
    params(CartQuery, ("Language" = Option<String>, Header, description = "en or ar"),
        ("district-id" = Option<i64>, Header, minimum = 1, example = 1, description = "A district id (a whole number from 1, else 422). The shopper's district"),
        ("address-id" = Option<i64>, Header, minimum = 1, description = "An address id (a whole number from 1, else 422). The customer's address, whose district counts when no district-id is sent")),
    security(("bearer" = [])),
    responses((status = 200, body = Data<CartBody>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ValidationErrorBody)))]
pub async fn get_cart(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    area: Area,
    Query(query): Query<CartQuery>,
) -> Result<Json<Data<CartBody>>, ApiError> {
    let service_id = required_service(query.service_id, lang)?;
    let now = now_ms();
    let user_id = user.id;
    let cart = state
        .db
        .read(move |c| {
            check_service(c, service_id, lang)?;
            let cart = load_cart(c, user_id, service_id, now)?;
            let district = delivery::request_district(c, area, Some(user_id))?;
            Ok(cart.body(lang, cart.delivers_to(c, district)?))
        })
        .await?;
    Ok(Json(Data::new(cart)))
}

/// Removes a line from the customer's cart ('Item removed from cart'); another
/// customer's or an unknown item is a 404.
#[utoipa::path(delete, path = "/orders/item/{id}", tag = "cart",
    params(("id" = i64, Path, minimum = 1, description = "Cart item id"),
        ("Language" = Option<String>, Header, description = "en or ar"),
        ("district-id" = Option<i64>, Header, minimum = 1, example = 1, description = "A district id (a whole number from 1, else 422). The shopper's district (the cart's `delivers`)"),
        ("address-id" = Option<i64>, Header, minimum = 1, description = "An address id (a whole number from 1, else 422). The customer's address, whose district counts when no district-id is sent")),
    security(("bearer" = [])),
    responses((status = 200, body = Data<DeletedItemBody>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ValidationErrorBody)))]
pub async fn delete_item(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    area: Area,
    Id(id): Id,
) -> Result<Json<Data<DeletedItemBody>>, ApiError> {
    let now = now_ms();
    let user_id = user.id;
    let body = state
        .db
        .write(move |tx| {
            let found: Option<(i64, i64)> = tx
                .query_row(
                    "SELECT c.id, c.service_id FROM cart_items ci JOIN carts c ON c.id = ci.cart_id
                     WHERE ci.id = ?1 AND c.user_id = ?2",
                    params![id, user_id],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?;
            let (cart_id, service_id) = found.ok_or_else(|| not_found(lang))?;
            tx.execute("DELETE FROM cart_items WHERE id = ?1", [id])?;
            touch_cart(tx, cart_id, now)?;
            let cart = load_cart(tx, user_id, service_id, now)?;
            let district = delivery::request_district(tx, area, Some(user_id))?;
            Ok(DeletedItemBody {
                id,
                order: OrderTotalsBody::from(&cart.totals()),
                cart: cart.body(lang, cart.delivers_to(tx, district)?),
            })
        })
        .await?;
    Ok(Json(Data::with_message(
        body,
        OrderMsg::ItemRemoved.text(lang),
    )))
}
