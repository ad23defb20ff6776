import { screen } from "@testing-library/react";
import { EmptyState, LoadError } from "./States";
import { RowsSkeleton } from "./Skeletons";
import { FailureText } from "./failureText";
import { renderKit } from "./testing";

describe("the states", () => {
  test("an empty state is a status with its text, hint and action, or a core message", () => {
    const { unmount } = renderKit(
      <EmptyState hint="Try other filters." action={<a href="/home">Browse</a>}>
        No products match.
      </EmptyState>,
    );
    const empty = screen.getByRole("status");
    expect(empty.textContent).toBe("No products match.Try other filters.Browse");
    unmount();
    renderKit(<EmptyState look="panel" message={{ id: "no_orders", params: {} }} />);
    expect(screen.getByTestId("empty-state").textContent).toBe("no orders available");
  });

  test("a failed load is an alert with a retry, in each look's wording", () => {
    const onRetry = jest.fn();
    const { unmount } = renderKit(<LoadError error={new Error("offline")} onRetry={onRetry} />, "ar");
    expect(screen.getByRole("alert").textContent).toContain("تعذّر تحميل هذا المحتوى.");
    screen.getByRole("button", { name: "حاول مرة أخرى" }).click();
    expect(onRetry).toHaveBeenCalledTimes(1);
    unmount();
    renderKit(<LoadError look="panel" error={new Error("offline")} onRetry={onRetry} />, "ar");
    expect(screen.getByRole("alert").textContent).toContain("تعذّر التحميل.");
  });

  test("rows still loading are announced once", () => {
    renderKit(<RowsSkeleton rows={2} />);
    expect(screen.getByRole("status").textContent).toBe("Loading…");
  });

  test("a failure the app reads shows its text instead of the fallback", () => {
    const failure = new Error("503");
    const read = (error: unknown) => (error === failure ? { kind: "server" as const, text: "Down for maintenance" } : null);
    renderKit(
      <FailureText.Provider value={read}>
        <LoadError error={failure} onRetry={() => undefined} />
      </FailureText.Provider>,
    );
    expect(screen.getByRole("alert").textContent).toContain("Down for maintenance");
    expect(screen.queryByText("This could not be loaded.")).toBeNull();
  });
});
