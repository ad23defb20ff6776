//! Card payments through a [`PaymentGateway`], and the [`TestGateway`] the reference
//! server uses.
//!
//! The gateway is never called while the database's writer is held (a payment
//! provider that stalls must not stall every write in the shop). Checkout first
//! *authorizes* the amount due, outside the transaction; then writes the order in one
//! transaction, with the *capture* queued in the payment outbox
//! ([`crate::orders::payment_outbox`]) in that same transaction; after the commit the capture
//! is made. If anything fails before the commit (stock sold out meanwhile, the cart
//! changed, the write failed) the authorization is *released*. Cancellations,
//! rejections and returns queue their card refunds in the outbox the same way. The
//! outbox is retried until the gateway accepts and survives a restart; each call
//! carries a key that is the same on every retry, so a provider can make it
//! idempotent.
//!
//! # Test cards
//!
//! [`TestGateway`] approves, with any name, any 3-digit CVV and any expiry from the
//! current month on:
//!
//! | number             | card              |
//! |--------------------|-------------------|
//! | `4242424242424242` | Visa              |
//! | `5555555555554444` | Mastercard        |
//! | `4000056655665556` | Visa debit        |
//! | `4000000000000077` | approved, slowly: a stalling provider |
//!
//! The stalling card ([`TEST_CARD_STALLING`]) is approved like the others, but its
//! authorization takes [`STALL`] (10 s) and so does the capture of that
//! authorization: a provider that hangs, which a soak or a tester can trigger from
//! outside the process. Since gateway calls run on the blocking pool and never inside
//! a database transaction, only that checkout waits; the shop's other writes go on.
//!
//! Every other number (e.g. `4000000000000002`) and every expired card is declined:
//! the customer sees 'An error occured while processing your payment, please try
//! again later'. Captures and refunds are accepted for any reference it issued
//! (`tst_…`), so they keep working after a restart. The gateway keeps a bounded
//! in-memory journal of its last [`JOURNAL_MAX`] authorizations (the card holder's
//! name only as a hash), which tests read.
//!
//! # Saved cards
//!
//! [`PaymentGateway::tokenize`] keeps a card at the gateway and answers an opaque
//! token with what the shop may store of it (brand, last four digits, expiry);
//! [`PaymentGateway::authorize_token`] charges through that token with the CVV the
//! customer types again. [`TestGateway`] tokenizes the cards it approves (not
//! expired), issues random `tok_…` tokens (nothing of the number is in them) and
//! remembers each token's card in memory only, without its CVV: after a restart its
//! tokens are unknown and charging them is declined, as a provider would decline a
//! token it never issued.
//!
//! Each server is handed its own gateway ([`Gateway`]) when it is built: a test keeps
//! a handle to its server's [`TestGateway`], and what one test does to it (a stall,
//! the journal) reaches no other server in the process.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::{Deserialize, Deserializer};
use storefront_core::locale::Language;
use storefront_core::payment_cards::{CardBrand, card_brand};
use utoipa::ToSchema;

use storefront_core::messages::Message;

use crate::i18n::Msg;
use crate::i18n::orders::core_message;

/// Card numbers the test gateway approves.
pub const TEST_CARDS_APPROVED: [&str; 3] =
    ["4242424242424242", "5555555555554444", "4000056655665556"];

/// A card number the test gateway always declines (any unlisted number does).
pub const TEST_CARD_DECLINED: &str = "4000000000000002";

/// A card number the test gateway approves after stalling: its authorization, and the
/// capture of that authorization, each take [`STALL`] (a provider that hangs).
pub const TEST_CARD_STALLING: &str = "4000000000000077";

/// How long each call about [`TEST_CARD_STALLING`] stalls (a test gateway's own:
/// [`TestGateway::with_stall`]).
pub const STALL: Duration = Duration::from_secs(10);

/// Card details as checked by [`CardInput::validate`]. Its `Debug` shows neither the
/// number nor the CVV, so no log line or error detail can carry them.
#[derive(Clone, PartialEq, Eq)]
pub struct Card {
    /// 16 digits.
    pub number: String,
    /// 1 to 12.
    pub exp_month: u32,
    /// Two digits: 27 is 2027.
    pub exp_year: u32,
    pub cvv: String,
    pub name: String,
}

impl std::fmt::Debug for Card {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Card")
            .field("last4", &self.last4())
            .field("exp_month", &self.exp_month)
            .field("exp_year", &self.exp_year)
            .finish_non_exhaustive()
    }
}

impl Card {
    pub fn last4(&self) -> &str {
        &self.number[self.number.len().saturating_sub(4)..]
    }

    /// How the order shows the card: `**** 4242`.
    pub fn label(&self) -> String {
        format!("**** {}", self.last4())
    }

    /// Whether the card is still valid in the month of `now_ms` (a card is valid
    /// through the end of its expiry month).
    pub fn unexpired(&self, now_ms: i64) -> bool {
        let Ok(now) = time::OffsetDateTime::from_unix_timestamp(now_ms.div_euclid(1000)) else {
            return false;
        };
        let year = 2000 + i64::from(self.exp_year);
        let current = (i64::from(now.year()), i64::from(u8::from(now.month())));
        (year, i64::from(self.exp_month)) >= current
    }
}

/// A reserved amount on a card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Authorization {
    pub reference: String,
    pub amount_minor: i64,
    pub last4: String,
}

/// A card kept by the gateway ([`PaymentGateway::tokenize`]): all the shop may store
/// of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardToken {
    /// The gateway's opaque name for the card, charged with
    /// [`PaymentGateway::authorize_token`].
    pub token: String,
    pub brand: CardBrand,
    pub last4: String,
    /// 1 to 12.
    pub exp_month: u32,
    /// Two digits, as [`Card::exp_year`]: 27 is 2027.
    pub exp_year: u32,
}

/// The gateway refused: the customer sees the spec's payment message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Declined;

/// A card payment provider. Methods are synchronous and may block (a networked
/// gateway): callers run them on the blocking pool, never inside a database
/// transaction.
pub trait PaymentGateway: Send + Sync {
    /// Reserves `amount_minor` on the card (checked against the card's expiry at
    /// `now_ms`).
    fn authorize(
        &self,
        card: &Card,
        amount_minor: i64,
        now_ms: i64,
    ) -> Result<Authorization, Declined>;
    /// Takes the reserved money of the authorization `reference`. `key` is the same on
    /// every retry of this capture.
    fn capture(&self, reference: &str, amount_minor: i64, key: &str) -> Result<(), Declined>;
    /// Gives up an authorization: voided, or refunded in full if it was captured.
    fn release(&self, authorization: &Authorization);
    /// Pays back part or all of a captured charge. `key` is the same on every retry of
    /// this refund.
    fn refund(&self, reference: &str, amount_minor: i64, key: &str) -> Result<(), Declined>;
    /// Keeps the card for later charges (checked as `authorize` checks it, at
    /// `now_ms`) and answers its token; the CVV is not kept.
    fn tokenize(&self, card: &Card, now_ms: i64) -> Result<CardToken, Declined>;
    /// Reserves `amount_minor` on the card a token names, with the CVV the customer
    /// typed for this payment. An unknown token is declined.
    fn authorize_token(
        &self,
        token: &str,
        cvv: &str,
        amount_minor: i64,
        now_ms: i64,
    ) -> Result<Authorization, Declined>;
}

/// What the test gateway did with one reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalEntry {
    pub reference: String,
    /// SHA-256 of the card holder's name: the journal keeps no name.
    pub holder_hash: String,
    pub amount_minor: i64,
    pub captured: bool,
    pub released: bool,
    pub refunded_minor: i64,
    /// The keys of the calls already done (a retry with the same key does nothing).
    pub keys: Vec<String>,
    /// Authorized with [`TEST_CARD_STALLING`]: its capture stalls too.
    pub stalling: bool,
}

/// How many authorizations the test gateway remembers (the oldest go first).
pub const JOURNAL_MAX: usize = 4096;

fn holder_hash(holder: &str) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(holder.as_bytes()))
}

/// The gateway of the reference server (see the module doc for its test cards).
#[derive(Debug)]
pub struct TestGateway {
    journal: Mutex<VecDeque<JournalEntry>>,
    /// Milliseconds each capture and refund takes (tests: a stalling provider).
    delay_ms: AtomicU64,
    /// Captures and refunds begun, so a test can wait for one to be under way.
    begun: AtomicU64,
    /// Milliseconds each call about [`TEST_CARD_STALLING`] takes ([`STALL`]).
    stall_ms: AtomicU64,
    /// Authorizations begun (approved, declined or still stalling).
    authorizations: AtomicU64,
    /// The cards of the tokens it issued (CVV left out), in memory only.
    tokens: Mutex<HashMap<String, Card>>,
}

impl Default for TestGateway {
    fn default() -> Self {
        TestGateway::with_stall(STALL)
    }
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

impl TestGateway {
    /// A test gateway whose stalling card ([`TEST_CARD_STALLING`]) stalls for `stall`
    /// on each call instead of [`STALL`] (tests need not wait 10 s).
    pub fn with_stall(stall: Duration) -> Self {
        TestGateway {
            journal: Mutex::new(VecDeque::new()),
            delay_ms: AtomicU64::new(0),
            begun: AtomicU64::new(0),
            stall_ms: AtomicU64::new(millis(stall)),
            authorizations: AtomicU64::new(0),
            tokens: Mutex::new(HashMap::new()),
        }
    }

    /// How many cards it keeps (tokens issued).
    pub fn tokens_issued(&self) -> usize {
        self.tokens
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .len()
    }

    /// Whether it would approve the card at `now_ms` (any amount above zero).
    fn approves(card: &Card, now_ms: i64) -> bool {
        (card.number == TEST_CARD_STALLING || TEST_CARDS_APPROVED.contains(&card.number.as_str()))
            && card.unexpired(now_ms)
    }

    /// Sets how long each call about the stalling card stalls from now on.
    pub fn set_stall(&self, stall: Duration) {
        self.stall_ms.store(millis(stall), Ordering::Relaxed);
    }

    /// How many authorizations have begun (done or still stalling), so a test can wait
    /// for one to be under way.
    pub fn authorizations_begun(&self) -> u64 {
        self.authorizations.load(Ordering::SeqCst)
    }

    /// Blocks for the stalling card's stall.
    fn stall_for_card(&self) {
        let ms = self.stall_ms.load(Ordering::Relaxed);
        if ms > 0 {
            std::thread::sleep(Duration::from_millis(ms));
        }
    }

    /// Whether `reference` was authorized with the stalling card.
    fn stalling(&self, reference: &str) -> bool {
        self.journal
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .iter()
            .any(|e| e.reference == reference && e.stalling)
    }

    fn with_entry(&self, reference: &str, key: &str, f: impl FnOnce(&mut JournalEntry)) {
        let mut journal = self
            .journal
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(entry) = journal.iter_mut().find(|e| e.reference == reference)
            && !entry.keys.iter().any(|k| k == key)
        {
            if !key.is_empty() {
                entry.keys.push(key.to_owned());
            }
            f(entry);
        }
    }

    /// What happened to the authorizations of a card holder (for tests).
    pub fn journal_for(&self, holder: &str) -> Vec<JournalEntry> {
        let hash = holder_hash(holder);
        self.journal
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .iter()
            .filter(|e| e.holder_hash == hash)
            .cloned()
            .collect()
    }

    /// How many authorizations the journal holds.
    pub fn journal_len(&self) -> usize {
        self.journal
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .len()
    }

    /// Makes every capture and refund take `delay` (a provider that stalls).
    pub fn set_delay(&self, delay: Duration) {
        self.delay_ms.store(millis(delay), Ordering::Relaxed);
    }

    /// How many captures and refunds have begun (done or still stalling).
    pub fn captures_and_refunds_begun(&self) -> u64 {
        self.begun.load(Ordering::SeqCst)
    }

    fn stall(&self) {
        self.begun.fetch_add(1, Ordering::SeqCst);
        let ms = self.delay_ms.load(Ordering::Relaxed);
        if ms > 0 {
            std::thread::sleep(Duration::from_millis(ms));
        }
    }
}

impl PaymentGateway for TestGateway {
    fn authorize(
        &self,
        card: &Card,
        amount_minor: i64,
        now_ms: i64,
    ) -> Result<Authorization, Declined> {
        self.authorizations.fetch_add(1, Ordering::SeqCst);
        let stalling = card.number == TEST_CARD_STALLING;
        if stalling {
            self.stall_for_card();
        }
        if amount_minor <= 0 || !Self::approves(card, now_ms) {
            return Err(Declined);
        }
        let mut bytes = [0u8; 8];
        rand::fill(&mut bytes);
        let authorization = Authorization {
            reference: format!("tst_{}", hex::encode(bytes)),
            amount_minor,
            last4: card.last4().to_owned(),
        };
        let mut journal = self
            .journal
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if journal.len() >= JOURNAL_MAX {
            journal.pop_front();
        }
        journal.push_back(JournalEntry {
            reference: authorization.reference.clone(),
            holder_hash: holder_hash(&card.name),
            amount_minor,
            captured: false,
            released: false,
            refunded_minor: 0,
            keys: Vec::new(),
            stalling,
        });
        Ok(authorization)
    }

    fn capture(&self, reference: &str, _amount_minor: i64, key: &str) -> Result<(), Declined> {
        self.stall();
        if self.stalling(reference) {
            self.stall_for_card();
        }
        if !reference.starts_with("tst_") {
            return Err(Declined);
        }
        self.with_entry(reference, key, |e| e.captured = true);
        Ok(())
    }

    fn release(&self, authorization: &Authorization) {
        self.with_entry(&authorization.reference, "", |e| {
            e.released = true;
            if e.captured {
                e.refunded_minor = e.amount_minor;
            }
        });
    }

    fn refund(&self, reference: &str, amount_minor: i64, key: &str) -> Result<(), Declined> {
        self.stall();
        if !reference.starts_with("tst_") || amount_minor < 0 {
            return Err(Declined);
        }
        self.with_entry(reference, key, |e| e.refunded_minor += amount_minor);
        Ok(())
    }

    fn tokenize(&self, card: &Card, now_ms: i64) -> Result<CardToken, Declined> {
        if !Self::approves(card, now_ms) {
            return Err(Declined);
        }
        // Random: nothing of the number can be read back from a token.
        let mut bytes = [0u8; 12];
        rand::fill(&mut bytes);
        let token = format!("tok_{}", hex::encode(bytes));
        let kept = Card {
            cvv: String::new(),
            ..card.clone()
        };
        self.tokens
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .insert(token.clone(), kept);
        Ok(CardToken {
            token,
            brand: card_brand(&card.number),
            last4: card.last4().to_owned(),
            exp_month: card.exp_month,
            exp_year: card.exp_year,
        })
    }

    fn authorize_token(
        &self,
        token: &str,
        cvv: &str,
        amount_minor: i64,
        now_ms: i64,
    ) -> Result<Authorization, Declined> {
        let card = self
            .tokens
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .get(token)
            .cloned()
            .ok_or(Declined)?;
        let card = Card {
            cvv: cvv.to_owned(),
            ..card
        };
        self.authorize(&card, amount_minor, now_ms)
    }
}

/// The gateway a server charges cards with, handed to it when it is built.
pub type Gateway = Arc<dyn PaymentGateway>;

/// The reference server's gateway: a fresh [`TestGateway`], one per server.
pub fn reference_gateway() -> Gateway {
    Arc::new(TestGateway::default())
}

/// Card details: a checkout's card, and the body of `POST /cards` (spec 5's card form).
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct CardInput {
    /// 16 digits; spaces and dashes are ignored.
    #[schema(example = "4242424242424242")]
    pub number: String,
    /// Expiry month, 1 to 12 (a number or text such as "04").
    #[serde(deserialize_with = "text_or_number")]
    #[schema(schema_with = text_or_number_schema)]
    pub exp_month: String,
    /// Expiry year, two digits (a number or text such as "29").
    #[serde(deserialize_with = "text_or_number")]
    #[schema(schema_with = text_or_number_schema)]
    pub exp_year: String,
    /// 3 digits.
    #[schema(example = "123")]
    pub cvv: String,
    /// Name on the card, at most 100 characters. Like the other fields, checked only
    /// with `payment_method: card`: with cash the card is not read.
    #[schema(example = "Mona Adel")]
    pub name: String,
}

/// What [`text_or_number`] reads: a text, or a whole number from 0.
pub(crate) fn text_or_number_schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::schema::{AnyOfBuilder, ObjectBuilder, Schema, Type};
    let either = AnyOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::String))
        .item(
            // Any `u64`.
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(0))
                .maximum(Some(utoipa::Number::UInt(u64::MAX as usize))),
        )
        .build();
    utoipa::openapi::RefOr::T(Schema::AnyOf(either))
}

pub(crate) fn text_or_number<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        Text(String),
        Number(u64),
    }
    Ok(match Either::deserialize(d)? {
        Either::Text(text) => text,
        Either::Number(n) => n.to_string(),
    })
}

/// Longest card holder name.
pub const CARD_NAME_MAX: usize = 100;

impl CardInput {
    /// Checks the card's form with the core's rules (spec 5: 16-digit number, spaces
    /// allowed; 3-digit CVV; 2-digit year; Arabic-Indic digits read as digits); each
    /// bad field is reported under `card.<field>`.
    pub fn validate(&self, lang: Language) -> Result<Card, Vec<(String, String)>> {
        use storefront_core::validation::{
            card_number, cvv, expiry_year, field_required, max_length, normalize_digits,
        };
        let mut errors = Vec::new();
        let mut check = |field: &str, value: &str, rule: fn(&str) -> Result<(), Message>| {
            let outcome = field_required(value).and_then(|()| rule(value));
            if let Err(message) = outcome {
                errors.push((format!("card.{field}"), core_message(message, lang)));
            }
        };
        let number = normalize_digits(&self.number);
        check("number", &number, card_number);
        let month_text = normalize_digits(self.exp_month.trim());
        let year_text = normalize_digits(self.exp_year.trim());
        check("exp_year", &year_text, expiry_year);
        let cvv_text = normalize_digits(self.cvv.trim());
        check("cvv", &cvv_text, cvv);
        let name = self.name.trim();
        check("name", name, |v| max_length(v, CARD_NAME_MAX));
        let month = month_text
            .parse::<u32>()
            .ok()
            .filter(|m| (1..=12).contains(m));
        if month.is_none() {
            errors.push((
                "card.exp_month".to_owned(),
                Msg::OutOfRange {
                    field: "exp_month".into(),
                    min: 1,
                    max: 12,
                }
                .text(lang),
            ));
        }
        let year = year_text.parse::<u32>().ok();
        match (month, year) {
            (Some(exp_month), Some(exp_year)) if errors.is_empty() => Ok(Card {
                number: number.chars().filter(|c| *c != ' ').collect(),
                exp_month,
                exp_year,
                cvv: cvv_text,
                name: name.to_owned(),
            }),
            _ => {
                errors.sort_by_key(|(field, _)| FIELD_ORDER.iter().position(|f| f == field));
                Err(errors)
            }
        }
    }
}

/// The order card errors are reported in: the form's order.
const FIELD_ORDER: [&str; 5] = [
    "card.number",
    "card.exp_month",
    "card.exp_year",
    "card.cvv",
    "card.name",
];

#[cfg(test)]
mod tests {
    use super::*;

    const MARCH_2025: i64 = 1_740_821_400_000;

    fn card(number: &str, exp_month: u32, exp_year: u32) -> Card {
        Card {
            number: number.into(),
            exp_month,
            exp_year,
            cvv: "123".into(),
            name: "Unit Test Holder".into(),
        }
    }

    #[test]
    fn test_cards_are_approved_and_others_declined() {
        let gateway = TestGateway::default();
        for number in TEST_CARDS_APPROVED {
            let auth = gateway
                .authorize(&card(number, 12, 30), 1_000, MARCH_2025)
                .unwrap();
            assert!(auth.reference.starts_with("tst_"));
            assert_eq!(auth.last4, &number[12..]);
            gateway
                .capture(&auth.reference, auth.amount_minor, "c")
                .unwrap();
        }
        assert_eq!(
            gateway.authorize(&card(TEST_CARD_DECLINED, 12, 30), 1_000, MARCH_2025),
            Err(Declined)
        );
        // Expired: valid through its month only.
        assert!(
            gateway
                .authorize(&card(TEST_CARDS_APPROVED[0], 3, 25), 1_000, MARCH_2025)
                .is_ok()
        );
        assert_eq!(
            gateway.authorize(&card(TEST_CARDS_APPROVED[0], 2, 25), 1_000, MARCH_2025),
            Err(Declined)
        );
        assert_eq!(
            gateway.authorize(&card(TEST_CARDS_APPROVED[0], 12, 30), 0, MARCH_2025),
            Err(Declined)
        );
    }

    #[test]
    fn the_stalling_card_is_approved_after_a_stall_and_its_capture_stalls_too() {
        assert_eq!(
            TestGateway::default().stall_ms.load(Ordering::Relaxed),
            10_000
        );
        let stall = Duration::from_millis(50);
        let gateway = TestGateway::with_stall(stall);
        let started = std::time::Instant::now();
        let auth = gateway
            .authorize(&card(TEST_CARD_STALLING, 12, 30), 1_000, MARCH_2025)
            .unwrap();
        assert!(started.elapsed() >= stall);
        assert_eq!(gateway.authorizations_begun(), 1);
        let started = std::time::Instant::now();
        gateway
            .capture(&auth.reference, auth.amount_minor, "c")
            .unwrap();
        assert!(started.elapsed() >= stall);
        let entry = &gateway.journal_for("Unit Test Holder")[0];
        assert!(entry.stalling && entry.captured);
        // The other cards' calls do not stall.
        gateway.set_stall(Duration::from_secs(3600));
        let quick = gateway
            .authorize(&card(TEST_CARDS_APPROVED[0], 12, 30), 1_000, MARCH_2025)
            .unwrap();
        gateway.capture(&quick.reference, 1_000, "q").unwrap();
        assert!(!gateway.journal_for("Unit Test Holder")[1].stalling);
        // Expired, it is declined like any card (after its stall).
        gateway.set_stall(Duration::ZERO);
        assert_eq!(
            gateway.authorize(&card(TEST_CARD_STALLING, 2, 25), 1_000, MARCH_2025),
            Err(Declined)
        );
        assert_eq!(gateway.authorizations_begun(), 3);
    }

    #[test]
    fn the_journal_records_capture_release_and_refunds() {
        let gateway = TestGateway::default();
        let auth = gateway
            .authorize(&card(TEST_CARDS_APPROVED[1], 1, 40), 5_000, MARCH_2025)
            .unwrap();
        gateway
            .capture(&auth.reference, auth.amount_minor, "capture-1")
            .unwrap();
        gateway.refund(&auth.reference, 1_000, "refund-1").unwrap();
        // A retry of the same refund (same key) pays nothing twice.
        gateway.refund(&auth.reference, 1_000, "refund-1").unwrap();
        let entry = &gateway.journal_for("Unit Test Holder")[0];
        assert!(entry.captured && !entry.released);
        assert_eq!(entry.refunded_minor, 1_000);
        assert!(!entry.holder_hash.contains("Unit"), "no name kept");
        let other = gateway
            .authorize(&card(TEST_CARDS_APPROVED[1], 1, 40), 700, MARCH_2025)
            .unwrap();
        gateway.release(&other);
        let entries = gateway.journal_for("Unit Test Holder");
        assert!(entries[1].released && !entries[1].captured);
        assert_eq!(gateway.refund("elsewhere_1", 10, "k"), Err(Declined));
        // A reference from before a restart still refunds.
        assert_eq!(gateway.refund("tst_00", 10, "k"), Ok(()));
    }

    #[test]
    fn tokens_are_random_and_charge_the_card_they_name() {
        let gateway = TestGateway::default();
        let visa = card(TEST_CARDS_APPROVED[0], 12, 30);
        let token = gateway.tokenize(&visa, MARCH_2025).unwrap();
        let again = gateway.tokenize(&visa, MARCH_2025).unwrap();
        assert!(token.token.starts_with("tok_") && again.token.starts_with("tok_"));
        assert_ne!(token.token, again.token, "not derived from the number");
        assert!(!token.token.contains("4242"));
        assert_eq!(
            (
                token.brand,
                token.last4.as_str(),
                token.exp_month,
                token.exp_year
            ),
            (CardBrand::Visa, "4242", 12, 30)
        );
        let auth = gateway
            .authorize_token(&token.token, "999", 2_500, MARCH_2025)
            .unwrap();
        assert_eq!((auth.amount_minor, auth.last4.as_str()), (2_500, "4242"));
        assert_eq!(
            gateway.authorize_token("tok_unknown", "123", 2_500, MARCH_2025),
            Err(Declined)
        );
        // Cards it would not charge are not kept either.
        assert_eq!(
            gateway.tokenize(&card(TEST_CARD_DECLINED, 12, 30), MARCH_2025),
            Err(Declined)
        );
        assert_eq!(
            gateway.tokenize(&card(TEST_CARDS_APPROVED[1], 2, 25), MARCH_2025),
            Err(Declined)
        );
        assert_eq!(gateway.tokens_issued(), 2);
        // Neither the number nor the CVV shows in a debug print.
        let shown = format!("{visa:?}");
        assert!(
            !shown.contains("4242424242424242") && !shown.contains("123"),
            "{shown}"
        );
    }

    #[test]
    fn the_journal_is_bounded() {
        let gateway = TestGateway::default();
        for _ in 0..JOURNAL_MAX + 10 {
            gateway
                .authorize(&card(TEST_CARDS_APPROVED[0], 1, 40), 100, MARCH_2025)
                .unwrap();
        }
        assert_eq!(gateway.journal_len(), JOURNAL_MAX);
    }

    #[test]
    fn card_forms_are_checked_field_by_field() {
        let input = CardInput {
            number: "4242 4242 4242 4242".into(),
            exp_month: "04".into(),
            exp_year: "29".into(),
            cvv: "123".into(),
            name: " Mona ".into(),
        };
        let card = input.validate(Language::En).unwrap();
        assert_eq!(card.number, "4242424242424242");
        assert_eq!((card.exp_month, card.exp_year), (4, 29));
        assert_eq!(card.label(), "**** 4242");
        assert_eq!(card.name, "Mona");
        let bad = CardInput {
            number: "4242-4242-4242-4242".into(),
            exp_month: "13".into(),
            exp_year: "2029".into(),
            cvv: "12a".into(),
            name: " ".into(),
        };
        // Arabic-Indic digits are digits.
        let arabic = CardInput {
            number: "٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢".into(),
            exp_month: "١٢".into(),
            exp_year: "٢٩".into(),
            cvv: "١٢٣".into(),
            name: "منى".into(),
        };
        assert_eq!(
            arabic.validate(Language::Ar).unwrap().number,
            "4242424242424242"
        );
        let errors = bad.validate(Language::En).unwrap_err();
        let fields: Vec<&str> = errors.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(
            fields,
            [
                "card.number",
                "card.exp_month",
                "card.exp_year",
                "card.cvv",
                "card.name"
            ]
        );
        assert_eq!(errors[0].1, "Card number must be 16 digits");
        assert_eq!(errors[2].1, "Year must be 2 digits");
        assert_eq!(errors[3].1, "CVV must be 3 digits");
        assert_eq!(errors[4].1, "This field is required");
    }
}
