import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { IntlMessageFormat } from "intl-messageformat";
import type { Language, MessageId } from "storefront-core";
import coreAr from "storefront-core/data/messages.ar.json" with { type: "json" };
import coreEn from "storefront-core/data/messages.en.json" with { type: "json" };
import ar from "../src/i18n/ar.json" with { type: "json" };
import en from "../src/i18n/en.json" with { type: "json" };
import type { StaticHost } from "./server";
import { SEED, apiSignIn, seedStorage, type Session } from "./support";

/**
 * Helpers of the account end-to-end tests: a signed-in customer in a language and width,
 * orders placed and moved through the real API and the operator command, and the
 * texts the pages show, taken from the catalogues themselves (UI strings) and the core
 * (the spec's messages), so the tests check the exact wording in both languages.
 */

export type { Language };

const CATALOGUES: Record<Language, Record<string, string>> = { en, ar };

/** A UI string of the catalogue, with simple `{name}` values. */
export function t(language: Language, id: string, values: Record<string, string | number> = {}): string {
  const text = CATALOGUES[language][id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/** A core message in a language, word for word (the core's catalogue, formatted as the app does). */
export function core(language: Language, id: MessageId, params: Record<string, string> = {}): string {
  const template = (language === "ar" ? coreAr : coreEn)[id];
  return String(new IntlMessageFormat(template, language === "ar" ? "ar-EG" : "en").format(params));
}

export function auth(token: string, language: Language = "en") {
  return { Authorization: `Bearer ${token}`, Language: language };
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A new customer signed in through the API, the page in `language` at `width` px, with
 * the demo district and the groceries service stored.
 */
export async function customer(page: Page, server: StaticHost, language: Language = "en", width = 1280): Promise<Session> {
  await page.setViewportSize({ width, height: 900 });
  const session = await apiSignIn(page.request, server, { name: language === "ar" ? "منى عادل" : "Mona Adel" });
  await seedStorage(page, {
    token: session.token,
    language,
    district_id: String(SEED.district),
    selectedService: String(SEED.groceries),
  });
  return session;
}

/** A point in Zamalek (district 1), served by the Zamalek and Garden City shops. */
export const ZAMALEK = { latitude: 30.06, longitude: 31.222 };

export async function addAddress(request: APIRequestContext, token: string, name = "Home"): Promise<number> {
  const body = await ok<{ data: { id: number } }>(
    await request.post("/api/addresses", {
      headers: auth(token),
      data: { name, contact_name: "Mona Adel", phone: "01001234567", address_details: "26th of July Street 12", location: ZAMALEK },
    }),
  );
  return body.data.id;
}

interface ApiProduct {
  id: number;
  price: string;
  stock: number | null;
  min_qty: number;
  max_qty: number | null;
}

/** Zamalek Fresh Market (district 1), a groceries shop open in the demo data. */
const ZAMALEK_SHOP = 1;

/** What an order must reach in the demo shops (their minimum order is at most 100.00 EGP). */
const ORDER_VALUE = 120;

/** A product of the Zamalek shop and a quantity of it worth the shop's minimum order. */
export async function aProduct(request: APIRequestContext): Promise<{ product: ApiProduct; qty: number }> {
  const body = await ok<{ data: ApiProduct[] }>(
    await request.get(`/api/products?service_id=${SEED.groceries}&page=1&limit=50&branch_id=${ZAMALEK_SHOP}&stock=in_stock`),
  );
  for (const product of body.data) {
    const qty = Math.max(product.min_qty, 2, Math.ceil(ORDER_VALUE / Number(product.price)));
    if (qty <= (product.max_qty ?? 99) && qty <= (product.stock ?? 99)) return { product, qty };
  }
  throw new Error("no product to order in the Zamalek shop");
}

export interface PlacedOrder {
  id: number;
  number: string;
  items: { id: number; name: string; qty: number }[];
}

/** A cash order of one product (two or more units), placed through the API. */
export async function placeOrder(request: APIRequestContext, token: string, addressId?: number): Promise<PlacedOrder> {
  const address = addressId ?? (await addAddress(request, token));
  const { product, qty } = await aProduct(request);
  await ok(
    await request.post("/api/order/add-to-cart", {
      headers: auth(token),
      data: { product_id: product.id, qty, service_id: SEED.groceries, empty_cart: true },
    }),
  );
  const placed = await ok<{ data: PlacedOrder }>(
    await request.post("/api/order/checkout", {
      headers: auth(token),
      data: { service_id: SEED.groceries, address_id: address, payment_method: "cash" },
    }),
  );
  return placed.data;
}

/**
 * The shop's side of the order flow: `static-host order-status ORDER STATUS...` on the
 * data directory of `server` (there is no admin API). Answers what it printed.
 */
export function orderStatus(server: StaticHost, orderId: number, ...statuses: string[]): string {
  return server.operator("order-status", String(orderId), ...statuses);
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** The page never scrolls sideways (nothing wider than the viewport). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${page.url()} is wider than the viewport`).toBeLessThanOrEqual(0);
}

/** Text with no-break spaces and bidi marks made plain, for comparing formatted numbers. */
export function plain(text: string | null): string {
  return (text ?? "").replace(/[\u00a0\u202f]/g, " ").replace(/[\u200e\u200f\u061c]/g, "");
}
