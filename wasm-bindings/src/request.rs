//! Bindings of `storefront_core::request`.

use storefront_core::request::{self, CatalogueList, ListPayload};
use storefront_core::storage::ClientState;
use wasm_bindgen::prelude::*;

use crate::convert::{self, from_js, to_js};

/// The headers of every API call, as ordered `[name, value]` pairs for
/// `new Headers(pairs)`.
#[wasm_bindgen(js_name = requestHeaders, unchecked_return_type = "Array<[string, string]>")]
pub fn request_headers(
    #[wasm_bindgen(unchecked_param_type = "T.ClientState")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.Language")] language: &str,
) -> Result<JsValue, JsValue> {
    let state: ClientState = from_js(state, "state")?;
    to_js(&request::request_headers(
        &state,
        convert::language(language)?,
    ))
}

/// Whether to fetch a page of products or branches (both page and service id needed).
#[wasm_bindgen(js_name = catalogueListRequest, unchecked_return_type = "T.FetchDecision")]
pub fn catalogue_list_request(
    #[wasm_bindgen(unchecked_param_type = "T.CatalogueList")] list: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.ListPayload")] payload: JsValue,
) -> Result<JsValue, JsValue> {
    let list: CatalogueList = from_js(list, "list")?;
    let payload: ListPayload = from_js(payload, "payload")?;
    to_js(&request::catalogue_list_request(list, &payload))
}

/// Whether to load the cart (a service id is needed).
#[wasm_bindgen(js_name = cartRequest, unchecked_return_type = "T.FetchDecision")]
pub fn cart_request(
    #[wasm_bindgen(js_name = serviceId, unchecked_param_type = "number | null")]
    service_id: JsValue,
) -> Result<JsValue, JsValue> {
    let service_id: Option<u64> = from_js(service_id, "serviceId")?;
    to_js(&request::cart_request(service_id))
}
