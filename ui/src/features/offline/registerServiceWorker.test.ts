import { registerServiceWorker } from "./registerServiceWorker";

let idle!: () => void;
jest.mock("../../app/idle", () => ({
  whenIdle: () => new Promise<void>((resolve) => (idle = resolve)),
}));
const registerSW = jest.fn<() => Promise<void>, [unknown]>(() => async () => undefined);
jest.mock("virtual:pwa-register", () => ({ registerSW: (options: unknown) => registerSW(options) }), { virtual: true });

test("the service worker (and its registration code) waits for the page to be idle", async () => {
  Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: {} });
  const registered = registerServiceWorker();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(registerSW).not.toHaveBeenCalled();
  idle();
  await registered;
  expect(registerSW).toHaveBeenCalledTimes(1);
});
