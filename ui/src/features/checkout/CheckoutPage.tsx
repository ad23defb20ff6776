import { useCallback, useEffect, useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { unmetCouponMinimum } from "storefront-core/cart";
import type { CheckoutStep } from "storefront-core";
import { selectCart, useAppStore } from "../../platform/store";
import { useCoreText } from "../../i18n/coreText";
import { Spinner } from "../../layouts/Spinner";
import { EmptyState, LoadError } from "../../ui/States";
import { CartTotals, totalsOf } from "../../shop/CartTotals";
import { useCart } from "../../shop/useCart";
import { AddressStep } from "./AddressStep";
import { PaymentStep } from "./PaymentStep";
import { useAddresses, useSavedCards } from "./queries";
import { ReviewStep } from "./ReviewStep";
import { checkoutAttemptKey, pendingCheckoutAttemptKey } from "./idempotency";
import { paymentSummary, useCheckoutFlow, withoutSavedCvv, type PaymentChoice } from "./checkoutFlow";
import styles from "./Checkout.module.css";

/** The checkout steps, in order (spec 2: address, payment, order review). */
const CHECKOUT_STEPS: readonly CheckoutStep[] = ["address", "payment", "review"];

const STEP_LABEL: Record<CheckoutStep, string> = {
  address: "checkout.step.address",
  payment: "checkout.step.payment",
  review: "checkout.step.review",
};

/**
 * /checkout in three steps (spec 2): address → payment → order review, then the success
 * page. The core's checkout flow keeps where the customer is (`useCheckoutFlow`): the
 * step, the address and payment chosen, the placement under way, a refusal next to the
 * step it is about (the cart is kept), and the resume of an attempt a reload left open.
 * This screen renders its view, keeps the card's values typed at the payment step (they
 * go to the flow only with Place order), and moves the focus.
 */
export default function CheckoutPage() {
  const intl = useIntl();
  const text = useCoreText();
  const cartQuery = useCart();
  const cart = useAppStore(selectCart);
  // The steps wait for the addresses too: the address step growing after the page is
  // drawn would push the summary under it.
  const addresses = useAddresses();
  // Asked for with the addresses, so the payment step has them when the customer gets there.
  useSavedCards();
  const { view, dispatch } = useCheckoutFlow();
  const step = view.step;
  /** The payment step's choice with the card's values, which the flow never keeps. */
  const [choice, setChoice] = useState<PaymentChoice | null>(null);
  // A saved card that could not pay: the CVV typed for it is forgotten, while this render
  // draws the payment step again (React's adjust-state-while-rendering pattern).
  const [cardRefused, setCardRefused] = useState(false);
  if (view.saved_card_refused !== cardRefused) {
    setCardRefused(view.saved_card_refused);
    if (view.saved_card_refused) setChoice(withoutSavedCvv);
  }
  const titleId = useId();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<CheckoutStep>(step);
  const [openKey] = useState(pendingCheckoutAttemptKey);
  const cartEmpty = cartQuery.isSuccess && cart !== null && cart.items.length === 0;
  const resuming = openKey !== null && view.resume !== "over" && (cartQuery.isPending || cartEmpty);
  const chooseAddress = useCallback((id: number) => dispatch({ type: "address_chosen", address_id: id }), [dispatch]);

  // A reload during placement: the cart is empty now and an attempt is still open. The
  // flow asks the API whether that attempt placed an order; if it did, its success page
  // opens, else the attempt is over.
  useEffect(() => {
    if (openKey !== null && cartEmpty) dispatch({ type: "resume_asked", key: openKey });
  }, [openKey, cartEmpty, dispatch]);

  // Moving between steps puts the focus on the new step's heading.
  useEffect(() => {
    if (shownStep.current !== step) stepHeading.current?.focus();
    shownStep.current = step;
  }, [step]);

  function go(next: CheckoutStep) {
    dispatch({ type: "go_to", step: next });
  }

  const heading = (
    <h1 id={titleId} className={styles.title}>
      <FormattedMessage id="checkout.title" />
    </h1>
  );

  if (!cart && cartQuery.isError) {
    return (
      <section className={styles.page} aria-labelledby={titleId}>
        {heading}
        <LoadError error={cartQuery.error} onRetry={() => void cartQuery.refetch()} />
      </section>
    );
  }
  if (!cart || (cart.items.length === 0 && cartQuery.isPending) || resuming || (step === "address" && addresses.isPending)) {
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
            <Link href="/home">
              <FormattedMessage id="checkout.continueShopping" />
            </Link>
          }
        >
          {text({ kind: "message", id: "cart_empty", params: {} })}
        </EmptyState>
      </section>
    );
  }

  const index = view.index;
  const address = addresses.data?.find((a) => a.id === view.address_id) ?? null;

  function placeOrder() {
    // The attempt's key, taken at the click: every placement of this attempt (a double
    // click's second, which the flow ignores anyway, a retry) carries the same one.
    const saved = choice?.method === "card" ? choice.savedCard : null;
    dispatch({
      type: "place",
      key: checkoutAttemptKey(),
      card: choice?.method === "card" && !saved ? choice.card : null,
      cvv: saved ? saved.cvv : null,
    });
  }

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      {heading}
      <nav aria-label={intl.formatMessage({ id: "checkout.steps" })}>
        <ol className={styles.steps}>
          {CHECKOUT_STEPS.map((at, i) => {
            const done = i < index;
            const label = intl.formatMessage({ id: STEP_LABEL[at] });
            return (
              <li
                key={at}
                className={`${styles.stepItem} ${i === index ? styles.stepCurrent : ""} ${done ? styles.stepDone : ""}`}
                aria-current={i === index ? "step" : undefined}
              >
                <span className={styles.stepNumber} aria-hidden="true">
                  {intl.formatNumber(i + 1)}
                </span>
                {done ? (
                  <button type="button" className={styles.stepLink} onClick={() => go(at)}>
                    {label}
                  </button>
                ) : (
                  <span>{label}</span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>

      <div className={styles.layout}>
        <section className={styles.stepPanel} aria-labelledby={`${titleId}-step`}>
          <h2 id={`${titleId}-step`} ref={stepHeading} tabIndex={-1} className={styles.stepTitle}>
            <span className="visually-hidden">{intl.formatMessage({ id: "checkout.step.number" }, { number: index + 1 })}: </span>
            {intl.formatMessage({ id: step === "review" ? "checkout.review.title" : STEP_LABEL[step] })}
          </h2>
          {step === "address" ? (
            <AddressStep
              chosen={view.address_id}
              onChoose={chooseAddress}
              onDone={() => dispatch({ type: "address_done" })}
              failure={view.address_failure}
              areaRefused={view.area_refused}
            />
          ) : null}
          {step === "payment" ? (
            <PaymentStep
              initial={choice}
              onBack={() => go("address")}
              onDone={(chosen) => {
                setChoice(chosen);
                dispatch({ type: "payment_done", payment: paymentSummary(chosen) });
              }}
              failure={view.payment_failure}
            />
          ) : null}
          {step === "review" && view.payment && choice ? (
            <ReviewStep
              cart={cart}
              address={address}
              payment={choice}
              placing={view.placing}
              onPlace={placeOrder}
              onEdit={go}
              failure={view.review_failure}
              phoneRefusal={view.phone_refusal ? text(view.phone_refusal) : null}
            />
          ) : null}
        </section>
        {step !== "review" ? (
          <aside className={styles.aside} aria-labelledby={`${titleId}-summary`}>
            <h2 id={`${titleId}-summary`} className={styles.asideTitle}>
              <FormattedMessage id="cart.summary" />
            </h2>
            <p className={styles.muted}>{intl.formatMessage({ id: "cart.itemCount" }, { count: cart.items_quantity })}</p>
            <CartTotals
              totals={totalsOf(cart)}
              couponCode={cart.coupon_code}
              couponMinimum={unmetCouponMinimum(cart)}
              hasItems
              titleId={`${titleId}-summary`}
            />
          </aside>
        ) : null}
      </div>
    </section>
  );
}
