//! Bindings of `storefront_core::location`.
