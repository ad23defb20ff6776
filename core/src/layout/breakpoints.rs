//! Breakpoints and fixed sizes (spec 2, 9).

use serde::{Deserialize, Serialize};

/// Widths above this are desktop (spec 9).
pub const DESKTOP_ABOVE_PX: u32 = 1220;
/// Widths above this (and not desktop) are tablet (spec 9).
pub const TABLET_ABOVE_PX: u32 = 767;
/// Below this width the menus go full screen and the bottom bar shows (spec 2, 9).
pub const SMALL_SCREEN_BELOW_PX: u32 = 768;
/// Maximum height of the categories list panel (spec 2).
pub const CATEGORIES_MAX_HEIGHT: &str = "70vh";
/// `limit` of a category tree request (`GET /categories?service_id&is_tree&limit`, spec 7, 9).
pub const CATEGORY_TREE_LIMIT: u32 = 1000;
/// Zoom of the location picker's map (spec 9).
pub const MAP_ZOOM: u8 = 14;
/// Height of the location picker's map (spec 9).
pub const MAP_HEIGHT_PX: u32 = 400;

/// The layout class of a viewport width.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Breakpoint {
    Mobile,
    Tablet,
    Desktop,
}

/// The constants above, for clients that style with them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LayoutConstants {
    pub desktop_above_px: u32,
    pub tablet_above_px: u32,
    pub small_screen_below_px: u32,
    pub categories_max_height: String,
    pub category_tree_limit: u32,
    pub map_zoom: u8,
    pub map_height_px: u32,
}

/// Desktop above 1220 px, tablet above 767 px, else mobile (spec 9).
pub fn breakpoint(width_px: u32) -> Breakpoint {
    if width_px > DESKTOP_ABOVE_PX {
        Breakpoint::Desktop
    } else if width_px > TABLET_ABOVE_PX {
        Breakpoint::Tablet
    } else {
        Breakpoint::Mobile
    }
}

/// Below 768 px: full-screen menus, search and menu behind buttons, the bottom bar.
pub fn is_small_screen(width_px: u32) -> bool {
    width_px < SMALL_SCREEN_BELOW_PX
}

/// Every layout constant.
pub fn layout_constants() -> LayoutConstants {
    LayoutConstants {
        desktop_above_px: DESKTOP_ABOVE_PX,
        tablet_above_px: TABLET_ABOVE_PX,
        small_screen_below_px: SMALL_SCREEN_BELOW_PX,
        categories_max_height: CATEGORIES_MAX_HEIGHT.to_owned(),
        category_tree_limit: CATEGORY_TREE_LIMIT,
        map_zoom: MAP_ZOOM,
        map_height_px: MAP_HEIGHT_PX,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_at_each_edge() {
        assert_eq!(breakpoint(0), Breakpoint::Mobile);
        assert_eq!(breakpoint(767), Breakpoint::Mobile);
        assert_eq!(breakpoint(768), Breakpoint::Tablet);
        assert_eq!(breakpoint(1220), Breakpoint::Tablet);
        assert_eq!(breakpoint(1221), Breakpoint::Desktop);
        assert_eq!(breakpoint(u32::MAX), Breakpoint::Desktop);
    }

    #[test]
    fn small_screens_are_below_768() {
        assert!(is_small_screen(767));
        assert!(!is_small_screen(768));
        // The small-screen switch and the mobile breakpoint agree.
        for width in 760..776 {
            assert_eq!(
                is_small_screen(width),
                breakpoint(width) == Breakpoint::Mobile
            );
        }
    }

    #[test]
    fn constants_are_the_spec_values() {
        let constants = layout_constants();
        assert_eq!(constants.categories_max_height, "70vh");
        assert_eq!(constants.category_tree_limit, 1000);
        assert_eq!((constants.map_zoom, constants.map_height_px), (14, 400));
        assert_eq!(
            (
                constants.desktop_above_px,
                constants.tablet_above_px,
                constants.small_screen_below_px
            ),
            (1220, 767, 768)
        );
    }
}
