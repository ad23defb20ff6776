import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { FormattedMessage, FormattedNumber, useIntl } from "react-intl";
import type { GeoPoint, MapSearchResult } from "storefront-core";
import { renderMessage, useCoreText } from "../../../i18n/coreText";
import { api, unwrap } from "../../../api/client";
import { mapDistrictsUrl } from "../../../api/media";
import { useRemoteConfig } from "../../../api/queries";
import { useAppStore } from "../../../platform/store";
import { reportSubmitError, toastServer } from "../errors";
import type { Address } from "../queries";
import { TextField } from "../../../ui/Field";
import { useAccountForm, type FindInvalid } from "../useAccountForm";
import {
  addressSchema,
  defaultCountryName,
  emptyAddress,
  geocodedFields,
  locationMessage,
  mapFill,
  toRequest,
  valuesOf,
  type AddressType,
  type AddressValues,
  type MapField,
} from "./addressForm";
import { useAddressPicker } from "./useAddressPicker";
import { useReverseGeocode } from "./useReverseGeocode";
import styles from "../Account.module.css";
import fieldStyles from "../../../ui/Field.module.css";
import { Button } from "../../../ui/Button";
import { intlLocale } from "../../../i18n/intlLocale";

// K's map (mapbox-gl 1.13 with the local style), loaded only when a form opens.
const PickerMap = lazy(() => import("../../../ui/Map"));

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

/** The form's text fields (all but the type and the default flag). */
type TextKey = Exclude<keyof AddressValues, "type" | "is_default">;

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
 * click on the map); the pin's address, reverse geocoded by the API, fills in the street,
 * city, region, postal code and country it knows, never over what the shopper typed. Rules are
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
  const countryName = defaultCountryName(intlLocale(language), country);
  const schema = useMemo(() => addressSchema(language, country), [language, country]);
  const { formRef, field, error, submit, handleSubmit, focusInvalid, setServerErrors, getValues, setValue, clearErrors } =
    useAccountForm<AddressValues>({
      schema,
      defaultValues: address ? valuesOf(address, countryName) : emptyAddress(countryName),
    });
  // The default address stays the default until another one is made the default.
  const defaultLocked = address?.is_default === true;
  const ids = { search: useId(), status: useId(), location: useId(), title: useId(), defaultHint: useId() };
  const title = useRef<HTMLHeadingElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState("");
  // The search result chosen last; the results list closes once a place is chosen.
  const [chosenPlace, setChosenPlace] = useState<MapSearchResult | null>(null);
  const [resultsClosed, setResultsClosed] = useState(false);
  const [locationTouched, setLocationTouched] = useState(false);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  // What the map filled in last, so a later pin replaces it but never what was typed.
  const autoFilled = useRef<Partial<Record<MapField, string>>>({});

  const geocode = useReverseGeocode((answer) => {
    const { writes, filled } = mapFill(geocodedFields(answer), (key) => getValues(key), autoFilled.current, countryName);
    autoFilled.current = filled;
    for (const [key, value] of Object.entries(writes) as [MapField, string][]) {
      if (value) {
        // Checked like a change (its error shows by the same rule), which clears the server's message.
        setValue(key, value, { shouldValidate: true });
      } else {
        // Emptied because the new pin's place is not known: it is checked again on saving.
        setValue(key, value);
        clearErrors(key);
      }
    }
  });

  const { picker, districtName, dispatch } = useAddressPicker({
    point: address?.location ?? null,
    districtId: address?.district_id ?? null,
    districtName: address?.district.name ?? null,
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
    // The server's message was about the place chosen before (the place is the picker's, not a form value).
    clearErrors("location" as TextKey);
    setResultsClosed(true);
    setChosenPlace(place);
    dispatch({ type: "point_chosen", point });
    // A search result's coordinates, like a click's: its text is never read for the address.
    geocode.locate(point);
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
    onError: (failure) => {
      const fields = reportSubmitError(failure, { setServerErrors }, SHOWN_FIELDS, FIELD_ALIASES);
      if (fields.location) setLocationTouched(true);
    },
  });

  const locMessage = locationMessage(picker.point, picker.loading, picker.district_id);
  const locError =
    locationTouched && locMessage ? renderMessage(locMessage, language) : error("location");
  const status = picker.search;
  const showResults = status.status === "results" && !resultsClosed;
  const fallback = config?.default_location;
  const center: GeoPoint = picker.point ?? { latitude: fallback?.latitude ?? 0, longitude: fallback?.longitude ?? 0 };

  const send = (event: FormEvent<HTMLFormElement>) => {
    setLocationTouched(true);
    const point = picker.point;
    if (locMessage || !point || picker.loading) {
      // Still show the other fields' errors; focus the first of them, else the map search.
      const firstOrSearch: FindInvalid = (form) =>
        form.querySelector<HTMLElement>('[aria-invalid="true"]') ?? document.getElementById(ids.search);
      void handleSubmit(
        () => undefined,
        () => undefined,
      )(event).then(() => focusInvalid(firstOrSearch));
      return;
    }
    submit((v) => save.mutate({ v, point }))(event);
  };

  const textField = (name: TextKey, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={<FormattedMessage id={label} />} error={error(name)} {...field(name)} {...extra} />
  );

  return (
    <form
      className={`${styles.card} ${styles.form}`}
      ref={formRef}
      noValidate
      onSubmit={send}
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
        <Suspense fallback={<div style={{ blockSize: `${picker.height_px}px` }} />}>
          <PickerMap
            center={center}
            point={picker.point}
            zoom={picker.zoom}
            height={picker.height_px}
            label={intl.formatMessage({ id: "account.address.map" })}
            centreLabel={intl.formatMessage({ id: "account.address.useCentre" })}
            districtsUrl={mapDistrictsUrl()}
            onChoose={(point) => choose(point)}
          />
        </Suspense>
        <p id={`${ids.location}-status`} className={styles.small} aria-live="polite" data-testid="address-location-status">
          {picker.loading ? (
            <FormattedMessage id="account.address.checking" />
          ) : picker.point ? (
            <>
              {text({ kind: "message", ...picker.label })}
              {districtName && picker.district_id !== null ? ` — ${districtName}` : ""}{" "}
              (<FormattedNumber value={picker.point.latitude} maximumFractionDigits={4} />,{" "}
              <FormattedNumber value={picker.point.longitude} maximumFractionDigits={4} />)
            </>
          ) : null}
        </p>
        <p className={styles.small} aria-live="polite" data-testid="address-geocode-status">
          {geocode.state === "loading" ? (
            <FormattedMessage id="account.address.geocoding" />
          ) : geocode.state === "failed" ? (
            <FormattedMessage id="account.address.geocodeFailed" />
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
              <input type="radio" value={type} {...field("type")} />
              <FormattedMessage id={`account.address.type.${type}`} />
            </label>
          ))}
        </div>
      </fieldset>

      <div className={styles.formGrid}>
        {textField("name", "account.address.name", { placeholder: intl.formatMessage({ id: "account.address.namePlaceholder" }) })}
        {textField("contact_name", "account.address.contactName", { autoComplete: "name" })}
        {textField("phone", "account.address.phone", { type: "tel", autoComplete: "tel", dir: "ltr" })}
        {textField("country", "account.address.country", { autoComplete: "country-name", optional: true })}
        {textField("region", "account.address.region", { autoComplete: "address-level1", optional: true })}
        {textField("city", "account.address.city", { autoComplete: "address-level2", optional: true })}
        {textField("address_details", "account.address.details", { autoComplete: "street-address", className: styles.full })}
        {textField("building_number", "account.address.building", { optional: true })}
        {textField("floor", "account.address.floor", { optional: true })}
        {textField("apartment_number", "account.address.apartment", { optional: true })}
        {textField("postal_code", "account.address.postalCode", { inputMode: "numeric", autoComplete: "postal-code", optional: true })}
      </div>

      <div className={fieldStyles.field}>
        <label className={styles.check}>
          <input
            type="checkbox"
            {...field("is_default")}
            disabled={defaultLocked}
            aria-describedby={defaultLocked ? ids.defaultHint : undefined}
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
        <Button type="submit" variant="primary" busy={save.isPending} data-testid="address-save">
          <FormattedMessage id={save.isPending ? "account.saving" : "account.address.save"} />
        </Button>
        <Button variant="neutral" onClick={onCancel}>
          <FormattedMessage id="account.cancel" />
        </Button>
      </div>
    </form>
  );
}
