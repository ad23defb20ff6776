import { adminApiBase, apiBase } from "./config";

/** A document holding `metas` (name → content). */
function page(metas: Record<string, string>): Pick<Document, "querySelector"> {
  const doc = document.implementation.createHTMLDocument("");
  for (const [name, content] of Object.entries(metas)) {
    const meta = doc.createElement("meta");
    meta.name = name;
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

describe("the API bases static-host writes into the page", () => {
  test("the product API: the meta tag's, without a trailing slash; else /api", () => {
    expect(apiBase(page({ "storefront-api-base": "https://api.shop.example/v1/" }))).toBe("https://api.shop.example/v1");
    expect(apiBase(page({ "storefront-api-base": "  " }))).toBe("/api");
    expect(apiBase(page({}))).toBe("/api");
    expect(apiBase(undefined)).toBe("/api");
  });

  test("the admin API (uploads): its own tag, else the product API's", () => {
    const both = page({ "storefront-api-base": "https://api.shop.example", "storefront-admin-api-base": "https://admin.shop.example/api/" });
    expect(adminApiBase(both)).toBe("https://admin.shop.example/api");
    expect(adminApiBase(page({ "storefront-api-base": "https://api.shop.example/", "storefront-admin-api-base": "" }))).toBe(
      "https://api.shop.example",
    );
    expect(adminApiBase(page({}))).toBe("/api");
  });
});
