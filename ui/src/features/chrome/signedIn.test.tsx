import { act, screen, within } from "@testing-library/react";
import { parseProfileResponse } from "storefront-core";
import { Header } from "./Header";
import { polyfillDialog, renderWithShell, resetShell, setWidth, shellCache, store } from "./testing";

// Whether the signed-in chrome's chunk has been loaded (its module evaluated).
let loaded = false;
jest.mock("./SignedInChrome", () => {
  loaded = true;
  return jest.requireActual<typeof import("./SignedInChrome")>("./SignedInChrome");
});

beforeAll(() => {
  polyfillDialog();
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
});

beforeEach(() => {
  resetShell("/home");
  setWidth(1280);
  store([
    { type: "store", key: "district_id", value: "1" },
    { type: "store", key: "selectedService", value: "1" },
  ]);
});

test("a guest's header does not load the signed-in chrome; after a sign-in it arrives", async () => {
  const cache = shellCache("en", [[["profile", "tok"], parseProfileResponse({ user: { name: "Mona Adel" } })]]);
  renderWithShell(<Header />, { client: cache });
  await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(screen.getByRole("button", { name: "Log in / Register" })).toBeTruthy();
  expect(loaded).toBe(false);

  act(() => store([{ type: "store", key: "token", value: "tok" }]));
  const banner = screen.getByRole("banner");
  expect(await within(banner).findByRole("button", { name: "Mona Adel" })).toBeTruthy();
  expect(loaded).toBe(true);
});
