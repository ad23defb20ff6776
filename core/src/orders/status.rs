//! Order statuses (spec 4).

use serde::{Deserialize, Deserializer, Serialize};

/// The status of an order. `canceled` reads as [`OrderStatus::Cancelled`]; a status
/// this version does not know reads as [`OrderStatus::Unknown`] instead of failing, so
/// one new server status cannot break a whole order list. An unknown status belongs
/// to no tab and allows no change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum OrderStatus {
    Draft,
    Pending,
    Processing,
    Shipped,
    OutForDelivery,
    Delivered,
    InReturn,
    ReturnReceived,
    Returned,
    OnHold,
    Rejected,
    Cancelled,
    Unknown,
}

impl OrderStatus {
    /// Every status the spec names, in its order (without `Unknown`).
    pub const ALL: [OrderStatus; 12] = [
        OrderStatus::Draft,
        OrderStatus::Pending,
        OrderStatus::Processing,
        OrderStatus::Shipped,
        OrderStatus::OutForDelivery,
        OrderStatus::Delivered,
        OrderStatus::InReturn,
        OrderStatus::ReturnReceived,
        OrderStatus::Returned,
        OrderStatus::OnHold,
        OrderStatus::Rejected,
        OrderStatus::Cancelled,
    ];

    /// The status as the API spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Draft => "draft",
            OrderStatus::Pending => "pending",
            OrderStatus::Processing => "processing",
            OrderStatus::Shipped => "shipped",
            OrderStatus::OutForDelivery => "out_for_delivery",
            OrderStatus::Delivered => "delivered",
            OrderStatus::InReturn => "in_return",
            OrderStatus::ReturnReceived => "return_received",
            OrderStatus::Returned => "returned",
            OrderStatus::OnHold => "on_hold",
            OrderStatus::Rejected => "rejected",
            OrderStatus::Cancelled => "cancelled",
            OrderStatus::Unknown => "unknown",
        }
    }

    /// Reads a status as the server sends it: case and surrounding spaces ignored,
    /// `canceled` is `cancelled`, anything else unknown.
    pub fn parse(text: &str) -> OrderStatus {
        let text = text.trim().to_ascii_lowercase();
        if text == "canceled" {
            return OrderStatus::Cancelled;
        }
        OrderStatus::ALL
            .into_iter()
            .find(|status| status.as_str() == text)
            .unwrap_or(OrderStatus::Unknown)
    }
}

impl<'de> Deserialize<'de> for OrderStatus {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Ok(OrderStatus::parse(&text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn every_spec_status_round_trips() {
        for status in OrderStatus::ALL {
            assert_eq!(OrderStatus::parse(status.as_str()), status);
            let json = serde_json::to_value(status).unwrap();
            assert_eq!(json, status.as_str());
            assert_eq!(serde_json::from_value::<OrderStatus>(json).unwrap(), status);
        }
    }

    #[test]
    fn canceled_is_cancelled_and_strangers_are_unknown() {
        assert_eq!(OrderStatus::parse("canceled"), OrderStatus::Cancelled);
        assert_eq!(
            serde_json::from_str::<OrderStatus>("\"canceled\"").unwrap(),
            OrderStatus::Cancelled
        );
        assert_eq!(
            OrderStatus::parse(" Out_For_Delivery "),
            OrderStatus::OutForDelivery
        );
        assert_eq!(OrderStatus::parse("refunded"), OrderStatus::Unknown);
        assert_eq!(OrderStatus::parse(""), OrderStatus::Unknown);
        // Not a string at all is the wrong shape, not an unknown status.
        assert!(serde_json::from_str::<OrderStatus>("3").is_err());
    }

    proptest! {
        #[test]
        fn parse_never_panics(text in ".{0,30}") {
            let _ = OrderStatus::parse(&text);
        }
    }
}
