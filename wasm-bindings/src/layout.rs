//! Bindings of `storefront_core::layout`.
