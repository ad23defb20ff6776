import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { FormattedMessage, FormattedNumber, useIntl } from "react-intl";
import { locationPickerLabel, mapHeightPx, mapSearchStatus, mapZoom, type GeoPoint, type MapSearchResult } from "storefront-core";
import { renderMessage } from "../../../i18n/coreText";
import { api, unwrap } from "../../../api/client";
import { useRemoteConfig } from "../../../api/queries";
import { useAppStore } from "../../../app/store";
import { useCoreText } from "../../../i18n/LocaleProvider";
import { reportSubmitError, toastServer } from "../errors";
import { useAfterCommit } from "../afterCommit";
import type { Address } from "../queries";
import { TextField } from "../../../ui/Field";
import { useCoreForm } from "../useCoreForm";
import {
  addressChecks,
  defaultCountryName,
  emptyAddress,
  geocodedFields,
  locationMessage,
  toRequest,
  valuesOf,
  type AddressType,
  type AddressValues,
} from "./addressForm";
import { useAddressPicker } from "./useAddressPicker";
import styles from "../Account.module.css";
import fieldStyles from "../../../ui/Field.module.css";

// K's map (mapbox-gl 1.13 with the local style), loaded only when a form opens.
const PickerMap = lazy(() => import("../../location/Map"));

const SEARCH_PAUSE_MS = 250;
const TYPES: AddressType[] = ["home", "work", "other"];
/** The fields the form shows (the map's as `location`), where the server's 422 messages go. */
const SHOWN_FIELDS = [
  "name",
  "contact_name",
  "phone",
  "country",
  "region",
  "city",
  "address_details",
  "building_number",
  "floor",
  "apartment_number",
  "postal_code",
  "location",
];
const FIELD_ALIASES = { "location.latitude": "location", "location.longitude": "location" };

interface AddressFormProps {
  /** The address being edited; none to add one. */
  address?: Address;
  onSaved(address: Address): void;
  onCancel(): void;
}

/**
 * The address form (spec 3): type, address name, contact name, phone, country,
 * region/state, city, address, building, floor, apartment, postal code, the map
 * location and the default flag. The location comes from the map picker (search or a
 * click on the map); a choice fills in the street, city and region it knows. Rules are
 * the core's; the server's 422 messages show on their fields.
 */
export function AddressForm({ address, onSaved, onCancel }: AddressFormProps) {
  const intl = useIntl();
  const text = useCoreText();
  const language = useAppStore((s) => s.language);
  const config = useRemoteConfig().data;
  const country = config?.default_country_code ?? "";
  // The store's country in the page language ("مصر" in Arabic), as the form starts out.
  // (By the chosen language, not the catalogue shown: that can still be English for a moment.)
  const countryName = defaultCountryName(language === "ar" ? "ar-EG" : "en", country);
  const form = useCoreForm<AddressValues>(
    address ? valuesOf(address, countryName) : emptyAddress(countryName),
    addressChecks(country),
  );
  const { values, set } = form;
  // After the form's own focus move (its effect runs first): the map search when only the place is missing.
  const afterCommit = useAfterCommit();
  // The default address stays the default until another one is made the default.
  const defaultLocked = address?.is_default === true;
  const ids = { search: useId(), status: useId(), location: useId(), type: useId(), title: useId(), defaultHint: useId() };
  const title = useRef<HTMLHeadingElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState("");
  // The search result chosen last; the results list closes once a place is chosen.
  const [chosenPlace, setChosenPlace] = useState<MapSearchResult | null>(null);
  const [resultsClosed, setResultsClosed] = useState(false);
  const [locationTouched, setLocationTouched] = useState(false);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  // What the map filled in last, so a later choice replaces it but never what was typed.
  const autoFilled = useRef<Partial<AddressValues>>({});

  const fill = (fields: Partial<AddressValues>) => {
    for (const [key, value] of Object.entries(fields) as [keyof AddressValues & string, string][]) {
      const now = form.values[key];
      if (now === "" || now === autoFilled.current[key] || (key === "country" && now === countryName)) {
        set(key, value);
        autoFilled.current = { ...autoFilled.current, [key]: value };
      }
    }
  };

  const { picker, districtName, dispatch } = useAddressPicker({
    point: address?.location ?? null,
    districtId: address?.district_id ?? null,
    districtName: address?.district.name ?? null,
    onDistrict: (name) => fill(geocodedFields(null, name)),
  });

  useEffect(() => {
    title.current?.focus();
    return () => {
      if (pending.current) clearTimeout(pending.current);
    };
  }, []);

  const search = (value: string) => {
    setTyped(value);
    setResultsClosed(false);
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => dispatch({ type: "search_text_changed", text: value }), SEARCH_PAUSE_MS);
  };
  const choose = (point: GeoPoint, place: MapSearchResult | null = null) => {
    setLocationTouched(true);
    setResultsClosed(true);
    setChosenPlace(place);
    if (place) fill(geocodedFields(place, null));
    dispatch({ type: "point_chosen", point });
  };
  const chooseResult = (result: MapSearchResult) => {
    choose(result.location, result);
    setTyped(result.name);
    // The list (and the pressed button) goes away: keep focus on the search box.
    searchInput.current?.focus();
  };

  const save = useMutation({
    mutationFn: async ({ v, point }: { v: AddressValues; point: GeoPoint }) => {
      const body = toRequest(v, point);
      return address
        ? unwrap(api.PUT("/addresses/{id}", { params: { path: { id: address.id } }, body }))
        : unwrap(api.POST("/addresses", { body }));
    },
    onSuccess: (body) => {
      toastServer(body.message);
      onSaved(body.data);
    },
    onError: (error) => {
      const fields = reportSubmitError(error, form, SHOWN_FIELDS, FIELD_ALIASES);
      if (fields.location) setLocationTouched(true);
    },
  });

  const locMessage = locationMessage(picker.point, picker.loading, picker.district_id);
  const locError =
    locationTouched && locMessage ? renderMessage(locMessage, language) : (form.error("location") ?? undefined);
  const status = mapSearchStatus(picker);
  const showResults = status.status === "results" && !resultsClosed;
  const fallback = config?.default_location;
  const center: GeoPoint = picker.point ?? { latitude: fallback?.latitude ?? 0, longitude: fallback?.longitude ?? 0 };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setLocationTouched(true);
    const point = picker.point;
    if (locMessage || !point || picker.loading) {
      const element = event.currentTarget;
      // Still show the other fields' errors; focus the first of them, else the map search.
      form.onSubmit(() => undefined)(event);
      afterCommit(() => {
        const invalid = element.querySelector<HTMLElement>('[aria-invalid="true"]');
        (invalid ?? document.getElementById(ids.search))?.focus();
      });
      return;
    }
    form.onSubmit((v) => save.mutate({ v, point }))(event);
  };

  const field = (name: keyof AddressValues & string, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={<FormattedMessage id={label} />}
      value={String(values[name] ?? "")}
      error={form.error(name)}
      onChange={(e) => set(name, e.currentTarget.value)}
      onBlur={(e) => form.touch(name, e)}
      {...extra}
    />
  );

  return (
    <form
      className={`${styles.card} ${styles.form}`}
      noValidate
      onSubmit={submit}
      aria-labelledby={ids.title}
      data-testid="address-form"
    >
      <h2 id={ids.title} ref={title} tabIndex={-1} className={styles.sectionTitle}>
        <FormattedMessage id={address ? "account.address.editTitle" : "account.address.addTitle"} />
      </h2>

      <fieldset className={styles.fieldset} aria-describedby={locError ? `${ids.location}-error` : `${ids.location}-status`}>
        <legend className={styles.legend}>
          <FormattedMessage id="account.address.location" />
        </legend>
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={ids.search}>
            <FormattedMessage id="account.address.search" />
          </label>
          <input
            ref={searchInput}
            id={ids.search}
            type="search"
            className={fieldStyles.input}
            value={typed}
            autoComplete="off"
            placeholder={intl.formatMessage({ id: "account.address.searchPlaceholder" })}
            aria-describedby={ids.status}
            aria-invalid={locError && !picker.point ? true : undefined}
            onChange={(e) => search(e.currentTarget.value)}
            data-testid="address-map-search"
          />
          {showResults ? (
            <ul className={styles.rows} aria-label={intl.formatMessage({ id: "account.address.results" })} data-testid="address-results">
              {status.results.map((result, index) => (
                <li key={`${result.name}-${index}`}>
                  <button type="button" className={styles.menuLink} onClick={() => chooseResult(result)}>
                    <span className={styles.rowMain}>
                      <span className={styles.rowTitle}>{result.name}</span>
                      <span className={styles.small}>{result.address}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <p id={ids.status} className={styles.small} role="status" data-testid="address-search-status">
            {resultsClosed && chosenPlace ? (
              <FormattedMessage
                id="account.address.chosenPlace"
                values={{ name: <strong key="name">{chosenPlace.name}</strong>, address: chosenPlace.address }}
              />
            ) : status.status === "results" ? (
              ""
            ) : (
              text({ kind: "message", ...status.message })
            )}
          </p>
        </div>
        <Suspense fallback={<div style={{ blockSize: `${mapHeightPx()}px` }} />}>
          <PickerMap
            center={center}
            point={picker.point}
            zoom={mapZoom()}
            height={mapHeightPx()}
            label={intl.formatMessage({ id: "account.address.map" })}
            centreLabel={intl.formatMessage({ id: "account.address.useCentre" })}
            onChoose={(point) => choose(point)}
          />
        </Suspense>
        <p id={`${ids.location}-status`} className={styles.small} aria-live="polite" data-testid="address-location-status">
          {picker.loading ? (
            <FormattedMessage id="account.address.checking" />
          ) : picker.point ? (
            <>
              {text({ kind: "message", ...locationPickerLabel(picker) })}
              {districtName && picker.district_id !== null ? ` — ${districtName}` : ""}{" "}
              (<FormattedNumber value={picker.point.latitude} maximumFractionDigits={4} />,{" "}
              <FormattedNumber value={picker.point.longitude} maximumFractionDigits={4} />)
            </>
          ) : null}
        </p>
        {locError ? (
          <p id={`${ids.location}-error`} className={fieldStyles.error} role="alert" data-testid="location-error">
            {locError}
          </p>
        ) : null}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <FormattedMessage id="account.address.type" />
        </legend>
        <div className={styles.choices}>
          {TYPES.map((type) => (
            <label key={type} className={styles.choice}>
              <input type="radio" name={ids.type} value={type} checked={values.type === type} onChange={() => set("type", type)} />
              <FormattedMessage id={`account.address.type.${type}`} />
            </label>
          ))}
        </div>
      </fieldset>

      <div className={styles.formGrid}>
        {field("name", "account.address.name", { placeholder: intl.formatMessage({ id: "account.address.namePlaceholder" }) })}
        {field("contact_name", "account.address.contactName", { autoComplete: "name" })}
        {field("phone", "account.address.phone", { type: "tel", autoComplete: "tel", dir: "ltr" })}
        {field("country", "account.address.country", { autoComplete: "country-name", optional: true })}
        {field("region", "account.address.region", { autoComplete: "address-level1", optional: true })}
        {field("city", "account.address.city", { autoComplete: "address-level2", optional: true })}
        {field("address_details", "account.address.details", { autoComplete: "street-address", className: styles.full })}
        {field("building_number", "account.address.building", { optional: true })}
        {field("floor", "account.address.floor", { optional: true })}
        {field("apartment_number", "account.address.apartment", { optional: true })}
        {field("postal_code", "account.address.postalCode", { inputMode: "numeric", autoComplete: "postal-code", optional: true })}
      </div>

      <div className={fieldStyles.field}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={defaultLocked || values.is_default}
            disabled={defaultLocked}
            aria-describedby={defaultLocked ? ids.defaultHint : undefined}
            onChange={(e) => set("is_default", e.currentTarget.checked)}
            data-testid="address-default"
          />
          <span>
            <FormattedMessage id="account.address.makeDefault" />
          </span>
        </label>
        {defaultLocked ? (
          <p id={ids.defaultHint} className={fieldStyles.hint} data-testid="address-default-hint">
            <FormattedMessage id="account.address.defaultLocked" />
          </p>
        ) : null}
      </div>

      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={save.isPending} aria-busy={save.isPending} data-testid="address-save">
          <FormattedMessage id={save.isPending ? "account.saving" : "account.address.save"} />
        </button>
        <button type="button" className={styles.ghost} onClick={onCancel}>
          <FormattedMessage id="account.cancel" />
        </button>
      </div>
    </form>
  );
}
