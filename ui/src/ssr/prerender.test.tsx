/** @jest-environment node */
import { queryClient } from "../app/queryClient";
import { renderTemplates } from "./prerender";

// The build runs the prerender in Node: a query left in the cache keeps a 5-minute
// garbage-collection timer, and with it the build's process, alive.
test("the prerender writes every template and leaves no query (and no timer) behind", async () => {
  const templates = await renderTemplates();
  // 2 languages × 5 kinds (landing, home, product, shell, not found) × signed in or not × a district or not.
  expect(Object.keys(templates)).toHaveLength(40);
  // Home opens with the offers the server gives, the first picture eager.
  const home = templates["ar:home:0:1"] ?? "";
  expect(home).toContain('src="{{ home_slider.images[0] }}"');
  expect(home).toContain("{% for image in home_slider.images[1:] %}");
  expect(home).toContain("{{ (loop.index + 1) | digits(language) }}");
  // A product's page is the product screen with the server's product in it: every number
  // written by the server's filters (a Jinja string in an ICU number would print NaN).
  for (const key of ["en:product:0:1", "ar:product:1:1"]) {
    const page = templates[key] ?? "";
    expect(page).toMatch(/<h1 id="product-title"[^>]*>\{\{ product\.name \}\}<\/h1>/);
    expect(page).toContain("{{ product.branch.minutes | digits(language) }}");
    expect(page).toContain("{{ product.rating | decimal1(language) }}");
    expect(page).toContain("{% for picture in product.images %}");
    expect(page).not.toMatch(/NaN|ليس رقمًا/);
  }
  expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
}, 60_000);
