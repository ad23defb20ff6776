// mapbox-gl's CSP build: the same API as "mapbox-gl", with its worker loaded from a
// same-origin file the page names (`workerUrl`) instead of a `blob:` URL, which the
// storefront's Content-Security-Policy does not allow.
declare module "mapbox-gl/dist/mapbox-gl-csp" {
  const mapboxgl: typeof import("mapbox-gl") & { workerUrl: string };
  export default mapboxgl;
}
