import { useMemo } from "react";
import { useIntl } from "react-intl";
import { parseInstant } from "../../api/instant";
import { formatAmount } from "../../ui/Price";

/** Locale-aware amounts, numbers and dates for the account pages (react-intl). */
export function useFormat() {
  const intl = useIntl();
  return useMemo(
    () => ({
      /** An API amount (decimal string) in its currency, EGP by default. */
      money: (amount: string | number | null | undefined, currency?: string | null) => formatAmount(intl, amount, currency),
      /** The same without its sign (a wallet entry says credit or debit in words). */
      unsignedMoney: (amount: string | number | null | undefined, currency?: string | null) =>
        formatAmount(intl, amount, currency, { unsigned: true }),
      number: (value: number) => intl.formatNumber(value),
      /** A percentage given as a number of percent (`"5.00"` → 5 %). */
      percent: (value: string | number) =>
        intl.formatNumber(Number(value) / 100, { style: "percent", maximumFractionDigits: 2 }),
      dateTime: (text: string | null | undefined) => {
        const date = parseInstant(text);
        return date ? intl.formatDate(date, { dateStyle: "medium", timeStyle: "short" }) : (text ?? "");
      },
      date: (text: string | null | undefined) => {
        const date = parseInstant(text);
        return date ? intl.formatDate(date, { dateStyle: "medium" }) : (text ?? "");
      },
      /** A calendar day `YYYY-MM-DD` (no time zone shift). */
      day: (ymd: string) => {
        const date = parseInstant(`${ymd}T00:00:00Z`);
        return date ? intl.formatDate(date, { dateStyle: "full", timeZone: "UTC" }) : ymd;
      },
      /** A wall-clock time `HH:MM` of the given day in UTC, shown in the page locale. */
      time: (hhmm: string) => {
        const date = parseInstant(`2000-01-01T${hhmm}:00Z`);
        return date ? intl.formatTime(date, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }) : hhmm;
      },
    }),
    [intl],
  );
}
