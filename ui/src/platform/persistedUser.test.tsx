import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { logoutEffects } from "storefront-core/start";
import { runEffects } from "./effects";
import { whenIdle } from "./idle";
import { recalledUser, rememberUser, useCustomerName, usePersistUser } from "./persistedUser";
import { useAppStore } from "./store";

const MONA = { name: "Mona", image: null, default_locale: "ar" as const };
const T0 = 1_800_000_000_000;

beforeAll(() => {
  // The profile never answers here unless a test puts it in the cache.
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
});

beforeEach(() => {
  localStorage.clear();
  useAppStore.getState().refresh();
});

function signIn(): void {
  localStorage.setItem("token", "tok");
  useAppStore.getState().refresh();
}

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe("the persisted user (spec 9)", () => {
  test("is stored with its time and honoured for 10 seconds only", async () => {
    await rememberUser(MONA, () => T0);
    expect(JSON.parse(localStorage.getItem("persist:user") ?? "null")).toEqual({ saved_at: T0, user: MONA });
    expect(await recalledUser(() => T0 + 10_000)).toEqual(MONA);
    expect(await recalledUser(() => T0 + 10_001)).toBeNull();
  });

  test("leaving the page dates it again, so the reload counts its 10 s from then", async () => {
    signIn();
    let now = T0;
    const client = new QueryClient();
    client.setQueryData(["profile", "tok"], { user: { name: "Mona", image: null }, default_locale: "ar" });
    renderHook(() => usePersistUser(() => now), { wrapper: wrapperWith(client) });
    await waitFor(() => expect(recalledUser(() => T0)).toEqual(MONA));
    now = T0 + 60_000;
    globalThis.dispatchEvent(new Event("pagehide"));
    expect(recalledUser(() => T0 + 65_000)).toEqual(MONA);
  });

  test("a logout removes it", async () => {
    signIn();
    await rememberUser(MONA, () => T0);
    runEffects(logoutEffects("/products/1", "requested"), { navigate: jest.fn(), queryClient: new QueryClient() });
    expect(localStorage.getItem("persist:user")).toBeNull();
  });

  test("the profile's answer is kept as the snapshot", async () => {
    signIn();
    const client = new QueryClient();
    client.setQueryData(["profile", "tok"], { user: { name: "Karim", image: "/u/k.png" }, default_locale: "en" });
    renderHook(() => usePersistUser(), { wrapper: wrapperWith(client) });
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem("persist:user") ?? "null")?.user).toEqual({
        name: "Karim",
        image: "/u/k.png",
        default_locale: "en",
      }),
    );
  });

  test("a profile that answered just before a logout is not remembered after it", async () => {
    signIn();
    const client = new QueryClient();
    client.setQueryData(["profile", "tok"], { user: { name: "Karim" }, default_locale: "en" });
    renderHook(() => usePersistUser(), { wrapper: wrapperWith(client) });
    act(() => runEffects(logoutEffects("/products/1", "requested"), { navigate: jest.fn(), queryClient: new QueryClient() }));
    // The hook stores the snapshot once the page is idle: it asked whenIdle() as it
    // mounted, so its continuation (the decision) has run before this one.
    await whenIdle();
    expect(localStorage.getItem("persist:user")).toBeNull();
  });

  test("after a reload the header names the customer from a fresh snapshot while the profile loads", async () => {
    signIn();
    await rememberUser(MONA);
    const { result } = renderHook(() => useCustomerName(), { wrapper: wrapperWith(new QueryClient()) });
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).toBe("Mona"));
  });

  test("a stale snapshot names nobody, and the profile's name wins once it answers", async () => {
    signIn();
    await rememberUser(MONA, () => Date.now() - 11_000);
    const client = new QueryClient();
    const { result } = renderHook(() => useCustomerName(), { wrapper: wrapperWith(client) });
    // The hook reads the snapshot once the page is idle: it asked whenIdle() as it mounted,
    // so its reading has run (and rendered) before this one returns.
    await act(() => whenIdle());
    expect(result.current).toBeNull();
    client.setQueryData(["profile", "tok"], { user: { name: "Karim" } });
    await waitFor(() => expect(result.current).toBe("Karim"));
  });
});
