import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import type { QuantityLimits } from "storefront-core";
import { QuantityStepper } from "./QuantityStepper";
import { renderKit } from "./testing";

function Harness({ limits, start }: { limits: QuantityLimits; start: number }) {
  const [qty, setQty] = useState(start);
  return <QuantityStepper value={qty} limits={limits} onChange={setQty} />;
}

function input(): HTMLInputElement {
  return screen.getByRole("textbox", { name: "Quantity" });
}

describe("QuantityStepper", () => {
  test("stops at the maximum with the core's message", () => {
    renderKit(<Harness limits={{ min: 1, max: 3, stock: 10 }} start={2} />);
    fireEvent.click(screen.getByRole("button", { name: "Increase quantity" }));
    expect(input().value).toBe("3");
    expect(screen.getByTestId("quantity-message").textContent).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Increase quantity" }));
    expect(input().value).toBe("3");
    expect(screen.getByTestId("quantity-message").textContent).toBe("Max Quantity Reached");
  });

  test("stops at the minimum", () => {
    renderKit(<Harness limits={{ min: 2, max: null, stock: null }} start={3} />);
    fireEvent.click(screen.getByRole("button", { name: "Decrease quantity" }));
    expect(input().value).toBe("2");
    fireEvent.click(screen.getByRole("button", { name: "Decrease quantity" }));
    expect(input().value).toBe("2");
    expect(screen.getByTestId("quantity-message").textContent).toBe("Min Quantity Reached");
  });

  test("stock below the maximum refuses with the stock message", () => {
    renderKit(<Harness limits={{ min: 1, max: 10, stock: 2 }} start={2} />);
    fireEvent.click(screen.getByRole("button", { name: "Increase quantity" }));
    expect(screen.getByTestId("quantity-message").textContent).toBe("There is not enough stock available.");
  });

  test("a typed quantity is checked too, Arabic digits included", () => {
    renderKit(<Harness limits={{ min: 1, max: 5, stock: 9 }} start={1} />);
    fireEvent.change(input(), { target: { value: "٤" } });
    fireEvent.blur(input());
    expect(input().value).toBe("4");
    fireEvent.change(input(), { target: { value: "8" } });
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(input().value).toBe("4");
    expect(screen.getByTestId("quantity-message").textContent).toBe("Max Quantity Reached");
  });

  test("no stock: every step says the item is unavailable", () => {
    renderKit(<Harness limits={{ min: 1, max: 5, stock: 0 }} start={1} />);
    fireEvent.click(screen.getByRole("button", { name: "Increase quantity" }));
    expect(screen.getByTestId("quantity-message").textContent).toBe("This item is unavailable");
  });
});
