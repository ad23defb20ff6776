import type { QueryClient } from "@tanstack/react-query";
import type { Language } from "storefront-core";
import { FOOTER_PAGES_CATEGORY, productKey, productReviewsKey, selectedServiceKey } from "../api/queries";
import type { Boot } from "./boot";

/**
 * Puts the API answers the server sent with the page (a product page's product included) into the query cache under the keys
 * the app reads them by (`api/queries.ts`), so the first render has them and startup
 * does not ask `/api` again (spec 4's loads, answered by the page). `area` is the
 * district and address the app reads the catalogue for once startup has run: the
 * service's key holds it, and a key that missed would leave the first render without
 * the service the server rendered the page with (the header's search, the categories).
 */
export function seedServerData(
  boot: Boot,
  queryClient: QueryClient,
  language: Language,
  area: readonly [number | null, number | null],
): void {
  if (boot.language !== language) return;
  const seed = (key: readonly unknown[], data: unknown) => {
    if (data !== null && data !== undefined) queryClient.setQueryData(key, data);
  };
  seed(["remote-config", language], boot.remote_config);
  seed(["settings", language], boot.settings);
  seed(["services", language], boot.services);
  // The server reads the service as a guest (no token): its favourite flags are a
  // guest's, so a signed-in customer's copy counts as stale and is read again at once.
  // The server read it for the district alone: when the app reads it for a district
  // the page was not rendered for, it is not this area's answer and is left out.
  if (boot.view.service_id !== null && boot.service && area[0] === boot.view.district_id) {
    queryClient.setQueryData(selectedServiceKey(language, boot.view.service_id, area), boot.service, {
      updatedAt: boot.view.signed_in ? 0 : Date.now(),
    });
  }
  // A product page's product, read like the service: as a guest, for the district.
  if (boot.product && area[0] === boot.view.district_id) {
    queryClient.setQueryData(productKey(language, area, boot.product.id), boot.product, {
      updatedAt: boot.view.signed_in ? 0 : Date.now(),
    });
    // Its first page of newest reviews, which the server drew in the page: read as a
    // guest too (`mine` false), so a customer's copy is read again.
    if (boot.reviews) {
      queryClient.setQueryData(
        productReviewsKey(language, boot.product.id, "newest"),
        { pages: [boot.reviews], pageParams: [1] },
        { updatedAt: boot.view.signed_in ? 0 : Date.now() },
      );
    }
  }
  seed(["static-pages", language, FOOTER_PAGES_CATEGORY], boot.pages);
}
