import type { Cart, CartItem } from "storefront-core";
import type { components } from "../api/schema.gen";

type Schemas = components["schemas"];

// API documents and core values for tests, in one place: what the reference API sends
// (with its OpenAPI types) and the cart as the core's flow keeps it.

/** `GET /remote-config`'s data as the reference API sends it. */
export function remoteConfigData(overrides: Partial<Schemas["RemoteConfig"]> = {}): Schemas["RemoteConfig"] {
  return {
    app_name: "Nile Market",
    title: "Nile Market",
    description: "",
    keywords: "",
    fav_icon: "/favicon.svg",
    default_country_code: "EG",
    default_service_id: 1,
    enable_services_page: true,
    force_select_default_locations: false,
    default_location: { district_id: 1, latitude: 30.0626, longitude: 31.2197 },
    verification_methods_sms: true,
    verification_methods_whatsapp: true,
    ...overrides,
  };
}

/** `GET /user/profile`'s data for a customer (`user` fields over a plain one). */
export function profileData(
  user: Partial<Schemas["Profile"]> = {},
  rest: Partial<Omit<Schemas["ProfileResponse"], "user">> = {},
): Schemas["ProfileResponse"] {
  return {
    address: null,
    default_locale: user.default_locale ?? "en",
    ...rest,
    user: {
      id: 1,
      name: "Mona",
      mobile: "+201001234567",
      default_locale: "en",
      has_password: false,
      referral_code: "MONA1",
      notifications: { orders: true, offers: true, newsletter: false },
      ...user,
    },
  };
}

/** A cart line as the cart flow keeps it. */
export function cartItem(line: Pick<CartItem, "id" | "key" | "product_id" | "qty" | "price"> & Partial<CartItem>): CartItem {
  return { favorite: false, order: null, message: null, product: null, ...line };
}

/** A cart as the cart flow keeps it: no coupon, no tax, free delivery unless given. */
export function cart(fields: Partial<Cart> & Pick<Cart, "items">): Cart {
  return {
    items_quantity: fields.items.reduce((sum, item) => sum + item.qty, 0),
    price: "0.00",
    total: "0.00",
    cart_total: "0.00",
    tax: "0.00",
    coupon_id: null,
    coupon_code: null,
    coupon_discount: "0.00",
    delivery_price: "0.00",
    branch_id: null,
    pricing: { tax_rate_bp: 0, delivery_fee: "0.00", free_delivery_over: null, free_delivery: true },
    coupon_rule: null,
    ...fields,
  };
}
