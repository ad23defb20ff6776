import { useRef, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import styles from "./Reviews.module.css";

const STAR_PATH = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";
const STARS = [1, 2, 3, 4, 5] as const;

interface StarInputProps {
  /** The form's value: "" (none chosen) or "1" … "5". */
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  name: string;
  /** The element naming the group (the form's "Your rating"). */
  labelledBy: string;
  /** The id of the shown error, when there is one. */
  errorId?: string;
}

/**
 * A rating of one to five stars as five real radio buttons in a radio group, each read
 * out as "n stars". The arrow keys move and choose, as a native group does: right and
 * down to more stars, left and up to fewer (mirrored on right-to-left pages, where more
 * stars are to the left), wrapping around; Home and End go to 1 and 5. The keys are
 * handled here rather than left to the browser so that the direction follows the
 * page's, whichever browser it is.
 */
export function StarInput({ value, onChange, onBlur, name, labelledBy, errorId }: StarInputProps) {
  const intl = useIntl();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const chosen = Number(value) || 0;

  const choose = (stars: number) => {
    onChange(String(stars));
    inputs.current[stars - 1]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, stars: number) => {
    const rtl = event.currentTarget.closest("[dir]")?.getAttribute("dir") === "rtl";
    const step: Record<string, number> = {
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
      ArrowDown: 1,
      ArrowUp: -1,
    };
    let next: number | null = null;
    if (event.key in step) next = ((stars - 1 + (step[event.key] ?? 0) + 5) % 5) + 1;
    else if (event.key === "Home") next = 1;
    else if (event.key === "End") next = 5;
    if (next === null) return;
    event.preventDefault();
    choose(next);
  };

  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={errorId}
      aria-invalid={errorId ? true : undefined}
      className={styles.starGroup}
      data-testid="star-input"
    >
      {STARS.map((stars) => (
        <label key={stars} className={styles.starOption}>
          <input
            ref={(element) => {
              inputs.current[stars - 1] = element;
            }}
            type="radio"
            className="visually-hidden"
            name={name}
            value={stars}
            checked={chosen === stars}
            // One stop in the tab order: the chosen star, or the first while none is; a
            // dialog opening on the form starts there (kit Dialog's `data-autofocus`).
            tabIndex={chosen === stars || (chosen === 0 && stars === 1) ? 0 : -1}
            data-autofocus={chosen === stars || (chosen === 0 && stars === 1) ? "" : undefined}
            aria-label={intl.formatMessage({ id: "reviews.form.star" }, { count: stars })}
            aria-invalid={errorId ? true : undefined}
            onChange={() => onChange(String(stars))}
            onKeyDown={(event) => onKeyDown(event, stars)}
            onBlur={onBlur}
          />
          <svg
            className={`${styles.starIcon} ${stars <= chosen ? styles.starOn : ""}`}
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
          >
            <path d={STAR_PATH} />
          </svg>
        </label>
      ))}
    </div>
  );
}
