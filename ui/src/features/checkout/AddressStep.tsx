import { useEffect, useId, useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { checkChoice, type Message, type Text } from "storefront-core";
import { useCoreText } from "../../i18n/coreText";
import { Spinner } from "../../layouts/Spinner";
import { LoadError } from "../../ui/States";
import { useAddresses, type Address } from "./queries";
import choiceStyles from "../../ui/Choice.module.css";
import styles from "./Checkout.module.css";
import { Button } from "../../ui/Button";

/** Where "Add a new address" goes: the address book's form, which comes back here. */
export const ADD_ADDRESS_HREF = "/account/my-address?new=1&returnTo=/checkout";

interface AddressStepProps {
  chosen: number | null;
  onChoose(id: number): void;
  onDone(): void;
  /** A placement failure about the address or its delivery area. */
  failure: Text | null;
  /** The failure is the delivery area's: the chosen address is marked as not served. */
  areaRefused: boolean;
}

/** What joins the parts of an address: the Arabic comma in Arabic, else a comma. */
export function addressSeparator(locale: string): string {
  return locale.startsWith("ar") ? "، " : ", ";
}

function addressLine(address: Address, separator: string): string {
  return [address.address_details, address.building_number, address.district?.name, address.city]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(separator);
}

/**
 * Step 1: choose one of the saved addresses (the default is chosen first) or add a new
 * one; continuing without one says 'please choose an address' (the core's rule).
 */
export function AddressStep({ chosen, onChoose, onDone, failure, areaRefused }: AddressStepProps) {
  const intl = useIntl();
  const text = useCoreText();
  const addresses = useAddresses();
  const errorId = useId();
  const [missing, setMissing] = useState<Message | null>(null);
  const list = useMemo(() => addresses.data ?? [], [addresses.data]);

  // The default address is chosen until the customer picks another.
  useEffect(() => {
    if (chosen !== null && list.some((a) => a.id === chosen)) return;
    const preferred = list.find((a) => a.is_default) ?? list[0];
    if (preferred) onChoose(preferred.id);
  }, [chosen, list, onChoose]);

  if (addresses.isPending) return <Spinner />;
  if (addresses.isError) return <LoadError error={addresses.error} onRetry={() => void addresses.refetch()} />;

  const error = missing ? text({ kind: "message", ...missing }) : failure ? text(failure) : null;
  const separator = addressSeparator(intl.locale);

  return (
    <div className={styles.stepBody}>
      {list.length === 0 ? (
        <p className={styles.muted} data-testid="no-addresses">
          {text({ kind: "message", id: "no_addresses", params: {} })}
        </p>
      ) : (
        <fieldset className={styles.choices} aria-describedby={error ? errorId : undefined}>
          <legend className={styles.legend}>
            <FormattedMessage id="checkout.address.title" />
          </legend>
          {list.map((address) => {
            const refused = areaRefused && address.id === chosen;
            return (
              <label key={address.id} className={`${choiceStyles.choice} ${refused ? `${choiceStyles.refused} ${styles.areaRefused}` : ""}`}>
                <input
                  type="radio"
                  name="checkout-address"
                  value={address.id}
                  checked={chosen === address.id}
                  onChange={() => {
                    setMissing(null);
                    onChoose(address.id);
                  }}
                />
                <span className={styles.choiceText}>
                  <span className={styles.choiceTitle}>
                    {address.name}
                    {address.is_default ? (
                      <span className={styles.badge}>
                        <FormattedMessage id="checkout.address.default" />
                      </span>
                    ) : null}
                  </span>
                  <span className={styles.muted}>{addressLine(address, separator)}</span>
                  <span className={styles.muted}>
                    {address.contact_name} ·{" "}
                    <FormattedMessage id="checkout.address.phone" values={{ phone: <bdi dir="ltr">{address.phone}</bdi> }} />
                  </span>
                  {refused ? (
                    <span className={styles.choiceWarning} data-testid="address-not-served">
                      {text({ kind: "message", id: "no_delivery_to_location", params: {} })}
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      <p>
        <Link href={ADD_ADDRESS_HREF} className={styles.addLink}>
          <FormattedMessage id="checkout.address.add" />
        </Link>
      </p>
      {error ? (
        <p id={errorId} className={styles.stepError} role="alert" data-testid="address-error">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          variant="primary"
          onClick={() => {
            const message = checkChoice({ choice: "address", address_id: chosen });
            setMissing(message);
            if (!message) onDone();
          }}
        >
          <FormattedMessage id="checkout.continue" />
        </Button>
      </div>
    </div>
  );
}
