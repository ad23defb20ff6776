import { screen, waitFor, within } from "@testing-library/react";
import { Footer } from "./Footer";
import { cacheWith, json, remoteConfig, renderWithShell, resetShell, SETTINGS, store } from "./testing";

const fetchMock = jest.fn<Promise<Response>, [Request]>();

const PAGES = [
  { id: 1, title: "About Nile Market", type: "about", category: "customer" },
  { id: 2, title: "Our story", type: "about", category: "customer" },
  { id: 4, title: "Privacy Policy", type: "policy", category: "customer" },
  { id: 5, title: "Terms and Conditions", type: "policy", category: "customer" },
];

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

beforeEach(() => {
  fetchMock.mockReset();
  resetShell("/home");
});

const pageCalls = () =>
  fetchMock.mock.calls.map(([r]) => new URL(r.url)).filter((url) => url.pathname === "/api/static-pages");

describe("Footer (the core's footerContent)", () => {
  test("about pages, contact us, policies, contact information, app links only if set, social links, year", async () => {
    fetchMock.mockResolvedValue(json(200, { data: PAGES }));
    const client = cacheWith([
      [["remote-config", "en"], remoteConfig()],
      [["settings", "en"], SETTINGS],
    ]);
    renderWithShell(<Footer />, { client });
    const footer = screen.getByRole("contentinfo");
    await screen.findByRole("link", { name: "About Nile Market" });
    const about = within(screen.getByRole("navigation", { name: "About" })).getAllByRole("link");
    expect(about.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["About Nile Market", "/account/information/1"],
      ["Our story", "/account/information/2"],
      ["Contact us", "/account/contact-us"],
    ]);
    const policies = within(screen.getByRole("navigation", { name: "Store policies" })).getAllByRole("link");
    expect(policies.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Privacy Policy", "/information/4"],
      ["Terms and Conditions", "/information/5"],
    ]);
    expect(within(footer).getByRole("link", { name: "hello@nilemarket.example" }).getAttribute("href")).toBe(
      "mailto:hello@nilemarket.example",
    );
    expect(within(footer).getByRole("link", { name: "+20 2 2735 0000" }).getAttribute("href")).toBe("tel:+20227350000");
    expect(footer.textContent).toContain("12 26th of July Street, Zamalek, Cairo");
    expect(within(footer).getByRole("link", { name: "Find Us On Map" }).getAttribute("href")).toBe(
      SETTINGS.general_setting.map_url,
    );
    expect(within(footer).getByRole("link", { name: "Google Play" })).toBeTruthy();
    expect(within(footer).queryByRole("link", { name: "App Store" })).toBeNull();
    const social = within(screen.getByRole("list", { name: "Follow us" })).getAllByRole("link");
    expect(social.map((a) => [a.getAttribute("aria-label"), a.getAttribute("href")])).toEqual([
      ["Twitter", "https://twitter.com/nilemarket"],
      ["Facebook", "https://www.facebook.com/nilemarket"],
      ["Whatsapp", "https://wa.me/201001234567"],
    ]);
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Nile Market. All rights reserved.`);
    expect(pageCalls().map((url) => url.searchParams.get("category"))).toEqual(["customer"]);
  });

  test("Arabic: the Arabic address and store name, Arabic digits in the year", async () => {
    fetchMock.mockResolvedValue(json(200, { data: PAGES }));
    const client = cacheWith([
      [["remote-config", "ar"], remoteConfig()],
      [["settings", "ar"], SETTINGS],
    ]);
    renderWithShell(<Footer />, { client, language: "ar" });
    const footer = screen.getByRole("contentinfo");
    // The core's footer rule loads with the whole core.
    await waitFor(() => expect(footer.textContent).toContain("١٢ شارع ٢٦ يوليو، الزمالك، القاهرة"));
    expect(within(footer).getByRole("link", { name: "اعثر علينا على الخريطة" })).toBeTruthy();
    const year = new Intl.NumberFormat("ar-EG", { useGrouping: false }).format(new Date().getFullYear());
    expect(footer.textContent).toContain(`© ${year} سوق النيل.`);
  });

  test("the pages query waits for remote config and, signed in, for the profile", async () => {
    store([{ type: "store", key: "token", value: "tok" }]);
    let answerProfile!: (response: Response) => void;
    fetchMock.mockImplementation((request) => {
      const path = new URL(request.url).pathname;
      if (path === "/api/user/profile") return new Promise((resolve) => (answerProfile = resolve));
      return Promise.resolve(json(200, { data: PAGES }));
    });
    const client = cacheWith([
      [["remote-config", "en"], remoteConfig()],
      [["settings", "en"], SETTINGS],
    ]);
    renderWithShell(<Footer />, { client });
    await waitFor(() => expect(answerProfile).toBeDefined());
    expect(pageCalls()).toEqual([]);
    answerProfile(json(200, { user: { name: "Mona" } }));
    await waitFor(() => expect(pageCalls()).toHaveLength(1));
  });
});
