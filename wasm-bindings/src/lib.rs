//! JavaScript bindings of `storefront-core`. Glue only: every rule lives in the core.
//!
//! Values cross as plain JS objects whose TypeScript types are generated from the
//! Rust types (`pkg/types.d.ts`, imported below as `T`). Functions throw a
//! `CoreError` (a JS `Error` with `name === "CoreError"` and a `kind`) only for
//! arguments of the wrong shape; rule outcomes are ordinary return values.
//!
//! Each exported function belongs to one of the features `start`, `cart` and `rest`
//! (see `Cargo.toml`); a build with fewer features exports fewer functions.

// A build with some of the features leaves helpers and imports of the others unused.
#![cfg_attr(
    not(all(feature = "start", feature = "cart", feature = "rest")),
    allow(unused_imports, dead_code)
)]

mod auth;
mod cart;
mod convert;
mod delivery;
mod graphemes;
mod http;
mod layout;
mod locale;
mod location;
mod money;
mod orders;
mod read;
mod request;
mod routes;
mod session;
mod startup;
mod storage;
mod text;
mod validation;

// Each module's functions are exported at the crate root (the tests call them there).
pub use auth::*;
pub use cart::*;
pub use delivery::*;
pub use http::*;
pub use layout::*;
pub use locale::*;
pub use location::*;
pub use money::*;
pub use orders::*;
pub use request::*;
pub use routes::*;
pub use session::*;
pub use startup::*;
pub use storage::*;
pub use text::*;
pub use validation::*;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
import type * as T from "../types";
export type * from "../types";

/** Thrown for arguments of the wrong shape: a JS Error named "CoreError". */
export interface CoreError extends Error {
  name: "CoreError";
  /** invalid_argument | unsupported_language | internal | a module-specific kind */
  kind: string;
}
"#;

/// Version of the Rust rules crate inside this package.
#[wasm_bindgen(js_name = coreVersion)]
pub fn core_version() -> String {
    storefront_core::version().to_owned()
}

/// Whether a caught value is a `CoreError` thrown by this package.
#[wasm_bindgen(js_name = isCoreError, unchecked_return_type = "error is CoreError")]
pub fn is_core_error(#[wasm_bindgen(unchecked_param_type = "unknown")] error: JsValue) -> bool {
    error
        .dyn_ref::<js_sys::Error>()
        .is_some_and(|e| e.name() == "CoreError")
}

// Talc instead of Rust's default dlmalloc: 2.7 KB gzip less in the first page's module
// (the landing page's budget), and faster.
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
