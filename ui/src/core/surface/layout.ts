import {
  bottomBar,
  breakpoint,
  footerContent,
  isSmallScreen,
  logoTarget,
  searchElement,
  type AccountLink,
  type BottomBarContext,
  type BottomBarItem,
  type Breakpoint,
  type ExternalLink,
  type Footer,
  type FooterLink,
  type GeneralSetting,
  type LayoutConstants,
  type MenuGroup,
  type MenuGroupId,
  type NavLink,
  type SearchElement,
  type Settings,
  type SocialLink,
  type SocialMedia,
  type SocialNetwork,
  type StaticPage,
} from "storefront-core";
import layout from "storefront-core/data/layout.json";

const general: GeneralSetting = {
  store_name_ar: "سوق النيل",
  store_name_en: "Nile Market",
  email: "help@nilemarket.example",
  phone_number: "+20 2 2345 6789",
  address_ar: "١٢ شارع النيل، القاهرة",
  address_en: "12 Nile St, Cairo",
  map_url: "https://maps.example.com/?q=nile",
  ios_app_link: null,
  android_app_link: "https://play.google.com/store/apps/details?id=nile",
};
const social: SocialMedia = {
  twitter: "https://x.com/nile",
  instagram: null,
  facebook: "https://facebook.com/nile",
  linkedin: null,
  youtube: null,
  snapchat: null,
  whatsapp: "+20 100 123 4567",
};
const settings: Settings = { logo: "/media/logo.png", app_name: "Nile Market", general_setting: general, social_media: social };
const pages: StaticPage[] = [
  { id: 1, title: "About Nile Market", type: "about", category: "customer" },
  { id: 4, title: "Privacy Policy", type: "policy", category: "customer" },
];
const context: BottomBarContext = {
  width: 390,
  enable_services_page: true,
  route: "/home",
  has_district: true,
  show_categories_menu: true,
  signed_in: true,
  cart_items_quantity: 3,
};

function itemLabel(item: BottomBarItem): string {
  switch (item.item) {
    case "services":
    case "home":
      return item.to;
    case "cart":
      return `${item.to} (${item.badge ?? 0})`;
    case "login":
      return item.modal;
    case "categories":
    case "account_menu":
      return item.item;
  }
}

export function surfaceLayout(width: number): string[] {
  const size: Breakpoint = breakpoint(width);
  const constants = layout.constants as LayoutConstants;
  const items: BottomBarItem[] = bottomBar({ ...context, width });
  const menu = layout.account_menu as MenuGroup[];
  const groups: MenuGroupId[] = menu.map((group) => group.group);
  const dropdown = layout.profile_dropdown as NavLink[];
  const links: AccountLink[] = dropdown.map((link) => link.link);
  const search: SearchElement = searchElement("products_focused");
  const footer: Footer = footerContent(settings, pages, "ar", 2025);
  const about: FooterLink[] = footer.about_links;
  const email: ExternalLink | null = footer.email;
  const socials: SocialLink[] = footer.social_links;
  const networks: SocialNetwork[] = socials.map((link) => link.network);
  return [
    size,
    String(isSmallScreen(width)),
    constants.categories_max_height,
    ...items.map(itemLabel),
    ...groups,
    ...links,
    logoTarget(true),
    search,
    ...about.map((link) => link.to),
    email?.href ?? "",
    ...networks,
    String(footer.copyright_year),
  ];
}
