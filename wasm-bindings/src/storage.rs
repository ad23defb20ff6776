//! Bindings of `storefront_core::storage`.
