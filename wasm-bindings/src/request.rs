//! Bindings of `storefront_core::request`.

use storefront_core::request::{self, CatalogueList, ListPayload};
use storefront_core::storage;
use wasm_bindgen::prelude::*;

use crate::convert::{self, to_js};
use crate::storage::ClientStorage;

/// The headers of every API call, as ordered `[name, value]` pairs for
/// `new Headers(pairs)`.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = requestHeaders, unchecked_return_type = "Array<[string, string]>")]
pub fn request_headers(
    #[wasm_bindgen(unchecked_param_type = "T.Language")] language: &str,
) -> Result<JsValue, JsValue> {
    let state = storage::read_state(&ClientStorage);
    to_js(&request::request_headers(
        &state,
        convert::language(language)?,
    ))
}

/// Whether to fetch a page of products or branches (both page and service id needed).
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = catalogueListRequest, unchecked_return_type = "T.FetchDecision")]
pub fn catalogue_list_request(
    #[wasm_bindgen(unchecked_param_type = "T.CatalogueList")] list: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.ListPayload")] payload: JsValue,
) -> Result<JsValue, JsValue> {
    let list: CatalogueList = convert::name(&list, "list")?;
    let page = convert::whole(&convert::field(&payload, "page"), "payload.page")?;
    let payload = ListPayload {
        page: page.map(|page| u32::try_from(page).unwrap_or(u32::MAX)),
        service_id: convert::whole(
            &convert::field(&payload, "service_id"),
            "payload.service_id",
        )?,
    };
    to_js(&request::catalogue_list_request(list, &payload))
}

/// Whether to load the cart (a service id is needed). In the start module, so a page can
/// ask for the cart while the cart module is still on its way.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = cartRequest, unchecked_return_type = "T.FetchDecision")]
pub fn cart_request(
    #[wasm_bindgen(js_name = serviceId, unchecked_param_type = "number | null")]
    service_id: JsValue,
) -> Result<JsValue, JsValue> {
    // Read by hand, not by serde: the start module carries no serde reader for it.
    to_js(&request::cart_request(convert::whole(
        &service_id,
        "serviceId",
    )?))
}
