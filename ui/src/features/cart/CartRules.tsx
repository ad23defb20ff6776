import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { cartDelivery, cartTotals, quantityLimits, unmetCouponMinimum, unmetShopMinimum } from "storefront-core/cart";
import type { Cart, CartItem, CartPricing, CartProduct } from "storefront-core";
import { useCoreText } from "../../i18n/LocaleProvider";
import { ConfirmDialog } from "../catalogue/ConfirmDialog";
import { usePriceFormatter } from "../catalogue/Price";
import { QuantityStepper } from "../catalogue/QuantityStepper";
import { RemoveButton } from "./CartItemRow";
import { ContinueShopping } from "./ContinueShopping";
import { CartTotals, totalsOf } from "./CartTotals";
import { CouponForm } from "./CouponForm";
import { useRemoveItem, useUpdateQuantity } from "./useCartMutations";
import styles from "./Cart.module.css";

/*
 * The parts of the cart page that run the core's cart rules (`storefront-core/cart`):
 * money, quantity limits, coupons, minimums and the delivery rule, with the changes they
 * make. The page imports this module once its lines are on screen, so they never wait
 * for the cart's part of the core.
 */

/** What the core needs of a product the server described without limits. */
function productOf(item: CartItem): CartProduct {
  return item.product ?? { name: "", image: null, min_qty: 1, max_qty: null, stock: null, branch_id: null };
}

export function UnitPrice({ item, currency }: { item: CartItem; currency?: string | null }) {
  const intl = useIntl();
  const format = usePriceFormatter();
  return <p className={styles.unitPrice}>{intl.formatMessage({ id: "cart.unitPrice" }, { price: format(item.price, currency) })}</p>;
}

/** The line total: the core's arithmetic. */
export function LineTotal({ item, pricing, currency }: { item: CartItem; pricing: CartPricing; currency?: string | null }) {
  const intl = useIntl();
  const format = usePriceFormatter();
  const lineTotal = cartTotals([{ price: item.price, qty: item.qty }], pricing, null).price;
  return (
    <p className={styles.lineTotal}>
      <span className="visually-hidden">{intl.formatMessage({ id: "cart.lineTotal" })} </span>
      <data value={lineTotal} data-testid="line-total">
        {format(lineTotal, currency)}
      </data>
    </p>
  );
}

/** The stepper with the core's limits and messages; a change goes to `POST /order/update-cart`. */
export function ItemStepper({ item }: { item: CartItem }) {
  const update = useUpdateQuantity();
  return <QuantityStepper value={item.qty} limits={quantityLimits(productOf(item))} onChange={(qty) => update.mutate({ item, qty })} />;
}

export function RemoveLine({ item, name }: { item: CartItem; name: string }) {
  const remove = useRemoveItem();
  return <RemoveButton name={name} onClick={() => remove.mutate(item)} />;
}

interface DeliveryProps {
  cart: Cart;
  branchName: string | null;
  delivers: boolean | null;
  id: string;
}

/**
 * The cart's shop does not deliver to the district the shopper chose since (the cart's
 * `delivers`, read by the core's `cartDelivery`): said at once, in both languages, with
 * the offer to empty the cart (after a confirm dialog, line by line as the remove
 * buttons do).
 */
export function DeliveryNotice({ cart, branchName, delivers, id }: DeliveryProps) {
  const intl = useIntl();
  const text = useCoreText();
  const remove = useRemoveItem();
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const delivery = cartDelivery(cart.items.length, delivers);
  const emptyCart = () => {
    setConfirmEmpty(false);
    for (const item of cart.items) remove.mutate(item);
  };
  return (
    <>
      {delivery.notice ? (
        <div id={id} className={styles.deliveryNotice} role="status" data-testid="cart-not-delivering">
          <p className={styles.deliveryTitle}>{text({ kind: "message", ...delivery.notice })}</p>
          <p>{intl.formatMessage({ id: "cart.delivery.notice" }, { shop: branchName ?? "" })}</p>
          {delivery.offer_empty ? (
            <button type="button" className={styles.emptyButton} onClick={() => setConfirmEmpty(true)}>
              <FormattedMessage id="cart.delivery.empty" />
            </button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        message={confirmEmpty ? intl.formatMessage({ id: "cart.delivery.confirm" }, { count: cart.items_quantity }) : null}
        title={<FormattedMessage id="cart.delivery.confirmTitle" />}
        acceptLabel={<FormattedMessage id="cart.delivery.empty" />}
        onConfirm={emptyCart}
        onCancel={() => setConfirmEmpty(false)}
      />
    </>
  );
}

interface SummaryProps {
  cart: Cart;
  /** The shop's minimum order (its `GET /branches/{id}`), null while it is not known. */
  minimum: string | null;
  delivers: boolean | null;
  summaryId: string;
  deliveryId: string;
  minimumId: string;
}

/**
 * The coupon, the totals and the way to checkout. Below the shop's minimum order (the
 * branch's `minimum`, from `GET /branches/{id}`) the way to checkout is disabled and says
 * why, instead of the server refusing the order at the end; so it is when the shop does
 * not deliver to the chosen district (see `DeliveryNotice`).
 */
export function CartSummary({ cart, minimum, delivers, summaryId, deliveryId, minimumId }: SummaryProps) {
  const intl = useIntl();
  const format = usePriceFormatter();
  // The minimum is known once the cart's shop has been read (nothing is blocked before).
  const shopMinimum = unmetShopMinimum(cart, minimum);
  const delivery = cartDelivery(cart.items.length, delivers);
  const blockedBy = [delivery.notice ? deliveryId : null, shopMinimum ? minimumId : null].filter(Boolean).join(" ");
  return (
    <>
      <CouponForm appliedCode={cart.coupon_code} minimum={unmetCouponMinimum(cart)} />
      <CartTotals totals={totalsOf(cart)} couponCode={cart.coupon_code} hasItems titleId={summaryId} />
      {shopMinimum ? (
        <p id={minimumId} className={styles.minimumWarning} data-testid="cart-minimum">
          {intl.formatMessage({ id: "cart.minimum.warning" }, { amount: format(shopMinimum) })}
        </p>
      ) : null}
      {blockedBy ? (
        <button type="button" className={styles.checkout} disabled aria-describedby={blockedBy}>
          <FormattedMessage id="cart.checkout" />
        </button>
      ) : (
        <Link href="/checkout" className={styles.checkout}>
          <FormattedMessage id="cart.checkout" />
        </Link>
      )}
      <ContinueShopping />
    </>
  );
}
