/// <reference lib="webworker" />
// The storefront's service worker (Workbox, built by vite-plugin-pwa's injectManifest).
//
// - The app shell (index.html, every hashed chunk and stylesheet, the WASM core) is
//   precached from the build manifest, so the app opens with no network. Pages come from
//   the server when it answers (rendered for the reader), else from that shell. Files of one
//   build are served together: a new deploy installs beside the old one and takes over
//   only when the page asks (the "new version" prompt), never mid-session.
// - Reference data that no customer action changes (settings, remote config, the
//   service list, categories, static pages, district shapes, the manifest) is served
//   stale-while-revalidate: instant, refreshed in the background.
// - Data that changes with what the customer does (products and shops with their
//   favourite flags and stock, the cart, the profile, orders…) is network-first with a
//   short timeout, falling back to the last copy: always current online, still there
//   offline or on a network that hangs. (Stale-while-revalidate here would answer the
//   refetch after a change with the copy from before it.)
// - Cache keys add the request's language, district, address and a hash of the token,
//   so an Arabic page never gets an English answer and one customer's data is never
//   served to another on a shared device. Logout also drops the personal cache.
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim, type WorkboxPlugin } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { CACHE_NAMES, PERSONAL_PATHS, REFERENCE_PATHS, cacheKey } from "./routes";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install controls the open page at once (there is no older worker to wait for).
clientsClaim();

self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

/** How long a page may take to come from the server before the precached app opens instead. */
const PAGE_TIMEOUT_MS = 4000;

/**
 * Client routes: the page static-host renders for the request (its first screen is in the
 * HTML, for this reader's language and view), from the network; offline, or when the
 * server does not answer within a few seconds, the precached app, which renders itself.
 * Pages are never cached: each is rendered for a reader's cookie.
 */
const precachedApp = createHandlerBoundToURL("/index.html");
registerRoute(
  new NavigationRoute(
    async (options) => {
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), PAGE_TIMEOUT_MS);
      try {
        return await fetch(options.request, { signal: timeout.signal });
      } catch {
        return precachedApp(options);
      } finally {
        clearTimeout(timer);
      }
    },
    { denylist: [/\/api\//] },
  ),
);

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const perRequestKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const authorization = request.headers.get("Authorization");
    return cacheKey(request.url, request.headers, authorization ? await sha256(authorization) : null);
  },
};

const okOnly = new CacheableResponsePlugin({ statuses: [200] });
const isGet = (request: Request) => request.method === "GET";

registerRoute(
  ({ url, request }) => isGet(request) && REFERENCE_PATHS.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.reference,
    plugins: [perRequestKey, okOnly, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
);

registerRoute(
  ({ url, request }) => isGet(request) && PERSONAL_PATHS.test(url.pathname),
  new NetworkFirst({
    cacheName: CACHE_NAMES.personal,
    networkTimeoutSeconds: 4,
    plugins: [perRequestKey, okOnly, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
);

// Product and brand artwork, and the map's library and data (loaded when the picker opens).
registerRoute(
  ({ url, request }) => isGet(request) && (/\/api\/media\//.test(url.pathname) || /\/(assets\/mapbox-gl-|map\/)/.test(url.pathname)),
  new CacheFirst({
    cacheName: CACHE_NAMES.media,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);
