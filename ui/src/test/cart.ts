/** Server-shaped cart bodies for the cart and checkout tests (what `GET /get_card` sends). */

export interface LineSpec {
  id: number;
  productId: number;
  qty: number;
  price: string;
  name?: string;
  minQty?: number;
  maxQty?: number | null;
  stock?: number | null;
}

export function cartLine({ id, productId, qty, price, name, minQty = 1, maxQty = 5, stock = 50 }: LineSpec) {
  const total = ((Math.round(Number(price) * 100) * qty) / 100).toFixed(2);
  return {
    id,
    key: `key-${id}`,
    product_id: productId,
    qty,
    price,
    favorite: false,
    // The line's totals as the server sends them with it (no tax on a line alone).
    order: { price: total, total, cart_total: total, tax: "0.00" },
    message: null,
    product: {
      name: name ?? `Product ${productId}`,
      image: null,
      min_qty: minQty,
      max_qty: maxQty,
      stock,
      preorder: false,
      branch_id: 3,
    },
  };
}

/**
 * A cart of shop 3 with 14 % tax and a 12.50 delivery fee (free from 200.00), totals as
 * the server computes them for the given lines (and an optional coupon discount).
 */
export function cartBody(lines: LineSpec[], extra: Record<string, unknown> = {}) {
  const minor = lines.reduce((sum, l) => sum + Math.round(Number(l.price) * 100) * l.qty, 0);
  const discount = Math.round(Number((extra.coupon_discount as string | undefined) ?? "0") * 100);
  const tax = Math.round(((minor - discount) * 1400) / 10000);
  const delivery = lines.length === 0 || minor >= 20000 ? 0 : 1250;
  const money = (m: number) => (m / 100).toFixed(2);
  return {
    items: lines.map(cartLine),
    items_quantity: lines.reduce((sum, l) => sum + l.qty, 0),
    price: money(minor),
    coupon_discount: money(discount),
    tax: money(tax),
    delivery_price: money(delivery),
    total: money(minor - discount + tax),
    cart_total: money(minor - discount + tax + delivery),
    coupon_id: null,
    coupon_code: null,
    coupon_rule: null,
    branch_id: lines.length ? 3 : null,
    branch_name: lines.length ? "Garden City Grocer" : null,
    pricing: { tax_rate_bp: 1400, delivery_fee: "12.50", free_delivery_over: "200.00", free_delivery: false },
    service_id: 1,
    currency: "EGP",
    // The shop delivers to the chosen district (null: an empty cart).
    delivers: lines.length ? true : null,
    ...extra,
  };
}
