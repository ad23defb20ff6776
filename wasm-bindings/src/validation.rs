//! Bindings of `storefront_core::validation`.
