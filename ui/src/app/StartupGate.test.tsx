import { profileData } from "../test/documents";
import { Suspense, use } from "react";
import { act, screen, waitFor } from "@testing-library/react";
import { remoteConfig, renderWithShell, resetShell, shellCache, store } from "../chrome/testing";
import { withHeadLink } from "../test/headLink";
import { StartupGate, applyDocumentMeta, useStartupReady } from "./StartupGate";
import { useAppStore } from "../platform/store";

beforeAll(() => {
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
});

beforeEach(() => {
  resetShell("/");
  store([
    { type: "store", key: "district_id", value: "1" },
    { type: "store", key: "selectedService", value: "1" },
  ]);
});

const arabicProfile = profileData({ name: "Mona", default_locale: "ar" });

function signInWith(client: ReturnType<typeof shellCache>) {
  act(() => {
    client.setQueryData(["profile", "tok"], arabicProfile);
    store([{ type: "store", key: "token", value: "tok" }]);
  });
}

/** The gate around a page, once startup is done with this cache. */
async function startedWith(client: ReturnType<typeof shellCache>) {
  renderWithShell(
    <StartupGate>
      <p>page</p>
    </StartupGate>,
    { client },
  );
  await screen.findByText("page");
  return client;
}

describe("StartupGate", () => {
  test("after a sign-in, the account's language applies when this device chose none", async () => {
    const client = await startedWith(shellCache("en", [[["remote-config", "en"], remoteConfig()]]));
    signInWith(client);
    await waitFor(() => expect(useAppStore.getState().language).toBe("ar"));
    expect(document.documentElement.dir).toBe("rtl");
    act(() => useAppStore.getState().setLanguage("en"));
    document.documentElement.dir = "ltr";
  });

  test("the startup's view follows storage: a sign-in with a district and a service loads the cart", async () => {
    await startedWith(shellCache("en", [[["remote-config", "en"], remoteConfig()]]));
    expect(useAppStore.getState().startup).toEqual({ started: true, loads_cart: false });
    // Only storage changes (the profile's answer never comes: fetch hangs).
    act(() => store([{ type: "store", key: "token", value: "tok" }]));
    await waitFor(() => expect(useAppStore.getState().startup.loads_cart).toBe(true));
  });

  test("a language chosen on this device stays after a sign-in", async () => {
    store([{ type: "store", key: "language", value: "en" }]);
    const client = await startedWith(shellCache("en"));
    signInWith(client);
    await waitFor(() => expect(useAppStore.getState().client.token).toBe("tok"));
    expect(useAppStore.getState().language).toBe("en");
  });

  test("the startup's end reaches the page in a transition: a page that suspends then leaves the one before on screen", async () => {
    // A synchronous render (the store's change, which this was) would show the fallback.
    const forever = new Promise<never>(() => {});
    function Page() {
      if (useStartupReady()) use(forever);
      return <p>before</p>;
    }
    renderWithShell(
      <StartupGate>
        <Suspense fallback={<p>fallback</p>}>
          <Page />
        </Suspense>
      </StartupGate>,
      { client: shellCache("en", [[["remote-config", "en"], remoteConfig()]]) },
    );
    await waitFor(() => expect(useAppStore.getState().startup.started).toBe(true));
    await act(async () => {});
    expect(screen.getByText("before").textContent).toBe("before");
    expect(screen.queryByText("fallback")).toBeNull();
  });

  test("remote config's icon is not fetched again when the page has it already", () => {
    withHeadLink("icon", "/favicon.svg", (link, assign) => {
      const config = { title: "Shop", fav_icon: "/favicon.svg" } as Parameters<typeof applyDocumentMeta>[0];
      applyDocumentMeta(config, document);
      expect(assign).not.toHaveBeenCalled();
      expect(document.title).toBe("Shop");
      applyDocumentMeta({ ...config, fav_icon: "/brand.png" }, document);
      expect(assign).toHaveBeenCalledTimes(1);
      expect(link.getAttribute("href")).toMatch(/\/brand\.png$/);
    });
  });
});
