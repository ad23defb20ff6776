//! Bindings of `storefront_core::orders`.
