import { waitFor } from "@testing-library/react";
import { followCredential, resetCredentialCookie, startCredentialCookie } from "./credentialCookie";

/** A page host that records what it was asked; `fail` makes the call fail as a network error would. */
function host(fail = false) {
  const asked: string[] = [];
  const sender = (init: RequestInit) => {
    const auth = (init.headers as Record<string, string> | undefined)?.Authorization;
    asked.push(auth ? `${init.method} ${auth}` : `${init.method}`);
    return fail ? Promise.reject(new TypeError("Failed to fetch")) : Promise.resolve(new Response(null, { status: 204 }));
  };
  return { asked, sender };
}

beforeEach(() => resetCredentialCookie());

describe("the credential cookie", () => {
  test("startup asks for it when the page came without it, and not when it came with it", () => {
    const without = host();
    startCredentialCookie("tok", false, without.sender);
    expect(without.asked).toEqual(["PUT Bearer tok"]);

    resetCredentialCookie();
    const withIt = host();
    startCredentialCookie("tok", true, withIt.sender);
    // A page drawn without the server (no boot JSON) cannot say: the app asks.
    resetCredentialCookie();
    startCredentialCookie("tok", undefined, withIt.sender);
    expect(withIt.asked).toEqual(["PUT Bearer tok"]);
  });

  test("a cookie that storage no longer backs is dropped; a guest without one asks nothing", () => {
    const stale = host();
    startCredentialCookie(null, true, stale.sender);
    expect(stale.asked).toEqual(["DELETE"]);
    resetCredentialCookie();
    const guest = host();
    startCredentialCookie(null, false, guest.sender);
    startCredentialCookie(null, undefined, guest.sender);
    expect(guest.asked).toEqual([]);
  });

  test("it follows sign-in, a new token and logout, once each", () => {
    const page = host();
    startCredentialCookie(null, false, page.sender);
    followCredential(null, page.sender);
    followCredential("a", page.sender);
    followCredential("a", page.sender);
    followCredential("b", page.sender);
    followCredential(null, page.sender);
    followCredential(null, page.sender);
    expect(page.asked).toEqual(["PUT Bearer a", "PUT Bearer b", "DELETE"]);
  });

  test("before startup has said what the page came with, storage changes ask nothing", () => {
    const page = host();
    followCredential("a", page.sender);
    expect(page.asked).toEqual([]);
  });

  test("a call that failed is made again at the next storage change", async () => {
    const down = host(true);
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    startCredentialCookie("a", false, down.sender);
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith("the page host did not take the credential cookie", expect.any(TypeError)),
    );
    followCredential("a", down.sender);
    expect(down.asked).toEqual(["PUT Bearer a", "PUT Bearer a"]);
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    warn.mockRestore();
  });
});
