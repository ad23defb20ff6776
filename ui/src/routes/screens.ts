import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import LandingPage from "../features/home/LandingPage";
import NotFoundPage from "../features/not-found/NotFoundPage";
import type { RouteId, RouteParams } from "storefront-core";
import type { BootKind } from "../app/boot";

export interface ScreenProps {
  params: RouteParams;
  /** The query string of the location, parsed. */
  query: URLSearchParams;
}

export type Screen = ComponentType<ScreenProps> | LazyExoticComponent<ComponentType<ScreenProps>>;


/**
 * Makes the screen of a page the server rendered (beyond the landing page, which is in
 * the first chunk) a plain component before React adopts that page: a lazy one would
 * suspend while adopting and be rendered anew once it arrived, replacing the server's
 * HTML. The page asks for the screen's chunk with its HTML, so this waits little.
 */
export async function loadServerScreen(kind: BootKind): Promise<void> {
  // (The table below keeps the `lazy(() => import(…))` form: the build reads each
  // route's files from it, scripts/prerender.mjs.)
  if (kind === "product") screens.product = (await import("../features/catalogue/ProductPage")).default;
  if (kind === "home") screens.home = (await import("../features/home/HomePage")).default;
}

/**
 * Which component renders each route of the core's route table. Screens load lazily so the
 * home route's first load stays small; the table itself (paths, guards, layouts) is the core's.
 */
export const screens: Partial<Record<RouteId, Screen>> = {
  // Part of the first chunk: the page the server sends most, which the app adopts in one
  // pass (a screen still loading would be rendered again once it arrives).
  landing: LandingPage,
  // Also the router's fallback, so it is in the first chunk anyway.
  not_found: NotFoundPage,
  home: lazy(() => import("../features/home/HomePage")),
  services: lazy(() => import("../features/catalogue/ServicesPage")),
  search_results: lazy(() => import("../features/catalogue/SearchResultsPage")),
  branches_results: lazy(() => import("../features/catalogue/BranchesResultsPage")),
  branch: lazy(() => import("../features/catalogue/BranchPage")),
  category: lazy(() => import("../features/catalogue/CategoryPage")),
  product: lazy(() => import("../features/catalogue/ProductPage")),
  products: lazy(() => import("../features/catalogue/ProductsPage")),
  email_login: lazy(() => import("../features/auth/EmailLoginPage")),
  forgot_password: lazy(() => import("../features/auth/ForgotPasswordPage")),
  reset_password: lazy(() => import("../features/auth/ResetPasswordPage")),
  cart: lazy(() => import("../features/cart/CartPage")),
  checkout: lazy(() => import("../features/checkout/CheckoutPage")),
  checkout_success: lazy(() => import("../features/checkout/SuccessPage")),
  account: lazy(() => import("../features/account/account-menu/AccountMenuPage")),
  my_orders: lazy(() => import("../features/account/my-orders/MyOrdersPage")),
  order_detail: lazy(() => import("../features/account/my-orders/OrderDetailPage")),
  return_orders: lazy(() => import("../features/account/return-orders/ReturnOrdersPage")),
  new_return_order: lazy(() => import("../features/account/return-orders/NewReturnPage")),
  my_favourites: lazy(() => import("../features/account/my-favourites/MyFavouritesPage")),
  my_wallet: lazy(() => import("../features/account/my-wallet/MyWalletPage")),
  my_address: lazy(() => import("../features/account/my-address/MyAddressPage")),
  profile: lazy(() => import("../features/account/profile/ProfilePage")),
  preferences: lazy(() => import("../features/account/preferences/PreferencesPage")),
  loyalty_points: lazy(() => import("../features/account/loyalty-points/LoyaltyPointsPage")),
  referral_program: lazy(() => import("../features/account/referral-program/ReferralProgramPage")),
  account_information: lazy(() => import("../features/account/information/InformationPage")),
  information: lazy(() => import("../features/account/information/PublicInformationPage")),
  contact_us: lazy(() => import("../features/account/contact-us/ContactUsPage")),
  support: lazy(() => import("../features/account/support/SupportPage")),
};
