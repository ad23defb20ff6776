//! Rules of the bilingual marketplace storefront.
//!
//! Everything here is a pure function or a small state machine: time is passed in
//! (milliseconds since the epoch), storage is a trait, and side effects are returned as
//! data ([`effects::Effect`]). The crate has no wasm or JavaScript dependency, so any
//! client (the web UI through `wasm-bindings`, a native app, the reference server) can
//! reuse it. Module names follow the spec's words; section numbers refer to
//! `storefront-spec.md`.

pub mod auth;
mod calendar;
pub mod cart;
pub mod delivery;
pub mod effects;
pub mod flow;
pub mod http;
pub mod layout;
mod lenient;
pub mod locale;
pub mod location;
pub mod messages;
pub mod money;
pub mod orders;
pub mod payment_cards;
pub mod request;
pub mod reviews;
pub mod routes;
pub mod session;
pub mod startup;
pub mod storage;
pub mod text;
pub mod validation;

#[cfg(feature = "ts")]
pub mod typescript;

/// Version of the rules crate, shown by clients in diagnostics.
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

#[cfg(feature = "ts")]
fn register_typescript(d: &mut typescript::Declarations) {
    d.add::<locale::Language>()
        .add::<locale::Direction>()
        .add::<messages::MessageId>()
        .add::<messages::Message>()
        .add::<messages::Text>()
        .add::<money::Money>();
    effects::register_typescript(d);
    flow::register_typescript(d);
    auth::register_typescript(d);
    cart::register_typescript(d);
    delivery::register_typescript(d);
    http::register_typescript(d);
    layout::register_typescript(d);
    location::register_typescript(d);
    orders::register_typescript(d);
    payment_cards::register_typescript(d);
    request::register_typescript(d);
    reviews::register_typescript(d);
    routes::register_typescript(d);
    session::register_typescript(d);
    startup::register_typescript(d);
    storage::register_typescript(d);
    text::register_typescript(d);
    validation::register_typescript(d);
}
