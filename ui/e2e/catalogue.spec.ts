import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { expectNoSidewaysScroll, prepareClient, productNames, productPrices } from "./catalogue-support";
import { SEED, apiSignIn, expectNoSeriousA11yViolations as expectAccessible, toast } from "./support";

type Language = "en" | "ar";

/** The UI strings the tests look for, as the catalogues word them. */
const TEXT = {
  en: {
    showFilters: "Show filters",
    sortBy: "Sort by",
    outOfStock: "Out of stock",
    preorder: "Preorder",
    inStock: "In stock",
    fourStars: "4 stars & up",
    anyRating: "Any rating",
    starsFilter: "Customer reviews",
    noReviews: "No reviews yet",
    minPrice: "Minimum price",
    search: "Search products",
    searchButton: "Search",
    unavailable: "This item is unavailable",
    addToCart: "Add to cart",
    emptyAndAdd: "Empty cart and add",
    differentShop: "There are items from different shop in your cart. Would you like to empty your cart to add this item?",
    noSearchText: "please add search text",
    more: "Increase quantity",
    less: "Decrease quantity",
    maxReached: "Max Quantity Reached",
    minReached: "Min Quantity Reached",
    noStock: "There is not enough stock available.",
  },
  ar: {
    showFilters: "إظهار عوامل التصفية",
    sortBy: "ترتيب حسب",
    outOfStock: "غير متوفر حاليًا",
    preorder: "طلب مسبق",
    inStock: "متوفر",
    fourStars: "٤ نجوم فأكثر",
    anyRating: "أي تقييم",
    starsFilter: "تقييمات العملاء",
    noReviews: "لا توجد تقييمات بعد",
    minPrice: "أقل سعر",
    search: "ابحث عن المنتجات",
    searchButton: "بحث",
    unavailable: "هذا المنتج غير متوفر",
    addToCart: "أضف إلى السلة",
    emptyAndAdd: "أفرغ السلة وأضف",
    differentShop: "توجد في سلتك منتجات من متجر آخر. هل تريد إفراغ السلة لإضافة هذا المنتج؟",
    noSearchText: "يرجى إدخال نص للبحث",
    more: "زيادة الكمية",
    less: "إنقاص الكمية",
    maxReached: "تم الوصول إلى الحد الأقصى للكمية",
    minReached: "تم الوصول إلى الحد الأدنى للكمية",
    noStock: "لا يتوفر مخزون كافٍ.",
  },
} as const;

const EN_DESKTOP = { language: "en", width: 1280 } as const;
const AR_MOBILE = { language: "ar", width: 375 } as const;
const COMBOS: { language: Language; width: number }[] = [
  EN_DESKTOP,
  { language: "ar", width: 1280 },
  { language: "en", width: 375 },
  AR_MOBILE,
];

interface ApiProduct {
  id: number;
  name: string;
  price: string;
  stock_status: string;
  branch: { id: number; name: string };
}

/** Products as the page's shopper sees them: in the demo district (the listing follows the district). */
async function products(request: APIRequestContext, language: Language, query: string): Promise<ApiProduct[]> {
  const response = await request.get(`/api/products?service_id=1&page=1&${query}`, {
    headers: { Language: language, "district-id": String(SEED.district) },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ApiProduct[] }).data;
}

async function firstProduct(request: APIRequestContext, language: Language, query: string): Promise<ApiProduct> {
  const [found] = await products(request, language, `limit=1&${query}`);
  if (!found) throw new Error(`no product for ${query}`);
  return found;
}

/** Whether a shop takes orders now. */
async function isOpen(request: APIRequestContext, id: number): Promise<boolean> {
  const response = await request.get(`/api/branches/${id}`);
  return !((await response.json()) as { data: { closed: boolean } }).data.closed;
}

async function openFilters(page: Page, language: Language): Promise<void> {
  const toggle = page.getByRole("button", { name: TEXT[language].showFilters });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  }
}

/** Sets a range input as a person dragging it would (React sees the input event). */
async function slide(page: Page, label: string, value: number): Promise<void> {
  await page.getByRole("slider", { name: label }).evaluate((node, v) => {
    const input = node as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    setter?.call(input, String(v));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }, value);
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

for (const { language, width } of COMBOS) {
  test.describe(`catalogue in ${language} at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("browse from home to a category to a product and back", async ({ page }) => {
      test.setTimeout(90_000);
      const errors = watchErrors(page);
      await prepareClient(page, { language });
      await page.goto("/home");
      await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
      const categories = page.getByTestId("home-section-block-categories");
      await expect(categories.getByRole("link").first()).toBeVisible();
      // Every product is below the blocks: asked for as the reader scrolls to it.
      await page.getByTestId("home-section-home-products").scrollIntoViewIfNeeded();
      await expect(page.getByTestId("home-section-home-products").getByTestId("product-card").first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, "main");

      await categories.getByRole("link").first().click();
      await expect(page).toHaveURL(/\/categories\/\d+$/);
      await expect(page.getByTestId("subcategories")).toBeVisible();
      const card = page.getByTestId("product-card").first();
      await expect(card).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, "main");

      const name = await card.locator("h3").innerText();
      await card.locator("h3 a").click();
      await expect(page).toHaveURL(/\/products\/\d+$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      await expect(page.getByRole("button", { name: TEXT[language].addToCart, exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, "main");

      await page.goBack();
      await expect(page).toHaveURL(/\/categories\/\d+$/);
      await expect(page.getByTestId("product-card").first()).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/home$/);
      await expect(categories.getByRole("link").first()).toBeVisible();
      expect(errors).toEqual([]);
    });

    test("shops by their category: the chips narrow the list", async ({ page, request }) => {
      test.setTimeout(60_000);
      const headers = { Language: language, "district-id": String(SEED.district) };
      const categories = (await (await request.get("/api/branch-categories?service_id=1", { headers })).json()) as {
        data: { id: number; name: string }[];
      };
      // A category with shops in the demo district, and what the API lists for it.
      let chosen: { id: number; name: string; shops: string[] } | null = null;
      for (const category of categories.data) {
        const answer = await request.get(`/api/branches?service_id=1&page=1&branch_category_id=${category.id}`, { headers });
        const shops = ((await answer.json()) as { data: { name: string }[] }).data.map((shop) => shop.name);
        if (shops.length > 0) {
          chosen = { ...category, shops };
          break;
        }
      }
      if (!chosen) throw new Error("the seed has no shop category with shops");
      await prepareClient(page, { language });
      await page.goto("/home");
      const section = page.getByTestId("home-section-home-branches");
      await section.scrollIntoViewIfNeeded();
      const chips = section.getByTestId("shop-categories");
      const chip = chips.getByRole("button", { name: chosen.name, exact: true });
      await expect(chip).toHaveAttribute("aria-pressed", "false");
      await chip.click();
      await expect(chip).toHaveAttribute("aria-pressed", "true");
      const cards = section.getByTestId("branch-card");
      await expect(cards).toHaveCount(Math.min(chosen.shops.length, 20));
      await expect(cards.first()).toContainText(chosen.shops[0] ?? "");
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, "[data-testid=home-section-home-branches]");
    });

    test("search with suggestions", async ({ page, request }) => {
      test.setTimeout(60_000);
      const first = await firstProduct(request, language, "sort=recommended");
      const word = first.name.split(/\s+/)[0] ?? first.name;
      await prepareClient(page, { language });
      await page.goto("/search-results");
      const main = page.getByRole("main");
      const box = main.getByRole("searchbox", { name: TEXT[language].search });

      await main.getByRole("button", { name: TEXT[language].searchButton, exact: true }).click();
      await expect(toast(page, TEXT[language].noSearchText)).toBeVisible();
      await expect(page).toHaveURL(/\/search-results$/);

      await box.fill(word);
      const suggestions = page.getByTestId("suggestions");
      await expect(suggestions.getByRole("link").first()).toBeVisible();
      await expectAccessible(page, "main");
      const suggestion = suggestions.getByRole("link").first();
      const suggested = await suggestion.innerText();
      await suggestion.click();
      await expect(page).toHaveURL(/\/products\/\d+$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(suggested);

      await page.goBack();
      await box.fill(`  ${word}  `);
      await box.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/search-results\\?query=${encodeURIComponent(word).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
      await expect(page.getByTestId("product-card").first()).toBeVisible();
      for (const title of await productNames(page)) expect(title.toLowerCase()).toContain(word.toLowerCase());
      await expectAccessible(page, "main");
    });
  });
}

for (const { language, width } of [EN_DESKTOP, AR_MOBILE]) {
  test.describe(`product listing in ${language} at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("each sort and filter changes the list; a filtered URL can be shared and reloaded", async ({ page, browser }) => {
      test.setTimeout(90_000);
      const t = TEXT[language];
      await prepareClient(page, { language });
      await page.goto("/products");
      await expect(page.getByTestId("product-card").first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, "main");
      let previous = await productNames(page);

      const sort = page.getByRole("combobox", { name: t.sortBy });
      for (const option of ["best_selling", "a_z", "z_a", "price_high", "price_low", "newest", "oldest", "recommended"]) {
        await sort.selectOption(option);
        await expect(page).toHaveURL(option === "recommended" ? /sort=recommended/ : new RegExp(`sort=${option}`));
        await expect.poll(() => productNames(page), { message: `order after ${option}` }).not.toEqual(previous);
        previous = await productNames(page);
        if (option === "price_high" || option === "price_low") {
          const prices = await productPrices(page);
          const sorted = [...prices].sort((a, b) => (option === "price_low" ? a - b : b - a));
          expect(prices).toEqual(sorted);
        }
      }

      await openFilters(page, language);
      for (const [label, badge] of [
        [t.outOfStock, t.outOfStock],
        [t.preorder, t.preorder],
        [t.inStock, t.inStock],
      ] as const) {
        await page.getByRole("radio", { name: label, exact: true }).check();
        await expect.poll(() => productNames(page), { message: `list after ${label}` }).not.toEqual(previous);
        previous = await productNames(page);
        const badges = await page.getByTestId("product-grid").getByTestId("stock-badge").allInnerTexts();
        expect(new Set(badges)).toEqual(new Set([badge]));
      }

      // One stars filter, on the customers' reviews (the stars the cards show), sent to
      // the API as min_rating. What is left is reviewed, or nothing (the server's
      // catalogue has reviews only where a spec wrote some; reviews.spec.ts checks the
      // averages): then the empty state, and "Any rating" brings the list back.
      const stars = page.getByRole("group", { name: t.starsFilter });
      await expect(stars.getByRole("radio")).toHaveCount(6);
      await stars.getByRole("radio", { name: t.fourStars }).check();
      await expect(page).toHaveURL(/[?&]min_rating=4(&|$)/);
      expect(new URL(page.url()).searchParams.has("rating")).toBe(false);
      await expect(page.getByTestId("product-card").first().or(page.getByTestId("empty-state"))).toBeVisible();
      await expect.poll(() => productNames(page)).not.toEqual(previous);
      for (const rating of await page.getByTestId("product-grid").getByTestId("card-rating").allTextContents()) {
        expect(rating).not.toBe(t.noReviews);
      }
      await stars.getByRole("radio", { name: t.anyRating }).check();
      await expect(page).not.toHaveURL(/min_rating/);
      await expect.poll(() => productNames(page)).toEqual(previous);

      const slider = page.getByRole("slider", { name: t.minPrice });
      const low = Number(await slider.getAttribute("min"));
      const high = Number(await slider.getAttribute("max"));
      const middle = Math.round((low + (high - low) / 4) * 100) / 100;
      await slide(page, t.minPrice, middle);
      await expect(page).toHaveURL(/min_price=\d+\.\d\d/);
      await expect.poll(() => productNames(page)).not.toEqual(previous);
      const min = Number(new URL(page.url()).searchParams.get("min_price"));
      expect(min).toBeCloseTo(middle, 2);
      expect((await productPrices(page)).every((p) => p >= min)).toBe(true);
      await expectAccessible(page, "main");

      // Share: the same address in a fresh browser shows the same list and choices.
      const shared = page.url();
      const names = await productNames(page);
      const other = await browser.newContext({ viewport: { width, height: 900 } });
      const second = await other.newPage();
      await prepareClient(second, { language });
      await second.goto(shared);
      await expect.poll(() => productNames(second)).toEqual(names);
      await expect(second.getByRole("combobox", { name: t.sortBy })).toHaveValue("recommended");
      await openFilters(second, language);
      await expect(second.getByRole("radio", { name: t.inStock, exact: true })).toBeChecked();
      await expect(second.getByRole("radio", { name: t.anyRating })).toBeChecked();
      // A link made with the old stars filter (rating=4) still filters by stars, the
      // reviews': the API is asked for min_rating=4 and "4 stars & up" is chosen.
      const asked = second.waitForRequest((request) => /\/api\/products\?/.test(request.url()) && request.url().includes("min_rating=4"));
      await second.goto("/products?rating=4");
      const sent = new URL((await asked).url()).searchParams;
      expect([sent.get("min_rating"), sent.has("rating")]).toEqual(["4", false]);
      await openFilters(second, language);
      await expect(second.getByRole("radio", { name: t.fourStars })).toBeChecked();
      await other.close();

      // Reload: the filters survive.
      await page.reload();
      await expect.poll(() => productNames(page)).toEqual(names);
      expect(page.url()).toBe(shared);
    });
  });
}

for (const { language, width } of [EN_DESKTOP, AR_MOBILE]) {
  test.describe(`signed in, ${language} at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("favourite and unfavourite a product, a shop and a home-block item", async ({ page, request, server }) => {
      test.setTimeout(90_000);
      const { token } = await apiSignIn(request, server);
      const product = await firstProduct(request, language, "stock=in_stock");
      const favourites = async () => {
        const response = await request.get("/api/favorites", { headers: { Authorization: `Bearer ${token}` } });
        return ((await response.json()) as { data: { type: string; id: number }[] }).data.map((f) => `${f.type}:${f.id}`);
      };

      await prepareClient(page, { language, token });
      await page.goto(`/products/${product.id}`);
      const heart = page.getByRole("heading", { level: 1 }).locator("..").getByTestId("favorite-button");
      await expect(heart).toHaveAttribute("aria-pressed", "false");
      await heart.click();
      await expect(heart).toHaveAttribute("aria-pressed", "true");
      await expect.poll(favourites).toContain(`product:${product.id}`);
      await expectAccessible(page, "main");
      await page.reload();
      await expect(heart).toHaveAttribute("aria-pressed", "true");
      await heart.click();
      await expect(heart).toHaveAttribute("aria-pressed", "false");
      await expect.poll(favourites).not.toContain(`product:${product.id}`);

      // A shop, from its card in the results, then on its page.
      const shop = product.branch;
      await page.goto(`/branches-results?query=${encodeURIComponent(shop.name)}`);
      const card = page.locator(`[data-testid=branch-card][data-branch-id="${shop.id}"]`);
      await card.getByTestId("favorite-button").click();
      await expect(card.getByTestId("favorite-button")).toHaveAttribute("aria-pressed", "true");
      await expect.poll(favourites).toContain(`branch:${shop.id}`);
      await card.getByRole("link", { name: shop.name }).click();
      await expect(page).toHaveURL(new RegExp(`/branches/${shop.id}$`));
      const shopHeart = page.getByRole("heading", { level: 1 }).locator("../..").getByTestId("favorite-button").first();
      await expect(shopHeart).toHaveAttribute("aria-pressed", "true");
      await shopHeart.click();
      await expect(shopHeart).toHaveAttribute("aria-pressed", "false");
      await expect.poll(favourites).not.toContain(`branch:${shop.id}`);

      // A service-block item on home; its product page shows the same flag.
      await page.goto("/home");
      const blockCard = page.getByTestId("home-section-block-best_seller").getByTestId("product-card").first();
      const blockHeart = blockCard.getByTestId("favorite-button");
      await expect(blockHeart).toHaveAttribute("aria-pressed", "false");
      await blockHeart.click();
      await expect(blockHeart).toHaveAttribute("aria-pressed", "true");
      const blockId = await blockCard.getAttribute("data-product-id");
      await expect.poll(favourites).toContain(`product:${blockId}`);
      await blockCard.locator("h3 a").click();
      await expect(page).toHaveURL(new RegExp(`/products/${blockId}$`));
      await expect(heart).toHaveAttribute("aria-pressed", "true");
      await heart.click();
      await expect(heart).toHaveAttribute("aria-pressed", "false");
      await expect.poll(favourites).not.toContain(`product:${blockId}`);
    });

    test("stock state, quantity limits and the different-shop prompt", async ({ page, request, server }) => {
      test.setTimeout(60_000);
      const t = TEXT[language];
      const { token } = await apiSignIn(request, server);
      const gone = await firstProduct(request, language, "stock=out_of_stock");
      const inStock = await products(request, language, "limit=50&stock=in_stock");
      const open: ApiProduct[] = [];
      for (const candidate of inStock) {
        if (open.some((p) => p.branch.id === candidate.branch.id)) continue;
        if (await isOpen(request, candidate.branch.id)) open.push(candidate);
        if (open.length === 2) break;
      }
      const [first, other] = open;
      if (!first || !other) throw new Error("two open shops with products in stock");

      await prepareClient(page, { language, token });
      await page.goto(`/products/${gone.id}`);
      await expect(page.getByTestId("unavailable")).toHaveText(t.unavailable);
      await expect(page.getByRole("button", { name: t.addToCart, exact: true })).toBeDisabled();

      // The stepper stops at the product's limits with the spec's messages.
      const detail = ((await (await request.get(`/api/products/${first.id}`)).json()) as {
        data: { min_qty: number; max_qty: number; stock: number };
      }).data;
      await page.goto(`/products/${first.id}`);
      const message = page.getByTestId("quantity-message");
      await page.getByRole("button", { name: t.less }).click();
      await expect(message).toHaveText(t.minReached);
      const top = Math.min(detail.max_qty, detail.stock);
      for (let qty = Math.max(1, detail.min_qty); qty < top; qty += 1) {
        await page.getByRole("button", { name: t.more }).click();
      }
      await expect(message).toHaveText("");
      await page.getByRole("button", { name: t.more }).click();
      await expect(message).toHaveText(detail.max_qty <= detail.stock ? t.maxReached : t.noStock);
      const cartProducts = async () => {
        const response = await request.get("/api/get_card?service_id=1", { headers: { Authorization: `Bearer ${token}` } });
        const cart = (await response.json()) as { data: { items: { product_id: number }[] } };
        return cart.data.items.map((i) => i.product_id);
      };
      await page.getByRole("button", { name: t.addToCart, exact: true }).click();
      await expect(page.getByRole("button", { name: t.addToCart, exact: true })).toBeEnabled();
      // The add has reached the server before the page is left (leaving would cancel it).
      await expect.poll(cartProducts).toEqual([first.id]);

      await page.goto(`/products/${other.id}`);
      await page.getByRole("button", { name: t.addToCart, exact: true }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText(t.differentShop);
      await expectAccessible(page, "dialog");
      await dialog.getByRole("button", { name: t.emptyAndAdd }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(cartProducts).toEqual([other.id]);
    });
  });
}
