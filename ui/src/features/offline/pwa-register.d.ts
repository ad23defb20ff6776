// The part of vite-plugin-pwa's virtual module the app uses. (Its own declarations pull
// in Workbox's service-worker types, which do not type-check against the DOM library.)
declare module "virtual:pwa-register" {
  export interface RegisterSWOptions {
    immediate?: boolean;
    onNeedRefresh?: () => void;
    onOfflineReady?: () => void;
    onRegisterError?: (error: unknown) => void;
  }
  /** Registers the worker; the answer switches to a waiting new version (and reloads). */
  export function registerSW(options?: RegisterSWOptions): (reloadPage?: boolean) => Promise<void>;
}
