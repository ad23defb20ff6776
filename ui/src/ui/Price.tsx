import { useCallback } from "react";
import { useIntl } from "react-intl";
import { isSlot, moneySlot } from "./template";
import styles from "./Price.module.css";

/**
 * Formats an API amount (a decimal string) as currency in the page locale. In a page
 * template the amount may be a slot (`{{ cart.price }}`, or `-{{ … }}`): the currency's
 * text is written around it for the server to fill (see `moneySlot`).
 */
export function usePriceFormatter(): (amount: string, currency?: string | null) => string {
  const intl = useIntl();
  return useCallback(
    (amount: string, currency?: string | null) => {
      const negative = amount.startsWith("-");
      if (isSlot(negative ? amount.slice(1) : amount)) {
        return moneySlot(intl, negative ? amount.slice(1) : amount, currency ?? "EGP", negative);
      }
      return intl.formatNumber(Number(amount), { style: "currency", currency: currency ?? "EGP" });
    },
    [intl],
  );
}

interface PriceProps {
  amount: string;
  old?: string | null;
  currency?: string | null;
  large?: boolean;
}

/** The price, with the price before a discount struck through when there is one. */
export function Price({ amount, old, currency, large = false }: PriceProps) {
  const format = usePriceFormatter();
  const intl = useIntl();
  return (
    <span className={`${styles.priceLine} ${large ? styles.priceLarge : ""}`}>
      <data className={styles.price} value={amount}>
        {format(amount, currency)}
      </data>
      {old ? (
        <s className={styles.oldPrice} aria-label={intl.formatMessage({ id: "catalogue.price.was" }, { amount: format(old, currency) })}>
          {format(old, currency)}
        </s>
      ) : null}
    </span>
  );
}
