import type { Cart, CartItem, CouponRule } from "storefront-core";
import type { components } from "./schema.gen";

type Schemas = components["schemas"];

// The cart's API documents, read with their OpenAPI types, as the values the core's cart
// flow works on. Only what its rules use is passed: the shop's name and whether it
// delivers stay in TypeScript (the page shows them).

function couponRuleOf(rule: Schemas["CouponRuleBody"] | null | undefined): CouponRule | null {
  if (!rule) return null;
  return rule.type === "percent"
    ? { type: "percent", rate_bp: rule.rate_bp, cap: rule.cap ?? null, minimum: rule.minimum ?? null }
    : { type: "fixed", amount: rule.amount, minimum: rule.minimum ?? null };
}

/** A cart line as the flow keeps it (`CartItemBody` → `CartItem`). */
export function cartItemOf(item: Schemas["CartItemBody"]): CartItem {
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

/** The cart as the flow keeps it (`CartBody` → `Cart`). */
export function cartOf(cart: Schemas["CartBody"]): Cart {
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
