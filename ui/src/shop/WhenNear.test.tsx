import { act, render, screen } from "@testing-library/react";
import { NEAR_MARGIN, WhenNear } from "./WhenNear";

type Callback = (entries: { isIntersecting: boolean }[]) => void;

/** A stand-in IntersectionObserver the test drives by hand. */
function installObserver() {
  const observers: { callback: Callback; options?: IntersectionObserverInit; disconnected: boolean }[] = [];
  class FakeObserver {
    private readonly entry: (typeof observers)[number];
    constructor(callback: Callback, options?: IntersectionObserverInit) {
      this.entry = { callback, options, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  Object.defineProperty(globalThis, "IntersectionObserver", { value: FakeObserver, configurable: true });
  return observers;
}

afterEach(() => {
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

describe("WhenNear", () => {
  test("holds the place until the section nears the viewport, then renders it for good", () => {
    const observers = installObserver();
    render(
      <WhenNear fallback={<p>placeholder</p>}>
        <p>the list</p>
      </WhenNear>,
    );
    expect(screen.getByText("placeholder")).toBeTruthy();
    expect(screen.queryByText("the list")).toBeNull();
    expect(observers[0]?.options?.rootMargin).toBe(`0px 0px ${NEAR_MARGIN} 0px`);

    act(() => observers[0]?.callback([{ isIntersecting: false }]));
    expect(screen.queryByText("the list")).toBeNull();
    act(() => observers[0]?.callback([{ isIntersecting: true }]));
    expect(screen.getByText("the list")).toBeTruthy();
    expect(screen.queryByText("placeholder")).toBeNull();
    expect(observers[0]?.disconnected).toBe(true);
  });

  test("renders at once where the browser cannot tell", () => {
    render(
      <WhenNear fallback={<p>placeholder</p>}>
        <p>the list</p>
      </WhenNear>,
    );
    expect(screen.getByText("the list")).toBeTruthy();
  });
});
