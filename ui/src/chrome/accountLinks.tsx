import type { ComponentType } from "react";
import type { AccountLink, MenuGroupId } from "storefront-core";
import {
  CardIcon,
  GiftIcon,
  HeartIcon,
  HelpIcon,
  InfoIcon,
  LogoutIcon,
  MailIcon,
  OrdersIcon,
  PinIcon,
  ReturnIcon,
  ReviewIcon,
  SettingsIcon,
  StarIcon,
  UserIcon,
  WalletIcon,
} from "./icons";

/** The catalogue key naming each of the core's account links. */
export const accountLinkLabel: Record<AccountLink, string> = {
  my_orders: "chrome.account.myOrders",
  return_orders: "chrome.account.returnOrders",
  my_favourites: "chrome.account.myFavourites",
  my_wallet: "chrome.account.myWallet",
  my_cards: "chrome.account.myCards",
  my_reviews: "chrome.account.myReviews",
  my_address: "chrome.account.myAddress",
  profile: "chrome.account.profile",
  preferences: "chrome.account.preferences",
  loyalty_points: "chrome.account.loyaltyPoints",
  referral_program: "chrome.account.referralProgram",
  about: "chrome.account.about",
  contact_us: "chrome.account.contactUs",
  support: "chrome.account.support",
  logout: "chrome.account.logout",
};

export const accountLinkIcon: Record<AccountLink, ComponentType<{ size?: number }>> = {
  my_orders: OrdersIcon,
  return_orders: ReturnIcon,
  my_favourites: HeartIcon,
  my_wallet: WalletIcon,
  my_cards: CardIcon,
  my_reviews: ReviewIcon,
  my_address: PinIcon,
  profile: UserIcon,
  preferences: SettingsIcon,
  loyalty_points: StarIcon,
  referral_program: GiftIcon,
  about: InfoIcon,
  contact_us: MailIcon,
  support: HelpIcon,
  logout: LogoutIcon,
};

/** The catalogue key naming each group of the core's account menu. */
export const menuGroupLabel: Record<MenuGroupId, string> = {
  orders: "chrome.accountMenu.orders",
  personal_information: "chrome.accountMenu.personalInformation",
  points: "chrome.accountMenu.points",
  app_info: "chrome.accountMenu.appInfo",
  logout: "chrome.accountMenu.logout",
};
