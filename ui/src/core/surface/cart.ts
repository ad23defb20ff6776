import {
  CartFlow,
  cartBadge,
  cartTotals,
  quantityDecrement,
  quantityIncrement,
  quantityLimits,
  quantitySet,
  type ApiCall,
  type Cart,
  type CartEvent,
  type CartItem,
  type CartItemOrder,
  type CartLine,
  type CartPricing,
  type CartProduct,
  type CartTotals,
  type CartView,
  type CouponResponse,
  type CouponRule,
  type Favorite,
  type QuantityCheck,
  type QuantityLimits,
} from "storefront-core";

const product: CartProduct = { name: "Green tea", image: "/img/tea.png", min_qty: 1, max_qty: 5, stock: 8, branch_id: 3 };
const favorite: Favorite = false;
const order: CartItemOrder = { price: "25.00", total: "28.50", cart_total: "38.50", tax: "3.50" };
const item: CartItem = {
  id: 1,
  key: "line-1",
  product_id: 10,
  qty: 2,
  price: "12.50",
  favorite,
  order,
  message: "Added to cart",
  product,
};
const pricing: CartPricing = { tax_rate_bp: 1400, delivery_fee: "10.00", free_delivery_over: "100.00", free_delivery: false };
const coupon: CouponRule = { type: "percent", rate_bp: 1000, cap: "20.00", minimum: null };
const lines: CartLine[] = [{ price: "12.50", qty: 2 }];

const cart: Cart = {
  items: [item],
  items_quantity: 2,
  price: "25.00",
  total: "28.50",
  cart_total: "38.50",
  tax: "3.50",
  coupon_id: null,
  coupon_code: null,
  coupon_discount: "0.00",
  delivery_price: "10.00",
  branch_id: 3,
  pricing,
  coupon_rule: null,
};

export function surfaceCart(): string[] {
  const added: CartItem = { ...item, qty: 3 };
  const totals: CartTotals = cartTotals(lines, pricing, coupon);
  const response: CouponResponse = { item: added, coupon_id: 9, coupon_code: "SAVE10", coupon_rule: coupon, totals, message: null };
  const events: CartEvent[] = [
    { type: "loaded", cart },
    { type: "added", item },
    { type: "add_failed", status: 400, message: { kind: "server", text: "Items from another shop" } },
    { type: "updated", item: added },
    { type: "deleted", id: 1, order: null },
    { type: "coupon_applied", response },
    { type: "request_failed", message: { kind: "message", id: "bad_request", params: {} } },
    { type: "favorite_toggled", product_id: 10 },
    { type: "emptied" },
    { type: "add_requested", request: { product_id: 10, branch_id: 3, qty: null, empty_cart: false } },
    { type: "prompt_accepted" },
    { type: "prompt_dismissed" },
    { type: "quantity_changed", key: "line-1", qty: 3 },
    { type: "quantity_failed", message: { kind: "message", id: "bad_request", params: {} } },
    { type: "reset" },
  ];
  const flow = new CartFlow();
  const toasts: string[] = [];
  const calls: string[] = [];
  let view: CartView = flow.view();
  for (const event of events) {
    const step = flow.send(event);
    view = step.view;
    for (const effect of step.effects) {
      if (effect.type === "request") {
        const call: ApiCall = effect.call;
        calls.push(call.call);
      } else toasts.push(effect.type);
    }
  }
  flow.free();
  const other = new CartFlow();
  other.send({ type: "loaded", cart });
  const shown: Cart = other.send({ type: "quantity_changed", key: "line-1", qty: 3 }).view.cart ?? cart;
  const asked: CartView = other.send({ type: "add_requested", request: { product_id: 99, branch_id: 4, qty: null, empty_cart: false } }).view;
  other.free();
  const badge: number | undefined = cartBadge(view.cart?.items_quantity ?? null);
  const limits: QuantityLimits = quantityLimits(product);
  const steps: QuantityCheck[] = [quantityIncrement(2, limits), quantityDecrement(2, limits), quantitySet(9, limits)];
  const refused = steps.flatMap((step) => (step.kind === "refused" ? [step.message.id] : [String(step.qty)]));
  const prompt = asked.prompt?.kind === "message" ? asked.prompt.id : "allowed";
  return [shown.cart_total, String(badge ?? 0), prompt, totals.cart_total, ...refused, ...toasts, ...calls];
}
