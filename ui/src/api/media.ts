import { apiBase } from "../platform/config";

/**
 * The fields of the API's documents that hold a picture's address (spec 7: logos, icons,
 * product, category and banner images, covers, uploads). The API gives site paths
 * (`/api/media/…`) or full URLs.
 */
const MEDIA_FIELDS = new Set(["logo", "icon", "mini_icon", "image", "images", "cover", "fav_icon"]);

const ABSOLUTE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** The districts' outlines the location map draws (`GET /map/districts`). */
export function mapDistrictsUrl(base: string = apiBase()): string {
  return `${base}/map/districts`;
}

/**
 * Where a picture of the API is shown from: resolved against the API's base, not the
 * page, so an external API's pictures come from its server. With the embedded API (a
 * path on this origin) a site path stays as the API wrote it, as the server's page has it.
 */
export function mediaUrl(url: string, base: string = apiBase()): string {
  if (url === "" || ABSOLUTE.test(url)) return url;
  if (!ABSOLUTE.test(base)) return url.startsWith("/") ? url : `${base}/${url}`;
  return new URL(url, `${base}/`).href;
}

/**
 * Resolves, in place, every picture address of an API answer (see {@link mediaUrl}):
 * the one place answers pass through (`unwrap`), so no component resolves its own.
 */
export function resolveMedia<T>(value: T, base: string = apiBase()): T {
  if (Array.isArray(value)) {
    for (const item of value) resolveMedia(item, base);
  } else if (value !== null && typeof value === "object") {
    const object = value as Record<string, unknown>;
    for (const [key, field] of Object.entries(object)) {
      if (MEDIA_FIELDS.has(key) && typeof field === "string") object[key] = mediaUrl(field, base);
      else if (MEDIA_FIELDS.has(key) && Array.isArray(field))
        object[key] = field.map((item: unknown) => (typeof item === "string" ? mediaUrl(item, base) : item));
      else resolveMedia(field, base);
    }
  }
  return value;
}
