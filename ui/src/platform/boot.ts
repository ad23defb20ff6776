import type { Footer, Language } from "storefront-core";
import type { components } from "../api/schema.gen";

type Schemas = components["schemas"];

/** The page the server rendered (spec 2): the landing page, the not-found page, a
 * product's page (its product in `product`), the home page (its top: greeting and offers),
 * the cart page of a signed-in customer whose credential cookie came with the request (its
 * cart in `cart`), or the standard layout with a skeleton where
 * the route's content goes. */
export type BootKind = "cart" | "home" | "landing" | "not_found" | "product" | "shell";

/** What the server assumed storage holds when it rendered the page (from the cookie
 * the app keeps, see `platform/viewCookie.ts`). */
export interface BootView {
  signed_in: boolean;
  district_id: number | null;
  service_id: number | null;
  /** The cart's delivery address the page was drawn for (`/cart`). */
  address_id: number | null;
}

/**
 * What the server put in the page beside its HTML (`<script id="storefront-boot"
 * type="application/json">`): the kind of page and the assumptions it was rendered for,
 * and the API answers the first screen needs, so startup does not wait on `/api`.
 */
export interface Boot {
  kind: BootKind;
  /** The path (with its query) the page was rendered for. */
  path: string;
  language: Language;
  view: BootView;
  settings: Schemas["Settings"] | null;
  remote_config: Schemas["RemoteConfig"] | null;
  /** `GET /services` (the services bar), for the district in `view`. */
  services: Schemas["ServiceItem"][] | null;
  /** `GET /services/{id}` of the service in `view`. */
  service: Schemas["ServiceDetail"] | null;
  /** `GET /products/{id}` on a product page, for the district in `view`. */
  product?: Schemas["ProductDetail"] | null;
  /** The product's first page of newest reviews (`GET /products/{id}/reviews`), with `product`. */
  reviews?: Schemas["ReviewItem"][] | null;
  /** `GET /static-pages?category=customer` (the footer's links). */
  pages: Schemas["PageItem"][] | null;
  /** The core's footer for the settings, pages, language and year above. */
  footer: Footer | null;
  /** `GET /get_card` of the view's service, asked as the customer, on a cart page. */
  cart?: Schemas["CartBody"] | null;
  /** Whether the request carried the credential cookie (`platform/credentialCookie.ts`). */
  credential?: boolean;
  /**
   * The server's startup decision: the app loads the core's start module, and adopts the
   * page, only when the shopper first reaches for it (a guest's landing page).
   */
  core_on_intent?: boolean;
}

export const BOOT_ELEMENT_ID = "storefront-boot";

let cached: Boot | null | undefined;

/** The boot data of this page, or null when the page was not sent by the server
 * (development server, tests) or the data is unreadable. Read once. */
export function readBoot(doc: Document | undefined = globalThis.document): Boot | null {
  if (cached !== undefined) return cached;
  cached = null;
  const text = doc?.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (text) {
    try {
      cached = JSON.parse(text) as Boot;
    } catch {
      cached = null;
    }
  }
  return cached;
}

/** Forgets what {@link readBoot} read (tests). */
export function resetBoot(): void {
  cached = undefined;
}
