import { useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { cartTotals, normalizeDigits, unmetCouponMinimum } from "storefront-core/cart";
import { checkChoice, type Cart, type Message, type Text } from "storefront-core";
import { usePolicyLinks } from "../../chrome/Footer";
import { TermsAcceptance } from "../../shop/TermsAcceptance";
import { useAppStore } from "../../platform/store";
import { useProfile } from "../../api/queries";
import { VerifyPhoneBox } from "../../shop/phone/VerifyPhoneBox";
import { useCoreText } from "../../i18n/coreText";
import { usePriceFormatter } from "../../ui/Price";
import { CartTotals, totalsOf } from "../../shop/CartTotals";
import { addressSeparator } from "./AddressStep";
import type { Address } from "./queries";
import type { PaymentChoice } from "./checkoutFlow";
import styles from "./Checkout.module.css";
import { Button } from "../../ui/Button";

interface ReviewStepProps {
  cart: Cart;
  address: Address | null;
  payment: PaymentChoice;
  placing: boolean;
  onPlace(): void;
  onEdit(step: "address" | "payment"): void;
  /** A placement failure about the cart (stock, empty cart, the shop's minimum…). */
  failure: Text | null;
  /** The server refused the placement for want of a verified phone (422 on `mobile`). */
  phoneRefusal?: string | null;
}

/**
 * Step 3: what is ordered, where it goes, how it is paid and every total; the privacy
 * policy and the terms must be accepted (the core's rule) before the order is placed.
 */
export function ReviewStep({ cart, address, payment, placing, onPlace, onEdit, failure, phoneRefusal = null }: ReviewStepProps) {
  const intl = useIntl();
  const text = useCoreText();
  const format = usePriceFormatter();
  const policies = usePolicyLinks();
  const accepted = useAppStore((s) => s.termsAccepted);
  const totalsId = useId();
  const [termsError, setTermsError] = useState<Message | null>(null);
  // An account registered by e-mail has no phone yet (null); undefined while the profile
  // loads, when the server still refuses a placement without one (422 on `mobile`).
  const profile = useProfile().data;
  const mobile = profile ? (profile.user.mobile ?? null) : undefined;
  const [phoneVerified, setPhoneVerified] = useState(false);
  const [phoneAsked, setPhoneAsked] = useState(false);
  const needsPhone = !phoneVerified && (mobile === null || phoneRefusal !== null);
  const phoneBox = useRef<HTMLDivElement>(null);
  const last4 = payment.savedCard
    ? payment.savedCard.last4
    : payment.card
      ? normalizeDigits(payment.card.number).replace(/\D/g, "").slice(-4)
      : "";

  return (
    <div className={styles.stepBody}>
      <section className={styles.reviewBlock} aria-labelledby={`${totalsId}-items`}>
        <h3 id={`${totalsId}-items`} className={styles.blockTitle}>
          <FormattedMessage id="checkout.review.items" />
        </h3>
        <ul className={styles.reviewItems}>
          {cart.items.map((item) => (
            <li key={item.key} className={styles.reviewItem}>
              <span>{item.product?.name ?? `#${item.product_id}`}</span>
              <span className={styles.muted}>
                {intl.formatMessage({ id: "checkout.review.line" }, { qty: item.qty, price: format(item.price) })}
              </span>
              <span className={styles.amount}>{format(cartTotals([{ price: item.price, qty: item.qty }], cart.pricing, null).price)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.reviewBlock} aria-labelledby={`${totalsId}-address`}>
        <div className={styles.blockHead}>
          <h3 id={`${totalsId}-address`} className={styles.blockTitle}>
            <FormattedMessage id="checkout.review.address" />
          </h3>
          <Button variant="link" onClick={() => onEdit("address")}>
            <FormattedMessage id="checkout.change" />
          </Button>
        </div>
        {address ? (
          <p className={styles.summaryText} data-testid="review-address">
            <strong>{address.name}</strong> —{" "}
            {[address.address_details, address.district?.name]
              .map((part) => part?.trim())
              .filter(Boolean)
              .join(addressSeparator(intl.locale))}
          </p>
        ) : null}
      </section>

      <section className={styles.reviewBlock} aria-labelledby={`${totalsId}-payment`}>
        <div className={styles.blockHead}>
          <h3 id={`${totalsId}-payment`} className={styles.blockTitle}>
            <FormattedMessage id="checkout.review.payment" />
          </h3>
          <Button variant="link" onClick={() => onEdit("payment")}>
            <FormattedMessage id="checkout.change" />
          </Button>
        </div>
        <p className={styles.summaryText} data-testid="review-payment">
          {payment.method === "card" ? (
            <FormattedMessage id="checkout.review.cardEnding" values={{ last4: <bdi dir="ltr">{last4}</bdi> }} />
          ) : (
            <FormattedMessage id="checkout.payment.cash" />
          )}
          {payment.useWallet ? (
            <>
              {" · "}
              <FormattedMessage id="checkout.review.wallet" />
            </>
          ) : null}
        </p>
      </section>

      <section className={styles.reviewBlock} aria-labelledby={totalsId}>
        <h3 id={totalsId} className={styles.blockTitle}>
          <FormattedMessage id="checkout.review.totals" />
        </h3>
        <CartTotals
          totals={totalsOf(cart)}
          couponCode={cart.coupon_code}
          couponMinimum={unmetCouponMinimum(cart)}
          hasItems={cart.items.length > 0}
          titleId={totalsId}
        />
      </section>

      {needsPhone || phoneVerified ? (
        <div ref={phoneBox}>
          <VerifyPhoneBox
            level={3}
            refusal={phoneRefusal ?? (phoneAsked ? text({ kind: "message", id: "phone_required", params: {} }) : null)}
            onVerified={() => setPhoneVerified(true)}
            testId="checkout-phone"
          />
        </div>
      ) : null}

      <TermsAcceptance policies={policies} error={termsError} onAccepted={() => setTermsError(null)} />

      {failure ? (
        <div className={styles.stepError} role="alert" data-testid="review-error">
          <p>{text(failure)}</p>
          <Link href="/cart">
            <FormattedMessage id="checkout.reviewCart" />
          </Link>
        </div>
      ) : null}

      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => onEdit("payment")}>
          <FormattedMessage id="checkout.back" />
        </Button>
        <Button
          variant="primary"
          busy={placing}
          data-testid="place-order"
          onClick={() => {
            const message = checkChoice({ choice: "privacy_terms_accepted", accepted });
            setTermsError(message);
            // No order goes before the phone is verified: the box says so and takes the focus.
            if (needsPhone) {
              setPhoneAsked(true);
              const box = phoneBox.current;
              (box?.querySelector<HTMLElement>("input:not([type=hidden])") ?? box?.querySelector<HTMLElement>("h3"))?.focus();
              return;
            }
            if (!message && !placing) onPlace();
          }}
        >
          <FormattedMessage id={placing ? "checkout.placing" : "checkout.place"} />
        </Button>
      </div>
    </div>
  );
}
