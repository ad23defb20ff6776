/**
 * Runtime configuration. static-host rewrites the `storefront-api-base` meta tag, so one
 * build can talk to the embedded API or to an external one.
 */
export function apiBase(doc: Pick<Document, "querySelector"> | undefined = globalThis.document): string {
  const meta = doc?.querySelector<HTMLMetaElement>('meta[name="storefront-api-base"]');
  const base = meta?.content.trim() || "/api";
  return base.endsWith("/") ? base.slice(0, -1) : base;
}

/**
 * The admin API's base, where uploads go (`POST /upload-file/upload`, spec 7): the
 * `storefront-admin-api-base` meta tag static-host fills in (`--admin-api-base-url`),
 * else the product API's.
 */
export function adminApiBase(doc: Pick<Document, "querySelector"> | undefined = globalThis.document): string {
  const meta = doc?.querySelector<HTMLMetaElement>('meta[name="storefront-admin-api-base"]');
  const base = meta?.content.trim();
  if (!base) return apiBase(doc);
  return base.endsWith("/") ? base.slice(0, -1) : base;
}
