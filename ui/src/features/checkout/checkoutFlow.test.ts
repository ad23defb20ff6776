import { CheckoutFlow, type CheckoutEvent } from "storefront-core";
import { ApiError } from "../../api/client";
import { renderMessage } from "../../i18n/coreText";
import { useAppStore } from "../../platform/store";
import { mockApi, resetClient } from "../../test/catalogue";
import { loadMessages } from "../../i18n/messages";
import { performCheckoutCall, paymentSummary, placementFailedEvent, withoutSavedCvv, type PaymentChoice } from "./checkoutFlow";

// The core's Arabic texts, as on an Arabic page.
beforeAll(() => loadMessages("ar"));

const server = (text: string) => ({ kind: "server", text }) as const;
/** A flow at the review step with cash, placed, then refused with `event`. */
function refusedWith(event: CheckoutEvent, language: "en" | "ar") {
  const flow = new CheckoutFlow((message) => renderMessage(message, language));
  flow.send({ type: "payment_done", payment: { method: "cash", use_wallet: false, saved_card_id: null, save_card: false } }, 0);
  flow.send({ type: "place", key: "k", card: null, cvv: null }, 0);
  const step = flow.send(event, 0);
  flow.free();
  return step;
}

describe("the checkout's answers as its events", () => {
  test("a refusal carries its status, the fields its 422 names and its text", () => {
    const text = server("CVV must be 3 digits");
    expect(placementFailedEvent(new ApiError(422, text, [{ field: "card.cvv", message: "CVV must be 3 digits" }]))).toEqual({
      type: "placement_failed",
      status: 422,
      fields: ["card.cvv"],
      text,
    });
    // Anything but an API error is no answer, with the generic words.
    expect(placementFailedEvent(new Error("boom"))).toEqual({
      type: "placement_failed",
      status: null,
      fields: [],
      text: { kind: "message", id: "generic_error", params: {} },
    });
  });

  test("the flow reads a delivery-area refusal in the page's language and marks the address", () => {
    for (const [language, words] of [
      ["en", "Sorry, we don't deliver to your area now!"],
      ["ar", "عذرًا، لا نقوم بالتوصيل إلى منطقتك حاليًا!"],
    ] as const) {
      const { view } = refusedWith(placementFailedEvent(new ApiError(400, server(words))), language);
      expect(view).toMatchObject({ step: "address", address_failure: server(words), area_refused: true });
    }
    // The Arabic words on an English page are not ours: the review step shows them.
    const { view } = refusedWith(placementFailedEvent(new ApiError(400, server("عذرًا، لا نقوم بالتوصيل إلى منطقتك حاليًا!"))), "en");
    expect(view.step).toBe("review");
  });

  test("a saved card that can no longer pay asks for the cards again, in Arabic too", () => {
    const words = "لم تعد هذه البطاقة المحفوظة متاحة. اختر بطاقة أخرى أو استخدم بطاقة جديدة.";
    const error = new ApiError(422, server(words), [{ field: "saved_card_id", message: words }]);
    const { view, effects } = refusedWith(placementFailedEvent(error), "ar");
    expect(view).toMatchObject({ step: "payment", payment_failure: server(words), saved_card_refused: true });
    expect(effects).toEqual([{ type: "reload_saved_cards" }]);
  });
});

describe("the payment as the flow keeps it", () => {
  const saved: PaymentChoice = { method: "card", useWallet: true, card: null, saveCard: false, savedCard: { id: 7, last4: "4444", cvv: "737" } };

  test("the summary holds no card number and no CVV", () => {
    expect(paymentSummary(saved)).toEqual({ method: "card", use_wallet: true, saved_card_id: 7, save_card: false });
    const typed: PaymentChoice = {
      method: "card",
      useWallet: false,
      card: { number: "4242424242424242", name: "Mona", exp_month: "12", exp_year: "39", cvv: "123" },
      saveCard: true,
      savedCard: null,
    };
    expect(JSON.stringify(paymentSummary(typed))).not.toMatch(/4242|123/);
  });

  test("a refused saved card's CVV is forgotten, the rest of the choice kept", () => {
    expect(withoutSavedCvv(saved)).toEqual({ ...saved, savedCard: { id: 7, last4: "4444", cvv: "" } });
    expect(withoutSavedCvv(null)).toBeNull();
  });
});

describe("the placement call", () => {
  const CALL = { call: "place_order", idempotency_key: "k", order: null } as const;

  afterEach(() => jest.restoreAllMocks());

  test("a placed order is placed even when a follow-up fails, and a refusal is a refusal", async () => {
    resetClient();
    mockApi({ "POST /order/checkout": () => ({ body: { data: { id: 41 }, message: "Order placed" } }) });
    const state = useAppStore.getState();
    jest.spyOn(state, "setTermsAccepted").mockImplementation(() => {
      throw new Error("the store refused");
    });
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(performCheckoutCall(CALL)).resolves.toEqual({ type: "placed", order_id: 41 });
    expect(console.error).toHaveBeenCalled();

    mockApi({ "POST /order/checkout": () => ({ status: 422, body: { message: "The cart is empty", errors: {} } }) });
    await expect(performCheckoutCall(CALL)).resolves.toMatchObject({ type: "placement_failed", status: 422 });
  });
});
