// The API's documents read as the core's values (storefront-core/api). The core takes
// the values a rule needs, never an API document: every client reads the documents the
// same way, so the readers ship with the package, beside the documents' types
// (`./schema.d.ts`, generated from the OpenAPI document). Plain JavaScript: they need no
// WebAssembly. Their types are in `./values.d.ts`.

/** A coupon's rule (`CouponRuleBody` → `CouponRule`), or null without one. */
export function couponRuleOf(rule) {
  if (!rule) return null;
  return rule.type === "percent"
    ? { type: "percent", rate_bp: rule.rate_bp, cap: rule.cap ?? null, minimum: rule.minimum ?? null }
    : { type: "fixed", amount: rule.amount, minimum: rule.minimum ?? null };
}

/** A cart line as the cart's flow keeps it (`CartItemBody` → `CartItem`). */
export function cartItemOf(item) {
  const { product, order } = item;
  return {
    id: item.id,
    key: item.key,
    product_id: item.product_id,
    qty: item.qty,
    price: item.price,
    favorite: item.favorite,
    order: { price: order.price, total: order.total, cart_total: order.cart_total, tax: order.tax },
    message: item.message ?? null,
    product: {
      name: product.name,
      image: product.image ?? null,
      min_qty: product.min_qty,
      max_qty: product.max_qty ?? null,
      stock: product.stock ?? null,
      branch_id: product.branch_id ?? null,
    },
  };
}

/** The cart as the cart's flow keeps it (`CartBody` → `Cart`). */
export function cartOf(cart) {
  const { pricing } = cart;
  return {
    items: cart.items.map(cartItemOf),
    items_quantity: cart.items_quantity,
    price: cart.price,
    total: cart.total,
    cart_total: cart.cart_total,
    tax: cart.tax,
    coupon_id: cart.coupon_id ?? null,
    coupon_code: cart.coupon_code ?? null,
    coupon_discount: cart.coupon_discount,
    delivery_price: cart.delivery_price,
    branch_id: cart.branch_id ?? null,
    pricing: {
      tax_rate_bp: pricing.tax_rate_bp,
      delivery_fee: pricing.delivery_fee,
      free_delivery_over: pricing.free_delivery_over ?? null,
      free_delivery: pricing.free_delivery,
    },
    coupon_rule: couponRuleOf(cart.coupon_rule),
  };
}

/** What the startup plan reads of remote config (`RemoteConfig` → `StartupConfig`). */
export function startupConfigOf(config) {
  return {
    force_select_default_locations: config.force_select_default_locations,
    default_location: config.default_location ?? null,
    default_service_id: config.default_service_id ?? null,
  };
}

/**
 * What the startup plan reads of the profile (`ProfileResponse` → `StartupProfile`): the
 * default address and the language (null for a language the app does not have).
 */
export function startupProfileOf(profile) {
  const { address } = profile;
  const locale = profile.default_locale;
  return {
    address: address
      ? {
          id: address.id,
          name: address.name ?? null,
          region: address.region ?? null,
          postal_code: address.postal_code ?? null,
          address_details: address.address_details ?? null,
          district_id: address.district_id ?? null,
          location: address.location ? { latitude: address.location.latitude, longitude: address.location.longitude } : null,
          country_id: address.country_id ?? null,
          city_id: address.city_id ?? null,
        }
      : null,
    default_locale: locale === "ar" || locale === "en" ? locale : null,
  };
}
