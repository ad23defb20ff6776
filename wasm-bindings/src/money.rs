use storefront_core::money::Money;
use wasm_bindgen::prelude::*;

use crate::convert::{ErrorKind, core_error, from_js, to_js};

/// Reads an amount as the server sends it (number or numeric string) into the exact
/// two-decimal string form (`12.5` → `"12.50"`); throws `invalid_money`.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = parseMoney, unchecked_return_type = "T.Money")]
pub fn parse_money(
    #[wasm_bindgen(unchecked_param_type = "string | number")] value: JsValue,
) -> Result<JsValue, JsValue> {
    let money = if let Some(text) = value.as_string() {
        Money::parse(&text).map_err(|e| core_error(ErrorKind::InvalidMoney, e))?
    } else {
        from_js::<Money>(value, "value")
            .map_err(|_| core_error(ErrorKind::InvalidMoney, "not an amount"))?
    };
    to_js(&money)
}
