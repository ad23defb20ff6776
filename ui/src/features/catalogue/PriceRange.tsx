import { useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { clampPriceRange } from "storefront-core/cart";
import type { PriceRange as Range } from "storefront-core";
import { usePriceFormatter } from "../../ui/Price";
import styles from "./Filters.module.css";

interface PriceRangeProps {
  /** The prices of the products the other filters leave (from the listing's meta). */
  bounds: Range;
  /** The chosen range, null ends meaning "no limit". */
  min: string | null;
  max: string | null;
  /** Called once the customer stops moving a thumb; ends at the bounds mean no limit. */
  onCommit(min: string | null, max: string | null): void;
  /** How long a thumb must rest before the range is applied. */
  settleMs?: number;
}

/**
 * The two-thumb price slider. Every move goes through the core's clamp: inside the
 * bounds, the minimum never above the maximum, two decimals.
 */
export function PriceRange({ bounds, min, max, onCommit, settleMs = 400 }: PriceRangeProps) {
  const intl = useIntl();
  const format = usePriceFormatter();
  const minId = useId();
  const maxId = useId();
  const [draft, setDraft] = useState<Range>(() => clampPriceRange({ min: min ?? bounds.min, max: max ?? bounds.max }, bounds));
  const [dirty, setDirty] = useState(false);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });

  // The slider stays mounted while the customer moves it (remounting it would drop the
  // keyboard focus after every step). The range from the props is taken over when it
  // changes from outside (Clear filters, back / forward, other bounds), but not while a
  // move is waiting to be committed: the customer's hands win (kept inside new bounds).
  const [seen, setSeen] = useState({ min, max, low: bounds.min, high: bounds.max });
  if (seen.min !== min || seen.max !== max || seen.low !== bounds.min || seen.high !== bounds.max) {
    setSeen({ min, max, low: bounds.min, high: bounds.max });
    if (!dirty) setDraft(clampPriceRange({ min: min ?? bounds.min, max: max ?? bounds.max }, bounds));
    else if (seen.low !== bounds.min || seen.high !== bounds.max) setDraft(clampPriceRange(draft, bounds));
  }

  const low = bounds.min;
  const high = bounds.max;
  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(() => {
      setDirty(false);
      commit.current(draft.min === low ? null : draft.min, draft.max === high ? null : draft.max);
    }, settleMs);
    return () => clearTimeout(timer);
  }, [dirty, draft, low, high, settleMs]);

  function move(end: "min" | "max", value: string) {
    const next = clampPriceRange({ ...draft, [end]: value }, bounds);
    setDraft(next);
    setDirty(true);
  }

  const step = "0.01";
  return (
    <div className={styles.range}>
      <p className={styles.rangeValue} aria-live="polite" data-testid="price-range-value">
        {intl.formatMessage(
          { id: "catalogue.filters.price.value" },
          { min: format(draft.min), max: format(draft.max) },
        )}
      </p>
      <label htmlFor={minId} className={styles.rangeLabel}>
        {intl.formatMessage({ id: "catalogue.filters.price.min" })}
      </label>
      <input
        id={minId}
        type="range"
        className={styles.slider}
        min={bounds.min}
        max={bounds.max}
        step={step}
        value={draft.min}
        aria-valuetext={format(draft.min)}
        onChange={(event) => move("min", event.target.value)}
      />
      <label htmlFor={maxId} className={styles.rangeLabel}>
        {intl.formatMessage({ id: "catalogue.filters.price.max" })}
      </label>
      <input
        id={maxId}
        type="range"
        className={styles.slider}
        min={bounds.min}
        max={bounds.max}
        step={step}
        value={draft.max}
        aria-valuetext={format(draft.max)}
        onChange={(event) => move("max", event.target.value)}
      />
    </div>
  );
}
