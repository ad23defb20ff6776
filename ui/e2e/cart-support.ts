import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import type { StaticHost } from "./server";
import { SEED, signIn, type Session } from "./support";

/**
 * Helpers of the cart and checkout end-to-end tests: a signed-in customer with a
 * district and the groceries service, products of open shops picked from the live
 * catalogue, addresses and cart lines made through the API, wallet money paid in the
 * way the order flow pays it (a return refunded to the wallet), and amounts formatted
 * as the page formats them.
 */

export type Language = "en" | "ar";

/** Seeded shops of the groceries service: Garden City Grocer (district 3, minimum 50.00,
 * serves Zamalek 3 km away), Zamalek Fresh Market (district 1) and El Orouba Bakery in
 * Heliopolis (district 5, serves only Heliopolis). */
export const SHOPS = { gardenCity: 3, zamalek: 1, heliopolisBakery: 6 } as const;

/** Points inside the seeded districts. */
export const PLACES = {
  zamalek: { latitude: 30.06, longitude: 31.222 },
  heliopolis: { latitude: 30.1, longitude: 31.33 },
} as const;

export interface ApiProduct {
  id: number;
  name: string;
  price: string;
  stock: number | null;
  min_qty: number;
  max_qty: number | null;
  stock_status: string;
  branch: { id: number; name: string };
}

export function auth(session: Session | string, language: Language = "en") {
  const token = typeof session === "string" ? session : session.token;
  return { Authorization: `Bearer ${token}`, Language: language };
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A signed-in customer in the page, in Zamalek with the groceries service and `language`. */
export async function shopper(page: Page, server: StaticHost, language: Language): Promise<Session> {
  return signIn(page, server, {
    name: language === "ar" ? "منى عادل" : "Mona Adel",
    storage: { district_id: String(SEED.district), selectedService: String(SEED.groceries), language },
  });
}

/**
 * In-stock products of one shop whose limits leave room to step (minimum 1, a maximum
 * below the stock), cheapest first when `cheap`.
 */
export async function shopProducts(request: APIRequestContext, shop: number, language: Language = "en"): Promise<ApiProduct[]> {
  const body = await ok<{ data: ApiProduct[] }>(
    await request.get(`/api/products?service_id=${SEED.groceries}&page=1&limit=50&branch_id=${shop}&stock=in_stock`, {
      headers: { Language: language },
    }),
  );
  return body.data.filter(
    (p) => p.min_qty === 1 && p.max_qty !== null && p.stock !== null && p.max_qty >= 3 && p.max_qty + 5 < p.stock,
  );
}

/** A product of `shop` costing at least `atLeast` EGP. */
export async function productOf(request: APIRequestContext, shop: number, atLeast = 0, language: Language = "en"): Promise<ApiProduct> {
  const found = (await shopProducts(request, shop, language)).find((p) => Number(p.price) >= atLeast);
  if (!found) throw new Error(`no product of shop ${shop} at ${atLeast} EGP or more`);
  return found;
}

/** A saved address (`POST /api/addresses`) at `place`; answers its id. */
export async function addAddress(
  request: APIRequestContext,
  session: Session,
  place: { latitude: number; longitude: number } = PLACES.zamalek,
  name = "Home",
): Promise<number> {
  const body = await ok<{ data: { id: number } }>(
    await request.post("/api/addresses", {
      headers: auth(session),
      data: {
        name,
        contact_name: "Mona Adel",
        phone: "01001234567",
        address_details: "26th of July Street 12",
        building_number: "12",
        location: place,
      },
    }),
  );
  return body.data.id;
}

/** Puts `qty` of a product in the customer's cart through the API. */
export async function addToCart(request: APIRequestContext, session: Session, productId: number, qty: number): Promise<void> {
  await ok(
    await request.post("/api/order/add-to-cart", {
      headers: auth(session),
      data: { product_id: productId, qty, service_id: SEED.groceries, empty_cart: true },
    }),
  );
}

export interface ApiCart {
  items: { product_id: number; qty: number }[];
  items_quantity: number;
  price: string;
  coupon_discount: string;
  tax: string;
  delivery_price: string;
  cart_total: string;
  coupon_code: string | null;
}

export async function apiCart(request: APIRequestContext, session: Session): Promise<ApiCart> {
  const body = await ok<{ data: ApiCart }>(
    await request.get(`/api/get_card?service_id=${SEED.groceries}`, { headers: auth(session) }),
  );
  return body.data;
}

export interface ApiOrderSummary {
  id: number;
  number: string;
  status: string;
}

/** The customer's orders in the current tab (`GET /orders?tab=current`). */
export async function currentOrders(request: APIRequestContext, session: Session): Promise<ApiOrderSummary[]> {
  const body = await ok<{ data: ApiOrderSummary[] }>(
    await request.get("/api/orders?tab=current&limit=100", { headers: auth(session) }),
  );
  return body.data;
}

export async function walletBalance(request: APIRequestContext, session: Session): Promise<string> {
  return (await ok<{ data: { balance: string } }>(await request.get("/api/wallet", { headers: auth(session) }))).data.balance;
}

function tomorrow(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

/**
 * Puts money in the customer's wallet the way the order flow does — there is no top-up
 * call (static-host/docs/orders.md): a cash order of `qty` × a product, delivered by the
 * shop (operator command `order-status` on `server`, the one `request` calls), returned
 * with the refund to the wallet, and received back. Answers the wallet balance.
 */
export async function fundWallet(
  request: APIRequestContext,
  server: StaticHost,
  session: Session,
  addressId: number,
  product: ApiProduct,
  qty: number,
): Promise<string> {
  await addToCart(request, session, product.id, qty);
  const placed = await ok<{ data: { id: number; items: { id: number; qty: number }[] } }>(
    await request.post("/api/order/checkout", {
      headers: auth(session),
      data: { service_id: SEED.groceries, address_id: addressId, payment_method: "cash" },
    }),
  );
  const order = placed.data;
  server.operator("order-status", String(order.id), "processing", "shipped", "delivered");
  await ok(
    await request.post(`/api/orders/${order.id}/return`, {
      headers: auth(session),
      data: {
        items: order.items.map((item) => ({ id: item.id, quantity: item.qty, reason: "changed_mind", comment: "" })),
        refund_method: "wallet",
        pickup_address_id: addressId,
        date: tomorrow(),
        time: "10:00",
      },
    }),
  );
  server.operator("order-status", String(order.id), "return_received", "returned");
  const balance = await walletBalance(request, session);
  expect(Number(balance)).toBeGreaterThan(0);
  return balance;
}

/** An amount as the page formats it (react-intl: en, or ar-EG for Arabic), spaces normalized. */
export function money(amount: string | number, language: Language): string {
  return normalize(
    new Intl.NumberFormat(language === "ar" ? "ar-EG" : "en", { style: "currency", currency: "EGP" }).format(Number(amount)),
  );
}

/** Text with no-break spaces as plain spaces (currency formats use them). */
export function normalize(text: string | null): string {
  return (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();
}

/** The visible cart badge of the header or the bottom bar. */
export function cartBadge(page: Page): Locator {
  return page.locator('[data-testid="cart-badge"]:visible').first();
}

/** A cart line on /cart, by its product name. */
export function cartRow(page: Page, name: string): Locator {
  return page.getByRole("listitem", { name });
}

/** The value of a totals row (`total-price`, `total-coupon`, `total-tax`, `total-delivery`, `total-total`). */
export async function totalText(page: Page, id: string): Promise<string> {
  return normalize(await page.getByTestId("cart-totals").getByTestId(id).first().textContent());
}
