use storefront_core::money::Money;
use wasm_bindgen::prelude::*;

use crate::convert::{ErrorKind, core_error, money, to_js};

/// Reads an amount as the server sends it (number or numeric string) into the exact
/// two-decimal string form (`12.5` → `"12.50"`); throws `invalid_money`.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = parseMoney, unchecked_return_type = "T.Money")]
pub fn parse_money(
    #[wasm_bindgen(unchecked_param_type = "string | number")] value: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&money_of(value)?)
}

/// An amount as the server sends it (number or numeric string); `invalid_money` if not.
fn money_of(value: JsValue) -> Result<Money, JsValue> {
    money(&value, "value").map_err(|e| core_error(ErrorKind::InvalidMoney, e))
}

/// Whether an amount is below, at or above zero (a discount line or none, a credit or a
/// debit); throws `invalid_money`.
#[cfg(feature = "cart")]
#[wasm_bindgen(
    js_name = moneySign,
    unchecked_return_type = "\"negative\" | \"zero\" | \"positive\""
)]
pub fn money_sign(
    #[wasm_bindgen(unchecked_param_type = "string | number")] value: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&money_of(value)?.sign())
}

/// The amount without its sign (`"-12.5"` → `"12.50"`); throws `invalid_money`.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = moneyAbs, unchecked_return_type = "T.Money")]
pub fn money_abs(
    #[wasm_bindgen(unchecked_param_type = "string | number")] value: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&money_of(value)?.abs())
}
