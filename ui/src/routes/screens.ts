import { lazy as reactLazy, type ComponentType, type LazyExoticComponent } from "react";
import LandingPage from "../features/home/LandingPage";
import NotFoundPage from "../features/not-found/NotFoundPage";
import { withRestMessages } from "../i18n/messages";
import type { RouteId } from "storefront-core";
import type { ScreenProps } from "../layouts/screen";

export type Screen = ComponentType<ScreenProps> | LazyExoticComponent<ComponentType<ScreenProps>>;

type ScreenModule = { default: ComponentType<ScreenProps> };

/** Each lazily loaded screen's loader, to load it ahead of React (`loadFirstScreen`). */
const loaders = new Map<Screen, () => Promise<ScreenModule>>();

/** React's `lazy`, remembering the loader (the table below keeps its one form). */
function lazy(load: () => Promise<ScreenModule>): LazyExoticComponent<ComponentType<ScreenProps>> {
  const screen = reactLazy(load);
  loaders.set(screen, load);
  return screen;
}

/**
 * Makes the screen of the first page a plain component before React renders it. A lazy
 * one suspends: adopting the server's page (home, a product) it would be rendered anew
 * once it arrived, replacing the server's HTML; on other pages (the cart) React shows
 * the skeleton and then holds the screen back for its fallback throttle (300 ms), with
 * the screen's code already there. The page asks for the screen's chunk with its HTML,
 * so this waits little.
 */
export async function loadFirstScreen(route: RouteId): Promise<void> {
  const load = loaders.get(screens[route] as Screen);
  if (load) screens[route] = (await load()).default;
}

/**
 * Which component renders each route of the core's route table. Screens load lazily so the
 * home route's first load stays small, each with the rest of the catalogue (the first
 * chunk carries only the messages of its own components); the table itself (paths,
 * guards, layouts) is the core's.
 */
export const screens: Partial<Record<RouteId, Screen>> = {
  // Part of the first chunk: the page the server sends most, which the app adopts in one
  // pass (a screen still loading would be rendered again once it arrives).
  landing: LandingPage,
  // Also the router's fallback, so it is in the first chunk anyway.
  not_found: NotFoundPage,
  home: lazy(withRestMessages(() => import("../features/home/HomePage"))),
  services: lazy(withRestMessages(() => import("../features/catalogue/ServicesPage"))),
  search_results: lazy(withRestMessages(() => import("../features/catalogue/SearchResultsPage"))),
  branches_results: lazy(withRestMessages(() => import("../features/catalogue/BranchesResultsPage"))),
  branch: lazy(withRestMessages(() => import("../features/catalogue/BranchPage"))),
  category: lazy(withRestMessages(() => import("../features/catalogue/CategoryPage"))),
  product: lazy(withRestMessages(() => import("../features/catalogue/ProductPage"))),
  products: lazy(withRestMessages(() => import("../features/catalogue/ProductsPage"))),
  email_login: lazy(withRestMessages(() => import("../features/auth/EmailLoginPage"))),
  email_register: lazy(withRestMessages(() => import("../features/auth/EmailRegisterPage"))),
  forgot_password: lazy(withRestMessages(() => import("../features/auth/ForgotPasswordPage"))),
  reset_password: lazy(withRestMessages(() => import("../features/auth/ResetPasswordPage"))),
  cart: lazy(withRestMessages(() => import("../features/cart/CartPage"))),
  checkout: lazy(withRestMessages(() => import("../features/checkout/CheckoutPage"))),
  checkout_success: lazy(withRestMessages(() => import("../features/checkout/SuccessPage"))),
  account: lazy(withRestMessages(() => import("../features/account/account-menu/AccountMenuPage"))),
  my_orders: lazy(withRestMessages(() => import("../features/account/my-orders/MyOrdersPage"))),
  order_detail: lazy(withRestMessages(() => import("../features/account/my-orders/OrderDetailPage"))),
  return_orders: lazy(withRestMessages(() => import("../features/account/return-orders/ReturnOrdersPage"))),
  new_return_order: lazy(withRestMessages(() => import("../features/account/return-orders/NewReturnPage"))),
  my_favourites: lazy(withRestMessages(() => import("../features/account/my-favourites/MyFavouritesPage"))),
  my_wallet: lazy(withRestMessages(() => import("../features/account/my-wallet/MyWalletPage"))),
  my_cards: lazy(withRestMessages(() => import("../features/account/my-cards/MyCardsPage"))),
  my_reviews: lazy(withRestMessages(() => import("../features/account/my-reviews/MyReviewsPage"))),
  my_address: lazy(withRestMessages(() => import("../features/account/my-address/MyAddressPage"))),
  profile: lazy(withRestMessages(() => import("../features/account/profile/ProfilePage"))),
  preferences: lazy(withRestMessages(() => import("../features/account/preferences/PreferencesPage"))),
  loyalty_points: lazy(withRestMessages(() => import("../features/account/loyalty-points/LoyaltyPointsPage"))),
  referral_program: lazy(withRestMessages(() => import("../features/account/referral-program/ReferralProgramPage"))),
  account_information: lazy(withRestMessages(() => import("../features/account/information/InformationPage"))),
  information: lazy(withRestMessages(() => import("../features/account/information/PublicInformationPage"))),
  contact_us: lazy(withRestMessages(() => import("../features/account/contact-us/ContactUsPage"))),
  support: lazy(withRestMessages(() => import("../features/account/support/SupportPage"))),
};
