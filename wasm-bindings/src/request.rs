//! Bindings of `storefront_core::request`.
