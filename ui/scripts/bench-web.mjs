// Page-weight and Lighthouse benchmark (`just bench-web`, see docs/performance.md).
//
// Against a running static-host (BASE, fresh data dir, file code sender writing OUTBOX):
// loads the landing page, /home, a product page and /cart in Debian's Chromium with a
// cold cache and prints each page's first-load weight over the wire by kind (HTML, JS,
// CSS, WASM, API JSON, images, other), both as sent and as gzip -9, next to the budget;
// then runs Lighthouse (mobile profile) on the same pages and prints the four scores
// and the biggest opportunities. It prints figures; it does not pass or fail.
//
//   node scripts/bench-web.mjs --base http://127.0.0.1:8090 --outbox /tmp/x/outbox.jsonl
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import QUIET_CHROMIUM from "./chromium-flags.json" with { type: "json" };

const { values: args } = parseArgs({
  options: {
    base: { type: "string" },
    outbox: { type: "string" },
    chromium: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
    "no-lighthouse": { type: "boolean", default: false },
  },
});
if (!args.base || !args.outbox) {
  console.error("usage: bench-web.mjs --base URL --outbox PATH");
  process.exit(2);
}
const BASE = args.base.replace(/\/$/, "");
const KB = 1024;
/** Budgets (issue: fast and installable): landing page non-image bytes and the WASM core, gzip. */
const BUDGET = { landingNonImage: 150 * KB, wasm: 60 * KB };
// The flags the e2e suite runs Chromium with (root, no network to call home to), no GPU.
const CHROMIUM_ARGS = [...QUIET_CHROMIUM, "--disable-gpu"];

// ---------------------------------------------------------------------------
// A signed-in customer with a district, a service and one item in the cart.

async function api(path, { method = "GET", token, body } = {}) {
  const response = await fetch(`${BASE}/api${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      Language: "en",
      "district-id": "1",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

function codesFor(to) {
  if (!existsSync(args.outbox)) return [];
  return readFileSync(args.outbox, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.to === to)
    .map((entry) => entry.code);
}

async function customer() {
  const sent = await api("/user/login-by-otp", { method: "POST", body: { mobile: "+201099887766", channel: "sms" } });
  const mobile = sent.data.mobile;
  let code;
  for (let i = 0; i < 50 && !code; i += 1) {
    code = codesFor(mobile).at(-1);
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error("no code arrived in the outbox");
  const verified = await api("/user/verify-login-by-otp", { method: "POST", body: { mobile, channel: "sms", code } });
  if (verified.data.token) return verified.data.token;
  const registered = await api("/user/register-by-otp", {
    method: "POST",
    body: { name: "Bench Customer", email: `bench.${Date.now()}@example.com`, referral_code: "", acceptTerms: true, user_register: "user", mobile, code },
  });
  return registered.data.token;
}

// ---------------------------------------------------------------------------
// First-load weight of a page, by kind.

function kindOf(url, mime, type) {
  if (type === "Document") return "html";
  if (mime === "application/wasm" || url.endsWith(".wasm")) return "wasm";
  if (url.includes("/api/") && mime.includes("json")) return "api";
  if (type === "Script" || mime.includes("javascript")) return "js";
  if (type === "Stylesheet" || mime === "text/css") return "css";
  if (type === "Image" || mime.startsWith("image/")) return "images";
  return "other";
}

async function weigh(browser, path, storage) {
  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 412, height: 915 } });
  if (storage) {
    await context.addInitScript((entries) => {
      if (sessionStorage.getItem("bench-seeded")) return;
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      sessionStorage.setItem("bench-seeded", "1");
    }, storage);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const seen = new Map();
  cdp.on("Network.responseReceived", (e) => seen.set(e.requestId, { url: e.response.url, mime: e.response.mimeType, type: e.type }));
  const done = [];
  cdp.on("Network.loadingFinished", (e) => done.push(e));
  await page.goto(BASE + path, { waitUntil: "networkidle" });
  await page.waitForTimeout(1500); // lazy chunks and late queries
  const totals = {};
  for (const finished of done) {
    const info = seen.get(finished.requestId);
    if (!info || info.url.startsWith("data:")) continue;
    const kind = kindOf(info.url, info.mime ?? "", info.type);
    let gzip = finished.encodedDataLength;
    try {
      const body = await cdp.send("Network.getResponseBody", { requestId: finished.requestId });
      const bytes = Buffer.from(body.body, body.base64Encoded ? "base64" : "utf8");
      gzip = gzipSync(bytes, { level: 9 }).length;
    } catch {
      // Bodies of some requests (redirects, evicted) are gone: count the wire size.
    }
    const slot = (totals[kind] ??= { wire: 0, gzip: 0, files: 0 });
    slot.wire += finished.encodedDataLength;
    slot.gzip += gzip;
    slot.files += 1;
  }
  const url = page.url();
  await context.close();
  return { path, url, totals };
}

const KINDS = ["html", "js", "css", "wasm", "api", "images", "other"];
const kb = (n) => `${(n / KB).toFixed(1)}`.padStart(7);

function printWeights(result) {
  console.log(`\n${result.path}  (ended at ${new URL(result.url).pathname})`);
  console.log("  kind      files   wire KB   gzip KB");
  let nonImage = 0;
  for (const kind of KINDS) {
    const slot = result.totals[kind];
    if (!slot) continue;
    if (kind !== "images") nonImage += slot.gzip;
    console.log(`  ${kind.padEnd(8)} ${String(slot.files).padStart(6)} ${kb(slot.wire)}   ${kb(slot.gzip)}`);
  }
  const wasm = result.totals.wasm?.gzip ?? 0;
  console.log(`  non-image total: ${kb(nonImage).trim()} KB gzip` + (result.path === "/" ? `  (budget ${BUDGET.landingNonImage / KB} KB: ${nonImage <= BUDGET.landingNonImage ? "within" : "OVER"})` : ""));
  if (wasm) console.log(`  WASM core: ${kb(wasm).trim()} KB gzip  (budget ${BUDGET.wasm / KB} KB: ${wasm <= BUDGET.wasm ? "within" : "OVER"})`);
}

// ---------------------------------------------------------------------------
// Lighthouse (mobile profile) against the same pages, in a Chromium with a debugging port.

async function audit(path, storage) {
  const port = 9300 + Math.floor(Math.random() * 500);
  const browser = await chromium.launch({ executablePath: args.chromium, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
  try {
    if (storage) {
      const page = await browser.newPage();
      await page.goto(`${BASE}/favicon.svg`);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
      await page.close();
    }
    const result = await lighthouse(BASE + path, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      disableStorageReset: true,
    });
    return result?.lhr;
  } finally {
    await browser.close();
  }
}

function printAudit(path, lhr) {
  if (!lhr) {
    console.log(`\n${path}: Lighthouse gave no report`);
    return;
  }
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  console.log(
    `\n${path}: performance ${score("performance")} (≥95), accessibility ${score("accessibility")} (100), ` +
      `best practices ${score("best-practices")} (≥95), SEO ${score("seo")} (≥95)`,
  );
  const metrics = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];
  console.log("  " + metrics.map((id) => `${lhr.audits[id]?.title}: ${lhr.audits[id]?.displayValue ?? "-"}`).join(" · "));
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === "opportunity" && (a.details.overallSavingsMs ?? 0) > 0)
    .sort((a, b) => (b.details.overallSavingsMs ?? 0) - (a.details.overallSavingsMs ?? 0))
    .slice(0, 3);
  for (const a of opportunities) console.log(`  opportunity: ${a.title} (${Math.round(a.details.overallSavingsMs)} ms)`);
  const failing = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => lhr.audits[r.id]))
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative");
  for (const a of failing.slice(0, 6)) console.log(`  below 90: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
}

// ---------------------------------------------------------------------------

const token = await customer();
const products = await api("/products?page=1&service_id=1&stock=in_stock&limit=5", { token });
const product = products.data[0];
await api("/order/add-to-cart", { method: "POST", token, body: { product_id: product.id, qty: 1, service_id: 1, empty_cart: true } });

const located = { district_id: "1", selectedService: "1" };
const pages = [
  { path: "/", storage: null },
  { path: "/home", storage: located },
  { path: `/products/${product.id}`, storage: located },
  { path: "/cart", storage: { ...located, token } },
];

console.log(`Page weight: first load, cold cache, service worker blocked (${BASE})`);
const browser = await chromium.launch({ executablePath: args.chromium, args: CHROMIUM_ARGS });
for (const { path, storage } of pages) printWeights(await weigh(browser, path, storage));
await browser.close();

if (!args["no-lighthouse"]) {
  console.log("\nLighthouse (mobile profile, simulated throttling)");
  for (const { path, storage } of pages) printAudit(path, await audit(path, storage));
}
