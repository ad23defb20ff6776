import { act, renderHook } from "@testing-library/react";
import { useScrollToTopOnNavigate } from "./scrollOnNavigate";

describe("useScrollToTopOnNavigate", () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    scrollTo = jest.spyOn(window, "scrollTo").mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  test("a new path scrolls to the top; the first page and the same path do not", () => {
    const { rerender } = renderHook(({ path }) => useScrollToTopOnNavigate(path), { initialProps: { path: "/home" } });
    expect(scrollTo).not.toHaveBeenCalled();
    rerender({ path: "/home" });
    expect(scrollTo).not.toHaveBeenCalled();
    rerender({ path: "/checkout/success/2" });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  test("back and forward leave the scroll to the browser", () => {
    const { rerender } = renderHook(({ path }) => useScrollToTopOnNavigate(path), { initialProps: { path: "/home" } });
    act(() => {
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    rerender({ path: "/products" });
    expect(scrollTo).not.toHaveBeenCalled();
    rerender({ path: "/cart" });
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
