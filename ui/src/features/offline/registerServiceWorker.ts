import { registerSW } from "virtual:pwa-register";
import { useAppStore } from "../../app/store";

/**
 * Registers the service worker once the page has loaded. A new deploy's worker waits
 * until the customer takes it ("new version" in the banner), so a page never runs on
 * a mix of old and new files.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const update = registerSW({
    onNeedRefresh: () => useAppStore.setState({ updateReady: () => void update(true) }),
    onRegisterError: (error: unknown) => console.warn("service worker not registered", error),
  });
}
