import { useEffect, useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "wouter";
import { unmetCouponMinimum } from "storefront-core/cart";
import { ApiError } from "../../api/client";
import { selectCart, useAppStore } from "../../platform/store";
import { useCoreText } from "../../i18n/coreText";
import { Spinner } from "../../layouts/Spinner";
import { EmptyState, LoadError } from "../../ui/States";
import { CartTotals, totalsOf } from "../../shop/CartTotals";
import { useCart } from "../../shop/useCart";
import { AddressStep } from "./AddressStep";
import { CHECKOUT_STEPS, placementFailure, type CheckoutStep, type StepFailure } from "./failures";
import { PaymentStep } from "./PaymentStep";
import { useAddresses, useSavedCards } from "./queries";
import { ReviewStep } from "./ReviewStep";
import { checkoutAttemptKey, finishCheckoutAttempt, pendingCheckoutAttemptKey } from "./idempotency";
import { RESUME_BODY, checkoutBody, usePlaceOrder, type PaymentChoice } from "./usePlaceOrder";
import styles from "./Checkout.module.css";

const STEP_LABEL: Record<CheckoutStep, string> = {
  address: "checkout.step.address",
  payment: "checkout.step.payment",
  review: "checkout.step.review",
};

/**
 * /checkout in three steps (spec 2): address → payment → order review, then the success
 * page. A failed placement returns to the step it is about, with the message next to it;
 * the cart is kept. Every placement of this attempt carries the same idempotency key.
 */
export default function CheckoutPage() {
  const intl = useIntl();
  const text = useCoreText();
  const language = useAppStore((s) => s.language);
  const serviceId = useAppStore((s) => s.client.selected_service);
  const cartQuery = useCart();
  const cart = useAppStore(selectCart);
  // The steps wait for the addresses too: the address step growing after the page is
  // drawn would push the summary under it.
  const addresses = useAddresses();
  // Asked for with the addresses, so the payment step has them when the customer gets there.
  useSavedCards();
  const place = usePlaceOrder();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<CheckoutStep>("address");
  const [addressId, setAddressId] = useState<number | null>(null);
  const [payment, setPayment] = useState<PaymentChoice | null>(null);
  const [failure, setFailure] = useState<StepFailure | null>(null);
  /** The server's 422 on `mobile` (no verified phone yet): shown at the phone box. */
  const [phoneRefusal, setPhoneRefusal] = useState<string | null>(null);
  const titleId = useId();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const placing = useRef(false);
  const [openKey] = useState(pendingCheckoutAttemptKey);
  const [resumeDone, setResumeDone] = useState(false);
  const resumeStarted = useRef(false);
  const cartEmpty = cartQuery.isSuccess && cart !== null && cart.items.length === 0;
  const resuming = openKey !== null && !resumeDone && (cartQuery.isPending || cartEmpty);

  // A reload during placement: the cart is empty now and an attempt is still open. Ask
  // the API whether that attempt placed an order (a body that can place nothing, the
  // same key); if it did, its success page opens, else the attempt is over.
  useEffect(() => {
    if (openKey === null || !cartEmpty || resumeStarted.current) return;
    resumeStarted.current = true;
    place.mutate(
      { body: RESUME_BODY, key: openKey },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.status !== null) finishCheckoutAttempt();
          setResumeDone(true);
        },
      },
    );
  }, [openKey, cartEmpty, place]);

  // Moving between steps puts the focus on the new step's heading.
  useEffect(() => {
    if (moved.current) stepHeading.current?.focus();
  }, [step]);

  function go(next: CheckoutStep) {
    moved.current = true;
    setStep(next);
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

  const index = CHECKOUT_STEPS.indexOf(step);
  const address = addresses.data?.find((a) => a.id === addressId) ?? null;
  const failureOf = (at: CheckoutStep) => (failure?.step === at ? failure.text : null);

  function placeOrder() {
    if (!payment) {
      go("payment");
      return;
    }
    // One placement at a time; a second click of a double click is ignored (and would
    // carry the same key anyway).
    if (placing.current) return;
    placing.current = true;
    // This page's own placement: no need to ask about an earlier attempt any more.
    resumeStarted.current = true;
    setFailure(null);
    setPhoneRefusal(null);
    place.mutate(
      { body: checkoutBody(serviceId, addressId, payment), key: checkoutAttemptKey() },
      {
        onError: (error) => {
          const found = placementFailure(error, language);
          if (found.phone) {
            // An account registered by e-mail verifies a phone before its first order
            // (the core's placementFailure): the review step's phone box shows why.
            setPhoneRefusal(text(found.text));
            go("review");
            return;
          }
          setFailure(found);
          if (found.savedCard) {
            // The saved card cannot pay any more (deleted in another tab, or expired):
            // its CVV is forgotten, and the cards are read afresh (shown loading, not
            // stale), so a deleted card leaves the list and the choice moves on.
            setPayment((chosen) => (chosen?.savedCard ? { ...chosen, savedCard: { ...chosen.savedCard, cvv: "" } } : chosen));
            void queryClient.resetQueries({ queryKey: ["cards"] });
          }
          if (found.step !== "review") go(found.step);
          // The server refused the cart (stock…): show what it holds now. When no answer
          // came, the cart stays as shown, so placing again replays the same key.
          if (found.step === "review" && error instanceof ApiError && error.status !== null) void cartQuery.refetch();
        },
        onSettled: () => {
          placing.current = false;
        },
      },
    );
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
              chosen={addressId}
              onChoose={setAddressId}
              onDone={() => {
                if (failure?.step === "address") setFailure(null);
                go("payment");
              }}
              failure={failureOf("address")}
              areaRefused={failure?.step === "address" && failure.area}
            />
          ) : null}
          {step === "payment" ? (
            <PaymentStep
              initial={payment}
              onBack={() => go("address")}
              onDone={(choice) => {
                setPayment(choice);
                if (failure?.step === "payment") setFailure(null);
                go("review");
              }}
              failure={failureOf("payment")}
            />
          ) : null}
          {step === "review" && payment ? (
            <ReviewStep
              cart={cart}
              address={address}
              payment={payment}
              placing={place.isPending}
              onPlace={placeOrder}
              onEdit={go}
              failure={failureOf("review")}
              phoneRefusal={phoneRefusal}
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
