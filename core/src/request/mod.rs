//! Request headers and preconditions for API calls (spec 5, 7).
//!
//! [`request_headers`] builds the headers of every call from the stored client state
//! and the page language, as ordered (name, value) pairs that `new Headers(pairs)`
//! accepts. The precondition functions decide whether a call is made at all
//! ([`FetchDecision`]): products and branches need a page and a service id (else no
//! call, an empty result and a console warning), the cart needs a service id (else
//! the call fails with 'Service ID is required.').

mod headers;
mod preconditions;

pub use headers::{
    ADDRESS_ID, AUTHORIZATION, CURRENCY, DISTRICT_ID, LANGUAGE, LATITUDE, LONGITUDE,
    USER_AGENT_TYPE, request_headers,
};
pub use preconditions::{
    CatalogueList, FetchDecision, ListPayload, cart_request, catalogue_list_request,
};

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<CatalogueList>()
        .add::<ListPayload>()
        .add::<FetchDecision>();
}
