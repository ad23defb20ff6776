//! The tabs of the orders and return-orders pages (spec 4) and the statuses each
//! shows.

use serde::{Deserialize, Serialize};

use super::status::OrderStatus;

/// A tab of the orders page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum OrderTab {
    Current,
    Completed,
    Cancellations,
    Returns,
    Rejected,
}

/// A tab of the return-orders page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ReturnTab {
    Current,
    Completed,
}

/// A tab with its API key and the statuses it shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TabInfo<Tab> {
    pub tab: Tab,
    pub key: String,
    pub statuses: Vec<OrderStatus>,
}

use OrderStatus as S;

impl OrderTab {
    /// The tabs in page order.
    pub const ALL: [OrderTab; 5] = [
        OrderTab::Current,
        OrderTab::Completed,
        OrderTab::Cancellations,
        OrderTab::Returns,
        OrderTab::Rejected,
    ];

    /// The key the order list is asked for with. Only `delivered` (Completed) is
    /// given by the spec; the others name their statuses.
    pub fn key(self) -> &'static str {
        match self {
            OrderTab::Current => "current",
            OrderTab::Completed => "delivered",
            OrderTab::Cancellations => "cancelled",
            OrderTab::Returns => "returns",
            OrderTab::Rejected => "rejected",
        }
    }

    /// The statuses the tab shows; together the tabs hold every known status once.
    pub fn statuses(self) -> &'static [OrderStatus] {
        match self {
            OrderTab::Current => &[
                S::Draft,
                S::Pending,
                S::Processing,
                S::Shipped,
                S::OutForDelivery,
                S::OnHold,
            ],
            OrderTab::Completed => &[S::Delivered],
            OrderTab::Cancellations => &[S::Cancelled],
            OrderTab::Returns => &[S::InReturn, S::ReturnReceived, S::Returned],
            OrderTab::Rejected => &[S::Rejected],
        }
    }

    /// The tab an order of this status is listed under.
    pub fn of(status: OrderStatus) -> Option<OrderTab> {
        OrderTab::ALL
            .into_iter()
            .find(|tab| tab.statuses().contains(&status))
    }

    /// The tab with its key and statuses.
    pub fn info(self) -> TabInfo<OrderTab> {
        TabInfo {
            tab: self,
            key: self.key().to_owned(),
            statuses: self.statuses().to_vec(),
        }
    }
}

impl ReturnTab {
    /// The tabs in page order.
    pub const ALL: [ReturnTab; 2] = [ReturnTab::Current, ReturnTab::Completed];

    /// `current`, and `returned` for Completed (spec 4).
    pub fn key(self) -> &'static str {
        match self {
            ReturnTab::Current => "current",
            ReturnTab::Completed => "returned",
        }
    }

    /// A return is current until the goods are back and refunded.
    pub fn statuses(self) -> &'static [OrderStatus] {
        match self {
            ReturnTab::Current => &[S::InReturn, S::ReturnReceived],
            ReturnTab::Completed => &[S::Returned],
        }
    }

    /// The return tab an order of this status is listed under.
    pub fn of(status: OrderStatus) -> Option<ReturnTab> {
        ReturnTab::ALL
            .into_iter()
            .find(|tab| tab.statuses().contains(&status))
    }

    /// The tab with its key and statuses.
    pub fn info(self) -> TabInfo<ReturnTab> {
        TabInfo {
            tab: self,
            key: self.key().to_owned(),
            statuses: self.statuses().to_vec(),
        }
    }
}

/// The orders page's tabs in order.
pub fn order_tabs() -> Vec<TabInfo<OrderTab>> {
    OrderTab::ALL.into_iter().map(OrderTab::info).collect()
}

/// The return-orders page's tabs in order.
pub fn return_tabs() -> Vec<TabInfo<ReturnTab>> {
    ReturnTab::ALL.into_iter().map(ReturnTab::info).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completed_is_keyed_delivered_and_returns_completed_is_keyed_returned() {
        let keys: Vec<&str> = OrderTab::ALL.iter().map(|t| t.key()).collect();
        assert_eq!(
            keys,
            ["current", "delivered", "cancelled", "returns", "rejected"]
        );
        assert_eq!(ReturnTab::Completed.key(), "returned");
        assert_eq!(ReturnTab::Current.key(), "current");
    }

    #[test]
    fn every_known_status_is_in_exactly_one_order_tab() {
        for status in OrderStatus::ALL {
            let tabs = OrderTab::ALL
                .iter()
                .filter(|t| t.statuses().contains(&status))
                .count();
            assert_eq!(tabs, 1, "{status:?}");
        }
        assert_eq!(OrderTab::of(OrderStatus::Unknown), None);
        assert_eq!(OrderTab::of(OrderStatus::OnHold), Some(OrderTab::Current));
        assert_eq!(
            OrderTab::of(OrderStatus::Delivered),
            Some(OrderTab::Completed)
        );
        assert_eq!(
            OrderTab::of(OrderStatus::ReturnReceived),
            Some(OrderTab::Returns)
        );
    }

    #[test]
    fn return_tabs_split_the_return_statuses() {
        assert_eq!(
            ReturnTab::of(OrderStatus::InReturn),
            Some(ReturnTab::Current)
        );
        assert_eq!(
            ReturnTab::of(OrderStatus::ReturnReceived),
            Some(ReturnTab::Current)
        );
        assert_eq!(
            ReturnTab::of(OrderStatus::Returned),
            Some(ReturnTab::Completed)
        );
        assert_eq!(ReturnTab::of(OrderStatus::Delivered), None);
    }

    #[test]
    fn tab_infos_serialise_with_their_keys() {
        let infos = order_tabs();
        assert_eq!(infos.len(), 5);
        assert_eq!(
            serde_json::to_value(&infos[1]).unwrap(),
            serde_json::json!({"tab": "completed", "key": "delivered", "statuses": ["delivered"]})
        );
        assert_eq!(return_tabs()[1].key, "returned");
    }
}
