import { QueryClient } from "@tanstack/react-query";
import { logoutEffects } from "storefront-core/start";
import { runEffects, type EffectHost } from "../platform/effects";
import { useAppStore } from "../platform/store";
import { queryClient as appQueryClient } from "../platform/queryClient";
import { performCall } from "./calls";
import { connectApi } from "./client";
import { at } from "../chrome/testing";

const fetchMock = jest.fn<Promise<Response>, [Request]>();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

let host: EffectHost & { navigate: jest.Mock; reload: jest.Mock };
let pending: Promise<unknown>[];

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

beforeEach(() => {
  fetchMock.mockReset();
  localStorage.clear();
  pending = [];
  const queryClient = new QueryClient();
  host = {
    navigate: jest.fn(),
    reload: jest.fn(),
    queryClient,
    request: (call) => {
      const answer = performCall(call);
      pending.push(answer);
      return answer;
    },
  };
  connectApi((effects) => runEffects(effects, host));
  useAppStore.getState().refresh();
  useAppStore.setState({ language: "en", toasts: [] });
});

function signIn(): void {
  runEffects([{ type: "store", key: "token", value: "secret-token" }], host);
}

describe("the chrome's API calls", () => {
  test("update_language PUTs default_locale, shows no message and refetches the profile", async () => {
    signIn();
    fetchMock.mockResolvedValue(json(200, { data: { name: "Mona" }, message: "Settings saved" }));
    const invalidate = jest.spyOn(appQueryClient, "invalidateQueries");
    await performCall({ call: "update_language", default_locale: "ar" });
    const request = at(fetchMock.mock.calls, 0)[0];
    expect(request.method).toBe("PUT");
    expect(new URL(request.url).pathname).toBe("/api/user/update-setting");
    expect(await request.json()).toEqual({ default_locale: "ar" });
    expect(request.headers.get("Authorization")).toBe("Bearer secret-token");
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["profile"] });
    expect(useAppStore.getState().toasts).toEqual([]);
  });

  test("a failed language save shows the core's error toast", async () => {
    signIn();
    fetchMock.mockResolvedValue(json(422, { message: "The given data was invalid.", errors: { default_locale: ["Pick en or ar"] } }));
    await performCall({ call: "update_language", default_locale: "ar" });
    const [toast] = useAppStore.getState().toasts;
    expect(toast?.tone).toBe("error");
    expect(toast?.text).toEqual({ kind: "server", text: "Pick en or ar" });
  });

  test("logout still carries the token although the session is cleared right after", async () => {
    signIn();
    fetchMock.mockResolvedValue(json(200, { data: null, message: "Logged out" }));
    runEffects(logoutEffects("/home", "requested"), host);
    expect(localStorage.getItem("token")).toBeNull();
    await Promise.all(pending);
    const request = at(fetchMock.mock.calls, 0)[0];
    expect(request.method).toBe("POST");
    expect(new URL(request.url).pathname).toBe("/api/user/logout");
    expect(request.headers.get("Authorization")).toBe("Bearer secret-token");
    // It must outlive a page that reloads right after (spec 4: logout on an account page).
    expect(request.keepalive).toBe(true);
  });

  test("a failed logout call is only logged", async () => {
    signIn();
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    // Nothing waits for it: it settles, and says why only in the log.
    await expect(performCall({ call: "logout", token: "secret-token" })).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith("logout call failed", expect.anything());
    expect(useAppStore.getState().toasts).toEqual([]);
    warn.mockRestore();
  });

  test("a flow's call is refused: its flow's driver makes it, with the flow's performer", async () => {
    await expect(performCall({ call: "map_search", search: "Zamalek" })).rejects.toThrow(
      '"map_search" is a flow\'s call: its flow\'s driver makes it',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
