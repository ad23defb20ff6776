//! Bindings of `storefront_core::routes`.
