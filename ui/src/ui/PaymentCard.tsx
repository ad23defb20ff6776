import { useIntl, type IntlShape } from "react-intl";
import styles from "./PaymentCard.module.css";

/** A payment card's scheme, as the API names it (`GET /cards`' `brand`). */
export type CardBrand = "visa" | "mastercard" | "meeza" | "unknown";

/** What the kit shows of a saved card (the API's `SavedCard` has these fields). */
export interface CardSummaryValues {
  brand: string;
  /** The core's masked label, "•••• 4242". */
  label: string;
  exp_month: number;
  exp_year: number;
  expired: boolean;
  is_default: boolean;
}

const BRANDS: readonly string[] = ["visa", "mastercard", "meeza"];

/** The API's brand code as one the mark draws: anything else is a plain card. */
export function cardBrandOf(code: string): CardBrand {
  return BRANDS.includes(code) ? (code as CardBrand) : "unknown";
}

/** The card's name for screen readers and confirmations: "Visa •••• 4242". */
export function cardName(intl: IntlShape, card: Pick<CardSummaryValues, "brand" | "label">): string {
  return `${intl.formatMessage({ id: `ui.cardBrand.${cardBrandOf(card.brand)}` })} ${card.label}`;
}

/** MM/YY in the page's digits, as printed on the card. */
export function cardExpiry(intl: IntlShape, month: number, year: number): string {
  const two = (n: number) => intl.formatNumber(n, { minimumIntegerDigits: 2, useGrouping: false });
  return `${two(month)}/${two(year % 100)}`;
}

/**
 * A small drawn mark of a card's scheme (Visa, Mastercard, Meeza; a plain card
 * otherwise), named for screen readers by the scheme. Drawn inline, so it needs no
 * downloaded picture and cannot fail to load; it is not the schemes' artwork, only
 * enough to tell the cards apart at a glance.
 */
export function CardBrandMark({ brand }: { brand: string }) {
  const intl = useIntl();
  const known = cardBrandOf(brand);
  const name = intl.formatMessage({ id: `ui.cardBrand.${known}` });
  return (
    <span className={`${styles.mark} ${styles[known]}`} role="img" aria-label={name} data-brand={known}>
      <svg viewBox="0 0 40 26" width="40" height="26" aria-hidden="true" focusable="false">
        {known === "mastercard" ? (
          <>
            <circle cx="15.5" cy="13" r="8" fill="#eb001b" />
            <circle cx="24.5" cy="13" r="8" fill="#f79e1b" fillOpacity="0.9" />
          </>
        ) : known === "visa" ? (
          <text x="20" y="17.5" textAnchor="middle" className={styles.word}>
            VISA
          </text>
        ) : known === "meeza" ? (
          <text x="20" y="17" textAnchor="middle" className={styles.word}>
            meeza
          </text>
        ) : (
          <>
            <rect x="6" y="7" width="28" height="4" fill="currentColor" />
            <rect x="6" y="16" width="10" height="3" rx="1" fill="currentColor" />
          </>
        )}
      </svg>
    </span>
  );
}

/**
 * A saved card in one line: its scheme's mark, "•••• 4242", its expiry (MM/YY), and
 * the "Expired" and "Default" badges when they apply. The number reads left to right in
 * either language, as on the card.
 */
export function CardSummary({ card }: { card: CardSummaryValues }) {
  const intl = useIntl();
  return (
    <span className={styles.summary} data-testid="card-summary">
      <CardBrandMark brand={card.brand} />
      <span className={styles.text}>
        <bdi dir="ltr" className={styles.label} data-testid="card-label">
          {card.label}
        </bdi>
        <span className={styles.expiry} data-testid="card-expiry">
          {intl.formatMessage(
            { id: "ui.card.expires" },
            { date: <bdi dir="ltr" key="date">{cardExpiry(intl, card.exp_month, card.exp_year)}</bdi> },
          )}
        </span>
      </span>
      {card.expired ? (
        <span className={`${styles.badge} ${styles.badgeExpired}`} data-testid="card-expired">
          {intl.formatMessage({ id: "ui.card.expired" })}
        </span>
      ) : null}
      {card.is_default ? (
        <span className={`${styles.badge} ${styles.badgeDefault}`} data-testid="card-default">
          {intl.formatMessage({ id: "ui.card.default" })}
        </span>
      ) : null}
    </span>
  );
}
