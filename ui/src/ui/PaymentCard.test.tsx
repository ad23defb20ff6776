import { screen } from "@testing-library/react";
import { CardBrandMark, CardSummary, cardBrandOf } from "./PaymentCard";
import { renderKit } from "./testing";

const visa = { brand: "visa", label: "•••• 4242", exp_month: 3, exp_year: 2031, expired: false, is_default: true };

describe("the payment card kit", () => {
  test("each scheme's mark is an image named by the scheme, in the page language", () => {
    const { unmount } = renderKit(
      <>
        <CardBrandMark brand="visa" />
        <CardBrandMark brand="mastercard" />
        <CardBrandMark brand="meeza" />
        <CardBrandMark brand="amex" />
      </>,
    );
    expect(screen.getAllByRole("img").map((mark) => mark.getAttribute("aria-label"))).toEqual(["Visa", "Mastercard", "Meeza", "Card"]);
    expect(screen.getAllByRole("img").map((mark) => mark.dataset.brand)).toEqual(["visa", "mastercard", "meeza", "unknown"]);
    unmount();
    renderKit(<CardBrandMark brand="meeza" />, "ar");
    expect(screen.getByRole("img", { name: "ميزة" })).toBeTruthy();
  });

  test("a brand the API may add later is a plain card", () => {
    expect(cardBrandOf("visa")).toBe("visa");
    expect(cardBrandOf("unionpay")).toBe("unknown");
  });

  test("a card shows its number, its expiry as MM/YY and its badges", () => {
    const { unmount } = renderKit(<CardSummary card={visa} />);
    expect(screen.getByTestId("card-label").textContent).toBe("•••• 4242");
    expect(screen.getByTestId("card-expiry").textContent).toBe("Expires 03/31");
    expect(screen.getByTestId("card-default").textContent).toBe("Default");
    expect(screen.queryByTestId("card-expired")).toBeNull();
    unmount();
    renderKit(<CardSummary card={{ ...visa, exp_month: 12, exp_year: 2024, expired: true, is_default: false }} />, "ar");
    expect(screen.getByTestId("card-expired").textContent).toBe("منتهية الصلاحية");
    expect(screen.queryByTestId("card-default")).toBeNull();
    // The page's digits, left to right as on the card.
    expect(screen.getByTestId("card-expiry").textContent).toBe("تنتهي في ١٢/٢٤");
    expect(screen.getByTestId("card-expiry").querySelector("bdi")?.getAttribute("dir")).toBe("ltr");
  });
});
