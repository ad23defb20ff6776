import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { normalizeDigits, quantityDecrement, quantityIncrement, quantitySet } from "storefront-core/cart";
import type { Message, QuantityCheck, QuantityLimits } from "storefront-core";
import { useCoreText } from "../i18n/coreText";
import { isSlot } from "./template";
import styles from "./Stepper.module.css";

interface QuantityStepperProps {
  value: number;
  /** Ids from this base instead of `useId` (a cart line: a page template's one line stands for each). */
  idBase?: string;
  limits: QuantityLimits;
  onChange(qty: number): void;
  disabled?: boolean;
}

/**
 * The quantity stepper: −, a typed quantity and +, each checked by the core's limits
 * (minimum, maximum, stock); a refused step keeps the quantity and says why ('Min
 * Quantity Reached', 'Max Quantity Reached', 'There is not enough stock available.',
 * 'This item is unavailable').
 */
export function QuantityStepper({ value, idBase, limits, onChange, disabled = false }: QuantityStepperProps) {
  const intl = useIntl();
  const text = useCoreText();
  const id = useId();
  const base = idBase ?? id;
  const inputId = `${base}-qty`;
  const messageId = `${base}-qty-message`;
  const labelId = `${base}-qty-label`;
  const [draft, setDraft] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Message | null>(null);

  function apply(check: QuantityCheck) {
    if (check.kind === "accepted") {
      setRefusal(null);
      onChange(check.qty);
    } else {
      setRefusal(check.message);
    }
  }

  function commitDraft() {
    if (draft === null) return;
    const digits = normalizeDigits(draft.trim());
    setDraft(null);
    if (!/^\d+$/.test(digits)) return;
    apply(quantitySet(Math.min(Number(digits), 4_294_967_295), limits));
  }

  return (
    <div className={styles.wrap}>
      <label id={labelId} htmlFor={inputId} className={styles.label}>
        {intl.formatMessage({ id: "catalogue.quantity" })}
      </label>
      <div className={styles.stepper} role="group" aria-labelledby={labelId}>
        <button
          type="button"
          className={styles.step}
          aria-label={intl.formatMessage({ id: "catalogue.quantity.decrease" })}
          aria-controls={inputId}
          disabled={disabled}
          onClick={() => apply(quantityDecrement(value, limits))}
        >
          −
        </button>
        <input
          id={inputId}
          className={styles.input}
          inputMode="numeric"
          autoComplete="off"
          aria-describedby={refusal ? messageId : undefined}
          disabled={disabled}
          value={draft ?? (isSlot(value) ? value : intl.formatNumber(value, { useGrouping: false }))}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commitDraft}
          onKeyDown={(event) => {
            if (event.key === "Enter") commitDraft();
          }}
        />
        <button
          type="button"
          className={styles.step}
          aria-label={intl.formatMessage({ id: "catalogue.quantity.increase" })}
          aria-controls={inputId}
          disabled={disabled}
          onClick={() => apply(quantityIncrement(value, limits))}
        >
          +
        </button>
      </div>
      <p id={messageId} className={styles.message} role="status" aria-live="polite" data-testid="quantity-message">
        {refusal ? text({ kind: "message", ...refusal }) : ""}
      </p>
    </div>
  );
}
