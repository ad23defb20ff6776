/**
 * The API's documents (their types generated from the OpenAPI document) and their
 * readers into the core's values: the core takes the values a rule needs, never a
 * document.
 *
 * @module storefront-core/api
 */
import type { components } from "./schema";
import type { Cart, CartItem, CouponRule, StartupConfig, StartupProfile } from "../types";

export type * from "./schema";

type Schemas = components["schemas"];

/** A coupon's rule (`CouponRuleBody` → `CouponRule`), or null without one. */
export declare function couponRuleOf(rule: Schemas["CouponRuleBody"] | null | undefined): CouponRule | null;
/** A cart line as the cart's flow keeps it (`CartItemBody` → `CartItem`). */
export declare function cartItemOf(item: Schemas["CartItemBody"]): CartItem;
/** The cart as the cart's flow keeps it (`CartBody` → `Cart`). */
export declare function cartOf(cart: Schemas["CartBody"]): Cart;
/** What the startup plan reads of remote config (`RemoteConfig` → `StartupConfig`). */
export declare function startupConfigOf(config: Schemas["RemoteConfig"]): StartupConfig;
/**
 * What the startup plan reads of the profile (`ProfileResponse` → `StartupProfile`): the
 * default address and the language (null for a language the app does not have).
 */
export declare function startupProfileOf(profile: Schemas["ProfileResponse"]): StartupProfile;
