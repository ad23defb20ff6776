import { useEffect, useId, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { moneySign } from "storefront-core";
import { Spinner } from "../../layouts/Spinner";
import type { ScreenProps } from "../../layouts/screen";
import { LoadError } from "../../ui/States";
import { usePriceFormatter } from "../../ui/Price";
import { parseInstant } from "../../api/instant";
import { useOrder } from "./queries";
import styles from "./Checkout.module.css";
import { buttonClass } from "../../ui/Button";

/**
 * /checkout/success/{id}: the order number, the estimated arrival and the delivery code
 * the courier asks for, with what was paid and how. Read from the placement's answer, or
 * from `GET /orders/{id}` after a reload.
 */
export default function SuccessPage({ params }: ScreenProps) {
  const intl = useIntl();
  const format = usePriceFormatter();
  const query = useOrder(params.id);
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const loaded = query.data !== undefined;

  // Arriving here (after placing, or on a reload) the thanks is announced and in view:
  // the focus goes to the heading once the order has been read.
  useEffect(() => {
    if (loaded) title.current?.focus();
  }, [loaded, params.id]);

  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Spinner />;

  const raw = query.data;
  const order = raw;
  const arrival = parseInstant(order.estimated_arrival_time);
  const money = (amount: string) => format(amount, raw.currency);
  const hasDiscount = moneySign(order.discount_coupon) !== "zero";
  const hasWallet = moneySign(order.wallet_balance) !== "zero";
  const byCard = order.payment_method === "card";

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <div className={styles.success}>
        <svg viewBox="0 0 24 24" width="56" height="56" aria-hidden="true" focusable="false" className={styles.successIcon}>
          <circle cx="12" cy="12" r="11" fill="currentColor" />
          <path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h1 id={titleId} ref={title} className={styles.title} tabIndex={-1}>
          <FormattedMessage id="checkout.success.title" />
        </h1>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>
              <FormattedMessage id="checkout.success.number" />
            </dt>
            <dd data-testid="order-number">
              <bdi>{intl.formatMessage({ id: "checkout.success.numberValue" }, { number: order.number })}</bdi>
            </dd>
          </div>
          {arrival ? (
            <div className={styles.fact}>
              <dt>
                <FormattedMessage id="checkout.success.arrival" />
              </dt>
              <dd data-testid="order-arrival">
                <time dateTime={arrival.toISOString()}>
                  {intl.formatDate(arrival, { dateStyle: "medium", timeStyle: "short" })}
                </time>
              </dd>
            </div>
          ) : null}
          {order.delivery_code ? (
            <div className={`${styles.fact} ${styles.codeFact}`}>
              <dt>
                <FormattedMessage id="checkout.success.code" />
              </dt>
              <dd>
                <span className={styles.code} dir="ltr" data-testid="delivery-code">
                  {order.delivery_code}
                </span>
                <span className={styles.muted}>
                  <FormattedMessage id="checkout.success.codeHint" />
                </span>
              </dd>
            </div>
          ) : null}
          <div className={styles.fact}>
            <dt>
              <FormattedMessage id="checkout.success.payment" />
            </dt>
            <dd data-testid="order-payment">
              {byCard && order.payment_card ? (
                <FormattedMessage id="checkout.success.card" values={{ card: <bdi dir="ltr">{order.payment_card}</bdi> }} />
              ) : byCard ? (
                <FormattedMessage id="checkout.payment.card" />
              ) : (
                <FormattedMessage id="checkout.success.cash" />
              )}
            </dd>
          </div>
        </dl>
      </div>

      <section className={styles.reviewBlock} aria-labelledby={`${titleId}-details`}>
        <h2 id={`${titleId}-details`} className={styles.blockTitle}>
          <FormattedMessage id="checkout.success.details" />
        </h2>
        <ul className={styles.reviewItems}>
          {order.items.map((item) => (
            <li key={item.id} className={styles.reviewItem}>
              <span>{item.name}</span>
              <span className={styles.muted}>
                {intl.formatMessage({ id: "checkout.review.line" }, { qty: item.qty, price: money(item.price) })}
              </span>
            </li>
          ))}
        </ul>
        <dl className={styles.amounts} data-testid="order-totals">
          <div className={styles.amountRow}>
            <dt>
              <FormattedMessage id="checkout.success.price" />
            </dt>
            <dd>{money(order.price)}</dd>
          </div>
          {hasDiscount ? (
            <div className={styles.amountRow}>
              <dt>
                <FormattedMessage id="checkout.success.coupon" />
                {order.coupon ? ` (${order.coupon})` : ""}
              </dt>
              <dd>{money(`-${order.discount_coupon}`)}</dd>
            </div>
          ) : null}
          <div className={styles.amountRow}>
            <dt>
              <FormattedMessage id="checkout.success.tax" />
            </dt>
            <dd>{money(order.tax)}</dd>
          </div>
          <div className={styles.amountRow}>
            <dt>
              <FormattedMessage id="checkout.success.delivery" />
            </dt>
            <dd>{money(order.delivery_fee)}</dd>
          </div>
          {hasWallet ? (
            <div className={styles.amountRow}>
              <dt>
                <FormattedMessage id="checkout.success.wallet" />
              </dt>
              <dd data-testid="order-wallet">{money(`-${order.wallet_balance}`)}</dd>
            </div>
          ) : null}
          <div className={`${styles.amountRow} ${styles.amountTotal}`}>
            <dt>
              <FormattedMessage id={byCard ? "checkout.success.totalCard" : "checkout.success.totalCash"} />
            </dt>
            <dd data-testid="order-total">{money(order.total)}</dd>
          </div>
        </dl>
      </section>

      <div className={styles.actions}>
        <Link href="/account/my-orders" className={buttonClass("primary")}>
          <FormattedMessage id="checkout.success.orders" />
        </Link>
        <Link href="/home" className={buttonClass("secondary")}>
          <FormattedMessage id="checkout.continueShopping" />
        </Link>
      </div>
    </section>
  );
}
