import { registerServiceWorker } from "./registerServiceWorker";

/** What happened, in order: the page asked whether idle, turning idle, the registration loaded and called. */
const mockSteps: string[] = [];
jest.mock("../../platform/idle", () => ({
  // The page turns idle a second after it is asked: a timer, on the clock the test drives.
  whenIdle: () => {
    mockSteps.push("asked whether idle");
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        mockSteps.push("idle");
        resolve();
      }, 1000),
    );
  },
}));
jest.mock(
  "virtual:pwa-register",
  () => {
    mockSteps.push("registration code loaded");
    return {
      registerSW: () => {
        mockSteps.push("registered");
        return async () => undefined;
      },
    };
  },
  { virtual: true },
);

afterEach(() => jest.useRealTimers());

test("the service worker (and its registration code) waits for the page to be idle", async () => {
  jest.useFakeTimers();
  Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: {} });
  const registered = registerServiceWorker();
  // The clock is driven to the idle moment; before a timer fires, every promise started
  // until then has run: a registration that did not wait for idle comes first.
  await jest.runAllTimersAsync();
  await registered;
  expect(mockSteps).toEqual(["asked whether idle", "idle", "registration code loaded", "registered"]);
});
