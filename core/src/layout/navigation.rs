//! Navigation menus (spec 2): the mobile bottom bar, the account menu, the top bar's
//! logo, search element and desktop profile dropdown.

use serde::{Deserialize, Serialize};

use crate::auth::Modal;
use crate::routes::{HOME_PATH, LANDING_PATH, path_only};

use super::breakpoints::is_small_screen;

/// An account-area destination; the client labels it by this id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum AccountLink {
    MyOrders,
    ReturnOrders,
    MyFavourites,
    MyWallet,
    /// Saved payment cards (issue 36).
    MyCards,
    /// The customer's reviews and the products waiting for one (issue 36).
    MyReviews,
    MyAddress,
    Profile,
    Preferences,
    LoyaltyPoints,
    ReferralProgram,
    About,
    ContactUs,
    Support,
    /// Logs out (the session flow), then goes to `to`.
    Logout,
}

impl AccountLink {
    /// Where the link goes. The about page is static page 1 (spec 2).
    pub fn path(self) -> &'static str {
        match self {
            AccountLink::MyOrders => "/account/my-orders",
            AccountLink::ReturnOrders => "/account/return-orders",
            AccountLink::MyFavourites => "/account/my-favourites",
            AccountLink::MyWallet => "/account/my-wallet",
            AccountLink::MyCards => "/account/my-cards",
            AccountLink::MyReviews => "/account/my-reviews",
            AccountLink::MyAddress => "/account/my-address",
            AccountLink::Profile => "/account/profile",
            AccountLink::Preferences => "/account/preferences",
            AccountLink::LoyaltyPoints => "/account/loyalty-points",
            AccountLink::ReferralProgram => "/account/referral-program",
            AccountLink::About => "/account/information/1",
            AccountLink::ContactUs => "/account/contact-us",
            AccountLink::Support => "/account/support",
            AccountLink::Logout => LANDING_PATH,
        }
    }
}

/// A menu entry: what it is and where it goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NavLink {
    pub link: AccountLink,
    pub to: String,
}

impl From<AccountLink> for NavLink {
    fn from(link: AccountLink) -> Self {
        NavLink {
            link,
            to: link.path().to_owned(),
        }
    }
}

/// The account menu's groups (spec 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum MenuGroupId {
    Orders,
    PersonalInformation,
    Points,
    AppInfo,
    Logout,
}

/// A group of the account menu and its links, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MenuGroup {
    pub group: MenuGroupId,
    pub links: Vec<NavLink>,
}

/// The account menu (spec 2): orders, return orders, favourites, wallet, saved cards
/// and the customer's reviews (issue 36); personal
/// information (address, profile); points (loyalty points, referral program); app
/// info (about, contact us, support); logout (goes to /).
pub fn account_menu() -> Vec<MenuGroup> {
    use AccountLink as L;
    let group = |group, links: &[AccountLink]| MenuGroup {
        group,
        links: links.iter().copied().map(NavLink::from).collect(),
    };
    vec![
        group(
            MenuGroupId::Orders,
            &[
                L::MyOrders,
                L::ReturnOrders,
                L::MyFavourites,
                L::MyWallet,
                L::MyCards,
                L::MyReviews,
            ],
        ),
        group(
            MenuGroupId::PersonalInformation,
            &[L::MyAddress, L::Profile],
        ),
        group(MenuGroupId::Points, &[L::LoyaltyPoints, L::ReferralProgram]),
        group(MenuGroupId::AppInfo, &[L::About, L::ContactUs, L::Support]),
        group(MenuGroupId::Logout, &[L::Logout]),
    ]
}

/// The desktop profile dropdown (spec 2): my-orders, my-address, my-wallet, my-cards and
/// my-reviews (issue 36), preferences, profile, logout.
pub fn profile_dropdown() -> Vec<NavLink> {
    use AccountLink as L;
    [
        L::MyOrders,
        L::MyAddress,
        L::MyWallet,
        L::MyCards,
        L::MyReviews,
        L::Preferences,
        L::Profile,
        L::Logout,
    ]
    .into_iter()
    .map(NavLink::from)
    .collect()
}

/// Where the logo goes: /home when signed in, otherwise / (spec 2).
pub fn logo_target(signed_in: bool) -> &'static str {
    if signed_in { HOME_PATH } else { LANDING_PATH }
}

/// Which header search the selected service gets (spec 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SearchElement {
    /// For services whose `filter_type` is `products_focused`.
    ProductsFocused,
    /// For every other service, and before a service is loaded.
    Standard,
}

/// `products_focused` gets its own search element; anything else the standard one.
pub fn search_element(filter_type: Option<&str>) -> SearchElement {
    match filter_type.map(str::trim) {
        Some("products_focused") => SearchElement::ProductsFocused,
        _ => SearchElement::Standard,
    }
}

/// What decides the bottom bar. Missing fields read as false / empty.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct BottomBarContext {
    /// Viewport width in CSS pixels.
    pub width: u32,
    /// Remote config `enable_services_page`.
    pub enable_services_page: bool,
    /// The current path (a query string is ignored).
    pub route: String,
    /// Whether a district is stored.
    pub has_district: bool,
    /// The selected service's `show_categories_menu`.
    pub show_categories_menu: bool,
    pub signed_in: bool,
    /// The cart's `items_quantity`; `None` until the cart has loaded.
    pub cart_items_quantity: Option<u32>,
}

/// An item of the mobile bottom bar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "item", rename_all = "snake_case")]
pub enum BottomBarItem {
    /// The services page.
    Services {
        to: String,
    },
    Home {
        to: String,
    },
    /// Opens the categories menu (full screen).
    Categories,
    /// The cart, with the badge only above 0 once the cart has loaded.
    Cart {
        to: String,
        badge: Option<u32>,
    },
    /// Opens the account menu ([`account_menu`]).
    AccountMenu,
    /// Opens the sign-in modal.
    Login {
        modal: Modal,
    },
}

/// The services page (its route is not shown in the spec; the route table's).
const SERVICES_PATH: &str = "/services";
const CART_PATH: &str = "/cart";

/// The mobile bottom bar's items, in order (spec 2); none at 768 px and wider.
/// - Services when the services page is enabled, the route is not / and a district
///   is set; otherwise Home (to /home with a district, else to / — /home would only
///   bounce a visitor without a district back with a warning);
/// - Categories when the selected service shows the categories menu;
/// - Cart with its badge, for signed-in users (visitors have no cart, spec 6);
/// - the account menu, or Login when logged out.
pub fn bottom_bar(context: &BottomBarContext) -> Vec<BottomBarItem> {
    if !is_small_screen(context.width) {
        return Vec::new();
    }
    let mut items = Vec::with_capacity(4);
    let on_landing = path_only(&context.route) == LANDING_PATH;
    if context.enable_services_page && !on_landing && context.has_district {
        items.push(BottomBarItem::Services {
            to: SERVICES_PATH.to_owned(),
        });
    } else {
        let to = if context.has_district {
            HOME_PATH
        } else {
            LANDING_PATH
        };
        items.push(BottomBarItem::Home { to: to.to_owned() });
    }
    if context.show_categories_menu {
        items.push(BottomBarItem::Categories);
    }
    if context.signed_in {
        items.push(BottomBarItem::Cart {
            to: CART_PATH.to_owned(),
            badge: crate::cart::badge_count(context.cart_items_quantity),
        });
        items.push(BottomBarItem::AccountMenu);
    } else {
        items.push(BottomBarItem::Login {
            modal: Modal::SignIn,
        });
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::{Access, RouteId, match_route};

    fn context() -> BottomBarContext {
        BottomBarContext {
            width: 390,
            enable_services_page: true,
            route: "/home".into(),
            has_district: true,
            show_categories_menu: true,
            signed_in: true,
            cart_items_quantity: Some(3),
        }
    }

    #[test]
    fn signed_in_with_everything_enabled() {
        assert_eq!(
            bottom_bar(&context()),
            vec![
                BottomBarItem::Services {
                    to: "/services".into()
                },
                BottomBarItem::Categories,
                BottomBarItem::Cart {
                    to: "/cart".into(),
                    badge: Some(3)
                },
                BottomBarItem::AccountMenu,
            ]
        );
    }

    #[test]
    fn services_needs_the_page_a_district_and_not_the_landing_route() {
        let home = |c: &BottomBarContext| bottom_bar(c).into_iter().next();
        let disabled = BottomBarContext {
            enable_services_page: false,
            ..context()
        };
        assert_eq!(
            home(&disabled),
            Some(BottomBarItem::Home { to: "/home".into() })
        );
        let landing = BottomBarContext {
            route: "/?ref=x".into(),
            ..context()
        };
        assert_eq!(
            home(&landing),
            Some(BottomBarItem::Home { to: "/home".into() })
        );
        let no_district = BottomBarContext {
            has_district: false,
            ..context()
        };
        assert_eq!(
            home(&no_district),
            Some(BottomBarItem::Home { to: "/".into() })
        );
    }

    #[test]
    fn categories_only_when_the_service_shows_them() {
        let hidden = BottomBarContext {
            show_categories_menu: false,
            ..context()
        };
        assert!(!bottom_bar(&hidden).contains(&BottomBarItem::Categories));
    }

    #[test]
    fn cart_badge_only_above_zero_once_loaded() {
        let badge = |quantity| {
            bottom_bar(&BottomBarContext {
                cart_items_quantity: quantity,
                ..context()
            })
            .into_iter()
            .find_map(|item| match item {
                BottomBarItem::Cart { badge, .. } => Some(badge),
                _ => None,
            })
        };
        assert_eq!(badge(Some(2)), Some(Some(2)));
        assert_eq!(badge(Some(0)), Some(None));
        assert_eq!(badge(None), Some(None));
    }

    #[test]
    fn visitors_get_login_instead_of_cart_and_account() {
        let guest = BottomBarContext {
            signed_in: false,
            cart_items_quantity: None,
            ..context()
        };
        assert_eq!(
            bottom_bar(&guest),
            vec![
                BottomBarItem::Services {
                    to: "/services".into()
                },
                BottomBarItem::Categories,
                BottomBarItem::Login {
                    modal: Modal::SignIn
                },
            ]
        );
    }

    #[test]
    fn no_bottom_bar_from_768_px() {
        assert!(
            bottom_bar(&BottomBarContext {
                width: 768,
                ..context()
            })
            .is_empty()
        );
        assert!(
            !bottom_bar(&BottomBarContext {
                width: 767,
                ..context()
            })
            .is_empty()
        );
    }

    #[test]
    fn account_menu_groups_in_spec_order() {
        let menu = account_menu();
        let shape: Vec<(MenuGroupId, Vec<&str>)> = menu
            .iter()
            .map(|g| (g.group, g.links.iter().map(|l| l.to.as_str()).collect()))
            .collect();
        assert_eq!(
            shape,
            vec![
                (
                    MenuGroupId::Orders,
                    vec![
                        "/account/my-orders",
                        "/account/return-orders",
                        "/account/my-favourites",
                        "/account/my-wallet",
                        "/account/my-cards",
                        "/account/my-reviews"
                    ]
                ),
                (
                    MenuGroupId::PersonalInformation,
                    vec!["/account/my-address", "/account/profile"]
                ),
                (
                    MenuGroupId::Points,
                    vec!["/account/loyalty-points", "/account/referral-program"]
                ),
                (
                    MenuGroupId::AppInfo,
                    vec![
                        "/account/information/1",
                        "/account/contact-us",
                        "/account/support"
                    ]
                ),
                (MenuGroupId::Logout, vec!["/"]),
            ]
        );
    }

    #[test]
    fn profile_dropdown_in_spec_order() {
        let links: Vec<AccountLink> = profile_dropdown().into_iter().map(|l| l.link).collect();
        use AccountLink as L;
        assert_eq!(
            links,
            vec![
                L::MyOrders,
                L::MyAddress,
                L::MyWallet,
                L::MyCards,
                L::MyReviews,
                L::Preferences,
                L::Profile,
                L::Logout
            ]
        );
    }

    #[test]
    fn every_link_is_a_route_of_the_table() {
        let links = account_menu()
            .into_iter()
            .flat_map(|g| g.links)
            .chain(profile_dropdown());
        for link in links {
            let matched =
                match_route(&link.to).unwrap_or_else(|| panic!("{} has no route", link.to));
            if link.link != AccountLink::Logout {
                assert_eq!(matched.route.access, Access::Authenticated, "{}", link.to);
            }
        }
        assert_eq!(
            match_route(SERVICES_PATH).map(|m| m.route.id),
            Some(RouteId::Services)
        );
        assert_eq!(
            match_route(CART_PATH).map(|m| m.route.id),
            Some(RouteId::Cart)
        );
        let about = match_route(AccountLink::About.path()).unwrap();
        assert_eq!(
            (about.route.id, about.params.id),
            (RouteId::AccountInformation, Some(1))
        );
    }

    #[test]
    fn logo_and_search_element() {
        assert_eq!(logo_target(true), "/home");
        assert_eq!(logo_target(false), "/");
        assert_eq!(
            search_element(Some("products_focused")),
            SearchElement::ProductsFocused
        );
        assert_eq!(search_element(Some("branches")), SearchElement::Standard);
        assert_eq!(search_element(None), SearchElement::Standard);
    }

    #[test]
    fn items_serialise_with_an_item_tag() {
        assert_eq!(
            serde_json::to_value(bottom_bar(&BottomBarContext {
                signed_in: false,
                ..context()
            }))
            .unwrap(),
            serde_json::json!([
                {"item": "services", "to": "/services"},
                {"item": "categories"},
                {"item": "login", "modal": "signIn"},
            ])
        );
    }
}
