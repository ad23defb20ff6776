import { useCallback } from "react";
import { useIntl, type IntlShape } from "react-intl";
import { isSlot, moneySlot } from "./template";
import styles from "./Price.module.css";

/**
 * An amount as the API or the core wrote it (a decimal string such as `"12.50"`) in its
 * currency and the page's locale. The decimal text goes to `Intl` as it is, which
 * formats it exactly: no float in between that could round a digit (`Number()` made
 * `12345678901234567.89` end in `568.00`). Which amount to show, its sign and its digits
 * come from the API or the core; Intl only writes them in the page's language.
 * `unsigned`: without its sign (a wallet entry says credit or debit in words).
 */
export function formatAmount(
  intl: IntlShape,
  amount: string | number | null | undefined,
  currency?: string | null,
  { unsigned = false }: { unsigned?: boolean } = {},
): string {
  const decimal = `${amount ?? 0}` as `${number}`;
  return intl.formatNumber(decimal, {
    style: "currency",
    currency: currency || "EGP",
    ...(unsigned ? { signDisplay: "never" as const } : {}),
  });
}

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
      return formatAmount(intl, amount, currency);
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
