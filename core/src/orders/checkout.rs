//! The checkout as a flow (spec 2: address → payment → order review, then the success
//! page): the step, the chosen address, the payment chosen, the placement under way,
//! where a refusal is shown ([`placement_failure`]) and the resume of an attempt a
//! reload left open. Events in, effects and a [`CheckoutView`] out.
//!
//! The card's secrets never stay here: a new card's number and CVV, or a saved card's
//! CVV, come with the [`CheckoutEvent::Place`] event and leave in its request effect
//! only. The state keeps what the payment step chose without them ([`PaymentSummary`]).
//!
//! Every placement of one attempt carries the attempt's idempotency key (the client's
//! storage model, `checkout_attempt`), so the API never places two orders for one
//! attempt: a double click (a second `Place` while one is under way is ignored), a retry
//! after a lost answer, a reload during placement. After such a reload, with the cart
//! already emptied by the order, the client asks the open key whether it placed an
//! order ([`CheckoutEvent::ResumeAsked`]): a body that can place nothing, answered
//! with the key's order if it placed one (static-host/docs/orders.md, Idempotency).

use serde::{Deserialize, Serialize};

use crate::effects::{ApiCall, Effect};
use crate::flow::Flow;
use crate::locale::Language;
use crate::messages::{Message, Text};

use super::placement::{CheckoutStep, placement_failure_with};

/// The steps, in order.
pub const CHECKOUT_STEPS: [CheckoutStep; 3] = [
    CheckoutStep::Address,
    CheckoutStep::Payment,
    CheckoutStep::Review,
];

/// How the order is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PaymentMethod {
    Card,
    Cash,
}

/// What the payment step chose, without the card's number or CVV.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PaymentSummary {
    pub method: PaymentMethod,
    /// The wallet balance pays first.
    pub use_wallet: bool,
    /// A saved card pays (with `method: card`): its id. None: a new card, typed in.
    pub saved_card_id: Option<u64>,
    /// "Save this card for next time", with a new card.
    pub save_card: bool,
}

/// A new card as typed. It crosses only in the `place` event and the request effect;
/// the server keeps only its token, brand, last four digits and expiry.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CardDetails {
    pub number: String,
    pub name: String,
    pub exp_month: String,
    pub exp_year: String,
    pub cvv: String,
}

// Written by hand so that no log or panic message prints a card number or a CVV.
impl std::fmt::Debug for CardDetails {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CardDetails")
            .field("number", &"…")
            .field("name", &self.name)
            .field("exp_month", &self.exp_month)
            .field("exp_year", &self.exp_year)
            .field("cvv", &"…")
            .finish()
    }
}

/// The order a placement asks for (`POST /order/checkout`; the caller adds the selected
/// service, as it does to an add to cart).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CheckoutOrder {
    pub address_id: Option<u64>,
    pub payment_method: PaymentMethod,
    pub use_wallet: bool,
    /// A new card (with `payment_method: card` and no saved card).
    pub card: Option<CardDetails>,
    /// Ask the server to save the new card.
    pub save_card: bool,
    /// A saved card instead of `card`, with its `cvv`.
    pub saved_card_id: Option<u64>,
    pub cvv: Option<String>,
}

/// What can happen at checkout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CheckoutEvent {
    /// An address was chosen (the default one first, by the address step).
    AddressChosen { address_id: u64 },
    /// The address step's Continue: on to the payment.
    AddressDone,
    /// The payment step's Continue: on to the review.
    PaymentDone { payment: PaymentSummary },
    /// A step link, Back or Edit.
    GoTo { step: CheckoutStep },
    /// Place order, with the attempt's idempotency key (taken at the click) and the
    /// card's secrets: a new card's values, or the CVV typed for a saved card.
    Place {
        key: String,
        card: Option<CardDetails>,
        cvv: Option<String>,
    },
    /// The order was placed (or, on a resume, the open attempt had placed it).
    Placed { order_id: u64 },
    /// `POST /order/checkout` failed: its status (None: no answer came), the fields its
    /// 422 names, and its text.
    PlacementFailed {
        status: Option<u16>,
        fields: Vec<String>,
        text: Text,
    },
    /// A reload left an attempt open and the cart is empty: ask the API whether `key`
    /// placed an order. Ignored once this visit has placed (or asked) itself.
    ResumeAsked { key: String },
    /// A new visit: back to the address step with nothing chosen.
    Reset,
}

/// Where the resume of an attempt left open stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ResumeStatus {
    /// Not asked (yet).
    #[default]
    NotAsked,
    /// The API is being asked whether the open attempt placed an order.
    Asking,
    /// Answered, or no longer to be asked: this visit placed an order itself.
    Over,
}

/// What the screen shows of the checkout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CheckoutView {
    pub step: CheckoutStep,
    /// The step's place in [`CHECKOUT_STEPS`], from 0.
    pub index: u8,
    pub address_id: Option<u64>,
    /// What the payment step chose; None until it was done.
    pub payment: Option<PaymentSummary>,
    /// A refused placement, shown at the address step.
    pub address_failure: Option<Text>,
    /// The delivery area refused the chosen address: it is marked.
    pub area_refused: bool,
    /// A refused placement, shown at the payment step.
    pub payment_failure: Option<Text>,
    /// The chosen saved card can no longer pay: the CVV typed for it is forgotten.
    pub saved_card_refused: bool,
    /// A refused placement, shown at the review step.
    pub review_failure: Option<Text>,
    /// The account has no verified phone yet (a 422 on `mobile`): shown at the review
    /// step's phone box.
    pub phone_refusal: Option<Text>,
    /// A placement is on its way (Place order waits for it).
    pub placing: bool,
    pub resume: ResumeStatus,
}

/// A refusal, where it is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Refusal {
    step: CheckoutStep,
    text: Text,
    area: bool,
    saved_card: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum UnderWay {
    Placing,
    Resuming,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct CheckoutState {
    step: CheckoutStep,
    address_id: Option<u64>,
    payment: Option<PaymentSummary>,
    refusal: Option<Refusal>,
    phone_refusal: Option<Text>,
    under_way: Option<UnderWay>,
    resume: ResumeStatus,
}

impl Default for CheckoutState {
    fn default() -> Self {
        Self {
            step: CheckoutStep::Address,
            address_id: None,
            payment: None,
            refusal: None,
            phone_refusal: None,
            under_way: None,
            resume: ResumeStatus::NotAsked,
        }
    }
}

/// Renders one of the core's messages in the page language.
type Render = Box<dyn Fn(&Message) -> String>;

/// The checkout of one visit to /checkout, as the shell drives it.
pub struct CheckoutFlow {
    state: CheckoutState,
    /// The server words its refusals from the same catalogue: its text is matched
    /// against ours in the page language ([`placement_failure_with`]).
    render: Render,
}

impl std::fmt::Debug for CheckoutFlow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CheckoutFlow")
            .field("state", &self.state)
            .finish_non_exhaustive()
    }
}

impl CheckoutFlow {
    /// A checkout at the address step whose refusals are read in `language` with the
    /// core's catalogue.
    pub fn new(language: Language) -> Self {
        Self::with_render(move |message| message.render(language))
    }

    /// A checkout whose refusals are read with the caller's texts (`render` gives a
    /// message in the page language; the browser keeps its texts as data).
    pub fn with_render(render: impl Fn(&Message) -> String + 'static) -> Self {
        Self {
            state: CheckoutState::default(),
            render: Box::new(render),
        }
    }

    fn go(&mut self, step: CheckoutStep) {
        self.state.step = step;
    }

    /// Clears a refusal shown at `step` (the customer fixed it there).
    fn clear_refusal_at(&mut self, step: CheckoutStep) {
        if self.state.refusal.as_ref().is_some_and(|r| r.step == step) {
            self.state.refusal = None;
        }
    }

    fn place(
        &mut self,
        key: String,
        card: Option<CardDetails>,
        cvv: Option<String>,
    ) -> Vec<Effect> {
        let Some(payment) = self.state.payment else {
            // Nothing chosen to pay with yet: the payment step asks.
            self.go(CheckoutStep::Payment);
            return Vec::new();
        };
        // One call at a time: a double click's second click (which carries the same key
        // anyway) is ignored, and so is a click while the open attempt is asked about.
        if self.state.under_way.is_some() {
            return Vec::new();
        }
        self.state.under_way = Some(UnderWay::Placing);
        // This visit places itself: an earlier attempt is not asked about any more.
        self.state.resume = ResumeStatus::Over;
        self.state.refusal = None;
        self.state.phone_refusal = None;
        let order = order_of(self.state.address_id, payment, card, cvv);
        vec![Effect::Request {
            call: ApiCall::PlaceOrder {
                idempotency_key: key,
                order: Some(order),
            },
        }]
    }

    fn placed(&mut self, order_id: u64) -> Vec<Effect> {
        if self.state.under_way.take().is_none() {
            return Vec::new();
        }
        self.state.resume = ResumeStatus::Over;
        vec![
            // The next checkout is a new attempt.
            Effect::FinishCheckoutAttempt,
            Effect::Navigate {
                to: format!("/checkout/success/{order_id}"),
                after_ms: 0,
            },
        ]
    }

    fn failed(&mut self, status: Option<u16>, fields: &[String], text: Text) -> Vec<Effect> {
        match self.state.under_way.take() {
            None => Vec::new(),
            Some(UnderWay::Resuming) => {
                self.state.resume = ResumeStatus::Over;
                // The API answered: the key placed nothing, so the attempt is over. With
                // no answer it stays open, for a later visit to ask again.
                if status.is_some() {
                    vec![Effect::FinishCheckoutAttempt]
                } else {
                    Vec::new()
                }
            }
            Some(UnderWay::Placing) => self.refused(status, fields, text),
        }
    }

    fn refused(&mut self, status: Option<u16>, fields: &[String], text: Text) -> Vec<Effect> {
        let found = placement_failure_with(status, fields, &text, &*self.render);
        if found.phone {
            // An account registered by e-mail verifies a phone before its first order:
            // the review step's phone box shows why, and nothing else is wrong.
            self.state.phone_refusal = Some(text);
            self.go(CheckoutStep::Review);
            return Vec::new();
        }
        let mut effects = Vec::new();
        if found.saved_card {
            // The saved card cannot pay any more (deleted in another tab, or expired):
            // the cards are read afresh, so a deleted one leaves the list.
            effects.push(Effect::ReloadSavedCards);
        }
        if found.step == CheckoutStep::Review && status.is_some() {
            // The server refused the cart (stock…): show what it holds now. When no
            // answer came, the cart stays as shown, so placing again replays the key.
            effects.push(Effect::ReloadCart);
        }
        self.state.refusal = Some(Refusal {
            step: found.step,
            text,
            area: found.area,
            saved_card: found.saved_card,
        });
        self.go(found.step);
        effects
    }

    fn resume(&mut self, key: String) -> Vec<Effect> {
        if self.state.resume != ResumeStatus::NotAsked || self.state.under_way.is_some() {
            return Vec::new();
        }
        self.state.resume = ResumeStatus::Asking;
        self.state.under_way = Some(UnderWay::Resuming);
        vec![Effect::Request {
            call: ApiCall::PlaceOrder {
                idempotency_key: key,
                order: None,
            },
        }]
    }

    fn failure_at(&self, step: CheckoutStep) -> Option<Text> {
        self.state
            .refusal
            .as_ref()
            .filter(|r| r.step == step)
            .map(|r| r.text.clone())
    }
}

/// The order a placement sends: a saved card goes by its id with its CVV and no card; a
/// new card with its values, and `save_card` only with one; cash with neither.
fn order_of(
    address_id: Option<u64>,
    payment: PaymentSummary,
    card: Option<CardDetails>,
    cvv: Option<String>,
) -> CheckoutOrder {
    let by_card = payment.method == PaymentMethod::Card;
    let saved_card_id = payment.saved_card_id.filter(|_| by_card);
    let card = card.filter(|_| by_card && saved_card_id.is_none());
    CheckoutOrder {
        address_id,
        payment_method: payment.method,
        use_wallet: payment.use_wallet,
        save_card: payment.save_card && card.is_some(),
        card,
        saved_card_id,
        cvv: saved_card_id.map(|_| cvv.unwrap_or_default()),
    }
}

impl Flow for CheckoutFlow {
    type Event = CheckoutEvent;
    type View = CheckoutView;

    fn update(&mut self, event: CheckoutEvent, _now_ms: u64) -> Vec<Effect> {
        match event {
            CheckoutEvent::AddressChosen { address_id } => {
                self.state.address_id = Some(address_id);
                Vec::new()
            }
            CheckoutEvent::AddressDone => {
                self.clear_refusal_at(CheckoutStep::Address);
                self.go(CheckoutStep::Payment);
                Vec::new()
            }
            CheckoutEvent::PaymentDone { payment } => {
                self.state.payment = Some(payment);
                self.clear_refusal_at(CheckoutStep::Payment);
                self.go(CheckoutStep::Review);
                Vec::new()
            }
            CheckoutEvent::GoTo { step } => {
                // The review needs a payment chosen first.
                if step == CheckoutStep::Review && self.state.payment.is_none() {
                    self.go(CheckoutStep::Payment);
                } else {
                    self.go(step);
                }
                Vec::new()
            }
            CheckoutEvent::Place { key, card, cvv } => self.place(key, card, cvv),
            CheckoutEvent::Placed { order_id } => self.placed(order_id),
            CheckoutEvent::PlacementFailed {
                status,
                fields,
                text,
            } => self.failed(status, &fields, text),
            CheckoutEvent::ResumeAsked { key } => self.resume(key),
            CheckoutEvent::Reset => {
                // A call on its way is kept: its answer still ends the attempt (and
                // opens the order's success page, as a placement left behind always did).
                let under_way = self.state.under_way;
                self.state = CheckoutState {
                    under_way,
                    resume: match under_way {
                        Some(UnderWay::Resuming) => ResumeStatus::Asking,
                        Some(UnderWay::Placing) => ResumeStatus::Over,
                        None => ResumeStatus::NotAsked,
                    },
                    ..CheckoutState::default()
                };
                Vec::new()
            }
        }
    }

    fn view(&self) -> CheckoutView {
        let step = self.state.step;
        let index = CHECKOUT_STEPS.iter().position(|&s| s == step).unwrap_or(0);
        CheckoutView {
            step,
            index: u8::try_from(index).unwrap_or(0),
            address_id: self.state.address_id,
            payment: self.state.payment,
            address_failure: self.failure_at(CheckoutStep::Address),
            area_refused: self
                .state
                .refusal
                .as_ref()
                .is_some_and(|r| r.step == CheckoutStep::Address && r.area),
            payment_failure: self.failure_at(CheckoutStep::Payment),
            saved_card_refused: self.state.refusal.as_ref().is_some_and(|r| r.saved_card),
            review_failure: self.failure_at(CheckoutStep::Review),
            phone_refusal: self.state.phone_refusal.clone(),
            placing: self.state.under_way == Some(UnderWay::Placing),
            resume: self.state.resume,
        }
    }
}

/// A saved card as the payment step lists it: what the preselection reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SavedCardFacts {
    pub id: u64,
    pub expired: bool,
    pub is_default: bool,
}

/// Which card pays: a saved one, or a new one typed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "card", rename_all = "snake_case")]
pub enum CardChoice {
    Saved { id: u64 },
    New,
}

/// The card the payment step offers first: the earlier choice while it can still pay
/// (a new card always can), else the default card unless it has expired, else a new
/// card. `earlier`: None when nothing was chosen yet.
pub fn preselected_card(cards: &[SavedCardFacts], earlier: Option<CardChoice>) -> CardChoice {
    match earlier {
        Some(CardChoice::New) => return CardChoice::New,
        Some(CardChoice::Saved { id }) if cards.iter().any(|c| c.id == id && !c.expired) => {
            return CardChoice::Saved { id };
        }
        _ => {}
    }
    cards
        .iter()
        .find(|c| c.is_default && !c.expired)
        .map_or(CardChoice::New, |c| CardChoice::Saved { id: c.id })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::MessageId;

    fn server(text: &str) -> Text {
        Text::Server {
            text: text.to_owned(),
        }
    }

    fn cash() -> PaymentSummary {
        PaymentSummary {
            method: PaymentMethod::Cash,
            use_wallet: false,
            saved_card_id: None,
            save_card: false,
        }
    }

    fn card() -> CardDetails {
        CardDetails {
            number: "4242 4242 4242 4242".into(),
            name: "Mona Adel".into(),
            exp_month: "12".into(),
            exp_year: "39".into(),
            cvv: "123".into(),
        }
    }

    fn place(key: &str) -> CheckoutEvent {
        CheckoutEvent::Place {
            key: key.into(),
            card: None,
            cvv: None,
        }
    }

    fn failed(status: Option<u16>, fields: &[&str], text: Text) -> CheckoutEvent {
        CheckoutEvent::PlacementFailed {
            status,
            fields: fields.iter().map(|f| (*f).to_owned()).collect(),
            text,
        }
    }

    /// A flow at the review step: address 7, then `payment`.
    fn at_review(payment: PaymentSummary) -> CheckoutFlow {
        let mut flow = CheckoutFlow::new(Language::En);
        flow.update(CheckoutEvent::AddressChosen { address_id: 7 }, 0);
        flow.update(CheckoutEvent::AddressDone, 0);
        flow.update(CheckoutEvent::PaymentDone { payment }, 0);
        flow
    }

    fn placement(effects: &[Effect]) -> Option<(&str, Option<&CheckoutOrder>)> {
        effects.iter().find_map(|effect| match effect {
            Effect::Request {
                call:
                    ApiCall::PlaceOrder {
                        idempotency_key,
                        order,
                    },
            } => Some((idempotency_key.as_str(), order.as_ref())),
            _ => None,
        })
    }

    #[test]
    fn the_steps_go_address_payment_review_and_back() {
        let mut flow = CheckoutFlow::new(Language::En);
        let start = flow.view();
        assert_eq!((start.step, start.index), (CheckoutStep::Address, 0));
        assert_eq!(start.resume, ResumeStatus::NotAsked);
        flow.update(CheckoutEvent::AddressChosen { address_id: 8 }, 0);
        flow.update(CheckoutEvent::AddressDone, 0);
        assert_eq!(
            (flow.view().step, flow.view().index),
            (CheckoutStep::Payment, 1)
        );
        // The review needs a payment: a step link to it lands on the payment.
        flow.update(
            CheckoutEvent::GoTo {
                step: CheckoutStep::Review,
            },
            0,
        );
        assert_eq!(flow.view().step, CheckoutStep::Payment);
        flow.update(CheckoutEvent::PaymentDone { payment: cash() }, 0);
        let review = flow.view();
        assert_eq!((review.step, review.index), (CheckoutStep::Review, 2));
        assert_eq!(review.address_id, Some(8));
        assert_eq!(review.payment, Some(cash()));
        flow.update(
            CheckoutEvent::GoTo {
                step: CheckoutStep::Address,
            },
            0,
        );
        assert_eq!(flow.view().step, CheckoutStep::Address);
        assert_eq!(flow.view().payment, Some(cash()), "the choice is kept");
    }

    #[test]
    fn placing_without_a_payment_goes_to_the_payment_step_and_sends_nothing() {
        let mut flow = CheckoutFlow::new(Language::En);
        let effects = flow.update(place("k-1"), 0);
        assert!(effects.is_empty());
        assert_eq!(flow.view().step, CheckoutStep::Payment);
        assert!(!flow.view().placing);
    }

    #[test]
    fn cash_places_with_the_key_and_a_second_click_while_placing_is_ignored() {
        let mut flow = at_review(PaymentSummary {
            use_wallet: true,
            ..cash()
        });
        let effects = flow.update(place("k-1"), 0);
        let (key, order) = placement(&effects).expect("a placement");
        assert_eq!(key, "k-1");
        assert_eq!(
            order,
            Some(&CheckoutOrder {
                address_id: Some(7),
                payment_method: PaymentMethod::Cash,
                use_wallet: true,
                card: None,
                save_card: false,
                saved_card_id: None,
                cvv: None,
            })
        );
        assert!(flow.view().placing);
        assert!(flow.update(place("k-1"), 0).is_empty());

        let done = flow.step(CheckoutEvent::Placed { order_id: 5 }, 0);
        assert_eq!(
            done.effects,
            vec![
                Effect::FinishCheckoutAttempt,
                Effect::Navigate {
                    to: "/checkout/success/5".into(),
                    after_ms: 0
                }
            ]
        );
        assert!(!done.view.placing);
    }

    #[test]
    fn a_new_card_goes_out_in_the_request_only_and_save_card_with_it() {
        let mut flow = at_review(PaymentSummary {
            method: PaymentMethod::Card,
            use_wallet: false,
            saved_card_id: None,
            save_card: true,
        });
        let effects = flow.update(
            CheckoutEvent::Place {
                key: "k".into(),
                card: Some(card()),
                // A stray CVV without a saved card is not sent.
                cvv: Some("999".into()),
            },
            0,
        );
        let (_, order) = placement(&effects).expect("a placement");
        let order = order.expect("an order");
        assert_eq!(order.card, Some(card()));
        assert!(order.save_card);
        assert_eq!((order.saved_card_id, order.cvv.as_deref()), (None, None));
        // Nothing of the card stays in the flow.
        let kept = format!("{flow:?} {:?}", flow.view());
        assert!(!kept.contains("4242"), "{kept}");
        assert!(!format!("{:?}", card()).contains("123"));
    }

    #[test]
    fn a_saved_card_goes_by_id_with_its_cvv_and_no_card() {
        let mut flow = at_review(PaymentSummary {
            method: PaymentMethod::Card,
            use_wallet: false,
            saved_card_id: Some(31),
            // Save applies to a new card only.
            save_card: true,
        });
        let effects = flow.update(
            CheckoutEvent::Place {
                key: "k".into(),
                card: Some(card()),
                cvv: Some("321".into()),
            },
            0,
        );
        let order = placement(&effects).and_then(|(_, o)| o).expect("an order");
        assert_eq!(order.saved_card_id, Some(31));
        assert_eq!(order.cvv.as_deref(), Some("321"));
        assert_eq!(order.card, None);
        assert!(!order.save_card);
    }

    #[test]
    fn cash_sends_no_card_even_when_one_was_typed() {
        let mut flow = at_review(PaymentSummary {
            saved_card_id: Some(31),
            save_card: true,
            ..cash()
        });
        let effects = flow.update(
            CheckoutEvent::Place {
                key: "k".into(),
                card: Some(card()),
                cvv: Some("321".into()),
            },
            0,
        );
        let order = placement(&effects).and_then(|(_, o)| o).expect("an order");
        assert_eq!(
            (
                &order.card,
                order.save_card,
                order.saved_card_id,
                &order.cvv
            ),
            (&None, false, None, &None)
        );
    }

    #[test]
    fn a_delivery_area_refusal_goes_back_to_the_address_step_and_marks_it() {
        let mut flow = at_review(cash());
        flow.update(place("k"), 0);
        let text = server("Sorry, we don't deliver to your area now!");
        let step = flow.step(failed(Some(400), &[], text.clone()), 0);
        assert!(step.effects.is_empty());
        assert_eq!(step.view.step, CheckoutStep::Address);
        assert_eq!(step.view.address_failure, Some(text));
        assert!(step.view.area_refused);
        assert_eq!(
            (step.view.payment_failure, step.view.review_failure),
            (None, None)
        );
        // Continuing from the address step clears it.
        let on = flow.step(CheckoutEvent::AddressDone, 0);
        assert_eq!(on.view.address_failure, None);
        assert!(!on.view.area_refused);
    }

    #[test]
    fn a_payment_refusal_is_shown_at_the_payment_step_until_it_is_done_again() {
        let mut flow = at_review(cash());
        flow.update(place("k"), 0);
        let text = server("Balance Not Sufficient");
        let step = flow.step(failed(Some(400), &[], text.clone()), 0);
        assert_eq!(step.view.step, CheckoutStep::Payment);
        assert_eq!(step.view.payment_failure, Some(text));
        assert!(!step.view.saved_card_refused);
        let again = flow.step(CheckoutEvent::PaymentDone { payment: cash() }, 0);
        assert_eq!(again.view.payment_failure, None);
        assert_eq!(again.view.step, CheckoutStep::Review);
        // Placing again is allowed, with the same key the client takes again.
        let effects = flow.update(place("k"), 0);
        assert_eq!(placement(&effects).map(|(k, _)| k), Some("k"));
    }

    #[test]
    fn a_saved_card_that_cannot_pay_asks_for_the_cards_again() {
        let mut flow = at_review(PaymentSummary {
            method: PaymentMethod::Card,
            use_wallet: false,
            saved_card_id: Some(31),
            save_card: false,
        });
        flow.update(place("k"), 0);
        let gone = Text::from(MessageId::SavedCardUnavailable);
        let step = flow.step(failed(Some(422), &["saved_card_id"], gone.clone()), 0);
        assert_eq!(step.effects, vec![Effect::ReloadSavedCards]);
        assert_eq!(step.view.step, CheckoutStep::Payment);
        assert_eq!(step.view.payment_failure, Some(gone));
        assert!(step.view.saved_card_refused);
    }

    #[test]
    fn a_refused_cart_stays_at_the_review_and_is_read_again_unless_no_answer_came() {
        let mut flow = at_review(cash());
        flow.update(place("k"), 0);
        let stock = server("There is not enough stock available.");
        let step = flow.step(failed(Some(400), &[], stock.clone()), 0);
        assert_eq!(step.effects, vec![Effect::ReloadCart]);
        assert_eq!(step.view.step, CheckoutStep::Review);
        assert_eq!(step.view.review_failure, Some(stock));

        // A lost answer: the cart stays as shown, the next placement replays the key.
        flow.update(place("k"), 0);
        let lost = Text::from(MessageId::NoResponse);
        let step = flow.step(failed(None, &[], lost.clone()), 0);
        assert!(step.effects.is_empty());
        assert_eq!(step.view.review_failure, Some(lost));
        assert!(!step.view.placing);
    }

    #[test]
    fn no_phone_is_shown_at_the_review_step_s_phone_box_and_cleared_by_the_next_placement() {
        let mut flow = at_review(cash());
        flow.update(
            CheckoutEvent::GoTo {
                step: CheckoutStep::Review,
            },
            0,
        );
        flow.update(place("k"), 0);
        let text = server("Verify your phone number before your first order.");
        let step = flow.step(failed(Some(422), &["mobile"], text.clone()), 0);
        assert!(step.effects.is_empty());
        assert_eq!(step.view.step, CheckoutStep::Review);
        assert_eq!(step.view.phone_refusal, Some(text));
        assert_eq!(step.view.review_failure, None);
        flow.update(place("k"), 0);
        assert_eq!(flow.view().phone_refusal, None);
    }

    #[test]
    fn refusals_are_matched_with_the_caller_s_texts() {
        let mut flow = CheckoutFlow::with_render(|message: &Message| {
            format!("text of {}", message.id.as_str())
        });
        flow.update(CheckoutEvent::PaymentDone { payment: cash() }, 0);
        flow.update(place("k"), 0);
        let text = server("text of no_delivery_to_location");
        let view = flow.step(failed(Some(400), &[], text), 0).view;
        assert_eq!(view.step, CheckoutStep::Address);
        assert!(view.area_refused);
    }

    #[test]
    fn an_open_attempt_is_asked_for_its_order_once() {
        let mut flow = CheckoutFlow::new(Language::En);
        let effects = flow.update(CheckoutEvent::ResumeAsked { key: "open".into() }, 0);
        assert_eq!(placement(&effects), Some(("open", None)));
        assert_eq!(flow.view().resume, ResumeStatus::Asking);
        assert!(!flow.view().placing);
        assert!(
            flow.update(CheckoutEvent::ResumeAsked { key: "open".into() }, 0)
                .is_empty()
        );
        let done = flow.step(CheckoutEvent::Placed { order_id: 9 }, 0);
        assert_eq!(done.view.resume, ResumeStatus::Over);
        assert_eq!(
            done.effects,
            vec![
                Effect::FinishCheckoutAttempt,
                Effect::Navigate {
                    to: "/checkout/success/9".into(),
                    after_ms: 0
                }
            ]
        );
    }

    #[test]
    fn an_open_attempt_that_placed_nothing_is_closed_but_kept_when_no_answer_came() {
        let mut flow = CheckoutFlow::new(Language::En);
        flow.update(CheckoutEvent::ResumeAsked { key: "open".into() }, 0);
        let answered = flow.step(
            failed(
                Some(422),
                &["service_id"],
                server("The service id field is required."),
            ),
            0,
        );
        assert_eq!(answered.effects, vec![Effect::FinishCheckoutAttempt]);
        assert_eq!(answered.view.resume, ResumeStatus::Over);
        // The resume's refusal is no placement's: nothing is shown for it.
        assert_eq!(answered.view.review_failure, None);
        assert_eq!(answered.view.step, CheckoutStep::Address);

        let mut flow = CheckoutFlow::new(Language::En);
        flow.update(CheckoutEvent::ResumeAsked { key: "open".into() }, 0);
        let lost = flow.step(failed(None, &[], Text::from(MessageId::NoResponse)), 0);
        assert!(lost.effects.is_empty());
        assert_eq!(lost.view.resume, ResumeStatus::Over);
    }

    #[test]
    fn a_visit_that_placed_itself_asks_about_no_earlier_attempt() {
        let mut flow = at_review(cash());
        flow.update(place("k"), 0);
        assert_eq!(flow.view().resume, ResumeStatus::Over);
        assert!(
            flow.update(CheckoutEvent::ResumeAsked { key: "k".into() }, 0)
                .is_empty()
        );
        // And while the open attempt is asked about, Place order waits.
        let mut flow = at_review(cash());
        flow.update(CheckoutEvent::ResumeAsked { key: "k".into() }, 0);
        assert!(flow.update(place("k"), 0).is_empty());
    }

    #[test]
    fn answers_no_call_asked_for_change_nothing() {
        let mut flow = at_review(cash());
        let before = flow.view();
        assert!(
            flow.update(CheckoutEvent::Placed { order_id: 5 }, 0)
                .is_empty()
        );
        assert!(
            flow.update(failed(Some(400), &[], server("Balance Not Sufficient")), 0)
                .is_empty()
        );
        assert_eq!(flow.view(), before);
    }

    #[test]
    fn a_reset_is_a_new_visit_and_keeps_a_placement_on_its_way() {
        let mut flow = at_review(cash());
        let view = flow.step(CheckoutEvent::Reset, 0).view;
        assert_eq!(view, CheckoutFlow::new(Language::En).view());

        // Left while placing: the answer still finishes the attempt and opens its page.
        let mut flow = at_review(cash());
        flow.update(place("k"), 0);
        let view = flow.step(CheckoutEvent::Reset, 0).view;
        assert_eq!(
            (view.step, view.payment, view.placing),
            (CheckoutStep::Address, None, true)
        );
        let done = flow.update(CheckoutEvent::Placed { order_id: 5 }, 0);
        assert_eq!(done[0], Effect::FinishCheckoutAttempt);
        assert!(!flow.view().placing);
        assert_eq!(flow.view().resume, ResumeStatus::Over);

        // Left while the open attempt was asked about: the answer still comes back to it.
        let mut flow = CheckoutFlow::new(Language::En);
        flow.update(CheckoutEvent::ResumeAsked { key: "open".into() }, 0);
        assert_eq!(
            flow.step(CheckoutEvent::Reset, 0).view.resume,
            ResumeStatus::Asking
        );
        let over = flow.update(
            failed(Some(422), &[], server("The service id field is required.")),
            0,
        );
        assert_eq!(over, vec![Effect::FinishCheckoutAttempt]);
    }

    fn facts(id: u64, expired: bool, is_default: bool) -> SavedCardFacts {
        SavedCardFacts {
            id,
            expired,
            is_default,
        }
    }

    #[test]
    fn the_default_card_is_offered_first_unless_it_has_expired() {
        let cards = [facts(1, false, false), facts(2, false, true)];
        assert_eq!(preselected_card(&cards, None), CardChoice::Saved { id: 2 });
        let expired_default = [facts(1, false, false), facts(2, true, true)];
        assert_eq!(preselected_card(&expired_default, None), CardChoice::New);
        assert_eq!(preselected_card(&[], None), CardChoice::New);
    }

    #[test]
    fn an_earlier_choice_stays_while_it_can_pay() {
        let cards = [
            facts(1, false, false),
            facts(2, false, true),
            facts(3, true, false),
        ];
        assert_eq!(
            preselected_card(&cards, Some(CardChoice::Saved { id: 1 })),
            CardChoice::Saved { id: 1 }
        );
        assert_eq!(
            preselected_card(&cards, Some(CardChoice::New)),
            CardChoice::New
        );
        // Expired, or gone (deleted in another tab): the default again.
        assert_eq!(
            preselected_card(&cards, Some(CardChoice::Saved { id: 3 })),
            CardChoice::Saved { id: 2 }
        );
        assert_eq!(
            preselected_card(&cards, Some(CardChoice::Saved { id: 99 })),
            CardChoice::Saved { id: 2 }
        );
    }
}
