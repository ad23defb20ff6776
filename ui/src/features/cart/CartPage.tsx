import { useEffect, useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import type { Cart } from "storefront-core";
import { useAppStore } from "../../app/store";
import { cartCore } from "../../core/lazy";
import { useCoreText } from "../../i18n/LocaleProvider";
import { Spinner } from "../../layouts/Spinner";
import { useBranch } from "../catalogue/queries";
import { EmptyState, LoadError } from "../catalogue/States";
import { CartItemRow, lineName, type RowLine } from "./CartItemRow";
import { CartTotals } from "./CartTotals";
import { ContinueShopping } from "./ContinueShopping";
import { useCart, useCartAnswer, type CartAnswer } from "./useCart";
import styles from "./Cart.module.css";

type Rules = typeof import("./CartRules");

let rulesLoaded: Rules | null = null;
let rulesLoading: Promise<Rules> | null = null;

/** The page's parts that run the cart rules, with the cart's part of the core (once; a failure is tried again). */
function loadRules(): Promise<Rules> {
  // Both at once: the chunk and the module it imports download side by side.
  rulesLoading ??= Promise.all([cartCore(), import("./CartRules")]).then(
    ([, rules]) => (rulesLoaded = rules),
    (error: unknown) => {
      rulesLoading = null;
      throw error;
    },
  );
  return rulesLoading;
}

/**
 * The cart rules' module once `wanted` (asked for after the page has rendered what it
 * can without it, so it never delays that); at once when it has loaded before.
 */
function useCartRules(wanted: boolean) {
  const [rules, setRules] = useState<Rules | null>(rulesLoaded);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || rules) return;
    let live = true;
    loadRules().then(
      (loaded) => live && setRules(loaded),
      (failure: unknown) => live && setError(failure),
    );
    return () => {
      live = false;
    };
  }, [wanted, rules, attempt]);
  const retry = () => {
    setError(null);
    setAttempt((n) => n + 1);
  };
  return { rules, error, retry };
}

/** What the page shows of a cart, from the core's cart or from the answer as sent. */
interface CartView {
  lines: RowLine[];
  itemsQuantity: number;
  branchId: number | null;
  branchName: string | null;
  couponCode: string | null;
}

function viewOfCart(cart: Cart, branchName: string | null): CartView {
  return {
    lines: cart.items.map((item) => ({
      key: item.key,
      product_id: item.product_id,
      qty: item.qty,
      favorite: item.favorite,
      name: lineName(item.product_id, item.product?.name),
      image: item.product?.image ?? null,
    })),
    itemsQuantity: cart.items_quantity,
    branchId: cart.branch_id ?? null,
    branchName,
    couponCode: cart.coupon_code ?? null,
  };
}

function viewOfAnswer(answer: CartAnswer): CartView {
  return {
    lines: answer.items.map((item) => ({
      key: item.key,
      product_id: item.product_id,
      qty: item.qty,
      favorite: item.favorite,
      name: lineName(item.product_id, item.product.name),
      image: item.product.image ?? null,
    })),
    itemsQuantity: answer.items_quantity,
    branchId: answer.branch_id ?? null,
    branchName: answer.branch_name ?? null,
    couponCode: answer.coupon_code ?? null,
  };
}

/**
 * /cart (spec 2, 3, 4): the lines with their steppers, remove and favourite, the coupon,
 * the totals and the way to checkout. Loading, failure and the empty cart ('You don't
 * have any product') each have their own state.
 *
 * The lines (photo, name, quantity) and the shop show as soon as `GET /get_card` answers,
 * read as sent; everything that runs the core's cart rules (money, quantity limits,
 * coupons, minimums, the delivery rule: `CartRules`) loads right after with the cart's
 * part of the core, in placeholders of its size. The cart the page then shows is the
 * core's (`store.cart`, which the header badge reads too).
 */
export default function CartPage() {
  const intl = useIntl();
  const text = useCoreText();
  const query = useCart();
  const answer = useCartAnswer();
  const cart = useAppStore((s) => s.cart);
  const titleId = useId();
  const summaryId = useId();
  const minimumId = useId();
  const deliveryId = useId();

  // The rules are asked for once there is something to show (see below), and are in at
  // once when an earlier page loaded them.
  const [wanted, setWanted] = useState(false);
  const { rules, error: rulesError, retry } = useCartRules(wanted);
  // The core's cart once this load has been through it. Before that, a cart the store
  // already holds (from an add) while the answer is not in or the rules are (they apply
  // the answer in a moment: the money never turns back into placeholders), but never an
  // "empty" one not loaded yet.
  const coreCart =
    cart && !(cart.items.length === 0 && query.isPending) && (query.isSuccess || answer === undefined || rules !== null) ? cart : null;
  // The answer as sent while the core reads it. A shop that does not deliver to the
  // chosen district may add a notice above the lines: that waits for the core, so the
  // lines never move down.
  const preview = !coreCart && answer && !query.isError && answer.delivers !== false ? answer : null;
  const branchName = query.data?.branchName ?? answer?.branch_name ?? null;
  const view = coreCart ? viewOfCart(coreCart, branchName) : preview ? viewOfAnswer(preview) : null;
  if (view !== null && !wanted) setWanted(true);
  const branch = useBranch(view?.branchId ?? null);
  const ready = rules && coreCart ? { rules, cart: coreCart } : null;

  const heading = (
    <h1 id={titleId} className={styles.title}>
      <FormattedMessage id="cart.title" />
    </h1>
  );

  const failure = !coreCart && query.isError ? query.error : view && rulesError ? rulesError : null;
  if (failure) {
    return (
      <section className={styles.page} aria-labelledby={titleId}>
        {heading}
        <LoadError
          error={failure}
          onRetry={() => {
            if (rulesError) retry();
            if (query.isError) void query.refetch();
          }}
        />
      </section>
    );
  }
  if (!view) {
    return (
      <section className={styles.page} aria-labelledby={titleId} aria-busy="true">
        {heading}
        <Spinner />
      </section>
    );
  }
  if (view.lines.length === 0) {
    return (
      <section className={styles.page} aria-labelledby={titleId}>
        {heading}
        <EmptyState
          hint={
            <Link href="/home" className={styles.primaryLink}>
              {intl.formatMessage({ id: "cart.continueShopping" })}
            </Link>
          }
        >
          {text({ kind: "message", id: "cart_empty", params: {} })}
        </EmptyState>
      </section>
    );
  }

  const delivers = query.data?.delivers ?? answer?.delivers ?? null;
  const minimum = branch.data && branch.data.id === view.branchId ? (branch.data.minimum ?? null) : null;
  const itemOf = (key: string) => ready?.cart.items.find((item) => item.key === key);
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <div className={styles.head}>
        {heading}
        <p className={styles.muted} data-testid="cart-count">
          {intl.formatMessage({ id: "cart.itemCount" }, { count: view.itemsQuantity })}
          {view.branchName ? <> · {intl.formatMessage({ id: "cart.shop" }, { shop: view.branchName })}</> : null}
        </p>
      </div>
      {ready ? <ready.rules.DeliveryNotice cart={ready.cart} branchName={view.branchName} delivers={delivers} id={deliveryId} /> : null}
      <div className={styles.layout}>
        <ul className={styles.list} aria-label={intl.formatMessage({ id: "cart.items" })}>
          {view.lines.map((line) => {
            const item = itemOf(line.key);
            return (
              <CartItemRow
                key={line.key}
                line={line}
                rules={
                  ready && item
                    ? {
                        unitPrice: <ready.rules.UnitPrice item={item} />,
                        stepper: <ready.rules.ItemStepper item={item} />,
                        lineTotal: <ready.rules.LineTotal item={item} pricing={ready.cart.pricing} />,
                        remove: <ready.rules.RemoveLine item={item} name={line.name} />,
                      }
                    : null
                }
              />
            );
          })}
        </ul>
        <aside className={styles.summary} aria-labelledby={summaryId} aria-busy={ready ? undefined : true}>
          <h2 id={summaryId} className={styles.summaryTitle}>
            <FormattedMessage id="cart.summary" />
          </h2>
          {ready ? (
            <ready.rules.CartSummary
              cart={ready.cart}
              minimum={minimum}
              delivers={delivers}
              summaryId={summaryId}
              deliveryId={deliveryId}
              minimumId={minimumId}
            />
          ) : (
            <SummaryPlaceholder answer={preview} cart={coreCart} summaryId={summaryId} />
          )}
        </aside>
      </div>
    </section>
  );
}

interface SummaryPlaceholderProps {
  answer: CartAnswer | null;
  cart: Cart | null;
  summaryId: string;
}

/**
 * The summary while the cart rules load: the coupon form, the totals' rows with a bar in
 * place of each amount and the checkout button, in the elements and classes of the real
 * ones (`CouponForm`, `CartTotals`, the checkout link), inert; screen readers hear that
 * the summary is loading. The whole summary below its title is replaced when the rules
 * are in: a note they add (a minimum not reached) then moves no element already shown.
 */
function SummaryPlaceholder({ answer, cart, summaryId }: SummaryPlaceholderProps) {
  const intl = useIntl();
  const source = cart ?? answer;
  if (!source) return null;
  const couponCode = source.coupon_code ?? null;
  return (
    <>
      <p className="visually-hidden" role="status">
        {intl.formatMessage({ id: "cart.summaryLoading" })}
      </p>
      <div className={styles.coupon} inert data-testid="pending-coupon">
        {couponCode ? (
          <p className={styles.couponApplied}>
            <span>{intl.formatMessage({ id: "cart.coupon.applied" }, { code: couponCode })}</span>
            <button type="button" className={styles.linkButton} tabIndex={-1}>
              {intl.formatMessage({ id: "cart.coupon.remove" })}
            </button>
          </p>
        ) : null}
        <div className={styles.couponForm}>
          <span className={styles.couponLabel}>{intl.formatMessage({ id: "cart.coupon.label" })}</span>
          <div className={styles.couponControls}>
            <input className={styles.couponInput} readOnly tabIndex={-1} aria-hidden="true" />
            <button type="button" className={styles.secondaryButton} tabIndex={-1}>
              {intl.formatMessage({ id: "cart.coupon.apply" })}
            </button>
          </div>
          <p className={styles.fieldError} />
        </div>
      </div>
      <div inert>
        <CartTotals
          totals={{
            price: source.price,
            coupon_discount: source.coupon_discount,
            tax: source.tax,
            delivery_price: source.delivery_price,
            total: source.total,
            cart_total: source.cart_total,
          }}
          couponCode={couponCode}
          hasItems
          titleId={summaryId}
          pending
        />
      </div>
      <span className={styles.checkout} inert>
        <FormattedMessage id="cart.checkout" />
      </span>
      <ContinueShopping />
    </>
  );
}
