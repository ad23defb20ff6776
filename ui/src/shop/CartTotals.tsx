import { useIntl } from "react-intl";
import { moneySign } from "storefront-core/cart";
import type { CartTotals as Totals, Money } from "storefront-core";
import { usePriceFormatter } from "../ui/Price";
import { SlotIf, useTemplateMode } from "../ui/template";
import styles from "./CartTotals.module.css";

interface CartTotalsProps {
  totals: Totals;
  couponCode?: string | null;
  /** Whether the cart has items (an empty cart's delivery is not "free"). */
  hasItems: boolean;
  currency?: string | null;
  /** Heading level of the summary title. */
  titleId?: string;
  /** The applied coupon's minimum when the subtotal is below it (the core's `unmetCouponMinimum`). */
  couponMinimum?: Money | null;
}

/** True when an API amount is zero (the core reads the decimal string). */
function isZero(amount: string): boolean {
  return moneySign(amount) === "zero";
}

/**
 * The totals of a cart (spec 3): price, coupon discount, tax, delivery price and the
 * total to pay (`cart_total`), formatted as currency in the page's locale. The amounts
 * are the core's (`compute_totals`) or the server's; nothing is computed here.
 */
export function CartTotals({ totals, couponCode, hasItems, currency, titleId, couponMinimum }: CartTotalsProps) {
  const intl = useIntl();
  const format = usePriceFormatter();
  const money = (amount: string) => format(amount, currency);
  // In the cart's page template the totals are the server's (see `web/cart_page.rs`).
  const template = useTemplateMode();
  const discounted = !template && !isZero(totals.coupon_discount);
  const freeDelivery = !template && hasItems && isZero(totals.delivery_price);
  return (
    <dl className={styles.totals} aria-labelledby={titleId} data-testid="cart-totals">
      <div className={styles.totalRow}>
        <dt>{intl.formatMessage({ id: "cart.totals.price" })}</dt>
        <dd data-testid="total-price">{money(totals.price)}</dd>
      </div>
      <SlotIf test="cart.discounted or cart.coupon_code" when={discounted || Boolean(couponCode)}>
        <div className={`${styles.totalRow} ${styles.discount}`}>
          <dt>
            <SlotIf
              test="cart.coupon_code"
              when={Boolean(couponCode)}
              otherwise={intl.formatMessage({ id: "cart.totals.coupon" })}
            >
              {intl.formatMessage({ id: "cart.totals.couponCode" }, { code: couponCode ?? "" })}
            </SlotIf>
          </dt>
          <dd data-testid="total-coupon">
            <SlotIf test="cart.discounted" when={discounted} otherwise={money(totals.coupon_discount)}>
              {money(`-${totals.coupon_discount}`)}
            </SlotIf>
          </dd>
          {couponMinimum ? (
            <dd className={styles.totalNote} data-testid="total-coupon-minimum">
              {intl.formatMessage({ id: "cart.coupon.belowMinimum" }, { amount: money(couponMinimum) })}
            </dd>
          ) : null}
        </div>
      </SlotIf>
      <div className={styles.totalRow}>
        <dt>{intl.formatMessage({ id: "cart.totals.tax" })}</dt>
        <dd data-testid="total-tax">{money(totals.tax)}</dd>
      </div>
      <div className={styles.totalRow}>
        <dt>{intl.formatMessage({ id: "cart.totals.delivery" })}</dt>
        <dd data-testid="total-delivery">
          <SlotIf test="cart.free_delivery" when={freeDelivery} otherwise={money(totals.delivery_price)}>
            {intl.formatMessage({ id: "cart.totals.freeDelivery" })}
          </SlotIf>
        </dd>
      </div>
      <div className={`${styles.totalRow} ${styles.grandTotal}`}>
        <dt>{intl.formatMessage({ id: "cart.totals.total" })}</dt>
        <dd data-testid="total-total">{money(totals.cart_total)}</dd>
      </div>
    </dl>
  );
}

/** The totals part of a cart. */
export function totalsOf(cart: Totals): Totals {
  return {
    price: cart.price,
    coupon_discount: cart.coupon_discount,
    tax: cart.tax,
    delivery_price: cart.delivery_price,
    total: cart.total,
    cart_total: cart.cart_total,
  };
}
