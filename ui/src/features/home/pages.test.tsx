import { profileData } from "../../test/documents";
import { fireEvent, screen, within } from "@testing-library/react";
import { useAppStore } from "../../platform/store";
import { cacheWith, remoteConfig, renderWithShell, resetShell, serviceDetail, serviceKey, SERVICES, SETTINGS, store } from "../../chrome/testing";
import HomePage from "./HomePage";
import LandingPage from "./LandingPage";


beforeAll(() => {
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
});

beforeEach(() => resetShell("/home"));

describe("LandingPage", () => {
  test("asks for a delivery location and opens the location picker", () => {
    renderWithShell(<LandingPage />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Everything you need, delivered to your door");
    fireEvent.click(screen.getByRole("button", { name: "Choose delivery location" }));
    expect(useAppStore.getState().modal).toBe("pickAddress");
  });

  test("is translated", () => {
    renderWithShell(<LandingPage />, {
      language: "ar",
      client: cacheWith([[["settings", "ar"], SETTINGS]]),
    });
    expect(screen.getByRole("button", { name: "اختر موقع التوصيل" })).toBeTruthy();
    expect(screen.getByText("مرحبًا بك في سوق النيل")).toBeTruthy();
  });
});

describe("HomePage", () => {
  beforeEach(() => {
    store([
      { type: "store", key: "district_id", value: "1" },
      { type: "store", key: "selectedService", value: "1" },
    ]);
  });

  const cache = (extra: Array<[readonly unknown[], unknown]> = []) =>
    cacheWith([
      [["remote-config", "en"], remoteConfig()],
      [["settings", "en"], SETTINGS],
      [["services", "en"], SERVICES],
      [serviceKey("en", 1), serviceDetail(1)],
      ...extra,
    ]);

  test("greets, names the selected service and shows its blocks", () => {
    const blocks = [{ type: "categories", title: "Shop by category", items: [{ id: 7, name: "Fruits & Vegetables", icon: "" }] }];
    renderWithShell(<HomePage />, {
      client: cache([[serviceKey("en", 1), serviceDetail(1, { blocks })]]),
    });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Welcome to Nile Market");
    expect(screen.getByText("You are shopping in Groceries")).toBeTruthy();
    const block = screen.getByRole("region", { name: "Shop by category" });
    expect(within(block).getByRole("link", { name: "Fruits & Vegetables" }).getAttribute("href")).toBe("/categories/7");
  });

  test("greets a signed-in customer by name", () => {
    store([{ type: "store", key: "token", value: "tok" }]);
    renderWithShell(<HomePage />, {
      client: cache([[["profile", "tok"], profileData({ name: "Mona" })]]),
    });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Hello, Mona");
  });
});
