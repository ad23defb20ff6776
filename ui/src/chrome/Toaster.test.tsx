import { act, fireEvent, screen } from "@testing-library/react";
import { useAppStore } from "../platform/store";
import { renderWithShell, resetShell } from "./testing";
import { TOAST_MS, Toaster } from "./Toaster";

beforeEach(() => resetShell());
afterEach(() => jest.useRealTimers());

describe("Toaster", () => {
  test("errors are alerts, other tones status messages, rendered by the core in the page language", () => {
    renderWithShell(<Toaster />, { language: "ar" });
    act(() => {
      useAppStore.getState().pushToast("error", { kind: "message", id: "add_search_text", params: {} });
      useAppStore.getState().pushToast("success", { kind: "server", text: "Added to cart" });
    });
    expect(screen.getByRole("alert").textContent).toContain("يرجى إدخال نص للبحث");
    expect(screen.getByRole("status").textContent).toContain("Added to cart");
  });

  test("the close button dismisses a toast", () => {
    renderWithShell(<Toaster />);
    act(() => useAppStore.getState().pushToast("info", { kind: "server", text: "Hello" }));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("status")).toBeNull();
    expect(useAppStore.getState().toasts).toEqual([]);
  });

  test("a toast dismisses itself after about four seconds", () => {
    jest.useFakeTimers();
    renderWithShell(<Toaster />);
    act(() => {
      useAppStore.getState().pushToast("error", { kind: "message", id: "please_choose_address", params: {} });
    });
    expect(screen.getByRole("alert").textContent).toContain("Please choose an address");
    act(() => jest.advanceTimersByTime(TOAST_MS - 100));
    expect(screen.getByRole("alert")).toBeTruthy();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
