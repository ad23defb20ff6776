use storefront_core::messages::{self, Message, MessageId, Text};
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, language, to_js};

/// Every message template of a language keyed by id, in ICU syntax (for react-intl).
#[wasm_bindgen(js_name = messageCatalogue, unchecked_return_type = "Record<T.MessageId, string>")]
pub fn message_catalogue(
    #[wasm_bindgen(unchecked_param_type = "T.Language")] code: &str,
) -> Result<JsValue, JsValue> {
    to_js(&messages::catalogue(language(code)?))
}

/// Every message id.
#[wasm_bindgen(js_name = messageIds, unchecked_return_type = "T.MessageId[]")]
pub fn message_ids() -> Result<JsValue, JsValue> {
    to_js(MessageId::ALL)
}

/// A message rendered in a language, placeholders filled.
#[wasm_bindgen(js_name = renderMessage)]
pub fn render_message(
    #[wasm_bindgen(unchecked_param_type = "T.Message")] message: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.Language")] code: &str,
) -> Result<String, JsValue> {
    let message: Message = from_js(message, "message")?;
    Ok(message.render(language(code)?))
}

/// A `Text` (a message, or server text as is) rendered in a language.
#[wasm_bindgen(js_name = renderText)]
pub fn render_text(
    #[wasm_bindgen(unchecked_param_type = "T.Text")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.Language")] code: &str,
) -> Result<String, JsValue> {
    let text: Text = from_js(text, "text")?;
    Ok(text.render(language(code)?))
}
