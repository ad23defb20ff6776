import { screen } from "@testing-library/react";
import { useIntl } from "react-intl";
import { formatAmount, Price } from "./Price";
import { renderKit } from "./testing";

function Amount({ amount, unsigned = false }: { amount: string | number; unsigned?: boolean }) {
  const intl = useIntl();
  return <output>{formatAmount(intl, amount, "EGP", { unsigned })}</output>;
}

describe("amounts", () => {
  test("the API's decimal text is shown exactly, with no float rounding in between", () => {
    renderKit(<Amount amount="12345678901234567.89" />);
    // Through Number() the last digits read "568.00".
    expect(screen.getByRole("status").textContent?.replace(/\s/g, " ")).toBe("EGP 12,345,678,901,234,567.89");
  });

  test("in Arabic the digits and the currency are the page's, and a sign can be left out", () => {
    renderKit(<Amount amount="-0.10" unsigned />, "ar");
    const text = screen.getByRole("status").textContent ?? "";
    expect(text).toContain("٠٫١٠");
    expect(text).not.toContain("-");
  });

  test("a price and the price before a discount", () => {
    renderKit(<Price amount="9.50" old="12" />);
    expect(screen.getByText("EGP 9.50").closest("data")?.getAttribute("value")).toBe("9.50");
    expect(screen.getByText("EGP 12.00").tagName).toBe("S");
  });
});
