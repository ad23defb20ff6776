/** @jest-environment node */
import { queryClient } from "../platform/queryClient";
import { renderTemplates } from "./prerender";

// The build runs the prerender in Node: a query left in the cache keeps a 5-minute
// garbage-collection timer, and with it the build's process, alive.
test("the prerender writes every template and leaves no query (and no timer) behind", async () => {
  const templates = await renderTemplates();
  // 2 languages × 5 kinds (landing, home, product, shell, not found) × signed in or not × a
  // district or not, and the cart of a signed-in customer with a district in each language.
  expect(Object.keys(templates)).toHaveLength(42);
  expect(Object.keys(templates).filter((key) => key.includes(":cart:"))).toEqual(["en:cart:1:1", "ar:cart:1:1"]);
  // The cart: its lines in a loop, every amount the server's digits in the currency's text
  // as Intl writes it, plurals chosen by the server's category, the same in the header.
  const en = templates["en:cart:1:1"] ?? "";
  expect(en).toContain("{% for line in cart.lines %}");
  expect(en).toContain('id="cart-line-{{ line.product_id }}-name"');
  expect(en).toContain('<data value="{{ line.total_value }}" data-testid="line-total">EGP\u00a0{{ line.total }}</data>');
  expect(en).toContain("{% if cart.count_form == &#x27;one&#x27; %}{{ cart.count }} item{% else %}{{ cart.count }} items{% endif %}");
  expect(en).toContain('{% if cart and not cart.empty %}<span class="badge" aria-hidden="true" data-testid="cart-badge">{{ cart.count }}</span>{% endif %}');
  const ar = templates["ar:cart:1:1"] ?? "";
  expect(ar).toContain("\u200f{{ cart.cart_total }}\u00a0ج.م.\u200f");
  for (const form of ["zero", "one", "two", "few", "many"]) expect(ar).toContain(`cart.count_form == &#x27;${form}&#x27;`);
  for (const page of [en, ar]) expect(page).not.toMatch(/NaN|ليس رقمًا|_R_[^"]*-name/);
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
    // Its reviews: the summary and the newest reviews from the server's context, the
    // bars' values in ASCII digits (an attribute), their labels in the page's.
    expect(page).toContain("{{ product.review_summary.average | decimal1(language) }}");
    expect(page).toContain("{% for review in reviews.shown %}");
    expect(page).toContain("{{ review.comment }}");
    expect(page).toContain('value="{{ product.review_summary.distribution[4] }}"');
    expect(page).toContain("reviews.count_form == &#x27;one&#x27;");
    expect(page).not.toMatch(/NaN|ليس رقمًا/);
  }
  expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
}, 60_000);
