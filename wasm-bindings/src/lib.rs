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
mod request;
mod routes;
mod session;
mod startup;
mod storage;
mod text;
mod validation;
mod validation_read;

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

/**
 * What a `CoreError` is about:
 * - `invalid_argument`: an argument was not of its documented shape (the message names it);
 * - `unsupported_language`: a language code other than `en` or `ar`;
 * - `invalid_money`: an amount that is not a decimal amount of money;
 * - `storage_write_failed`: storage refused a write (full, or blocked); the message names the keys;
 * - `internal`: a value the core made could not be handed over (a bug: please report it).
 * Rule outcomes (a refused quantity, an expired code) are return values, never errors.
 */
export type CoreErrorKind = "invalid_argument" | "unsupported_language" | "invalid_money" | "storage_write_failed" | "internal";

/**
 * What the core throws for arguments of the wrong shape: an `Error` named "CoreError"
 * with its `kind`. `error instanceof CoreError` and `isCoreError(error, kind)` both
 * recognise it.
 */
export class CoreError extends Error {
  constructor(kind: CoreErrorKind, message?: string);
  name: "CoreError";
  kind: CoreErrorKind;
}

/**
 * Where the storage model keeps the client's values: the Web Storage shape, so
 * `localStorage`, `sessionStorage` or your own object fits. Synchronous, because the
 * rules read storage while they run. `setItem` may throw (a full store): the write then
 * fails with a `storage_write_failed` CoreError.
 */
export interface StorageAdapter {
  getItem(name: string): string | null;
  setItem(name: string, value: string): void;
  removeItem(name: string): void;
}

/** Where the values are kept now: see `setStorageAdapter` and `storagePlace`. */
export type StoragePlace = "adapter" | "local_storage" | "memory";

/**
 * Whether a caught value is a `CoreError` thrown by this package, of `kind` when given:
 * `if (isCoreError(e, "invalid_money")) …`.
 */
export function isCoreError(error: unknown, kind?: CoreErrorKind): error is CoreError;
"#;

/// Version of the Rust rules crate inside this package.
#[wasm_bindgen(js_name = coreVersion)]
pub fn core_version() -> String {
    storefront_core::version().to_owned()
}

#[cfg(test)]
mod tests {
    use crate::convert::ErrorKind;

    /// The TypeScript union (the custom section above) lists exactly the kinds the
    /// bindings throw.
    #[test]
    fn the_typescript_error_kinds_are_the_thrown_ones() {
        let union = include_str!("lib.rs")
            .lines()
            .find_map(|line| line.strip_prefix("export type CoreErrorKind = "))
            .expect("the CoreErrorKind union");
        let listed: Vec<&str> = union
            .trim_end_matches(';')
            .split(" | ")
            .map(|name| name.trim_matches('"'))
            .collect();
        let thrown: Vec<&str> = ErrorKind::ALL.iter().map(|kind| kind.name()).collect();
        assert_eq!(listed, thrown);
    }
}

// Talc instead of Rust's default dlmalloc: 2.7 KB gzip less in the first page's module
// (the landing page's budget), and faster.
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
