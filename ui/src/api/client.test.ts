import { QueryClient } from "@tanstack/react-query";
import { runEffects, type EffectHost } from "../platform/effects";
import { useAppStore } from "../platform/store";
import { api, ApiError, apiFailureText, connectApi, notFoundIsAnswer, unwrap } from "./client";

const fetchMock = jest.fn<Promise<Response>, [Request]>();
let host: EffectHost & { navigate: jest.Mock; reload: jest.Mock };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("the call did not fail");
}

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

beforeEach(() => {
  fetchMock.mockReset();
  localStorage.clear();
  host = { navigate: jest.fn(), reload: jest.fn(), queryClient: new QueryClient() };
  connectApi((effects) => runEffects(effects, host));
  useAppStore.getState().refresh();
  useAppStore.setState({ language: "en", toasts: [] });
});

function signIn(): void {
  runEffects(
    [
      { type: "store", key: "token", value: "secret-token" },
      { type: "store", key: "district_id", value: "4" },
    ],
    host,
  );
}

describe("the API client", () => {
  test("sends the core's request headers", async () => {
    signIn();
    useAppStore.setState({ language: "ar" });
    fetchMock.mockResolvedValue(json(200, { data: { status: "ok" } }));
    await unwrap(api.GET("/setting"));
    const [request] = fetchMock.mock.calls[0] ?? [];
    if (!request) throw new Error("no request was sent");
    expect(request.headers.get("Authorization")).toBe("Bearer secret-token");
    expect(request.headers.get("district-id")).toBe("4");
    expect(request.headers.get("Language")).toBe("ar");
    expect(request.headers.get("User-Agent-Type")).toBe("web");
    expect(request.headers.get("currency")).toBe("USD");
  });

  test("a 422 fails with the first validation error", async () => {
    fetchMock.mockResolvedValue(
      json(422, { message: "The given data was invalid.", errors: { mobile: ["Phone Number is Invalid"] } }),
    );
    const error = await failure(unwrap(api.POST("/user/login-by-otp", { body: { mobile: "1", channel: "sms" } })));
    expect(error.status).toBe(422);
    expect(error.text).toEqual({ kind: "server", text: "Phone Number is Invalid" });
  });

  test("a 400 reads errors.error", async () => {
    fetchMock.mockResolvedValue(json(400, { message: "Bad", errors: { error: ["Min Quantity Reached"] } }));
    const error = await failure(unwrap(api.GET("/setting")));
    expect(error.text).toEqual({ kind: "server", text: "Min Quantity Reached" });
  });

  test("a 401 logs the user out", async () => {
    signIn();
    fetchMock.mockResolvedValue(json(401, { message: "Unauthenticated." }));
    const error = await failure(unwrap(api.GET("/user/profile")));
    expect(error.status).toBe(401);
    expect(localStorage.getItem("token")).toBeNull();
    expect(useAppStore.getState().client.token).toBeNull();
  });

  test("a 401 while a login is in progress keeps the session", async () => {
    signIn();
    runEffects([{ type: "store", key: "temp_login_status", value: "true" }], host);
    fetchMock.mockResolvedValue(json(401, { message: "Invalid code" }));
    await failure(unwrap(api.GET("/user/profile")));
    expect(useAppStore.getState().client.token).toBe("secret-token");
  });

  test("a 403 logs out even during a login", async () => {
    signIn();
    runEffects([{ type: "store", key: "temp_login_status", value: "true" }], host);
    fetchMock.mockResolvedValue(json(403, { message: "Forbidden" }));
    await failure(unwrap(api.GET("/user/profile")));
    expect(useAppStore.getState().client.token).toBeNull();
  });

  test("a 404 redirects to /404", async () => {
    fetchMock.mockResolvedValue(json(404, { message: "Not found" }));
    const error = await failure(unwrap(api.GET("/services/{id}", { params: { path: { id: 999 } } })));
    expect(error.status).toBe(404);
    expect(host.navigate).toHaveBeenCalledWith("/404");
  });

  test("a call that takes its 404 as an answer fails as any other, and the page stays", async () => {
    signIn();
    fetchMock.mockResolvedValue(json(404, { message: "The requested item was not found." }));
    const error = await failure(
      unwrap(api.DELETE("/reviews/{id}", { params: { path: { id: 5 } }, middleware: [notFoundIsAnswer] })),
    );
    expect([error.status, error.text]).toEqual([404, { kind: "server", text: "The requested item was not found." }]);
    expect(host.navigate).not.toHaveBeenCalled();
    // Any other failure of such a call is the client's as usual: a 401 still signs out.
    fetchMock.mockResolvedValue(json(401, { message: "Unauthenticated." }));
    await failure(unwrap(api.DELETE("/reviews/{id}", { params: { path: { id: 5 } }, middleware: [notFoundIsAnswer] })));
    expect(useAppStore.getState().client.token).toBeNull();
  });

  test("other statuses use message, else the generic text", async () => {
    fetchMock.mockResolvedValue(new Response("<html>oops</html>", { status: 502 }));
    const error = await failure(unwrap(api.GET("/setting")));
    expect(error.text).toMatchObject({ kind: "message", id: "generic_error" });
  });

  describe("offline (navigator.onLine false)", () => {
    let onLine: jest.SpyInstance<boolean, []>;
    beforeEach(() => {
      onLine = jest.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    });
    afterEach(() => onLine.mockRestore());

    test("a change fails at once with the offline message, without a request", async () => {
      const error = await failure(unwrap(api.POST("/order/add-to-cart", { body: { product_id: 1, qty: 1, service_id: 1 } })));
      expect(error.status).toBeNull();
      expect(error.text).toMatchObject({ kind: "message", id: "offline" });
      expect(fetchMock).not.toHaveBeenCalled();
    });

    test("a read is still tried (a cache may answer) and says offline when nothing does", async () => {
      fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
      const error = await failure(unwrap(api.GET("/setting")));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(error.text).toMatchObject({ kind: "message", id: "offline" });
    });
  });

  test("what a failed call says is what the kit's failure states show; other failures say nothing", () => {
    const text = { kind: "server" as const, text: "Down for maintenance" };
    expect(apiFailureText(new ApiError(503, text))).toBe(text);
    expect(apiFailureText(new Error("offline"))).toBeNull();
  });

  test("no response at all", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const error = await failure(unwrap(api.GET("/setting")));
    expect(error.status).toBeNull();
    expect(error.text).toMatchObject({ kind: "message", id: "no_response" });
  });
});
