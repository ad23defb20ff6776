//! Saved payment cards (issue 36): the server's side of the core's rules
//! (`storefront_core::payment_cards`).
//!
//! - `GET /cards`: the customer's saved cards, the default first, then the newest;
//! - `POST /cards`: saves a card without an order (the card form's rules, the check
//!   digit and the expiry; at most 10, the core's `card_saving`);
//! - `PUT /cards/{id}/default`: makes it the one default;
//! - `DELETE /cards/{id}`: deletes it; deleting the default leaves none (no other
//!   card is promoted: which card to pay with stays the customer's choice).
//!
//! Checkout saves the card it is paid with when asked (`save_card`), and pays with a
//! saved card (`saved_card_id` with the CVV typed again) through its token
//! ([`crate::orders::checkout`]). The gateway keeps the card
//! ([`PaymentGateway::tokenize`]); the server stores only its token, brand, last four
//! digits and expiry (migration 0013): never the number or the CVV. Another
//! customer's card id is a 404, as an unknown one is. Saves through `POST /cards` are
//! limited per customer (`--limit-card-saves-per-customer`).
//!
//! [`PaymentGateway::tokenize`]: crate::orders::payment::PaymentGateway::tokenize

use axum::extract::State;
use axum::http::StatusCode;
use axum::{Extension, Json};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use storefront_core::locale::Language;
use storefront_core::messages::MessageId;
use storefront_core::payment_cards::{
    CardBrand, card_expired, card_expiry, card_saving, masked_label,
};
use utoipa::ToSchema;

use crate::clock::{iso_time, utc_date};
use crate::http::envelope::{Data, Page};
use crate::http::error::{ApiError, BadRequestBody, ErrorBody, ValidationErrorBody, not_found};
use crate::http::extract::LimitedCustomer;
use crate::http::extract::{CurrentUser, Id, JsonBody, Lang};
use crate::http::rate_limit::CardSaves;
use crate::http::state::AppState;
use crate::i18n::Msg;
use crate::i18n::orders::{core_message, core_text};
use crate::orders::fields_error;
use crate::orders::payment::{CardInput, CardToken, Gateway};

/// A saved card as the customer sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SavedCard {
    pub id: i64,
    /// The card's scheme (the core's `card_brand` of its number when it was saved).
    #[schema(value_type = String, pattern = "^(visa|mastercard|meeza|unknown)$", example = "visa")]
    pub brand: CardBrand,
    /// The last four digits of its number.
    #[schema(pattern = "^[0-9]{4}$", example = "4242")]
    pub last4: String,
    /// How it is shown: four bullets and the last four digits ("•••• 4242").
    #[schema(example = "•••• 4242")]
    pub label: String,
    /// 1 to 12.
    #[schema(minimum = 1, maximum = 12)]
    pub exp_month: u32,
    /// Four digits (2029).
    #[schema(minimum = 2000, maximum = 2099)]
    pub exp_year: u32,
    /// Past the end of its expiry month on the server's clock (UTC): it cannot pay.
    pub expired: bool,
    /// The card checkout offers first; at most one is.
    pub is_default: bool,
    /// RFC 3339 in UTC.
    pub created_at: String,
}

/// `DELETE /cards/{id}` data.
#[derive(Debug, Serialize, ToSchema)]
pub struct RemovedCard {
    /// The deleted card.
    pub id: i64,
    /// Whether it was the default (the customer now has none).
    pub was_default: bool,
}

/// A saved card as checkout charges it.
#[derive(Debug, Clone)]
pub struct StoredCard {
    pub token: String,
    pub last4: String,
    pub exp_month: u32,
    pub exp_year: u32,
}

impl StoredCard {
    /// The core's 'This card has expired' when it is past its month on `now_ms`'s day.
    pub fn unexpired(&self, now_ms: i64) -> Result<(), storefront_core::messages::Message> {
        card_expiry(
            expiry_month(self.exp_month),
            expiry_year(self.exp_year),
            utc_date(now_ms),
        )
    }
}

/// A month as the core takes it (anything else is no month, so expired).
fn expiry_month(month: u32) -> u8 {
    u8::try_from(month).unwrap_or(0)
}

fn expiry_year(year: u32) -> u16 {
    u16::try_from(year).unwrap_or(0)
}

fn brand_code(brand: CardBrand) -> &'static str {
    match brand {
        CardBrand::Visa => "visa",
        CardBrand::Mastercard => "mastercard",
        CardBrand::Meeza => "meeza",
        CardBrand::Unknown => "unknown",
    }
}

fn brand_of(code: &str) -> CardBrand {
    match code {
        "visa" => CardBrand::Visa,
        "mastercard" => CardBrand::Mastercard,
        "meeza" => CardBrand::Meeza,
        _ => CardBrand::Unknown,
    }
}

const CARD_COLUMNS: &str = "id, brand, last4, exp_month, exp_year, is_default, created_at";

fn card_row(r: &rusqlite::Row<'_>, now_ms: i64) -> rusqlite::Result<SavedCard> {
    let brand: String = r.get(1)?;
    let last4: String = r.get(2)?;
    let (exp_month, exp_year): (u32, u32) = (r.get(3)?, r.get(4)?);
    Ok(SavedCard {
        id: r.get(0)?,
        brand: brand_of(&brand),
        label: masked_label(&last4),
        last4,
        exp_month,
        exp_year,
        expired: card_expired(
            expiry_month(exp_month),
            expiry_year(exp_year),
            utc_date(now_ms),
        ),
        is_default: r.get(5)?,
        created_at: iso_time(r.get(6)?),
    })
}

/// The customer's cards, the default first, then the newest.
pub fn cards_of(conn: &Connection, user_id: i64, now_ms: i64) -> rusqlite::Result<Vec<SavedCard>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {CARD_COLUMNS} FROM saved_cards WHERE user_id = ?1
         ORDER BY is_default DESC, created_at DESC, id DESC"
    ))?;
    let cards = stmt.query_map([user_id], |r| card_row(r, now_ms))?;
    cards.collect()
}

fn card_by_id(
    conn: &Connection,
    user_id: i64,
    id: i64,
    now_ms: i64,
) -> rusqlite::Result<Option<SavedCard>> {
    conn.prepare_cached(&format!(
        "SELECT {CARD_COLUMNS} FROM saved_cards WHERE id = ?1 AND user_id = ?2"
    ))?
    .query_row([id, user_id], |r| card_row(r, now_ms))
    .optional()
}

/// The customer's saved card `id` as checkout charges it; `None` when it is not
/// theirs (or does not exist).
pub fn stored_card(
    conn: &Connection,
    user_id: i64,
    id: i64,
) -> rusqlite::Result<Option<StoredCard>> {
    conn.prepare_cached(
        "SELECT token, last4, exp_month, exp_year FROM saved_cards WHERE id = ?1 AND user_id = ?2",
    )?
    .query_row([id, user_id], |r| {
        Ok(StoredCard {
            token: r.get(0)?,
            last4: r.get(1)?,
            exp_month: r.get(2)?,
            exp_year: r.get(3)?,
        })
    })
    .optional()
}

/// How many cards the customer keeps.
fn saved_count(conn: &Connection, user_id: i64) -> rusqlite::Result<usize> {
    let count: i64 = conn.query_row(
        "SELECT count(*) FROM saved_cards WHERE user_id = ?1",
        [user_id],
        |r| r.get(0),
    )?;
    Ok(usize::try_from(count).unwrap_or(usize::MAX))
}

/// The core's 10-card limit ('You can save up to 10 cards. …') as a 422 on `field`.
pub fn may_save(
    conn: &Connection,
    user_id: i64,
    field: &str,
    lang: Language,
) -> Result<(), ApiError> {
    card_saving(saved_count(conn, user_id)?)
        .map_err(|message| ApiError::validation(field, core_message(message, lang)))
}

/// Stores a card the gateway tokenized (inside the caller's transaction), after the
/// limit is checked again there; the customer's first card becomes their default.
/// Answers its id.
pub fn store(
    conn: &Connection,
    user_id: i64,
    card: &CardToken,
    field: &str,
    lang: Language,
    now_ms: i64,
) -> Result<i64, ApiError> {
    may_save(conn, user_id, field, lang)?;
    conn.execute(
        "INSERT INTO saved_cards (user_id, token, brand, last4, exp_month, exp_year, is_default, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, NOT EXISTS (SELECT 1 FROM saved_cards WHERE user_id = ?1), ?7)",
        params![
            user_id,
            card.token,
            brand_code(card.brand),
            card.last4,
            card.exp_month,
            2000 + card.exp_year,
            now_ms
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

/// The signed-in customer saving a card through `POST /cards`, counted against their
/// `--limit-card-saves-per-customer` (429 when spent; 401 without a token).
pub type CardSaver = LimitedCustomer<CardSaves>;

/// The card form of `POST /cards` (the same card a checkout sends), checked with the
/// core's rules: the checkout card's (each bad field named as sent: `number`,
/// `exp_month`, `exp_year`, `cvv`, `name`), then the number's check digit and the
/// expiry on `now_ms`'s day (`card`: 'This card has expired').
fn checked(
    input: CardInput,
    lang: Language,
    now_ms: i64,
) -> Result<crate::orders::payment::Card, ApiError> {
    use storefront_core::validation::{card_number_checksum, normalize_digits};
    let mut errors: Vec<(String, String)> = Vec::new();
    let card = match input.validate(lang) {
        Ok(card) => Some(card),
        Err(card_errors) => {
            errors.extend(card_errors.into_iter().map(|(field, text)| {
                let field = match field.strip_prefix("card.") {
                    Some(rest) => rest.to_owned(),
                    None => field,
                };
                (field, text)
            }));
            None
        }
    };
    let number_ok = !errors.iter().any(|(field, _)| field == "number");
    if number_ok && let Err(message) = card_number_checksum(&normalize_digits(&input.number)) {
        errors.insert(0, ("number".into(), core_message(message, lang)));
    }
    fields_error(errors)?;
    let card = card.ok_or_else(|| ApiError::internal("a card form failed without a message"))?;
    card_expiry(
        expiry_month(card.exp_month),
        expiry_year(card.exp_year),
        utc_date(now_ms),
    )
    .map_err(|message| ApiError::validation("card", core_message(message, lang)))?;
    Ok(card)
}

/// The customer's saved cards: the default first, then the newest (at most 10). Each
/// says whether it has expired on the server's clock (UTC).
#[utoipa::path(get, path = "/cards", tag = "cards", security(("bearer" = [])),
    params(("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Page<SavedCard>), (status = 401, body = ErrorBody)))]
pub async fn list_cards(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<Page<SavedCard>>, ApiError> {
    let (user_id, now) = (user.id, state.clock.now_ms());
    let cards = state
        .db
        .read(move |c| Ok(cards_of(c, user_id, now)?))
        .await?;
    Ok(Json(Page::all(cards)))
}

/// Saves a card without an order: the card form's rules (422 naming each bad field in
/// the request's language; a wrong check digit 'This card number is not valid'; an
/// expired card 422 on `card`), then the gateway keeps it and answers its token (a
/// card it refuses: 400, the spec's payment message). The 11th card is a 422 on
/// `card` ('You can save up to 10 cards. …'). The customer's first card becomes the
/// default. Only the token, brand, last four digits and expiry are stored. Counts
/// against the customer's card-save limit (429).
#[utoipa::path(post, path = "/cards", tag = "cards", security(("bearer" = [])),
    request_body = CardInput,
    params(("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 201, body = Data<SavedCard>, description = "The saved card"),
        (status = 400, body = BadRequestBody, description = "The gateway refused the card"),
        (status = 401, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody)))]
pub async fn save_card(
    State(state): State<AppState>,
    Extension(gateway): Extension<Gateway>,
    Lang(lang): Lang,
    LimitedCustomer(user, _): CardSaver,
    JsonBody(body): JsonBody<CardInput>,
) -> Result<(StatusCode, Json<Data<SavedCard>>), ApiError> {
    let (user_id, now) = (user.id, state.clock.now_ms());
    let card = checked(body, lang, now)?;
    // Before the gateway keeps a card it would have to forget again.
    state
        .db
        .read(move |c| may_save(c, user_id, "card", lang))
        .await?;
    // On the blocking pool (a networked gateway blocks), never inside a transaction.
    let token = tokio::task::spawn_blocking(move || gateway.tokenize(&card, now))
        .await
        .map_err(|e| ApiError::internal(format!("payment task failed: {e}")))?
        .map_err(|_| ApiError::bad_request(core_text(MessageId::PaymentFailed, lang)))?;
    let saved = state
        .db
        .write(move |tx| {
            let id = store(tx, user_id, &token, "card", lang, now)?;
            card_by_id(tx, user_id, id, now)?
                .ok_or_else(|| ApiError::internal("a saved card vanished"))
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(Data::with_message(saved, Msg::CardSaved.text(lang))),
    ))
}

/// Makes one of the customer's cards their default (the one before it no longer is).
/// Another customer's card, or an unknown id, is a 404.
#[utoipa::path(put, path = "/cards/{id}/default", tag = "cards", security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "Saved card id"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<SavedCard>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn set_default_card(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    crate::account::ParentId(id): crate::account::ParentId,
) -> Result<Json<Data<SavedCard>>, ApiError> {
    let (user_id, now) = (user.id, state.clock.now_ms());
    let card = state
        .db
        .write(move |tx| {
            card_by_id(tx, user_id, id, now)?.ok_or_else(|| not_found(lang))?;
            // The old default first: the schema allows one default per customer.
            tx.execute(
                "UPDATE saved_cards SET is_default = 0 WHERE user_id = ?1 AND is_default = 1 AND id <> ?2",
                [user_id, id],
            )?;
            tx.execute(
                "UPDATE saved_cards SET is_default = 1 WHERE id = ?1 AND user_id = ?2",
                [id, user_id],
            )?;
            card_by_id(tx, user_id, id, now)?.ok_or_else(|| not_found(lang))
        })
        .await?;
    Ok(Json(Data::with_message(
        card,
        Msg::DefaultCardSet.text(lang),
    )))
}

/// Deletes one of the customer's cards. Deleting the default leaves the customer
/// without one: no other card is made the default. Another customer's card, or an
/// unknown id, is a 404.
#[utoipa::path(delete, path = "/cards/{id}", tag = "cards", security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "Saved card id"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<RemovedCard>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn delete_card(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    Id(id): Id,
) -> Result<Json<Data<RemovedCard>>, ApiError> {
    let user_id = user.id;
    let was_default = state
        .db
        .write(move |tx| {
            tx.query_row(
                "DELETE FROM saved_cards WHERE id = ?1 AND user_id = ?2 RETURNING is_default",
                [id, user_id],
                |r| r.get::<_, bool>(0),
            )
            .optional()?
            .ok_or_else(|| not_found(lang))
        })
        .await?;
    Ok(Json(Data::with_message(
        RemovedCard { id, was_default },
        Msg::CardDeleted.text(lang),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2025-03-01T09:30:00Z.
    const MARCH_2025: i64 = 1_740_821_400_000;

    fn body(number: &str, month: &str, year: &str) -> CardInput {
        CardInput {
            number: number.into(),
            exp_month: month.into(),
            exp_year: year.into(),
            cvv: "123".into(),
            name: "Mona Adel".into(),
        }
    }

    #[test]
    fn the_form_is_the_cores_with_the_check_digit_and_the_expiry() {
        let card = checked(
            body("4242 4242 4242 4242", "3", "25"),
            Language::En,
            MARCH_2025,
        )
        .unwrap();
        assert_eq!(
            (card.last4(), card.exp_month, card.exp_year),
            ("4242", 3, 25)
        );
        // One digit off: the check digit fails.
        let err = checked(
            body("4242424242424241", "3", "25"),
            Language::En,
            MARCH_2025,
        )
        .unwrap_err()
        .body();
        assert_eq!(err["errors"]["number"][0], "This card number is not valid");
        // Valid through the end of its month only.
        let err = checked(
            body("4242424242424242", "2", "25"),
            Language::Ar,
            MARCH_2025,
        )
        .unwrap_err()
        .body();
        assert_eq!(err["errors"]["card"][0], "انتهت صلاحية هذه البطاقة");
        // The fields are named as sent.
        let err = checked(
            CardInput {
                name: " ".into(),
                cvv: "12".into(),
                ..body("4242", "13", "2029")
            },
            Language::En,
            MARCH_2025,
        )
        .unwrap_err()
        .body();
        let mut fields: Vec<&String> = err["errors"].as_object().unwrap().keys().collect();
        fields.sort();
        assert_eq!(fields, ["cvv", "exp_month", "exp_year", "name", "number"]);
        assert_eq!(err["message"], "Card number must be 16 digits");
    }

    #[test]
    fn stored_cards_expire_after_their_month() {
        let card = StoredCard {
            token: "tok_1".into(),
            last4: "4242".into(),
            exp_month: 3,
            exp_year: 2025,
        };
        assert!(card.unexpired(MARCH_2025).is_ok());
        let april = MARCH_2025 + 31 * crate::clock::DAY_MS;
        assert_eq!(
            card.unexpired(april).unwrap_err().english(),
            "This card has expired"
        );
        for brand in [
            CardBrand::Visa,
            CardBrand::Mastercard,
            CardBrand::Meeza,
            CardBrand::Unknown,
        ] {
            assert_eq!(brand_of(brand_code(brand)), brand);
            assert_eq!(
                serde_json::to_value(brand).unwrap(),
                serde_json::json!(brand_code(brand))
            );
        }
    }
}
