import { act, fireEvent, screen } from "@testing-library/react";
import { useAppStore } from "../../platform/store";
import { renderWithShell, resetShell } from "../../chrome/testing";
import { OfflineBanner } from "./OfflineBanner";

let onLine: jest.SpyInstance<boolean, []>;

beforeEach(() => {
  resetShell("/home");
  onLine = jest.spyOn(navigator, "onLine", "get").mockReturnValue(true);
  useAppStore.setState({ updateReady: null });
});
afterEach(() => onLine.mockRestore());

function goOffline(offline: boolean) {
  onLine.mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? "offline" : "online"));
  });
}

describe("OfflineBanner", () => {
  test("appears when the network goes and leaves when it is back", () => {
    renderWithShell(<OfflineBanner />);
    expect(screen.queryByTestId("offline-banner")).toBeNull();
    goOffline(true);
    expect(screen.getByTestId("offline-banner").textContent).toContain("You are offline");
    goOffline(false);
    expect(screen.queryByTestId("offline-banner")).toBeNull();
  });

  test("speaks Arabic", () => {
    onLine.mockReturnValue(false);
    renderWithShell(<OfflineBanner />, { language: "ar" });
    expect(screen.getByTestId("offline-banner").textContent).toContain("أنت غير متصل بالإنترنت");
  });

  test("offers a waiting new version, which switches on request", () => {
    const update = jest.fn();
    renderWithShell(<OfflineBanner />);
    expect(screen.queryByTestId("update-banner")).toBeNull();
    act(() => useAppStore.setState({ updateReady: update }));
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(update).toHaveBeenCalledTimes(1);
  });
});
