import type { ReactElement } from "react";
import { act, fireEvent, screen } from "@testing-library/react";
import { PriceRange } from "./PriceRange";
import { Providers, renderWithProviders, resetClient } from "../../test/catalogue";

beforeEach(() => {
  resetClient();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe("PriceRange", () => {
  test("moves are clamped by the core and committed once the thumb rests", () => {
    const onCommit = jest.fn();
    renderWithProviders(<PriceRange bounds={{ min: "10.00", max: "250.50" }} min={null} max={null} onCommit={onCommit} />);
    const min = screen.getByRole("slider", { name: "Minimum price" });
    const max = screen.getByRole("slider", { name: "Maximum price" });
    fireEvent.change(min, { target: { value: "20.5" } });
    expect(screen.getByTestId("price-range-value").textContent).toBe("EGP\u00a020.50 – EGP\u00a0250.50");
    expect(onCommit).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(400));
    // The maximum is still at its bound: no upper limit.
    expect(onCommit).toHaveBeenLastCalledWith("20.50", null);

    fireEvent.change(max, { target: { value: "15" } });
    act(() => jest.advanceTimersByTime(400));
    // Crossed thumbs are put back in order by the core.
    expect(onCommit).toHaveBeenLastCalledWith("15.00", "20.50");
  });

  test("a range from the URL outside the bounds is clamped into them", () => {
    renderWithProviders(<PriceRange bounds={{ min: "10.00", max: "100.00" }} min="1.00" max="900.00" onCommit={jest.fn()} />);
    expect(screen.getByTestId("price-range-value").textContent).toBe("EGP\u00a010.00 – EGP\u00a0100.00");
  });

  test("stays mounted: a new range from the props is taken over, a move in progress is kept", () => {
    const bounds = { min: "10.00", max: "100.00" };
    const onCommit = jest.fn();
    const { rerender: rerenderBare, client } = renderWithProviders(
      <PriceRange bounds={bounds} min={null} max={null} onCommit={onCommit} />,
    );
    const rerender = (ui: ReactElement) => rerenderBare(<Providers client={client}>{ui}</Providers>);
    const min = screen.getByRole("slider", { name: "Minimum price" }) as HTMLInputElement;

    // From outside (e.g. back / forward): the slider follows, same element.
    rerender(<PriceRange bounds={{ ...bounds }} min="30.00" max={null} onCommit={onCommit} />);
    expect(screen.getByRole("slider", { name: "Minimum price" })).toBe(min);
    expect(min.value).toBe("30.00");

    // A move not yet committed wins over props that arrive meanwhile.
    fireEvent.change(min, { target: { value: "40" } });
    rerender(<PriceRange bounds={{ ...bounds }} min="20.00" max={null} onCommit={onCommit} />);
    expect(min.value).toBe("40.00");
    act(() => jest.advanceTimersByTime(400));
    expect(onCommit).toHaveBeenLastCalledWith("40.00", null);

    // The committed range coming back changes nothing.
    rerender(<PriceRange bounds={{ ...bounds }} min="40.00" max={null} onCommit={onCommit} />);
    expect(min.value).toBe("40.00");
    expect(onCommit).toHaveBeenCalledTimes(1);
  });
});
