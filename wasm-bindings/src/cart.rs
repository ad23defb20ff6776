//! Bindings of `storefront_core::cart`.
