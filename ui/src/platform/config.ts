/**
 * Runtime configuration. static-host rewrites the `storefront-api-base` meta tag, so one
 * build can talk to the embedded API or to an external one.
 */
export function apiBase(doc: Pick<Document, "querySelector"> | undefined = globalThis.document): string {
  const meta = doc?.querySelector<HTMLMetaElement>('meta[name="storefront-api-base"]');
  const base = meta?.content.trim() || "/api";
  return base.endsWith("/") ? base.slice(0, -1) : base;
}
