import { useId, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { checkField } from "storefront-core/cart";
import type { Money, Text } from "storefront-core";
import { useCoreText } from "../../i18n/coreText";
import { usePriceFormatter } from "../../ui/Price";
import { errorText } from "../../api/client";
import { applyCoupon } from "../../shop/cartFlow";
import styles from "./Cart.module.css";
import { Button } from "../../ui/Button";
import { SlotIf } from "../../ui/template";

/**
 * Coupon entry (`POST /add_coupon`). A refusal ('This coupon code is not valid.', 'This
 * coupon has expired.' …) is toasted like every cart failure and also stays next to the
 * field; an applied coupon shows its code with a button to remove it. An applied coupon
 * whose minimum the subtotal no longer reaches gives no discount; that is said with the
 * minimum (`minimum`, see `unmetCouponMinimum`).
 */
export function CouponForm({ appliedCode, minimum = null }: { appliedCode: string | null; minimum?: Money | null }) {
  const intl = useIntl();
  const format = usePriceFormatter();
  const text = useCoreText();
  const apply = useMutation({ mutationFn: applyCoupon });
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<Text | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const missing = checkField(code, { rule: "field_required" });
    if (missing) {
      setError({ kind: "message", ...missing });
      return;
    }
    setError(null);
    apply.mutate(code.trim(), {
      onSuccess: () => setCode(""),
      onError: (failure) => setError(errorText(failure)),
    });
  }

  return (
    <div className={styles.coupon}>
      <SlotIf test="cart.coupon_code" when={Boolean(appliedCode)}>
        <>
          <p className={styles.couponApplied} data-testid="coupon-applied">
            <span>{intl.formatMessage({ id: "cart.coupon.applied" }, { code: appliedCode })}</span>
            <Button
              variant="link"
              disabled={apply.isPending}
              onClick={() => {
                setError(null);
                apply.mutate("");
              }}
            >
              {intl.formatMessage({ id: "cart.coupon.remove" })}
            </Button>
          </p>
          <SlotIf test="cart.coupon_minimum" when={Boolean(minimum)}>
            <p className={styles.couponNote} data-testid="coupon-minimum">
              {intl.formatMessage({ id: "cart.coupon.belowMinimum" }, { amount: format(minimum ?? "0") })}
            </p>
          </SlotIf>
        </>
      </SlotIf>
      <form className={styles.couponForm} onSubmit={submit} noValidate>
        <label htmlFor={inputId} className={styles.couponLabel}>
          {intl.formatMessage({ id: "cart.coupon.label" })}
        </label>
        <div className={styles.couponControls}>
          <input
            id={inputId}
            className={styles.couponInput}
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              if (error) setError(null);
            }}
          />
          <Button type="submit" variant="secondary" busy={apply.isPending}>
            {intl.formatMessage({ id: apply.isPending ? "cart.coupon.applying" : "cart.coupon.apply" })}
          </Button>
        </div>
        <p id={errorId} className={styles.fieldError} data-testid="coupon-error">
          {error ? text(error) : ""}
        </p>
      </form>
    </div>
  );
}
