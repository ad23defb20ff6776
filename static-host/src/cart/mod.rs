//! The cart calls as spec 7 names them: `POST /order/add-to-cart`,
//! `POST /order/update-cart`, `GET /get_card?service_id=…` and
//! `DELETE /orders/item/{id}` (the coupon call is in [`crate::orders::coupons`]).
//!
//! A customer has one cart per service, holding one shop's items at a time: adding a
//! product of another shop answers 400 with the different-shop message (the client
//! keeps a 400 on add as the "old cart" prompt), unless `empty_cart` asks to empty
//! the cart first. Quantities follow the core's stepper rules
//! ([`storefront_core::cart::set_quantity`]): at least the product's minimum, at
//! most its maximum, at most its stock — refused with 422 on `qty` and the spec's
//! 'Min Quantity Reached', 'Max Quantity Reached', 'There is not enough stock
//! available.' or 'This item is unavailable' (no stock, or the shop is closed).
//! Products that can be pre-ordered are not limited by stock. A product whose shop
//! does not deliver to the request's district (`district-id`, or the district of the
//! customer's `address-id`; see [`crate::location::delivery`]) is refused with 422 on
//! `product_id` and 'We Don't Deliver To Your Location'. Adding a product the
//! cart holds replaces its quantity. Stock is not reserved by the cart: checkout
//! takes it (see [`crate::orders::checkout`]).
//!
//! The cart JSON is the core's [`storefront_core::cart::Cart`] (the client parses it
//! with the core): spec 3's fields plus `branch_id`, `pricing` and `coupon_rule` so
//! the client can recompute totals, per item a `product` summary with the
//! stepper's limits, and `delivers`: whether the cart's shop delivers to the request's
//! district, so a shopper who changed district learns at once that the cart cannot be
//! delivered there. Prices are today's: the cart stores no prices.

use axum::Json;
use axum::extract::State;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use storefront_core::cart::{CartTotals, QuantityCheck, QuantityLimits, set_quantity};
use storefront_core::locale::Language;
use storefront_core::messages::MessageId;
use utoipa::{IntoParams, ToSchema};

use crate::catalogue::{check_service, required_service};
use crate::clock::now_ms;
use crate::http::envelope::Data;
use crate::http::error::{ApiError, BadRequestBody, ErrorBody, ValidationErrorBody};
use crate::http::error::{invalid, not_found};
use crate::http::extract::{Area, CurrentUser, Id, JsonBody, Lang, Query};
use crate::http::state::AppState;
use crate::i18n::Msg;
use crate::i18n::columns::pick;
use crate::i18n::orders::{OrderMsg, core_message, core_text};
use crate::location::delivery;
use crate::money::{CURRENCY, amount};
use crate::orders::pricing::{self, BranchTerms, CouponRow, qty};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(add_to_cart))
        .routes(routes!(update_cart))
        .routes(routes!(get_cart))
        .routes(routes!(delete_item))
}

/// One line of a cart with what the cart view and checkout need of its product.
#[derive(Debug, Clone)]
pub struct Line {
    pub item_id: i64,
    pub key: String,
    pub product_id: i64,
    pub qty: i64,
    pub price_minor: i64,
    pub name_en: String,
    pub name_ar: String,
    pub image: String,
    pub min_qty: i64,
    pub max_qty: i64,
    pub stock: i64,
    pub preorder: bool,
    pub branch_id: i64,
    pub favorite: bool,
}

impl Line {
    /// The stepper limits: pre-orderable products are not limited by stock.
    pub fn limits(&self) -> QuantityLimits {
        product_limits(self.min_qty, self.max_qty, self.stock, self.preorder)
    }
}

/// The stepper limits of a product.
pub fn product_limits(min_qty: i64, max_qty: i64, stock: i64, preorder: bool) -> QuantityLimits {
    QuantityLimits {
        min: qty(min_qty),
        max: Some(qty(max_qty)),
        stock: (!preorder).then(|| qty(stock)),
    }
}

/// A shop with its ordering terms.
#[derive(Debug, Clone)]
pub struct Branch {
    pub id: i64,
    pub district_id: i64,
    pub name_en: String,
    pub name_ar: String,
    pub closed: bool,
    pub minimum_minor: i64,
    pub delivery_minutes: i64,
    pub terms: BranchTerms,
}

pub fn load_branch(conn: &Connection, id: i64) -> rusqlite::Result<Option<Branch>> {
    conn.query_row(
        "SELECT id, district_id, name_en, name_ar, closed, minimum_minor, delivery_minutes,
                tax_rate_bp, delivery_fee_minor, free_delivery, free_delivery_over_minor
         FROM branches WHERE id = ?1",
        [id],
        |r| {
            Ok(Branch {
                id: r.get(0)?,
                district_id: r.get(1)?,
                name_en: r.get(2)?,
                name_ar: r.get(3)?,
                closed: r.get(4)?,
                minimum_minor: r.get(5)?,
                delivery_minutes: r.get(6)?,
                terms: BranchTerms {
                    tax_rate_bp: r.get(7)?,
                    delivery_fee_minor: r.get(8)?,
                    free_delivery: r.get(9)?,
                    free_delivery_over_minor: r.get(10)?,
                },
            })
        },
    )
    .optional()
}

/// A customer's cart of a service as stored now.
#[derive(Debug, Clone)]
pub struct CartSnapshot {
    pub cart_id: Option<i64>,
    pub service_id: i64,
    pub branch: Option<Branch>,
    /// The applied coupon while it is usable; an applied coupon that has since
    /// expired or been switched off counts as none.
    pub coupon: Option<CouponRow>,
    pub lines: Vec<Line>,
}

/// Loads the cart of `user_id` for `service_id` (empty when there is none).
pub fn load_cart(
    conn: &Connection,
    user_id: i64,
    service_id: i64,
    now_ms: i64,
) -> rusqlite::Result<CartSnapshot> {
    let cart: Option<(i64, Option<i64>)> = conn
        .query_row(
            "SELECT id, coupon_id FROM carts WHERE user_id = ?1 AND service_id = ?2",
            params![user_id, service_id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let Some((cart_id, coupon_id)) = cart else {
        return Ok(CartSnapshot {
            cart_id: None,
            service_id,
            branch: None,
            coupon: None,
            lines: Vec::new(),
        });
    };
    let mut stmt = conn.prepare(
        "SELECT ci.id, ci.key, ci.product_id, ci.qty, p.price_minor, p.name_en, p.name_ar, p.image,
                p.min_qty, p.max_qty, p.stock, p.preorder, p.branch_id,
                EXISTS(SELECT 1 FROM favorites f WHERE f.user_id = ?2 AND f.kind = 'product' AND f.item_id = p.id)
         FROM cart_items ci JOIN products p ON p.id = ci.product_id
         WHERE ci.cart_id = ?1 ORDER BY ci.id",
    )?;
    let lines = stmt
        .query_map(params![cart_id, user_id], |r| {
            Ok(Line {
                item_id: r.get(0)?,
                key: r.get(1)?,
                product_id: r.get(2)?,
                qty: r.get(3)?,
                price_minor: r.get(4)?,
                name_en: r.get(5)?,
                name_ar: r.get(6)?,
                image: r.get(7)?,
                min_qty: r.get(8)?,
                max_qty: r.get(9)?,
                stock: r.get(10)?,
                preorder: r.get(11)?,
                branch_id: r.get(12)?,
                favorite: r.get(13)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let branch = match lines.first() {
        Some(line) => load_branch(conn, line.branch_id)?,
        None => None,
    };
    let coupon = match coupon_id {
        Some(id) => CouponRow::by_id(conn, id)?.filter(|c| c.usable(now_ms).is_ok()),
        None => None,
    };
    Ok(CartSnapshot {
        cart_id: Some(cart_id),
        service_id,
        branch,
        coupon,
        lines,
    })
}

impl CartSnapshot {
    /// The totals by the core's rules (all zero for an empty cart).
    pub fn totals(&self) -> CartTotals {
        let lines: Vec<(i64, i64)> = self.lines.iter().map(|l| (l.price_minor, l.qty)).collect();
        match &self.branch {
            Some(branch) => pricing::totals(&lines, &branch.terms, self.coupon.as_ref()),
            None => CartTotals::default(),
        }
    }

    pub fn line(&self, product_id: i64) -> Option<&Line> {
        self.lines.iter().find(|l| l.product_id == product_id)
    }

    pub fn item_body(&self, line: &Line, message: Option<String>, lang: Language) -> CartItemBody {
        let totals = self.totals();
        CartItemBody {
            id: line.item_id,
            key: line.key.clone(),
            product_id: line.product_id,
            qty: qty(line.qty),
            price: amount(line.price_minor),
            total: amount(line.price_minor.saturating_mul(line.qty)),
            favorite: line.favorite,
            order: OrderTotalsBody::from(&totals),
            message,
            product: CartProductBody {
                name: pick(lang, line.name_en.clone(), line.name_ar.clone()),
                image: Some(line.image.clone()),
                min_qty: qty(line.min_qty),
                max_qty: Some(qty(line.max_qty)),
                stock: (!line.preorder).then(|| qty(line.stock)),
                preorder: line.preorder,
                branch_id: Some(line.branch_id),
            },
        }
    }

    /// Whether the cart's shop delivers to `district`: None for an empty cart or when
    /// no district is known.
    pub fn delivers_to(
        &self,
        conn: &Connection,
        district: Option<i64>,
    ) -> rusqlite::Result<Option<bool>> {
        match (&self.branch, self.lines.is_empty()) {
            (Some(branch), false) => delivery::delivers_to(conn, branch.id, district),
            _ => Ok(None),
        }
    }

    /// The cart as the API answers it; `delivers` is [`Self::delivers_to`]'s answer
    /// for the request's district.
    pub fn body(&self, lang: Language, delivers: Option<bool>) -> CartBody {
        let totals = self.totals();
        let rule = self.coupon.as_ref().and_then(CouponRow::rule);
        CartBody {
            items: self
                .lines
                .iter()
                .map(|l| self.item_body(l, None, lang))
                .collect(),
            items_quantity: self
                .lines
                .iter()
                .fold(0u32, |sum, l| sum.saturating_add(qty(l.qty))),
            price: amount(totals.price.minor()),
            total: amount(totals.total.minor()),
            cart_total: amount(totals.cart_total.minor()),
            tax: amount(totals.tax.minor()),
            coupon_id: self.coupon.as_ref().map(|c| c.id),
            coupon_code: self.coupon.as_ref().map(|c| c.code.clone()),
            coupon_discount: amount(totals.coupon_discount.minor()),
            delivery_price: amount(totals.delivery_price.minor()),
            branch_id: self.branch.as_ref().map(|b| b.id),
            branch_name: self
                .branch
                .as_ref()
                .map(|b| pick(lang, b.name_en.clone(), b.name_ar.clone())),
            pricing: PricingBody::from(self.branch.as_ref().map(|b| b.terms).unwrap_or(
                BranchTerms {
                    tax_rate_bp: 0,
                    delivery_fee_minor: 0,
                    free_delivery: false,
                    free_delivery_over_minor: None,
                },
            )),
            coupon_rule: rule.map(CouponRuleBody::from),
            service_id: self.service_id,
            currency: CURRENCY.to_owned(),
            delivers,
        }
    }
}

/// The cart (spec 3), as the core's `Cart` reads it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CartBody {
    pub items: Vec<CartItemBody>,
    /// Sum of the items' quantities (the cart badge).
    pub items_quantity: u32,
    /// Subtotal: Σ unit price × qty.
    #[schema(example = "120.00")]
    pub price: String,
    /// price − coupon_discount + tax.
    pub total: String,
    /// total + delivery_price: what the customer pays.
    pub cart_total: String,
    pub tax: String,
    /// The applied coupon (none when no coupon, or the applied one expired or was
    /// switched off since).
    pub coupon_id: Option<i64>,
    pub coupon_code: Option<String>,
    pub coupon_discount: String,
    pub delivery_price: String,
    /// The shop every item comes from; null while the cart is empty.
    pub branch_id: Option<i64>,
    /// The shop's name in the request language.
    pub branch_name: Option<String>,
    /// The shop's tax and delivery terms.
    pub pricing: PricingBody,
    /// The applied coupon's rule.
    pub coupon_rule: Option<CouponRuleBody>,
    pub service_id: i64,
    /// Always EGP.
    pub currency: String,
    /// Whether the cart's shop delivers to the request's district (`district-id`, or
    /// the district of the customer's `address-id`): false after the shopper chose a
    /// district the shop does not serve, so the cart can say so before checkout. Null
    /// for an empty cart or when the request names no district.
    pub delivers: Option<bool>,
}

/// One line of the cart (spec 3).
#[derive(Debug, Serialize, ToSchema)]
pub struct CartItemBody {
    /// Used by `DELETE /orders/item/{id}`.
    pub id: i64,
    /// Opaque key, used by `POST /order/update-cart`.
    pub key: String,
    pub product_id: i64,
    pub qty: u32,
    /// Unit price.
    pub price: String,
    /// price × qty.
    pub total: String,
    /// The customer keeps the product as a favourite.
    pub favorite: bool,
    /// The cart's totals after this change.
    pub order: OrderTotalsBody,
    /// The message about this change (the add-to-cart toast); null in the cart view.
    pub message: Option<String>,
    pub product: CartProductBody,
}

/// `order{price, total, cart_total, tax}` on an item.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderTotalsBody {
    pub price: String,
    pub total: String,
    pub cart_total: String,
    pub tax: String,
}

impl From<&CartTotals> for OrderTotalsBody {
    fn from(t: &CartTotals) -> Self {
        OrderTotalsBody {
            price: amount(t.price.minor()),
            total: amount(t.total.minor()),
            cart_total: amount(t.cart_total.minor()),
            tax: amount(t.tax.minor()),
        }
    }
}

/// Every total of a cart.
#[derive(Debug, Serialize, ToSchema)]
pub struct TotalsBody {
    pub price: String,
    pub coupon_discount: String,
    pub tax: String,
    pub delivery_price: String,
    pub total: String,
    pub cart_total: String,
}

impl From<&CartTotals> for TotalsBody {
    fn from(t: &CartTotals) -> Self {
        TotalsBody {
            price: amount(t.price.minor()),
            coupon_discount: amount(t.coupon_discount.minor()),
            tax: amount(t.tax.minor()),
            delivery_price: amount(t.delivery_price.minor()),
            total: amount(t.total.minor()),
            cart_total: amount(t.cart_total.minor()),
        }
    }
}

/// What the quantity stepper needs to know of an item's product.
#[derive(Debug, Serialize, ToSchema)]
pub struct CartProductBody {
    /// In the request language.
    pub name: String,
    pub image: Option<String>,
    pub min_qty: u32,
    pub max_qty: Option<u32>,
    /// Units in stock; null when stock does not limit the product (pre-orders).
    pub stock: Option<u32>,
    pub preorder: bool,
    pub branch_id: Option<i64>,
}

/// A shop's terms for the totals.
#[derive(Debug, Serialize, ToSchema)]
pub struct PricingBody {
    /// Basis points: 1400 is 14%.
    pub tax_rate_bp: u32,
    pub delivery_fee: String,
    /// Delivery is free from this subtotal.
    pub free_delivery_over: Option<String>,
    pub free_delivery: bool,
}

impl From<BranchTerms> for PricingBody {
    fn from(terms: BranchTerms) -> Self {
        let pricing = terms.pricing();
        PricingBody {
            tax_rate_bp: pricing.tax_rate_bp,
            delivery_fee: amount(pricing.delivery_fee.minor()),
            free_delivery_over: pricing.free_delivery_over.map(|m| amount(m.minor())),
            free_delivery: pricing.free_delivery,
        }
    }
}

/// How an applied coupon discounts the subtotal (the core's `CouponRule`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CouponRuleBody {
    /// A share of the subtotal in basis points, optionally capped.
    Percent {
        rate_bp: u32,
        cap: Option<String>,
        minimum: Option<String>,
    },
    /// A fixed amount off.
    Fixed {
        amount: String,
        minimum: Option<String>,
    },
}

impl From<storefront_core::cart::CouponRule> for CouponRuleBody {
    fn from(rule: storefront_core::cart::CouponRule) -> Self {
        use storefront_core::cart::CouponRule;
        let text = |m: storefront_core::money::Money| amount(m.minor());
        match rule {
            CouponRule::Percent {
                rate_bp,
                cap,
                minimum,
            } => CouponRuleBody::Percent {
                rate_bp,
                cap: cap.map(text),
                minimum: minimum.map(text),
            },
            CouponRule::Fixed { amount, minimum } => CouponRuleBody::Fixed {
                amount: text(amount),
                minimum: minimum.map(text),
            },
        }
    }
}

/// A refused quantity as a 422 on `field`.
pub fn quantity_error(check: QuantityCheck, field: &str, lang: Language) -> Result<u32, ApiError> {
    match check {
        QuantityCheck::Accepted { qty } => Ok(qty),
        QuantityCheck::Refused { message } => {
            Err(ApiError::validation(field, core_message(message, lang)))
        }
    }
}

/// The customer's cart of a service, created when missing.
fn ensure_cart(
    conn: &Connection,
    user_id: i64,
    service_id: i64,
    now_ms: i64,
) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO carts (user_id, service_id, updated_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (user_id, service_id) DO NOTHING",
        params![user_id, service_id, now_ms],
    )?;
    conn.query_row(
        "SELECT id FROM carts WHERE user_id = ?1 AND service_id = ?2",
        params![user_id, service_id],
        |r| r.get(0),
    )
}

/// Keeps `carts.branch_id` equal to the shop of the cart's items (null when empty).
fn touch_cart(conn: &Connection, cart_id: i64, now_ms: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE carts SET updated_at = ?2,
             branch_id = (SELECT p.branch_id FROM cart_items ci JOIN products p ON p.id = ci.product_id
                          WHERE ci.cart_id = ?1 ORDER BY ci.id LIMIT 1)
         WHERE id = ?1",
        params![cart_id, now_ms],
    )?;
    Ok(())
}

fn new_key() -> String {
    let mut bytes = [0u8; 8];
    rand::fill(&mut bytes);
    hex::encode(bytes)
}

/// Body of `POST /order/add-to-cart`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AddToCartRequest {
    /// A product of the catalogue (e.g. 775 in the demo data: in stock, 1 to 9 a line).
    #[schema(minimum = 1, example = 775)]
    pub product_id: i64,
    /// The quantity to hold (replaces the line's quantity when the product is in the
    /// cart already); the product's minimum when left out.
    #[serde(default)]
    pub qty: Option<u32>,
    /// When sent, must be the product's service.
    #[serde(default)]
    pub service_id: Option<i64>,
    /// Empty a cart holding another shop's items first (the customer agreed to the
    /// different-shop prompt).
    #[serde(default)]
    pub empty_cart: bool,
}

/// What add-to-cart needs of a product.
struct ProductRow {
    service_id: i64,
    branch_id: i64,
    closed: bool,
    limits: QuantityLimits,
}

fn load_product(conn: &Connection, id: i64) -> rusqlite::Result<Option<ProductRow>> {
    conn.query_row(
        "SELECT p.service_id, p.branch_id, b.closed, p.min_qty, p.max_qty, p.stock, p.preorder
         FROM products p JOIN branches b ON b.id = p.branch_id WHERE p.id = ?1",
        [id],
        |r| {
            Ok(ProductRow {
                service_id: r.get(0)?,
                branch_id: r.get(1)?,
                closed: r.get(2)?,
                limits: product_limits(r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?),
            })
        },
    )
    .optional()
}

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

/// Body of `POST /order/update-cart`: the line by `key`, or by `product_id` when no
/// key is sent.
#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdateCartRequest {
    #[serde(default)]
    pub key: Option<String>,
    #[serde(default)]
    #[schema(example = 775)]
    pub product_id: Option<i64>,
    /// The new quantity (removing a line is `DELETE /orders/item/{id}`), within the
    /// product's limits.
    #[schema(example = 1)]
    pub qty: u32,
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

/// Query of `GET /get_card`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CartQuery {
    /// The service whose cart to load (required).
    #[param(required = true, minimum = 1, example = 1)]
    pub service_id: Option<i64>,
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

/// The answer of `DELETE /orders/item/{id}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedItemBody {
    /// The removed item.
    pub id: i64,
    /// The cart's totals after the removal.
    pub order: OrderTotalsBody,
    /// The whole cart after the removal.
    pub cart: CartBody,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn line(product_id: i64, qty: i64, price_minor: i64) -> Line {
        Line {
            item_id: product_id * 10,
            key: format!("k{product_id}"),
            product_id,
            qty,
            price_minor,
            name_en: "Tea".into(),
            name_ar: "شاي".into(),
            image: "/api/media/products/1.svg".into(),
            min_qty: 1,
            max_qty: 10,
            stock: 4,
            preorder: false,
            branch_id: 3,
            favorite: true,
        }
    }

    #[test]
    fn the_cart_body_is_the_core_cart() {
        let mut preorder = line(2, 1, 999);
        preorder.preorder = true;
        preorder.stock = 0;
        let snapshot = CartSnapshot {
            cart_id: Some(1),
            service_id: 1,
            branch: Some(Branch {
                id: 3,
                district_id: 1,
                name_en: "Shop".into(),
                name_ar: "متجر".into(),
                closed: false,
                minimum_minor: 0,
                delivery_minutes: 30,
                terms: BranchTerms {
                    tax_rate_bp: 1400,
                    delivery_fee_minor: 1000,
                    free_delivery: false,
                    free_delivery_over_minor: Some(100_000),
                },
            }),
            coupon: Some(CouponRow {
                id: 9,
                code: "BIG50".into(),
                kind: "percent".into(),
                value: 5000,
                max_discount_minor: Some(1000),
                min_subtotal_minor: None,
                expires_at: None,
                active: true,
            }),
            lines: vec![line(1, 2, 1250), preorder],
        };
        let json = serde_json::to_value(snapshot.body(Language::En, None)).unwrap();
        let cart: storefront_core::cart::Cart = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(cart.items_quantity, 3);
        assert_eq!(cart.quantity_sum(), 3);
        // The client recomputes exactly what the server sent.
        assert_eq!(cart.computed_totals(), cart.totals());
        assert_eq!(cart.totals(), snapshot.totals());
        assert_eq!(json["price"], "34.99");
        assert_eq!(json["coupon_discount"], "10.00");
        assert_eq!(json["items"][0]["favorite"], true);
        assert_eq!(json["items"][0]["order"]["cart_total"], json["cart_total"]);
        assert_eq!(cart.items[1].product.as_ref().unwrap().stock, None);
        assert_eq!(cart.items[0].product.as_ref().unwrap().stock, Some(4));
        assert_eq!(cart.shop(), Some(3));
        let item = serde_json::to_value(snapshot.item_body(
            &snapshot.lines[0],
            Some("Added to cart".into()),
            Language::Ar,
        ))
        .unwrap();
        let item: storefront_core::cart::CartItem = serde_json::from_value(item).unwrap();
        assert_eq!(item.message.as_deref(), Some("Added to cart"));
        assert_eq!(item.product.unwrap().name, "شاي");
    }

    #[test]
    fn an_empty_cart_has_zero_totals() {
        let snapshot = CartSnapshot {
            cart_id: None,
            service_id: 2,
            branch: None,
            coupon: None,
            lines: Vec::new(),
        };
        let json = serde_json::to_value(snapshot.body(Language::En, None)).unwrap();
        let cart: storefront_core::cart::Cart = serde_json::from_value(json.clone()).unwrap();
        assert!(cart.items.is_empty());
        assert_eq!(json["cart_total"], "0.00");
        assert_eq!(json["branch_id"], serde_json::Value::Null);
    }

    #[test]
    fn preorders_are_not_limited_by_stock() {
        let limits = product_limits(1, 5, 0, true);
        assert_eq!(set_quantity(5, &limits), QuantityCheck::Accepted { qty: 5 });
        let limits = product_limits(1, 5, 0, false);
        assert!(matches!(
            set_quantity(1, &limits),
            QuantityCheck::Refused { .. }
        ));
    }
}
