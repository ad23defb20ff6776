/** @jest-environment ./src/test/jsdom-environment.cjs */
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useAppStore } from "../../../platform/store";
import type { SavedCard } from "../queries";
import { meta, mockApi, polyfillDialog, renderAt, signedIn, toasts } from "../testing";
import MyCardsPage from "./MyCardsPage";

jest.setTimeout(15_000);
beforeAll(polyfillDialog);

function card(id: number, over: Partial<SavedCard> = {}): SavedCard {
  return {
    id,
    brand: "visa",
    last4: "4242",
    label: "•••• 4242",
    exp_month: 12,
    exp_year: 2030,
    expired: false,
    is_default: false,
    created_at: "2026-11-01T10:00:00Z",
    ...over,
  };
}

/** The reference API's cards as one customer keeps them: deletes and defaults change the list. */
function cardsApi(initial: SavedCard[]) {
  let list = initial;
  const order = () => [...list.filter((c) => c.is_default), ...list.filter((c) => !c.is_default)];
  return mockApi({
    "GET /cards": () => ({ body: { data: order(), meta: meta(list.length) } }),
    "PUT /cards/7/default": () => {
      list = list.map((c) => ({ ...c, is_default: c.id === 7 }));
      return { body: { data: list.find((c) => c.id === 7), message: "Default card updated." } };
    },
    "DELETE /cards/5": () => {
      const was = list.find((c) => c.id === 5);
      list = list.filter((c) => c.id !== 5);
      return { body: { data: { id: 5, was_default: was?.is_default ?? false }, message: "Card deleted." } };
    },
  });
}

const wallet = () => [
  card(5, { is_default: true }),
  card(7, { brand: "mastercard", last4: "4444", label: "•••• 4444", exp_month: 3, exp_year: 2027 }),
  card(9, { brand: "meeza", last4: "0003", label: "•••• 0003", exp_month: 1, exp_year: 2024, expired: true }),
];

const page = () => <MyCardsPage />;

describe("MyCardsPage", () => {
  beforeEach(() => {
    signedIn();
  });

  test("each card shows its scheme, its masked number, its expiry and its badges, the default first", async () => {
    cardsApi(wallet());
    renderAt(page(), "/account/my-cards");
    const cards = await screen.findAllByTestId("saved-card");
    expect(cards.map((c) => within(c).getByRole("img").getAttribute("aria-label"))).toEqual(["Visa", "Mastercard", "Meeza"]);
    expect(cards.map((c) => within(c).getByTestId("card-label").textContent)).toEqual(["•••• 4242", "•••• 4444", "•••• 0003"]);
    expect(cards.map((c) => within(c).getByTestId("card-expiry").textContent)).toEqual([
      "Expires 12/30",
      "Expires 03/27",
      "Expires 01/24",
    ]);
    const [visa, mastercard, meeza] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(visa).getByTestId("card-default").textContent).toBe("Default");
    expect(within(visa).queryByTestId("set-default-card")).toBeNull();
    expect(within(meeza).getByTestId("card-expired").textContent).toBe("Expired");
    expect(within(mastercard).queryByTestId("card-expired")).toBeNull();
    expect(within(mastercard).getByRole("button", { name: "Set Mastercard •••• 4444 as default" })).toBeTruthy();
    expect(within(meeza).getByRole("button", { name: "Delete Meeza •••• 0003" })).toBeTruthy();
  });

  test("in Arabic: the page's words, the number still left to right", async () => {
    cardsApi(wallet());
    act(() => useAppStore.setState({ language: "ar" }));
    renderAt(page(), "/account/my-cards");
    const [visa] = await screen.findAllByTestId("saved-card");
    expect(await screen.findByRole("heading", { level: 1, name: "بطاقاتي" })).toBeTruthy();
    expect(within(visa as HTMLElement).getByTestId("card-default").textContent).toBe("الافتراضية");
    expect(within(visa as HTMLElement).getByTestId("card-label").getAttribute("dir")).toBe("ltr");
    expect(within(visa as HTMLElement).getByRole("img", { name: "فيزا" })).toBeTruthy();
  });

  test("no cards: says so, and that cards are saved at checkout", async () => {
    cardsApi([]);
    renderAt(page(), "/account/my-cards");
    const empty = await screen.findByTestId("empty-state");
    expect(empty.textContent).toContain("No saved cards yet");
    expect(empty.textContent).toContain("Save this card for next time");
  });

  test("loading, then a failed load with a retry that loads", async () => {
    let fail = true;
    let answer: (() => void) | null = null;
    mockApi({
      "GET /cards": () =>
        new Promise((resolve) => {
          answer = () =>
            resolve(fail ? { status: 500, body: { message: "Server Error" } } : { body: { data: wallet(), meta: meta(3) } });
        }),
    });
    renderAt(page(), "/account/my-cards");
    expect(screen.getByTestId("my-cards-page").querySelector("[aria-busy='true'], [role='status']")).not.toBeNull();
    await waitFor(() => expect(answer).not.toBeNull());
    act(() => answer?.());
    const error = await screen.findByTestId("load-error");
    fail = false;
    answer = null;
    fireEvent.click(within(error).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(answer).not.toBeNull());
    act(() => answer?.());
    expect(await screen.findAllByTestId("saved-card")).toHaveLength(3);
  });

  test("set as default: the API is asked, the list comes back in its new order, focus stays on that card", async () => {
    const api = cardsApi(wallet());
    renderAt(page(), "/account/my-cards");
    const cards = await screen.findAllByTestId("saved-card");
    fireEvent.click(within(cards[1] as HTMLElement).getByTestId("set-default-card"));
    await waitFor(() => expect(toasts()).toEqual(["Default card updated."]));
    expect(api.calls()).toContain("PUT /cards/7/default");
    await waitFor(() => expect(screen.getAllByTestId("saved-card")[0]?.dataset.default).toBe("true"));
    const [first] = screen.getAllByTestId("saved-card") as [HTMLElement];
    expect(within(first).getByTestId("card-label").textContent).toBe("•••• 4444");
    await waitFor(() => expect(document.activeElement).toBe(within(first).getByTestId("delete-card")));
  });

  test("delete asks first; cancelling keeps the card and calls nothing", async () => {
    const api = cardsApi(wallet());
    renderAt(page(), "/account/my-cards");
    const [visa] = await screen.findAllByTestId("saved-card");
    fireEvent.click(within(visa as HTMLElement).getByTestId("delete-card"));
    const dialog = screen.getByTestId("delete-card-dialog");
    expect(dialog.hasAttribute("open")).toBe(true);
    expect(dialog.textContent).toContain("Delete the card Visa •••• 4242?");
    // The default card's confirmation says none will be the default.
    expect(dialog.textContent).toContain("none of your cards is the default");
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep" }));
    expect(dialog.hasAttribute("open")).toBe(false);
    expect(api.calls().some((c) => c.startsWith("DELETE"))).toBe(false);
  });

  test("deleting the default after confirming: gone, no card is the default, focus on the heading", async () => {
    const api = cardsApi(wallet());
    renderAt(page(), "/account/my-cards");
    const [visa] = await screen.findAllByTestId("saved-card");
    fireEvent.click(within(visa as HTMLElement).getByTestId("delete-card"));
    fireEvent.click(within(screen.getByTestId("delete-card-dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toasts()).toEqual(["Card deleted."]));
    expect(api.calls()).toContain("DELETE /cards/5");
    await waitFor(() => expect(screen.getAllByTestId("saved-card")).toHaveLength(2));
    expect(screen.queryByTestId("card-default")).toBeNull();
    expect(screen.getAllByTestId("set-default-card")).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1 })));
  });

  test("a refused delete says why and keeps the card", async () => {
    mockApi({
      "GET /cards": () => ({ body: { data: [card(5, { is_default: true })], meta: meta(1) } }),
      "DELETE /cards/5": () => ({ status: 429, body: { message: "Too many requests. Please try again in 30 seconds." } }),
    });
    renderAt(page(), "/account/my-cards");
    const [visa] = await screen.findAllByTestId("saved-card");
    fireEvent.click(within(visa as HTMLElement).getByTestId("delete-card"));
    fireEvent.click(within(screen.getByTestId("delete-card-dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toasts()).toEqual(["Too many requests. Please try again in 30 seconds."]));
    expect(screen.getAllByTestId("saved-card")).toHaveLength(1);
  });

  test("a card deleted in another tab: the page stays, says so and reads the list again", async () => {
    const host = signedIn();
    let list = [card(5, { is_default: true }), card(7)];
    const api = mockApi({
      "GET /cards": () => ({ body: { data: list, meta: meta(list.length) } }),
      "DELETE /cards/5": () => ({ status: 404, body: { message: "The requested item was not found." } }),
    });
    renderAt(page(), "/account/my-cards");
    const [visa] = await screen.findAllByTestId("saved-card");
    // Another tab deletes it meanwhile.
    list = [card(7)];
    fireEvent.click(within(visa as HTMLElement).getByTestId("delete-card"));
    fireEvent.click(within(screen.getByTestId("delete-card-dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toasts()).toEqual(["This card is no longer saved: it was deleted elsewhere."]));
    await waitFor(() => expect(screen.getAllByTestId("saved-card")).toHaveLength(1));
    // A 404 elsewhere would move the page to /404 through the shell's effects.
    expect(host.navigate).not.toHaveBeenCalled();
    expect(api.calls().filter((c) => c === "GET /cards").length).toBeGreaterThanOrEqual(2);
  });
});
