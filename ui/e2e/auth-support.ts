import { existsSync, readFileSync } from "node:fs";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { storageKeyName, type StorageKey } from "storefront-core";
import type { StaticHost } from "./server";
import { expectNoSeriousA11yViolations, seedStorage } from "./support";

export { toast } from "./support";

/**
 * Helpers of the sign-in and location end-to-end tests: fresh numbers and addresses, the
 * codes the worker's server (the `server` fixture) wrote to its file outbox, accounts made through the real API,
 * the code boxes and an axe scan of an open dialog (the shared helpers are support.ts's).
 */

let counter = 0;

/** A fresh Egyptian mobile number (E.164) that no other test or run uses. */
export function freshMobile(): string {
  counter += 1;
  const digits = `${Date.now() % 1_000_000}${counter % 100}`.padStart(8, "0").slice(-8);
  return `+2011${digits}`;
}

/** The national form a person in Egypt types: 011… without the country code. */
export function national(e164: string): string {
  return `0${e164.slice(3)}`;
}

export function freshEmail(tag: string): string {
  counter += 1;
  return `${tag}.${Date.now()}.${counter}@example.com`;
}

export interface OutboxEntry {
  to: string;
  channel: string;
  code: string;
}

/** Every code `server` sent to `to`, oldest first (security notices, which carry no code, left out). */
export function codesFor(server: StaticHost, to: string): OutboxEntry[] {
  if (!existsSync(server.outbox)) return [];
  return readFileSync(server.outbox, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Partial<OutboxEntry>)
    .filter((entry): entry is OutboxEntry => entry.to === to && typeof entry.code === "string");
}

/** Waits for the code number `index` (0-based) `server` sent to `to`, and checks its channel. */
export async function waitForCode(server: StaticHost, to: string, channel: string, index = 0): Promise<string> {
  await expect.poll(() => codesFor(server, to).length, { message: `code ${index + 1} for ${to}` }).toBeGreaterThan(index);
  const entry = codesFor(server, to)[index];
  expect(entry?.channel).toBe(channel);
  return entry?.code ?? "";
}

/** A code that is not `code` (a wrong try). */
export function wrongCode(code: string): string {
  return code
    .split("")
    .map((d) => String((Number(d) + 1) % 10))
    .join("");
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Creates an account through the real API (code by SMS from the outbox); returns its token. */
export async function createAccount(
  request: APIRequestContext,
  server: StaticHost,
  account: { mobile: string; name: string; email: string },
): Promise<string> {
  const before = codesFor(server, account.mobile).length;
  await ok(await request.post("/api/user/login-by-otp", { data: { mobile: account.mobile, channel: "sms" } }));
  const code = await waitForCode(server, account.mobile, "sms", before);
  const verified = await ok<{ data: { user_exists: boolean } }>(
    await request.post("/api/user/verify-login-by-otp", { data: { mobile: account.mobile, channel: "sms", code } }),
  );
  expect(verified.data.user_exists).toBe(false);
  const registered = await ok<{ data: { token: string } }>(
    await request.post("/api/user/register-by-otp", {
      data: { name: account.name, email: account.email, referral_code: "", acceptTerms: true, user_register: "user", mobile: account.mobile, code },
    }),
  );
  return registered.data.token;
}

/** Types a code into the four boxes of `dialog`, one key at a time. */
export async function typeCode(dialog: Locator, code: string, language: "en" | "ar" = "en"): Promise<void> {
  const first = dialog.getByRole("textbox", { name: language === "en" ? "Digit 1 of 4" : "الرقم 1 من 4" });
  await first.click();
  await first.page().keyboard.type(code);
}

/** A stored value, read under the core's key name. */
export function stored(page: Page, key: StorageKey): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), storageKeyName(key));
}

/** Starts the app in a language: the stored language choice, before anything loads. */
export function useLanguage(page: Page, language: "en" | "ar"): Promise<void> {
  return seedStorage(page, { language });
}

/** axe on the open dialog (or `selector`): no serious or critical violations. */
export function expectAccessible(page: Page, selector = "dialog[open]"): Promise<void> {
  return expectNoSeriousA11yViolations(page, selector);
}
