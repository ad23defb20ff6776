import type { RouteParams } from "storefront-core";

/**
 * What the router gives the screen it shows in a layout: the route's parameters and the
 * query. Declared with the page frames, not the router, so a screen depends only on the
 * shell it is shown in.
 */
export interface ScreenProps {
  params: RouteParams;
  /** The query string of the location, parsed. */
  query: URLSearchParams;
}
