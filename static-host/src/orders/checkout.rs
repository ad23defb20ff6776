//! `POST /order/checkout`: places an order from the customer's cart of a service.
//!
//! The request names the service, a delivery address of the customer, a payment
//! method (`card` with card details, or `cash` on delivery) and whether to use the
//! wallet. Checks, in order (each refusal changes nothing):
//! 1. the form (422): `service_id` ('Service ID is required.'), `address_id`
//!    ('please choose an address', or not one of the customer's addresses), the card
//!    for `card` (16-digit number, 3-digit CVV, 2-digit year, month 1–12, name) or a
//!    saved card (`saved_card_id` with its `cvv`, 3 digits), a `wallet_amount` above
//!    zero; then the saved card, a 422 on `saved_card_id`: one that is not the
//!    customer's (deleted meanwhile, e.g. in another tab, or another customer's: the
//!    same words for both, so a probe learns nothing) 'This saved card is no longer
//!    available. Choose another card or use a new one.', an expired one 'This card has
//!    expired'. A 422 on the field, not a 404, puts it at the payment step where the
//!    shopper chooses again (the core's `placement_failure`); with
//!    `save_card`, a customer who keeps 10 cards already gets the core's limit (422
//!    on `save_card`);
//! 2. the cart (400): not empty ('You don't have any product'), the shop open, each
//!    line within its limits and in stock ('There is not enough stock available.'),
//!    the shop's minimum order reached;
//! 3. delivery (400): the shop delivers to the address's district ('Sorry, we don't
//!    deliver to your area now!'; see [`crate::location::delivery`]);
//! 4. the coupon's usage limits (422 on `coupon_code`: 'You have already used this
//!    coupon.', 'This coupon has reached its usage limit.');
//! 5. the wallet (400 'Balance Not Sufficient'): with `use_wallet` the wallet pays as
//!    much of the order as its balance covers — refused when the balance is zero or
//!    less; with `wallet_amount` it pays exactly that — refused when that is more
//!    than the balance (and 422 when more than the order total). The rest is paid by
//!    the chosen method;
//! 6. the card (400 'An error occured while processing your payment, please try
//!    again later'): the amount due is authorized through the
//!    [`crate::orders::payment::PaymentGateway`] before the order is written (a saved
//!    card through its token); the write queues its capture in the payment outbox
//!    ([`crate::orders::payment_outbox`]), made after the commit; any failure before the
//!    commit releases the authorization. With `save_card` the gateway also keeps the
//!    card ([`crate::orders::saved_cards`]), stored in the order's transaction.
//!
//! The order is written in one transaction that re-checks everything above and takes
//! the stock with `UPDATE … SET stock = stock - qty WHERE stock >= qty`: of two
//! checkouts racing for the last unit exactly one wins, the other gets 'There is not
//! enough stock available.' and its card authorization is released. Pre-orderable
//! products take what stock there is and are not refused for lack of it. In the same
//! transaction: the wallet is debited (`wallet_entries` kind `order_payment`), the
//! payments are recorded, loyalty points are earned (see [`POINTS_PER_EGP`]), the
//! customer is notified and the cart is emptied. The answer is the placed order (201), `pending`.
//!
//! # Idempotency
//!
//! An optional `Idempotency-Key` header (1 to 255 visible ASCII characters, else 422
//! on `Idempotency-Key`) names one placement attempt of the customer. The order an
//! attempt places is stored with its key (`checkout_idempotency_keys`) in the same
//! transaction as the order, and the key is looked up before anything else — first on
//! a reader, then again inside the write transaction, which SQLite runs one at a time.
//! So a replay of a key that placed an order (a double click, a reload during
//! placement, a retried request, also several at once) answers that order, **200**
//! with `Idempotent-Replayed: true`, and never places, charges or debits a second
//! time; a card authorized by a losing replay is released. The body of a replay is
//! not compared. A refused attempt stores nothing, so the same key may be sent again
//! (e.g. with another card after a decline). Keys are per customer.

use axum::Extension;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Deserialize;
use storefront_core::cart::{CartTotals, QuantityCheck, QuantityLimits, set_quantity};
use storefront_core::locale::Language;
use storefront_core::messages::MessageId;
use storefront_core::money::Money;
use storefront_core::orders::OrderStatus;
use utoipa::ToSchema;

use crate::cart::{Branch, CartSnapshot, load_cart};
use crate::catalogue::{check_service, required_service};
use crate::clock::{DAY_MS, now_ms};
use crate::http::envelope::Data;
use crate::http::error::{ApiError, BadRequestBody, ErrorBody, ValidationErrorBody, invalid};
use crate::http::extract::{CurrentUser, JsonBody, Lang};
use crate::http::state::AppState;
use crate::i18n::Msg;
use crate::i18n::orders::{OrderMsg, core_message, core_text};
use crate::location::delivery;
use crate::money::amount;
use crate::orders::effects::Effects;
use crate::orders::my_orders::{OrderDetailBody, load_detail};
use crate::orders::payment::{Authorization, Card, CardInput, Gateway};
use crate::orders::saved_cards::{self, StoredCard};
use crate::orders::state_machine::notify_customer;
use crate::orders::{fields_error, order_number};

/// Loyalty points earned per whole EGP of the order's subtotal after the coupon (tax
/// and delivery do not earn points).
pub const POINTS_PER_EGP: i64 = 1;

/// Days earned points stay valid.
pub const POINTS_VALID_DAYS: i64 = 365;

/// The request header naming one placement attempt (see the module doc).
pub const IDEMPOTENCY_KEY: &str = "idempotency-key";

/// The response header set on the answer to a replayed key.
pub const IDEMPOTENT_REPLAYED: &str = "idempotent-replayed";

/// The longest `Idempotency-Key` (the core's rule, which the client keeps its key by).
pub use storefront_core::storage::IDEMPOTENCY_KEY_MAX;

/// The `Idempotency-Key` header: none, or 1 to [`IDEMPOTENCY_KEY_MAX`] visible ASCII
/// characters (422 otherwise; several headers are refused too).
fn idempotency_key(headers: &HeaderMap, lang: Language) -> Result<Option<String>, ApiError> {
    let mut values = headers.get_all(IDEMPOTENCY_KEY).iter();
    let Some(value) = values.next() else {
        return Ok(None);
    };
    let bytes = value.as_bytes();
    let valid = values.next().is_none()
        && std::str::from_utf8(bytes).is_ok_and(storefront_core::storage::valid_idempotency_key);
    if !valid {
        return Err(ApiError::validation(
            "Idempotency-Key",
            OrderMsg::IdempotencyKey.text(lang),
        ));
    }
    Ok(Some(String::from_utf8_lossy(bytes).into_owned()))
}

/// The order a customer's key already placed.
fn placed_with_key(conn: &Connection, user_id: i64, key: &str) -> Result<Option<i64>, ApiError> {
    Ok(conn
        .query_row(
            "SELECT order_id FROM checkout_idempotency_keys WHERE user_id = ?1 AND key = ?2",
            params![user_id, key],
            |r| r.get(0),
        )
        .optional()?)
}

/// What the write transaction did.
enum Written {
    Placed(i64),
    /// The key had placed this order already (a concurrent replay won the race).
    Replayed(i64),
}

/// How the amount due (after the wallet) is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PaymentMethod {
    /// Charged to the card at checkout.
    Card,
    /// Paid to the courier on delivery.
    Cash,
}

impl PaymentMethod {
    fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::Card => "card",
            PaymentMethod::Cash => "cash",
        }
    }
}

/// Body of `POST /order/checkout`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"service_id": 1, "address_id": 1, "payment_method": "cash"}))]
pub struct CheckoutRequest {
    /// The service whose cart to order (required, like `address_id`, and `card` with
    /// card payments: 422 when missing; but a replayed `Idempotency-Key` answers its
    /// order whatever the body holds).
    #[serde(default)]
    #[schema(example = 1)]
    pub service_id: Option<i64>,
    /// One of the customer's addresses (required).
    #[serde(default)]
    #[schema(example = 1)]
    pub address_id: Option<i64>,
    pub payment_method: PaymentMethod,
    /// Pay from the wallet balance first (as much as it covers).
    #[serde(default)]
    pub use_wallet: bool,
    /// Pay exactly this much from the wallet (decimal EGP, e.g. "25.50"); implies
    /// `use_wallet`.
    #[serde(default)]
    #[schema(example = "25.50")]
    pub wallet_amount: Option<String>,
    /// Required with `payment_method: card`, unless `saved_card_id` names the card.
    #[serde(default)]
    pub card: Option<CardInput>,
    /// With `card`: "save this card for next time". The gateway keeps the card and
    /// the customer's saved cards list it (`GET /cards`); at most 10.
    #[serde(default)]
    pub save_card: bool,
    /// Pay with one of the customer's saved cards (`GET /cards`) instead of `card`,
    /// which is then not read; `cvv` is required with it. A card that is not the
    /// customer's (deleted, or another customer's) or has expired is a 422 on
    /// `saved_card_id`.
    #[serde(default)]
    #[schema(minimum = 1, example = 1)]
    pub saved_card_id: Option<i64>,
    /// The saved card's CVV, 3 digits, typed again for this payment (never stored).
    #[serde(default)]
    #[schema(example = "123")]
    pub cvv: Option<String>,
}

/// The card a checkout pays with.
#[derive(Debug, Clone)]
enum CardChoice {
    /// Typed in; the gateway keeps it too when `save`.
    New { card: Card, save: bool },
    /// One of the customer's saved cards, with the CVV typed for this payment.
    Saved { id: i64, cvv: String },
}

/// A request whose form is valid.
#[derive(Debug, Clone)]
struct Checked {
    service_id: i64,
    address_id: i64,
    method: PaymentMethod,
    use_wallet: bool,
    wallet_amount: Option<i64>,
    card: Option<CardChoice>,
}

fn check_form(body: CheckoutRequest, lang: Language) -> Result<Checked, ApiError> {
    use storefront_core::validation::{address_chosen, greater_than_zero};
    let service_id = required_service(body.service_id, lang)?;
    let mut errors: Vec<(String, String)> = Vec::new();
    let address = body.address_id.and_then(|id| u64::try_from(id).ok());
    if let Err(message) = address_chosen(address) {
        errors.push(("address_id".into(), core_message(message, lang)));
    }
    let card = match (body.payment_method, &body.card) {
        (PaymentMethod::Card, _) if body.saved_card_id.is_some() => {
            use storefront_core::validation::{cvv, field_required, normalize_digits};
            let typed = normalize_digits(body.cvv.as_deref().unwrap_or_default().trim());
            match field_required(&typed).and_then(|()| cvv(&typed)) {
                Ok(()) => Some(CardChoice::Saved {
                    id: body.saved_card_id.unwrap_or_default(),
                    cvv: typed,
                }),
                Err(message) => {
                    errors.push(("cvv".into(), core_message(message, lang)));
                    None
                }
            }
        }
        (PaymentMethod::Card, None) => {
            errors.push((
                "card".into(),
                Msg::FieldRequired {
                    field: "card".into(),
                }
                .text(lang),
            ));
            None
        }
        (PaymentMethod::Card, Some(input)) => match input.validate(lang) {
            Ok(card) => Some(CardChoice::New {
                card,
                save: body.save_card,
            }),
            Err(card_errors) => {
                errors.extend(card_errors);
                None
            }
        },
        (PaymentMethod::Cash, _) => None,
    };
    let wallet_amount = match body.wallet_amount.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => match (greater_than_zero(text), Money::parse(text)) {
            (Ok(()), Ok(money)) if money.minor() > 0 => Some(money.minor()),
            (Err(message), _) => {
                errors.push(("wallet_amount".into(), core_message(message, lang)));
                None
            }
            _ => {
                errors.push((
                    "wallet_amount".into(),
                    core_text(MessageId::GreaterThanZero, lang),
                ));
                None
            }
        },
    };
    fields_error(errors)?;
    Ok(Checked {
        service_id,
        address_id: body.address_id.unwrap_or_default(),
        method: body.payment_method,
        use_wallet: body.use_wallet || wallet_amount.is_some(),
        wallet_amount,
        card,
    })
}

/// The saved card a checkout pays with (`None` for any other payment): the customer's
/// own and not expired on `today`, else a 422 on `saved_card_id`. With
/// `save_card`, the customer's 10-card limit is checked first (422 on `save_card`), so
/// no card is charged for an order that cannot keep it.
fn saved_card(
    conn: &Connection,
    user_id: i64,
    request: &Checked,
    lang: Language,
    today: i64,
) -> Result<Option<StoredCard>, ApiError> {
    if request.method != PaymentMethod::Card {
        return Ok(None);
    }
    match &request.card {
        Some(CardChoice::Saved { id, .. }) => {
            // A deleted card and another customer's answer alike (their existence is
            // not told), and name the field so the shopper is sent back to choose.
            let stored = saved_cards::stored_card(conn, user_id, *id)?.ok_or_else(|| {
                ApiError::validation(
                    "saved_card_id",
                    core_text(MessageId::SavedCardUnavailable, lang),
                )
            })?;
            stored.unexpired(today).map_err(|message| {
                ApiError::validation("saved_card_id", core_message(message, lang))
            })?;
            Ok(Some(stored))
        }
        Some(CardChoice::New { save: true, .. }) => {
            saved_cards::may_save(conn, user_id, "save_card", lang)?;
            Ok(None)
        }
        _ => Ok(None),
    }
}

/// What an order will be, as the stored data says now.
struct Plan {
    cart: CartSnapshot,
    branch: Branch,
    totals: CartTotals,
    wallet_minor: i64,
    due_minor: i64,
}

fn refuse(id: MessageId, lang: Language) -> ApiError {
    ApiError::bad_request(core_text(id, lang))
}

/// The wallet balance of a customer.
pub fn wallet_balance(conn: &Connection, user_id: i64) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT coalesce(sum(amount_minor), 0) FROM wallet_entries WHERE user_id = ?1",
        [user_id],
        |r| r.get(0),
    )
}

/// Runs checks 2–4 of the module doc on the stored data.
fn plan(
    conn: &Connection,
    user_id: i64,
    request: &Checked,
    lang: Language,
    now_ms: i64,
) -> Result<Plan, ApiError> {
    check_service(conn, request.service_id, lang)?;
    let address_district: i64 = conn
        .query_row(
            "SELECT district_id FROM addresses WHERE id = ?1 AND user_id = ?2 AND deleted_at IS NULL",
            params![request.address_id, user_id],
            |r| r.get(0),
        )
        .optional()?
        .ok_or_else(|| invalid("address_id", lang))?;
    let cart = load_cart(conn, user_id, request.service_id, now_ms)?;
    let Some(branch) = cart.branch.clone().filter(|_| !cart.lines.is_empty()) else {
        return Err(refuse(MessageId::CartEmpty, lang));
    };
    if branch.closed {
        return Err(ApiError::bad_request(OrderMsg::ShopClosed.text(lang)));
    }
    for line in &cart.lines {
        if !line.preorder && line.stock < line.qty {
            return Err(refuse(MessageId::NotEnoughStock, lang));
        }
        let limits = QuantityLimits {
            stock: None,
            ..line.limits()
        };
        if let QuantityCheck::Refused { message } =
            set_quantity(crate::db::sql::qty(line.qty), &limits)
        {
            return Err(ApiError::bad_request(core_message(message, lang)));
        }
    }
    let totals = cart.totals();
    if totals.price.minor() < branch.minimum_minor {
        return Err(ApiError::bad_request(
            OrderMsg::BelowShopMinimum {
                amount: amount(branch.minimum_minor),
            }
            .text(lang),
        ));
    }
    if !delivery::delivers(conn, branch.id, address_district)? {
        return Err(refuse(MessageId::AreaNotServed, lang));
    }
    // The coupon's usage limits, checked again in the write transaction.
    if let Some(coupon) = &cart.coupon
        && totals.coupon_discount.minor() > 0
        && let Err(problem) = crate::cart::usage_left(conn, coupon.id, user_id)?
    {
        return Err(ApiError::validation(
            "coupon_code",
            problem.message().text(lang),
        ));
    }
    let cart_total = totals.cart_total.minor();
    let wallet_minor = if request.use_wallet {
        let balance = wallet_balance(conn, user_id)?;
        match request.wallet_amount {
            Some(wanted) if wanted > cart_total => {
                return Err(ApiError::validation(
                    "wallet_amount",
                    OrderMsg::WalletAboveTotal.text(lang),
                ));
            }
            Some(wanted) if wanted > balance => {
                return Err(refuse(MessageId::BalanceNotSufficient, lang));
            }
            Some(wanted) => wanted,
            None if balance <= 0 => return Err(refuse(MessageId::BalanceNotSufficient, lang)),
            None => balance.min(cart_total),
        }
    } else {
        0
    };
    Ok(Plan {
        cart,
        branch,
        totals,
        wallet_minor,
        due_minor: cart_total - wallet_minor,
    })
}

/// Writes the order of a plan (inside the checkout transaction) and returns its id.
fn place(
    conn: &Connection,
    user_id: i64,
    request: &Checked,
    plan: &Plan,
    authorization: Option<&Authorization>,
    lang: Language,
    now_ms: i64,
) -> Result<i64, ApiError> {
    let t = &plan.totals;
    let discount = t.coupon_discount.minor();
    let coupon = plan.cart.coupon.as_ref().filter(|_| discount > 0);
    let subtotal = t.price.minor() - discount;
    let points = subtotal.max(0) / 100 * POINTS_PER_EGP;
    let delivery_code = format!("{:04}", rand::random_range(0..10_000u32));
    let card_label = authorization.map(|a| format!("**** {}", a.last4));
    conn.execute(
        "INSERT INTO orders (user_id, service_id, branch_id, address_id, status, payment_method, payment_card,
             price_minor, coupon_discount_minor, tax_minor, tax_rate_bp, delivery_fee_minor, cart_total_minor,
             wallet_minor, due_minor, coupon_id, coupon_code, delivery_code, estimated_arrival_at,
             points_earned, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, 'pending', ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18,
             ?19, ?20, ?20)",
        params![
            user_id,
            request.service_id,
            plan.branch.id,
            request.address_id,
            request.method.as_str(),
            card_label,
            t.price.minor(),
            discount,
            t.tax.minor(),
            plan.branch.terms.tax_rate_bp,
            t.delivery_price.minor(),
            t.cart_total.minor(),
            plan.wallet_minor,
            plan.due_minor,
            coupon.map(|c| c.id),
            coupon.map(|c| c.code.clone()),
            delivery_code,
            now_ms.saturating_add(plan.branch.delivery_minutes.max(0).saturating_mul(60_000)),
            points,
            now_ms
        ],
    )?;
    let order_id = conn.last_insert_rowid();
    for line in &plan.cart.lines {
        let taken = if line.preorder {
            line.qty.min(line.stock.max(0))
        } else {
            line.qty
        };
        let changed = conn.execute(
            "UPDATE products SET stock = stock - ?2, sales_count = sales_count + ?3
             WHERE id = ?1 AND stock >= ?2",
            params![line.product_id, taken, line.qty],
        )?;
        if changed == 0 {
            return Err(refuse(MessageId::NotEnoughStock, lang));
        }
        conn.execute(
            "INSERT INTO order_items (order_id, product_id, name_en, name_ar, image, price_minor, qty, stock_taken)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                order_id,
                line.product_id,
                line.name_en,
                line.name_ar,
                line.image,
                line.price_minor,
                line.qty,
                taken
            ],
        )?;
    }
    conn.execute(
        "INSERT INTO order_status_history (order_id, from_status, to_status, actor, created_at)
         VALUES (?1, NULL, 'pending', 'customer', ?2)",
        params![order_id, now_ms],
    )?;
    let number = order_number(order_id);
    if plan.wallet_minor > 0 {
        conn.execute(
            "INSERT INTO wallet_entries (user_id, amount_minor, kind, order_id, note_en, note_ar, created_at)
             VALUES (?1, ?2, 'order_payment', ?3, ?4, ?5, ?6)",
            params![
                user_id,
                -plan.wallet_minor,
                order_id,
                format!("Payment for order #{number}"),
                format!("دفع الطلب رقم {number}"),
                now_ms
            ],
        )?;
        conn.execute(
            "INSERT INTO payments (order_id, method, kind, status, amount_minor, created_at, updated_at)
             VALUES (?1, 'wallet', 'charge', 'captured', ?2, ?3, ?3)",
            params![order_id, plan.wallet_minor, now_ms],
        )?;
    }
    if plan.due_minor > 0 {
        match (request.method, authorization) {
            (PaymentMethod::Card, Some(auth)) => {
                // Pending until the outbox's capture, made after the commit.
                conn.execute(
                    "INSERT INTO payments (order_id, method, kind, status, amount_minor, reference, card_last4,
                         created_at, updated_at)
                     VALUES (?1, 'card', 'charge', 'pending', ?2, ?3, ?4, ?5, ?5)",
                    params![order_id, plan.due_minor, auth.reference, auth.last4, now_ms],
                )?;
                crate::orders::payment_outbox::queue(
                    conn,
                    crate::orders::payment_outbox::Action::Capture,
                    order_id,
                    conn.last_insert_rowid(),
                    &auth.reference,
                    plan.due_minor,
                    now_ms,
                )?;
                1
            }
            (PaymentMethod::Cash, _) => conn.execute(
                "INSERT INTO payments (order_id, method, kind, status, amount_minor, created_at, updated_at)
                 VALUES (?1, 'cash', 'charge', 'pending', ?2, ?3, ?3)",
                params![order_id, plan.due_minor, now_ms],
            )?,
            (PaymentMethod::Card, None) => {
                return Err(ApiError::internal("card order without an authorization"));
            }
        };
    }
    if points > 0 {
        conn.execute(
            "INSERT INTO point_entries (user_id, points, kind, order_id, expires_at, created_at)
             VALUES (?1, ?2, 'earned', ?3, ?4, ?5)",
            params![
                user_id,
                points,
                order_id,
                now_ms + POINTS_VALID_DAYS * DAY_MS,
                now_ms
            ],
        )?;
    }
    if let Some(cart_id) = plan.cart.cart_id {
        conn.execute("DELETE FROM cart_items WHERE cart_id = ?1", [cart_id])?;
        conn.execute(
            "UPDATE carts SET branch_id = NULL, coupon_id = NULL, updated_at = ?2 WHERE id = ?1",
            params![cart_id, now_ms],
        )?;
    }
    Ok(order_id)
}

/// Gives up an authorization the order did not use, on the blocking pool.
async fn release(gateway: &Gateway, authorization: Option<Authorization>) {
    if let Some(auth) = authorization {
        let gateway = gateway.clone();
        let released = tokio::task::spawn_blocking(move || gateway.release(&auth)).await;
        if let Err(err) = released {
            tracing::warn!(%err, "releasing a card authorization failed");
        }
    }
}

/// The answer for an order: 201 when this request placed it, 200 with
/// `Idempotent-Replayed: true` when its key had placed it before.
async fn answer(
    state: &AppState,
    user_id: i64,
    order_id: i64,
    replayed: bool,
    lang: Language,
    now: i64,
) -> Result<Response, ApiError> {
    let detail = state
        .db
        .read(move |c| load_detail(c, user_id, order_id, lang, now))
        .await?;
    let body = Json(Data::with_message(detail, OrderMsg::OrderPlaced.text(lang)));
    Ok(if replayed {
        (
            StatusCode::OK,
            [(
                HeaderName::from_static(IDEMPOTENT_REPLAYED),
                HeaderValue::from_static("true"),
            )],
            body,
        )
            .into_response()
    } else {
        (StatusCode::CREATED, body).into_response()
    })
}

/// Places an order from the cart (rules in the module doc): answers the order, 201; a
/// replayed `Idempotency-Key` answers the order it placed, 200.
#[utoipa::path(post, path = "/order/checkout", tag = "orders", request_body = CheckoutRequest,
    params(("Language" = Option<String>, Header, description = "en or ar"),
        ("Idempotency-Key" = Option<String>, Header, pattern = "^[!-~]{1,255}$", description = "Names one placement attempt \
(1 to 255 visible ASCII characters, e.g. a UUID). A key that already placed an order answers that order \
(200, `Idempotent-Replayed: true`) instead of placing another; a refused attempt stores nothing, so the key \
may be sent again. Keys are per customer.")),
    security(("bearer" = [])),
    responses((status = 201, description = "The placed order", body = Data<OrderDetailBody>),
        (status = 200, description = "The order this Idempotency-Key placed before (a replay); nothing \
new is placed or charged", body = Data<OrderDetailBody>,
            headers(("Idempotent-Replayed" = String, description = "`true`"))),
        (status = 400, description = "Empty cart, closed shop, stock, minimum order, delivery area, \
wallet balance or a declined card", body = BadRequestBody),
        (status = 401, body = ErrorBody), (status = 404, description = "Unknown service", body = ErrorBody),
        (status = 422, description = "The form; a `saved_card_id` that is not one of the customer's \
cards (deleted, or another customer's: the same message for both) or has expired; an \
Idempotency-Key that is not 1 to 255 visible ASCII characters; or an account with no verified \
phone yet (on `mobile`)", body = ValidationErrorBody)))]
pub async fn checkout(
    State(state): State<AppState>,
    Extension(effects): Extension<Effects>,
    Extension(gateway): Extension<Gateway>,
    Lang(lang): Lang,
    user: CurrentUser,
    headers: HeaderMap,
    JsonBody(body): JsonBody<CheckoutRequest>,
) -> Result<Response, ApiError> {
    let key = idempotency_key(&headers, lang)?;
    let now = now_ms();
    let user_id = user.id;
    if let Some(key) = key.clone() {
        let placed = state
            .db
            .read(move |c| placed_with_key(c, user_id, &key))
            .await?;
        if let Some(order_id) = placed {
            return answer(&state, user_id, order_id, true, lang, now).await;
        }
    }
    let request = check_form(body, lang)?;
    // Saved cards expire by the server's clock, as `GET /cards` shows them.
    let today = state.clock.now_ms();
    let first = {
        let request = request.clone();
        let key = key.clone();
        state
            .db
            .read(move |c| {
                // Again on this snapshot: a replay racing the first attempt may find the
                // cart already emptied by it.
                if let Some(key) = &key
                    && let Some(order_id) = placed_with_key(c, user_id, key)?
                {
                    return Ok(Err(order_id));
                }
                // An account registered by e-mail verifies a phone before its first
                // order: the shop calls the customer about the delivery.
                let phone: bool = c.query_row(
                    "SELECT mobile IS NOT NULL FROM users WHERE id = ?1",
                    [user_id],
                    |r| r.get(0),
                )?;
                if !phone {
                    return Err(ApiError::validation(
                        "mobile",
                        crate::i18n::Msg::from(MessageId::PhoneRequired).text(lang),
                    ));
                }
                let stored = saved_card(c, user_id, &request, lang, today)?;
                let plan = plan(c, user_id, &request, lang, now)?;
                Ok(Ok((plan.totals, plan.due_minor, stored)))
            })
            .await?
    };
    let (expected_totals, expected_due, stored) = match first {
        Ok(expected) => expected,
        Err(order_id) => return answer(&state, user_id, order_id, true, lang, now).await,
    };
    // Gateway calls run on the blocking pool (a networked gateway blocks), and never
    // inside the database transaction.
    let authorization = match (&request.card, stored) {
        (Some(choice), stored) if request.method == PaymentMethod::Card && expected_due > 0 => {
            let (choice, gateway) = (choice.clone(), gateway.clone());
            let authorized = tokio::task::spawn_blocking(move || match (choice, stored) {
                (CardChoice::Saved { cvv, .. }, Some(stored)) => {
                    gateway.authorize_token(&stored.token, &cvv, expected_due, now)
                }
                (CardChoice::New { card, .. }, _) => gateway.authorize(&card, expected_due, now),
                (CardChoice::Saved { .. }, None) => Err(crate::orders::payment::Declined),
            })
            .await
            .map_err(|e| ApiError::internal(format!("payment task failed: {e}")))?;
            Some(authorized.map_err(|_| refuse(MessageId::PaymentFailed, lang))?)
        }
        _ => None,
    };
    // "Save this card": the gateway keeps it once it has been charged (or once the
    // form is valid, when the wallet pays everything), before the order is written.
    let token = match &request.card {
        Some(CardChoice::New { card, save: true }) if request.method == PaymentMethod::Card => {
            let (card, keeper) = (card.clone(), gateway.clone());
            let kept = tokio::task::spawn_blocking(move || keeper.tokenize(&card, now)).await;
            match kept {
                Ok(Ok(token)) => Some(token),
                Ok(Err(_)) => {
                    release(&gateway, authorization).await;
                    return Err(refuse(MessageId::PaymentFailed, lang));
                }
                Err(e) => {
                    release(&gateway, authorization).await;
                    return Err(ApiError::internal(format!("payment task failed: {e}")));
                }
            }
        }
        _ => None,
    };
    let held = authorization.clone();
    let written = state
        .db
        .write(move |tx| {
            // Looked up again under the write lock: a concurrent replay may have won.
            if let Some(key) = &key
                && let Some(order_id) = placed_with_key(tx, user_id, key)?
            {
                return Ok(Written::Replayed(order_id));
            }
            let plan = plan(tx, user_id, &request, lang, now)?;
            // A card was authorized for the amount seen before: the order must cost that.
            if request.method == PaymentMethod::Card
                && (plan.totals != expected_totals || plan.due_minor != expected_due)
            {
                return Err(ApiError::bad_request(OrderMsg::CartChanged.text(lang)));
            }
            let order_id = place(tx, user_id, &request, &plan, held.as_ref(), lang, now)?;
            if let Some(token) = &token {
                saved_cards::store(tx, user_id, token, "save_card", lang, now)?;
            }
            notify_customer(tx, &*effects, user_id, order_id, OrderStatus::Pending, now)?;
            if let Some(key) = &key {
                tx.execute(
                    "INSERT INTO checkout_idempotency_keys (user_id, key, order_id, created_at)
                     VALUES (?1, ?2, ?3, ?4)",
                    params![user_id, key, order_id, now],
                )?;
            }
            Ok(Written::Placed(order_id))
        })
        .await;
    match written {
        Ok(Written::Placed(order_id)) => {
            // The capture, after the commit: the writer is free while the gateway works.
            if authorization.is_some() {
                crate::orders::payment_outbox::settle(&state, &gateway, order_id).await;
            }
            answer(&state, user_id, order_id, false, lang, now).await
        }
        Ok(Written::Replayed(order_id)) => {
            release(&gateway, authorization).await;
            answer(&state, user_id, order_id, true, lang, now).await
        }
        Err(err) => {
            release(&gateway, authorization).await;
            Err(err)
        }
    }
}
