//! What the layout shows (spec 2, 9): breakpoints and fixed sizes, the navigation
//! menus (mobile bottom bar, account menu, top bar) and the footer.

mod breakpoints;
mod footer;
mod navigation;

pub use breakpoints::{
    Breakpoint, CATEGORIES_MAX_HEIGHT, CATEGORY_TREE_LIMIT, DESKTOP_ABOVE_PX, LayoutConstants,
    MAP_HEIGHT_PX, MAP_ZOOM, SMALL_SCREEN_BELOW_PX, TABLET_ABOVE_PX, breakpoint, is_small_screen,
    layout_constants,
};
pub use footer::{
    ExternalLink, Footer, FooterLink, GeneralSetting, Settings, SocialLink, SocialMedia,
    SocialNetwork, StaticPage, footer,
};
pub use navigation::{
    AccountLink, BottomBarContext, BottomBarItem, MenuGroup, MenuGroupId, NavLink, SearchElement,
    account_menu, bottom_bar, logo_target, profile_dropdown, search_element,
};

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<Breakpoint>()
        .add::<LayoutConstants>()
        .add::<AccountLink>()
        .add::<NavLink>()
        .add::<MenuGroupId>()
        .add::<MenuGroup>()
        .add::<SearchElement>()
        .add::<BottomBarContext>()
        .add::<BottomBarItem>()
        .add::<GeneralSetting>()
        .add::<SocialMedia>()
        .add::<Settings>()
        .add::<StaticPage>()
        .add::<FooterLink>()
        .add::<ExternalLink>()
        .add::<SocialNetwork>()
        .add::<SocialLink>()
        .add::<Footer>();
}
