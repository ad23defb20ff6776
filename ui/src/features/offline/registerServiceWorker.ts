import { whenIdle } from "../../platform/idle";
import { useAppStore } from "../../platform/store";

/**
 * Registers the service worker once the page has loaded and the browser is idle: its
 * code (vite-plugin-pwa's registration and workbox-window) is not part of the first
 * page's scripts. A new deploy's worker waits until the customer takes it ("new
 * version" in the banner), so a page never runs on a mix of old and new files.
 */
export function registerServiceWorker(): Promise<void> {
  if (!("serviceWorker" in navigator)) return Promise.resolve();
  return whenIdle()
    .then(() => import("virtual:pwa-register"))
    .then(({ registerSW }) => {
      const update = registerSW({
        onNeedRefresh: () => useAppStore.setState({ updateReady: () => void update(true) }),
        onRegisterError: (error: unknown) => console.warn("service worker not registered", error),
      });
    })
    .catch((error: unknown) => console.warn("service worker not registered", error));
}
