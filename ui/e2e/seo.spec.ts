import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import ts from "typescript";
import { guestWithDistrict } from "./support";

/**
 * What search engines and chat apps read (issue 23): the raw HTML (no JavaScript) of the
 * landing page, a product, a category, a shop and a not-found path, in English (the bare
 * path) and Arabic (`?lang=ar`): status codes, title, description, canonical URL,
 * hreflang, Open Graph, and the JSON-LD checked against the schema.org types it claims
 * with schema-dts (the schema.org vocabulary as TypeScript types, compiled here).
 */

const LANGUAGES = ["en", "ar"] as const;
type Lang = (typeof LANGUAGES)[number];

/** The page's address in `lang`: the bare path in English, `?lang=ar` in Arabic. */
const inLanguage = (path: string, lang: Lang) => (lang === "en" ? path : `${path}?lang=ar`);

async function apiData(request: APIRequestContext, path: string, lang: Lang) {
  const response = await request.get(`/api${path}`, { headers: { Language: lang } });
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

interface Head {
  status: number;
  title: string;
  description: string | null;
  canonical: string[];
  hreflang: Record<string, string>;
  meta: (property: string) => Promise<string | null>;
  jsonLd: Record<string, unknown>[];
}

/** The head of `path` as a reader without JavaScript gets it. */
async function head(page: Page, path: string): Promise<Head> {
  const response = await page.goto(path);
  const links = page.locator('head link[rel="alternate"][hreflang]');
  const hreflang: Record<string, string> = {};
  for (const link of await links.all()) {
    hreflang[(await link.getAttribute("hreflang")) ?? ""] = (await link.getAttribute("href")) ?? "";
  }
  const canonical = await page.locator('head link[rel="canonical"]').evaluateAll((els) => els.map((e) => e.getAttribute("href") ?? ""));
  const jsonLd = (await page.locator('head script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as Record<string, unknown>,
  );
  const meta = async (property: string) => {
    const tags = page.locator(`head meta[property="${property}"], head meta[name="${property}"]`);
    expect(await tags.count(), property).toBeLessThanOrEqual(1);
    return (await tags.count()) === 0 ? null : tags.getAttribute("content");
  };
  return {
    status: response?.status() ?? 0,
    title: await page.title(),
    description: await page.locator('head meta[name="description"]').getAttribute("content"),
    canonical,
    hreflang,
    meta,
    jsonLd,
  };
}

/** The schema.org types the pages claim, each checked as schema-dts declares it. */
const CHECKED_TYPES = ["Organization", "WebSite", "Product", "BreadcrumbList", "Store"];

/**
 * The TypeScript compiler's complaints about `items` typed as the schema.org types they
 * claim (`@type`), from schema-dts: unknown properties, wrong value types and unknown
 * enumeration members (an availability that is not schema.org's) are errors. A search
 * action's `query-input` is an action constraint, which schema-dts types on the action
 * itself (`WithActionConstraints`).
 */
function schemaOrgErrors(items: Record<string, unknown>[]): string[] {
  const lines = [
    `import type { ${CHECKED_TYPES.join(", ")}, SearchAction, WithActionConstraints, WithContext } from "schema-dts";`,
  ];
  const errors: string[] = [];
  items.forEach((item, n) => {
    const type = item["@type"];
    if (typeof type !== "string" || !CHECKED_TYPES.includes(type)) {
      errors.push(`item ${n}: @type ${String(type)} is not one the pages may claim`);
      return;
    }
    const { potentialAction, ...rest } = item;
    let body = JSON.stringify(rest);
    if (potentialAction !== undefined) {
      lines.push(`const action${n}: WithActionConstraints<SearchAction> = ${JSON.stringify(potentialAction)};`);
      body = `${body.slice(0, -1)}, "potentialAction": action${n}}`;
    }
    lines.push(`export const item${n}: WithContext<${type}> = ${body};`);
  });
  // In the UI folder, so that `schema-dts` resolves to its node_modules.
  mkdirSync(join(import.meta.dirname, "..", "test-results"), { recursive: true });
  const dir = mkdtempSync(join(import.meta.dirname, "..", "test-results", "schema-org-"));
  try {
    const file = join(dir, "items.ts");
    writeFileSync(file, lines.join("\n"));
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    });
    for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
      errors.push(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return errors;
}

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("each page's head and structured data, in both languages, valid against schema.org", async ({ page, request, baseURL }) => {
    const base = baseURL ?? "";
    const allJsonLd: Record<string, unknown>[] = [];
    for (const lang of LANGUAGES) {
      const config = await apiData(request, "/remote-config", lang);
      const settings = await apiData(request, "/setting", lang);
      const store = (settings.general_setting as Record<string, string>)[`store_name_${lang}`] ?? "";
      const product = await apiData(request, "/products/1", lang);
      const category = await apiData(request, "/categories/1", lang);
      const branch = await apiData(request, "/branches/1", lang);
      const pages = [
        { path: "/", title: String(config.title), description: String(config.description), types: ["Organization", "WebSite"] },
        {
          path: "/products/1",
          title: `${String(product.name)} | ${store}`,
          description: String(product.description),
          types: ["Product", "BreadcrumbList"],
        },
        { path: "/categories/1", title: `${String(category.name)} | ${store}`, description: String(config.description), types: ["BreadcrumbList"] },
        { path: "/branches/1", title: `${String(branch.name)} | ${store}`, description: String(branch.description), types: ["Store"] },
      ];
      for (const expected of pages) {
        const where = `${expected.path} (${lang})`;
        const got = await head(page, inLanguage(expected.path, lang));
        expect(got.status, where).toBe(200);
        await expect(page.locator("html"), where).toHaveAttribute("lang", lang);
        expect(got.title, where).toBe(expected.title);
        expect(got.description, where).toBe(expected.description);
        const own = `${base}${inLanguage(expected.path, lang)}`;
        expect(got.canonical, where).toEqual([own]);
        expect(got.hreflang, where).toEqual({
          en: `${base}${expected.path}`,
          ar: `${base}${expected.path}?lang=ar`,
          "x-default": `${base}${expected.path}`,
        });
        expect(await got.meta("og:title"), where).toBe(expected.title);
        expect(await got.meta("og:description"), where).toBe(expected.description);
        expect(await got.meta("og:url"), where).toBe(own);
        expect(await got.meta("og:image"), where).toMatch(new RegExp(`^${base}/`));
        expect(await got.meta("og:locale"), where).toBe(lang === "en" ? "en_US" : "ar_EG");
        expect(await got.meta("twitter:card"), where).toBe("summary_large_image");
        expect(
          got.jsonLd.map((item) => item["@type"]),
          where,
        ).toEqual(expected.types);
        allJsonLd.push(...got.jsonLd);
        if (expected.path === "/products/1") {
          expect(await got.meta("og:type")).toBe("product");
          expect(await got.meta("product:price:amount")).toBe(product.price);
          expect(await got.meta("product:price:currency")).toBe(product.currency);
          const offers = got.jsonLd[0]?.offers as Record<string, unknown>;
          expect(offers.price).toBe(product.price);
          expect(offers.priceCurrency).toBe(product.currency);
        }
      }

      // The not-found page: 404, its own title, not to be indexed, nothing structured.
      for (const path of ["/no/such/page", "/products/999999", "/categories/999999", "/branches/999999"]) {
        const got = await head(page, inLanguage(path, lang));
        expect(got.status, path).toBe(404);
        expect(got.title).toBe(`${lang === "en" ? "Page not found" : "الصفحة غير موجودة"} | ${store}`);
        expect(await got.meta("robots")).toBe("noindex");
        expect(got.canonical).toEqual([]);
        expect(got.jsonLd).toEqual([]);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "en" ? "Page not found" : "الصفحة غير موجودة");
      }
    }
    expect(allJsonLd.length).toBe(12);
    expect(schemaOrgErrors(allJsonLd)).toEqual([]);
  });

  test("the schema.org check turns down what schema.org does not define", () => {
    // So that a passing check means something.
    const product = { "@context": "https://schema.org", "@type": "Product", name: "Tea" };
    expect(schemaOrgErrors([product])).toEqual([]);
    expect(schemaOrgErrors([{ ...product, pricee: "1" }])).not.toEqual([]);
    expect(schemaOrgErrors([{ ...product, offers: { "@type": "Offer", availability: "InStockk" } }])).not.toEqual([]);
    expect(schemaOrgErrors([{ ...product, "@type": "Produkt" }])).not.toEqual([]);
  });
});

test("a missing product is a 404 whose not-found page the app keeps, and the app's own not-found still works", async ({ page }) => {
  // A shopper with a district (without one the app sends a product page's reader to /).
  await guestWithDistrict(page);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const response = await page.goto("/products/999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page).toHaveURL(/\/(products\/999999|404)$/);
  // Inside the app: an unknown path shows the not-found screen without a request.
  await page.getByRole("link", { name: "Back to the store" }).click();
  // The path only: a test server's port may hold "404" (127.0.0.1:44047).
  await expect(page).toHaveURL((url) => !/999999|404/.test(url.pathname));
  await page.evaluate(() => {
    history.pushState({}, "", "/still/nowhere");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  expect(errors).toEqual([]);
});

test("a language URL opens the app in that language, unless the shopper saved a choice", async ({ page, context }) => {
  await page.goto("/?lang=ar");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("كل ما تحتاجه يصلك حتى باب بيتك");
  // A saved choice wins.
  await context.addCookies([{ name: "storefront_view", value: "en.0.0.0", url: page.url() }]);
  await page.goto("/?lang=ar");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
