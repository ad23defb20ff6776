import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { cartDelivery, unmetCouponMinimum, unmetShopMinimum } from "storefront-core/cart";
import { selectCart, useAppStore } from "../../app/store";
import { useCoreText } from "../../i18n/LocaleProvider";
import { Spinner } from "../../layouts/Spinner";
import { usePriceFormatter } from "../../ui/Price";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useBranch } from "../../shop/catalogue";
import { EmptyState, LoadError } from "../../ui/States";
import { CartItemRow } from "./CartItemRow";
import { CartTotals, totalsOf } from "../../shop/CartTotals";
import { CouponForm } from "./CouponForm";
import { useCart } from "../../shop/useCart";
import { changeQuantity } from "../../shop/cartFlow";
import styles from "./Cart.module.css";
import { Button, buttonClass } from "../../ui/Button";

/**
 * /cart (spec 2, 3, 4): the lines with their steppers, remove and favourite, the coupon,
 * the totals and the way to checkout. Loading, failure and the empty cart ('You don't
 * have any product') each have their own state. Below the shop's minimum order (the
 * branch's `minimum`, from `GET /branches/{id}`) the way to checkout is disabled and says
 * why, instead of the server refusing the order at the end. So it is when the cart's shop
 * does not deliver to the district the shopper chose since (the cart's `delivers`, read by
 * the core's `cartDelivery`): the page says so at once, in both languages, and offers to
 * empty the cart (after a confirm dialog, line by line as the remove buttons do).
 */
export default function CartPage() {
  const intl = useIntl();
  const text = useCoreText();
  const query = useCart();
  const cart = useAppStore(selectCart);
  const shop = useAppStore((s) => s.cartShop);
  const format = usePriceFormatter();
  const branchId = cart?.branch_id ?? null;
  const branch = useBranch(branchId);
  const titleId = useId();
  const summaryId = useId();
  const minimumId = useId();
  const deliveryId = useId();
  const [confirmEmpty, setConfirmEmpty] = useState(false);

  const heading = (
    <h1 id={titleId} className={styles.title}>
      <FormattedMessage id="cart.title" />
    </h1>
  );

  if (!cart && query.isError) {
    return (
      <section className={styles.page} aria-labelledby={titleId}>
        {heading}
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </section>
    );
  }
  // The store may hold a cart from an add before the first load: show it meanwhile,
  // but never an "empty" cart that has not been loaded yet.
  if (!cart || (cart.items.length === 0 && query.isPending)) {
    return (
      <section className={styles.page} aria-labelledby={titleId} aria-busy="true">
        {heading}
        <Spinner />
      </section>
    );
  }
  if (cart.items.length === 0) {
    return (
      <section className={styles.page} aria-labelledby={titleId}>
        {heading}
        <EmptyState
          hint={
            <Link href="/home" className={buttonClass("primary")}>
              {intl.formatMessage({ id: "cart.continueShopping" })}
            </Link>
          }
        >
          {text({ kind: "message", id: "cart_empty", params: {} })}
        </EmptyState>
      </section>
    );
  }

  const branchName = shop?.branchName ?? null;
  // The minimum is known once the cart's shop has been read (nothing is blocked before).
  const shopMinimum = unmetShopMinimum(cart, branch.data?.id === branchId ? (branch.data.minimum ?? null) : null);
  const delivery = cartDelivery(cart.items.length, shop?.delivers ?? null);
  const emptyCart = () => {
    setConfirmEmpty(false);
    for (const item of cart.items) changeQuantity(item, 0);
  };
  const blockedBy = [delivery.notice ? deliveryId : null, shopMinimum ? minimumId : null].filter(Boolean).join(" ");
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <div className={styles.head}>
        {heading}
        <p className={styles.muted} data-testid="cart-count">
          {intl.formatMessage({ id: "cart.itemCount" }, { count: cart.items_quantity })}
          {branchName ? <> · {intl.formatMessage({ id: "cart.shop" }, { shop: branchName })}</> : null}
        </p>
      </div>
      {delivery.notice ? (
        <div id={deliveryId} className={styles.deliveryNotice} role="status" data-testid="cart-not-delivering">
          <p className={styles.deliveryTitle}>{text({ kind: "message", ...delivery.notice })}</p>
          <p>{intl.formatMessage({ id: "cart.delivery.notice" }, { shop: branchName ?? "" })}</p>
          {delivery.offer_empty ? (
            <Button variant="danger" onClick={() => setConfirmEmpty(true)}>
              <FormattedMessage id="cart.delivery.empty" />
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        tone="primary"
        open={confirmEmpty}
        title={<FormattedMessage id="cart.delivery.confirmTitle" />}
        body={intl.formatMessage({ id: "cart.delivery.confirm" }, { count: cart.items_quantity })}
        confirmLabel={<FormattedMessage id="cart.delivery.empty" />}
        cancelLabel={<FormattedMessage id="catalogue.confirm.cancel" />}
        onConfirm={emptyCart}
        onCancel={() => setConfirmEmpty(false)}
      />
      <div className={styles.layout}>
        <ul className={styles.list} aria-label={intl.formatMessage({ id: "cart.items" })}>
          {cart.items.map((item) => (
            <CartItemRow
              key={item.key}
              item={item}
              pricing={cart.pricing}
            />
          ))}
        </ul>
        <aside className={styles.summary} aria-labelledby={summaryId}>
          <h2 id={summaryId} className={styles.summaryTitle}>
            <FormattedMessage id="cart.summary" />
          </h2>
          <CouponForm appliedCode={cart.coupon_code} minimum={unmetCouponMinimum(cart)} />
          <CartTotals totals={totalsOf(cart)} couponCode={cart.coupon_code} hasItems titleId={summaryId} />
          {shopMinimum ? (
            <p id={minimumId} className={styles.minimumWarning} data-testid="cart-minimum">
              {intl.formatMessage({ id: "cart.minimum.warning" }, { amount: format(shopMinimum) })}
            </p>
          ) : null}
          {blockedBy ? (
            <Button variant="primary" disabled aria-describedby={blockedBy}>
              <FormattedMessage id="cart.checkout" />
            </Button>
          ) : (
            <Link href="/checkout" className={buttonClass("primary")}>
              <FormattedMessage id="cart.checkout" />
            </Link>
          )}
          <Link href="/home" className={styles.secondaryLink}>
            <FormattedMessage id="cart.continueShopping" />
          </Link>
        </aside>
      </div>
    </section>
  );
}
