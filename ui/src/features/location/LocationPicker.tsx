import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { FormattedMessage, FormattedNumber, useIntl } from "react-intl";
import type { GeoPoint } from "storefront-core";
import { mapDistrictsUrl } from "../../api/media";
import { useRemoteConfig } from "../../api/queries";
import { useCoreText } from "../../i18n/coreText";
import { Dialog } from "../../ui/Dialog";
import { dispatchPicker, startPicker, useLocationPicker } from "./picker";
import form from "../../ui/Form.module.css";
import mapStyles from "../../ui/Map.module.css";
import styles from "./LocationPicker.module.css";
import fieldStyles from "../../ui/Field.module.css";
import { Button } from "../../ui/Button";

const PickerMap = lazy(() => import("../../ui/Map"));

/** How long typing pauses before the text is searched. */
const SEARCH_PAUSE_MS = 250;

/**
 * The location picker (spec 2, 4, 8): a map search box ('start typing', 'searching', 'no
 * results found') and the map (zoom 14, 400 px high). Choosing a place checks its support;
 * Confirm is disabled while loading, with no location or with no district, and says
 * 'Choose location', 'Pick this address' or 'Location not supported'. Every rule is the
 * core's location picker; confirming stores the district and goes to /home.
 */
export default function LocationPicker() {
  const picker = useLocationPicker((s) => s.view);
  const config = useRemoteConfig().data;
  const text = useCoreText();
  const intl = useIntl();
  const [typed, setTyped] = useState("");
  // The list closes once a place is chosen and opens again on typing.
  const [listOpen, setListOpen] = useState(true);
  const searchId = useId();
  const statusId = useId();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A fresh picker (the stored choice, no search) each time it opens, before it paints.
  useLayoutEffect(() => startPicker(), []);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );

  const search = (value: string) => {
    setTyped(value);
    setListOpen(true);
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => dispatchPicker({ type: "search_text_changed", text: value }), SEARCH_PAUSE_MS);
  };
  const choose = (point: GeoPoint) => dispatchPicker({ type: "point_chosen", point });
  const chooseResult = (name: string, point: GeoPoint) => {
    setTyped(name);
    setListOpen(false);
    choose(point);
  };

  const status = picker.search;
  const fallback = config?.default_location;
  // The map opens on the chosen point, else on the store's default location.
  const center: GeoPoint = picker.point ?? {
    latitude: fallback?.latitude ?? 0,
    longitude: fallback?.longitude ?? 0,
  };
  const canConfirm = picker.can_confirm;

  return (
    <Dialog
      title={<FormattedMessage id="location.title" />}
      onClose={() => dispatchPicker({ type: "dismiss" })}
      wide
      testId="location-picker"
    >
      <div className={styles.picker}>
        <p className={form.intro}>
          <FormattedMessage id="location.intro" />
        </p>
        <div className={styles.search}>
          <label className={fieldStyles.label} htmlFor={searchId}>
            <FormattedMessage id="location.search" />
          </label>
          <input
            id={searchId}
            type="search"
            className={fieldStyles.input}
            value={typed}
            autoComplete="off"
            placeholder={intl.formatMessage({ id: "location.searchPlaceholder" })}
            aria-describedby={statusId}
            data-autofocus=""
            onChange={(event) => search(event.currentTarget.value)}
          />
          <div className={styles.dropdown}>
            {status.status === "results" && listOpen ? (
              <ul className={styles.results} aria-label={intl.formatMessage({ id: "location.results" })}>
                {status.results.map((result, index) => (
                  <li key={`${result.name}-${index}`}>
                    <button type="button" className={styles.result} onClick={() => chooseResult(result.name, result.location)}>
                      <span className={styles.resultName}>{result.name}</span>
                      <span className={styles.resultAddress}>{result.address}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <p id={statusId} className={styles.status} role="status" data-testid="map-search-status">
              {status.status === "results" ? "" : text({ kind: "message", ...status.message })}
            </p>
          </div>
        </div>
        <Suspense fallback={<div className={mapStyles.map} style={{ blockSize: `${picker.height_px}px` }} />}>
          <PickerMap
            center={center}
            point={picker.point}
            zoom={picker.zoom}
            height={picker.height_px}
            label={intl.formatMessage({ id: "location.map" })}
            centreLabel={intl.formatMessage({ id: "location.useCentre" })}
            districtsUrl={mapDistrictsUrl()}
            onChoose={choose}
          />
        </Suspense>
        <div className={styles.footer}>
          <p className={styles.point} aria-live="polite">
            {picker.loading ? (
              <FormattedMessage id="location.checking" />
            ) : picker.point ? (
              <FormattedMessage
                id="location.chosen"
                values={{
                  lat: <FormattedNumber value={picker.point.latitude} maximumFractionDigits={4} />,
                  lng: <FormattedNumber value={picker.point.longitude} maximumFractionDigits={4} />,
                }}
              />
            ) : null}
          </p>
          <Button
            variant="primary"
            disabled={!canConfirm}
            aria-busy={picker.loading}
            data-testid="confirm-location"
            onClick={() => dispatchPicker({ type: "confirm" })}
          >
            {text({ kind: "message", ...picker.label })}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
