//! Rules of the bilingual marketplace storefront.
//!
//! Everything here is a pure function or a small state machine: time is passed in,
//! storage is a trait, and side effects are returned as data. The crate has no wasm or
//! JavaScript dependency so that any client (web through `wasm-bindings`, a native app,
//! the reference server) can reuse it.

pub mod locale;

/// Version of the rules crate, shown by clients in diagnostics.
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}
