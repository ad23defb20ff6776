//! Bindings of `storefront_core::startup`.
