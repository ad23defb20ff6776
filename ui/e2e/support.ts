import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { storageKeyName, type StorageKey } from "storefront-core";
import type { StaticHost } from "./server";

/**
 * Shared helpers of the end-to-end suites: the axe scan, screenshots, stored client
 * state set before the app loads, toasts, and a signed-in session made through the real
 * OTP API (codes read from the file outbox of the worker's server, the `server` fixture).
 */

/** Where screenshots go (git-ignored, not committed). */
export const ARTIFACTS = join(import.meta.dirname, "..", "e2e-artifacts");

/** axe-core on the page (or the part `include` selects): fails on serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page, include?: string): Promise<void> {
  // A settled page: content being refreshed is dimmed (and marked busy) for a moment,
  // and its contrast is not what a reader gets.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // …and it fades back in: axe must not read the colours half-way through.
  // (Endless ones, spinners and shimmers, are left running.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe on ${page.url()}`,
  ).toEqual([]);
}

/** A screenshot (full page unless `fullPage` is false) written to ui/e2e-artifacts/{name}.png. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage, animations: "disabled" });
  return path;
}

/**
 * The kit's choice row (`ui/Choice.module.css`) as drawn: the row's edge, background and
 * cursor, and its box's size and side (the box starts the line: left in English, right
 * in Arabic). The tokens' colours in the form the browser computes them.
 */
export const CHOICE_LOOK = {
  edge: "rgb(229, 231, 235)",
  brand: "rgb(15, 118, 110)",
  danger: "rgb(185, 28, 28)",
  none: "rgba(0, 0, 0, 0)",
  checked: "rgb(240, 253, 250)",
  brandSoft: "rgb(204, 251, 241)",
  dangerSoft: "rgb(254, 242, 242)",
  page: "rgb(248, 250, 252)",
} as const;

export async function choiceLook(row: Locator): Promise<{ edge: string; background: string; cursor: string; box: number; side: "left" | "right" }> {
  return row.evaluate((label) => {
    const style = getComputedStyle(label);
    const input = label.querySelector("input") as HTMLInputElement;
    const outer = label.getBoundingClientRect();
    const inner = input.getBoundingClientRect();
    return {
      edge: style.borderTopColor,
      background: style.backgroundColor,
      cursor: style.cursor,
      box: Math.round(inner.width * 10) / 10,
      side: inner.left - outer.left < outer.right - inner.right ? ("left" as const) : ("right" as const),
    };
  });
}

/** The toast showing `text` (the toaster renders role status, or alert for errors). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text }).first();
}

let seeded = 0;

/**
 * Values put into localStorage under the core's key names before the app first loads in
 * this tab (a reload keeps whatever the app stored since). Values are the stored forms
 * (core storage module): ids as decimal text, `language` as en/ar, objects as JSON.
 */
export async function seedStorage(page: Page, values: Partial<Record<StorageKey, string>>): Promise<void> {
  const named = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [storageKeyName(key as StorageKey), value]),
  );
  seeded += 1;
  const flag = `e2e-seeded-${seeded}`;
  await page.addInitScript(
    ({ entries, flag }: { entries: Record<string, string>; flag: string }) => {
      if (sessionStorage.getItem(flag)) return;
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      sessionStorage.setItem(flag, "1");
    },
    { entries: named, flag },
  );
}

/** The demo seed's first district and its groceries service (products focused, with categories). */
export const SEED = { district: 1, groceries: 1, restaurants: 2 } as const;

/**
 * What the app mirrors from storage into the page-view cookie: `language.signed_in.district.service`.
 * Cookies do not depend on the port: it reaches whichever test server serves 127.0.0.1.
 */
export async function viewCookie(context: BrowserContext, value: string): Promise<void> {
  await context.addCookies([{ name: "storefront_view", value, domain: "127.0.0.1", path: "/" }]);
}

/** A guest with a delivery district and the groceries service chosen. */
export async function guestWithDistrict(page: Page, extra: Partial<Record<StorageKey, string>> = {}): Promise<void> {
  await seedStorage(page, {
    district_id: String(SEED.district),
    selectedService: String(SEED.groceries),
    ...extra,
  });
}

let counter = 0;

/** A fresh Egyptian mobile number (E.164) no other test or run uses. */
export function uniqueMobile(): string {
  counter += 1;
  const digits = `${Date.now() % 100_000}${process.pid % 100}${counter % 10}`.padStart(8, "0").slice(-8);
  return `+2012${digits}`;
}

/** The codes `server` wrote to its outbox for `to`, oldest first (notices, with no code, left out). */
export function outboxCodes(server: StaticHost, to: string): string[] {
  if (!existsSync(server.outbox)) return [];
  return readFileSync(server.outbox, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { to: string; code?: string })
    .filter((entry) => entry.to === to)
    .flatMap((entry) => (entry.code === undefined ? [] : [entry.code]));
}

async function body<T>(response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export interface Session {
  token: string;
  mobile: string;
}

/**
 * Signs a customer in through the API: POST /api/user/login-by-otp, the code from the
 * outbox of `server` (the one `request` calls), verify, and register when the number is
 * new. Returns the bearer token.
 */
export async function apiSignIn(
  request: APIRequestContext,
  server: StaticHost,
  options: { mobile?: string; name?: string; email?: string } = {},
): Promise<Session> {
  const mobile = options.mobile ?? uniqueMobile();
  const before = outboxCodes(server, mobile).length;
  const sent = await body<{ data: { mobile: string } }>(
    await request.post("/api/user/login-by-otp", { data: { mobile, channel: "sms" } }),
  );
  const to = sent.data.mobile;
  await expect.poll(() => outboxCodes(server, to).length, { message: `a code for ${to}` }).toBeGreaterThan(before);
  const code = outboxCodes(server, to).at(-1) ?? "";
  const verified = await body<{ data: { token: string | null; user_exists: boolean } }>(
    await request.post("/api/user/verify-login-by-otp", { data: { mobile: to, channel: "sms", code } }),
  );
  if (verified.data.token) return { token: verified.data.token, mobile: to };
  const registered = await body<{ data: { token: string } }>(
    await request.post("/api/user/register-by-otp", {
      data: {
        name: options.name ?? "Mona Test",
        email: options.email ?? `e2e.${to.slice(1)}.${Date.now()}@example.com`,
        referral_code: "",
        acceptTerms: true,
        user_register: "user",
        mobile: to,
        code,
      },
    }),
  );
  return { token: registered.data.token, mobile: to };
}

/**
 * A signed-in session in the page: signs in through the API, then stores the token (and
 * any other values) under the core's key names before the app loads.
 */
export async function signIn(
  page: Page,
  server: StaticHost,
  options: { name?: string; storage?: Partial<Record<StorageKey, string>> } = {},
): Promise<Session> {
  const session = await apiSignIn(page.request, server, { name: options.name });
  await seedStorage(page, { token: session.token, ...options.storage });
  return session;
}
