//! Bindings of `storefront_core::session`.
