//! The address book (spec 5): the default address cannot be deleted; another address
//! must be made the default first.

use crate::messages::{Message, MessageId};

/// 'You cannot delete your default address. …' when the address is the default.
pub fn address_deletion(is_default: bool) -> Result<(), Message> {
    if is_default {
        Err(MessageId::DefaultAddressDelete.into())
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_non_default_addresses_can_be_deleted() {
        assert_eq!(address_deletion(false), Ok(()));
        assert_eq!(
            address_deletion(true).unwrap_err().english(),
            "You cannot delete your default address. Please select a different address as your default address before deleting this one."
        );
    }
}
