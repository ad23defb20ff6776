import { useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { clampPriceRange, type PriceRange as Range } from "storefront-core";
import { usePriceFormatter } from "./Price";
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

  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(() => {
      setDirty(false);
      commit.current(draft.min === bounds.min ? null : draft.min, draft.max === bounds.max ? null : draft.max);
    }, settleMs);
    return () => clearTimeout(timer);
  }, [dirty, draft, bounds, settleMs]);

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
