//! Bindings of `storefront_core::text`.
