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

    /// A spelling the server may send for `status`: the API's word or `canceled`, in
    /// any ASCII case, with spaces around.
    fn spelled(status: OrderStatus) -> impl Strategy<Value = String> {
        let words = if status == OrderStatus::Cancelled {
            vec!["cancelled", "canceled"]
        } else {
            vec![status.as_str()]
        };
        (
            prop::sample::select(words),
            proptest::collection::vec(any::<bool>(), 16),
            "[ \t]{0,2}",
            "[ \t\n]{0,2}",
        )
            .prop_map(|(word, upper, before, after)| {
                let word: String = word
                    .chars()
                    .zip(upper)
                    .map(|(c, up)| if up { c.to_ascii_uppercase() } else { c })
                    .collect();
                format!("{before}{word}{after}")
            })
    }

    proptest! {
        #[test]
        fn every_spelling_of_a_status_reads_as_it(
            (status, text) in prop::sample::select(OrderStatus::ALL.to_vec())
                .prop_flat_map(|status| (Just(status), spelled(status))),
        ) {
            prop_assert_eq!(OrderStatus::parse(&text), status, "{:?}", text);
            // And the status's own spelling reads back as it.
            prop_assert_eq!(OrderStatus::parse(status.as_str()), status);
        }

        #[test]
        fn any_text_reads_as_the_status_it_spells_or_unknown(
            text in prop_oneof![
                ".{0,30}",
                // Near misses: a spelling with a letter dropped, replaced or added
                // (a prefix or an extension of a real status among them).
                (prop::sample::select(OrderStatus::ALL.to_vec()), any::<bool>(), any::<prop::sample::Index>(), "[a-z_]?")
                    .prop_map(|(status, drop, at, extra)| {
                        let mut word = status.as_str().to_owned();
                        if drop {
                            word.remove(at.index(word.len()));
                        }
                        word.insert_str(at.index(word.len() + 1), &extra);
                        word
                    }),
                prop::sample::select(OrderStatus::ALL.to_vec()).prop_flat_map(spelled),
            ],
        ) {
            let status = OrderStatus::parse(&text);
            let word = text.trim();
            let spells = |s: OrderStatus| {
                s.as_str().eq_ignore_ascii_case(word)
                    || (s == OrderStatus::Cancelled && word.eq_ignore_ascii_case("canceled"))
            };
            if status == OrderStatus::Unknown {
                // Unknown only when no status is spelled.
                prop_assert!(!OrderStatus::ALL.into_iter().any(spells), "{:?} read as unknown", text);
            } else {
                prop_assert!(spells(status), "{:?} read as {:?}", text, status);
            }
        }
    }
}
