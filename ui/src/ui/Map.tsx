import { useEffect, useRef } from "react";
import type { Map as MapboxMap, MapMouseEvent, Marker, Style } from "mapbox-gl";
import type { GeoPoint } from "storefront-core";
import styles from "./Map.module.css";

export interface PickerMapProps {
  /** Where the map opens. */
  center: GeoPoint;
  /** The chosen point (a marker), if any. */
  point: GeoPoint | null;
  zoom: number;
  height: number;
  label: string;
  centreLabel: string;
  /** The districts' outlines (the API's `/map/districts`): the caller knows the API. */
  districtsUrl: string;
  onChoose(point: GeoPoint): void;
}

/**
 * The local map style with the districts source pointed at this API: no tiles, glyphs
 * or sprites from the internet, no access token.
 */
async function loadStyle(districtsUrl: string): Promise<Style> {
  const response = await fetch(`${import.meta.env.BASE_URL}map/style.json`);
  if (!response.ok) throw new Error(`map style: HTTP ${response.status}`);
  const style = (await response.json()) as Style;
  const districts = style.sources?.districts;
  // The data loads in a worker, where only absolute URLs resolve.
  if (districts?.type === "geojson") districts.data = new URL(districtsUrl, globalThis.location.href).href;
  return style;
}

/**
 * Whether the browser can draw WebGL. `mapboxgl.supported()` is not used: it probes for
 * workers by starting one from a `blob:` URL, which the Content-Security-Policy refuses.
 */
function webglAvailable(): boolean {
  const canvas = document.createElement("canvas");
  return canvas.getContext("webgl") !== null || canvas.getContext("experimental-webgl") !== null;
}

/**
 * The picker's map (mapbox-gl 1.13, the openly licensed line): loaded on demand, the
 * library itself only through a dynamic import so it never weighs on the first page.
 * Clicking chooses a point. Map failures are only logged (spec 8): the search still works.
 */
export default function PickerMap({ center, point, zoom, height, label, centreLabel, districtsUrl, onChoose }: PickerMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapboxMap | null>(null);
  const marker = useRef<Marker | null>(null);
  const choose = useRef(onChoose);
  const initial = useRef({ center, zoom, districtsUrl });
  const shown = useRef<GeoPoint | null>(point);

  useEffect(() => {
    choose.current = onChoose;
  }, [onChoose]);

  const place = (target: GeoPoint | null) => {
    shown.current = target;
    const m = map.current;
    if (!m) return;
    if (!target) {
      marker.current?.remove();
      return;
    }
    marker.current?.setLngLat([target.longitude, target.latitude]).addTo(m);
    m.easeTo({ center: [target.longitude, target.latitude], duration: 300 });
  };

  useEffect(() => {
    let cancelled = false;
    let created: MapboxMap | null = null;
    void (async () => {
      try {
        // The CSP build, its worker a same-origin asset: the page's policy allows no
        // blob: workers (static-host, security_headers.rs).
        const [{ default: mapboxgl }, { default: workerUrl }, style] = await Promise.all([
          import("mapbox-gl/dist/mapbox-gl-csp"),
          import("mapbox-gl/dist/mapbox-gl-csp-worker.js?url"),
          loadStyle(initial.current.districtsUrl),
        ]);
        mapboxgl.workerUrl = workerUrl;
        await import("mapbox-gl/dist/mapbox-gl.css");
        if (cancelled || !container.current) return;
        if (!webglAvailable()) {
          console.warn("map: WebGL is not available");
          return;
        }
        const { center: c, zoom: z } = initial.current;
        created = new mapboxgl.Map({
          container: container.current,
          style,
          center: [c.longitude, c.latitude],
          zoom: z,
          attributionControl: false,
          dragRotate: false,
          pitchWithRotate: false,
        });
        created.addControl(new mapboxgl.NavigationControl({ showCompass: false }));
        created.touchZoomRotate.disableRotation();
        created.on("error", (event: { error?: Error }) => console.warn("map error", event.error));
        created.on("click", (event: MapMouseEvent) =>
          choose.current({ latitude: event.lngLat.lat, longitude: event.lngLat.lng }),
        );
        created.getCanvas().setAttribute("aria-label", label);
        map.current = created;
        marker.current = new mapboxgl.Marker({ color: "#0f766e" });
        // The chosen point is announced in text beside the map; the pin is decoration.
        const pin = marker.current.getElement();
        pin.removeAttribute("aria-label");
        pin.setAttribute("aria-hidden", "true");
        if (shown.current) place(shown.current);
        container.current.dataset.ready = "true";
      } catch (error) {
        console.warn("map failed to load", error);
      }
    })();
    return () => {
      cancelled = true;
      created?.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is created once; later props reach it through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    place(point);
    // Only a new point moves the marker.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [point?.latitude, point?.longitude]);

  return (
    <div className={styles.mapWrap}>
      <div ref={container} className={styles.map} style={{ blockSize: `${height}px` }} data-testid="picker-map" />
      <button
        type="button"
        className={styles.centre}
        onClick={() => {
          const m = map.current;
          if (!m) return;
          const c = m.getCenter();
          choose.current({ latitude: c.lat, longitude: c.lng });
        }}
      >
        {centreLabel}
      </button>
    </div>
  );
}
