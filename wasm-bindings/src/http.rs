//! Bindings of `storefront_core::http`.
