// What the service worker caches and under which key. Plain functions shared by the
// worker and the page (logout drops the personal cache), tested in jest.

export const CACHE_NAMES = {
  reference: "storefront-api-reference",
  personal: "storefront-api-personal",
  media: "storefront-media",
} as const;

/** API reads no customer action changes: stale-while-revalidate. */
export const REFERENCE_PATHS =
  /\/api\/(setting|remote-config|services|categories|categories\/\d+|branch-categories|static-pages|static-pages\/\d+|map\/districts|web-manifest)$/;

/** API reads that change with what the customer does: network first, last copy offline. */
export const PERSONAL_PATHS =
  /\/api\/(products|products\/\d+|branches|branches\/\d+|services\/\d+|services\/search|get_card|user\/profile|favorites|orders|orders\/\d+|returns|wallet|wallet\/transactions|loyalty-points|loyalty-points\/history|referral|addresses|notifications)$/;

/** Request headers that change an answer (spec 7), besides the token. */
const VARYING_HEADERS = ["Language", "district-id", "address-id", "latitude", "longitude", "currency"] as const;

/**
 * The cache key of an API read: its URL plus the headers that change the answer and a
 * hash of its token (never the token itself), as query parameters (the Cache API
 * ignores fragments).
 */
export function cacheKey(url: string, headers: Headers, tokenHash: string | null): string {
  const key = new URL(url);
  for (const name of VARYING_HEADERS) {
    const value = headers.get(name);
    if (value !== null) key.searchParams.set(`_sw_${name.toLowerCase()}`, value);
  }
  key.searchParams.set("_sw_user", tokenHash ?? "guest");
  return key.href;
}

/** Drops the signed-in customer's cached answers (logout on a shared device). */
export async function forgetPersonalCache(storage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  await storage?.delete(CACHE_NAMES.personal);
}
