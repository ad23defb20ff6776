//! Bindings of `storefront_core::auth`.
