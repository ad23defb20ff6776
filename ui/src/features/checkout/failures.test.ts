import { ApiError } from "../../api/client";
import { loadMessages } from "../../i18n/messages";
import { placementFailure } from "./failures";

// The core's Arabic texts, as on an Arabic page.
beforeAll(() => loadMessages("ar"));

const server = (text: string) => ({ kind: "server", text }) as const;

describe("placementFailure", () => {
  test("delivery-area refusals belong to the address step and mark the address", () => {
    for (const [language, text] of [
      ["en", "Sorry, we don't deliver to your area now!"],
      ["ar", "عذرًا، لا نقوم بالتوصيل إلى منطقتك حاليًا!"],
    ] as const) {
      const found = placementFailure(new ApiError(400, server(text)), language);
      expect(found).toEqual({ step: "address", text: server(text), area: true, savedCard: false, phone: false });
    }
    const chosen = placementFailure(
      new ApiError(422, server("please choose an address"), [{ field: "address_id", message: "please choose an address" }]),
      "en",
    );
    expect(chosen).toMatchObject({ step: "address", area: false });
  });

  test("a declined card, the wallet and card fields belong to the payment step", () => {
    expect(placementFailure(new ApiError(400, server("Balance Not Sufficient")), "en").step).toBe("payment");
    expect(
      placementFailure(new ApiError(400, server("An error occured while processing your payment, please try again later")), "en").step,
    ).toBe("payment");
    expect(
      placementFailure(new ApiError(422, server("CVV must be 3 digits"), [{ field: "card.cvv", message: "CVV must be 3 digits" }]), "en")
        .step,
    ).toBe("payment");
  });

  test("stock, an empty cart and anything else stay on the review step", () => {
    expect(placementFailure(new ApiError(400, server("There is not enough stock available.")), "en").step).toBe("review");
    expect(placementFailure(new ApiError(400, server("You don't have any product")), "en").step).toBe("review");
    expect(placementFailure(new Error("boom"), "en")).toEqual({
      step: "review",
      text: { kind: "message", id: "generic_error", params: {} },
      area: false,
      savedCard: false,
      phone: false,
    });
  });

  test("a saved card that can no longer pay belongs to the payment step and asks for the cards again", () => {
    for (const [language, text] of [
      ["en", "This saved card is no longer available. Choose another card or use a new one."],
      ["ar", "لم تعد هذه البطاقة المحفوظة متاحة. اختر بطاقة أخرى أو استخدم بطاقة جديدة."],
    ] as const) {
      const found = placementFailure(new ApiError(422, server(text), [{ field: "saved_card_id", message: text }]), language);
      expect(found).toEqual({ step: "payment", text: server(text), area: false, savedCard: true, phone: false });
    }
    // Another payment field keeps the cards as they are.
    const cvv = placementFailure(new ApiError(422, server("CVV must be 3 digits"), [{ field: "cvv", message: "CVV must be 3 digits" }]), "en");
    expect(cvv).toMatchObject({ step: "payment", savedCard: false });
  });

  test("an account without a verified phone is asked for one at the review step", () => {
    const text = "Verify your phone number before your first order.";
    const found = placementFailure(new ApiError(422, server(text), [{ field: "mobile", message: text }]), "en");
    expect(found).toEqual({ step: "review", text: server(text), area: false, savedCard: false, phone: true });
  });
});
