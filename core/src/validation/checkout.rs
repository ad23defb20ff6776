//! Checkout choices (spec 5): privacy and terms accepted, an address chosen, a
//! location chosen.

use crate::location::LatLng;
use crate::messages::{Message, MessageId};

/// 'Please accept the privacy policy and the terms and conditions' until accepted.
pub fn privacy_terms_accepted(accepted: bool) -> Result<(), Message> {
    if accepted {
        Ok(())
    } else {
        Err(MessageId::AcceptPrivacyTerms.into())
    }
}

/// 'please choose an address' when no address is chosen.
pub fn address_chosen(address_id: Option<u64>) -> Result<(), Message> {
    match address_id {
        Some(id) if crate::storage::valid_id(id) => Ok(()),
        _ => Err(MessageId::ChooseAnAddress.into()),
    }
}

/// 'please choose a location' when no point (or no point on the earth) is chosen.
pub fn location_chosen(location: Option<&LatLng>) -> Result<(), Message> {
    match location {
        Some(point) if point.is_valid() => Ok(()),
        _ => Err(MessageId::ChooseALocation.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn privacy_and_terms_must_be_accepted() {
        assert_eq!(privacy_terms_accepted(true), Ok(()));
        assert_eq!(
            privacy_terms_accepted(false).unwrap_err().english(),
            "Please accept the privacy policy and the terms and conditions"
        );
    }

    #[test]
    fn an_address_must_be_chosen() {
        assert_eq!(address_chosen(Some(12)), Ok(()));
        assert_eq!(
            address_chosen(None).unwrap_err().english(),
            "please choose an address"
        );
        assert_eq!(
            address_chosen(Some(0)).unwrap_err().english(),
            "please choose an address"
        );
    }

    #[test]
    fn a_location_must_be_chosen() {
        let cairo = LatLng {
            lat: 30.0444,
            lng: 31.2357,
        };
        assert_eq!(location_chosen(Some(&cairo)), Ok(()));
        assert_eq!(
            location_chosen(None).unwrap_err().english(),
            "please choose a location"
        );
        let nowhere = LatLng {
            lat: f64::NAN,
            lng: 0.0,
        };
        assert_eq!(
            location_chosen(Some(&nowhere)).unwrap_err().english(),
            "please choose a location"
        );
    }
}
