//! Everything the client keeps in storage, read into one typed snapshot.

use serde::{Deserialize, Serialize};

use crate::auth::Modal;
use crate::locale::Language;
use crate::location::{Address, LatLng};

/// The stored client state (spec 3). Absent, corrupt or foreign values read as
/// `None` / `false`, never as errors.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ClientState {
    /// `token`: present means signed in.
    pub token: Option<String>,
    /// `language`.
    pub language: Option<Language>,
    /// `district_id`.
    pub district_id: Option<u64>,
    /// `address_id`.
    pub address_id: Option<u64>,
    /// `selectedAddress`.
    pub selected_address: Option<Address>,
    /// `location`.
    pub location: Option<LatLng>,
    /// `selectedService`.
    pub selected_service: Option<u64>,
    /// `selectedServiceName`.
    pub selected_service_name: Option<String>,
    /// `use_default_location`.
    pub use_default_location: bool,
    /// `current_currency` (defaults to USD when absent, spec 9).
    pub currency: Option<String>,
    /// `temp_login_status`: a phone login is in progress.
    pub login_in_progress: bool,
    /// `user_mobile`.
    pub user_mobile: Option<String>,
    /// `user_code`.
    pub user_code: Option<String>,
    /// `user_exists`.
    pub user_exists: Option<bool>,
    /// `modal_status`.
    pub modal: Option<Modal>,
}

impl ClientState {
    pub fn signed_in(&self) -> bool {
        self.token.as_deref().is_some_and(|t| !t.is_empty())
    }
}
