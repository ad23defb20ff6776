//! Side effects as data. Flows in this crate never touch the network, storage, the
//! clock or the screen: they return [`Effect`]s, and the shell (the UI store, a native
//! app) performs them and feeds results back as events.

use serde::{Deserialize, Serialize};

use crate::auth::{Channel, Modal, Registration};
use crate::locale::Language;
use crate::messages::Text;
use crate::orders::CheckoutOrder;
use crate::storage::StorageKey;

/// How a toast looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Tone {
    Success,
    Error,
    Info,
}

/// Something the shell must do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Effect {
    /// Show a toast.
    Toast { tone: Tone, text: Text },
    /// Go to a client route, after a delay (0 = now).
    Navigate { to: String, after_ms: u64 },
    /// Write a storage key; `value` is already in the key's stored form.
    Store { key: StorageKey, value: String },
    /// Remove storage keys.
    Remove { keys: Vec<StorageKey> },
    /// Open a modal (closing any other).
    OpenModal { modal: Modal },
    /// Close whatever modal is open.
    CloseModal,
    /// Make an API call and report its outcome back to the flow as an event.
    Request { call: ApiCall },
    /// Call the flow's `tick` at this time (ms since the epoch): timers are effects too.
    WakeAt { at_ms: u64 },
    /// Drop every cached server query (after a language change, a logout).
    ResetQueries,
    /// Drop the copies of the customer's own API answers kept for offline use (a
    /// logout: the next person on a shared device must not see them).
    ForgetPersonalData,
    /// Empty the branch and product lists (after choosing another service).
    ResetCatalogueLists,
    /// Fetch remote config again.
    ReloadRemoteConfig,
    /// Set `lang` and `dir` on the document.
    SetDocumentLanguage { language: Language },
    /// Reload the page.
    ReloadPage,
    /// Forget what the session left in memory (a logout): the sign-in flow, the
    /// location picker, the open modal and the origin remembered for after sign-in.
    ResetSessionState,
    /// The checkout attempt is over (its order placed, or none placed by it): forget its
    /// idempotency key in the tab's storage, so the next checkout is a new attempt.
    FinishCheckoutAttempt,
    /// Read the customer's saved cards again, shown loading rather than stale (a saved
    /// card could not pay: deleted in another tab, or expired).
    ReloadSavedCards,
    /// Read the cart again (the server refused it at checkout: stock, the shop's minimum…).
    ReloadCart,
}

/// API calls a flow asks for (spec 7), with their payloads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "call", rename_all = "snake_case")]
pub enum ApiCall {
    /// `POST /user/login-by-otp`
    LoginByOtp { mobile: String, channel: Channel },
    /// `POST /user/verify-login-by-otp`
    VerifyLoginByOtp {
        mobile: String,
        channel: Channel,
        code: String,
    },
    /// `POST /user/register-by-otp`
    RegisterByOtp { registration: Registration },
    /// `PUT /user/update-setting` with only `default_locale` (its message is not shown).
    UpdateLanguage { default_locale: Language },
    /// `POST /user/logout` with the session's own token: the session is cleared right
    /// after this effect (and the page may be leaving), so the call carries it.
    Logout { token: String },
    /// `GET /map/is-supported-location?latitude&longitude`
    IsSupportedLocation { latitude: f64, longitude: f64 },
    /// `GET /map/search?search=`
    MapSearch { search: String },
    /// `POST /order/add-to-cart` (the shell adds the selected service); answered by the
    /// cart's `Added` or `AddFailed`.
    AddToCart {
        product_id: u64,
        qty: Option<u32>,
        empty_cart: bool,
    },
    /// `POST /order/update-cart`; answered by the cart's `Updated` or `QuantityFailed`.
    UpdateCartQuantity { key: String, qty: u32 },
    /// `DELETE /orders/item/{id}`; answered by the cart's `Deleted` or `QuantityFailed`.
    RemoveCartItem { id: u64 },
    /// `POST /order/checkout` with the `Idempotency-Key` header (the shell adds the
    /// selected service); answered by the checkout's `Placed` or `PlacementFailed`.
    /// Without an `order` it only asks whether the key placed one (after a reload): the
    /// body `{payment_method: "cash"}` can place nothing, while a key that placed an order
    /// answers with it.
    PlaceOrder {
        idempotency_key: String,
        order: Option<CheckoutOrder>,
    },
}

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<Tone>().add::<Effect>().add::<ApiCall>();
}
