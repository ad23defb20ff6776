import { useImperativeHandle, useRef, type Ref } from "react";
import { useIntl } from "react-intl";
import { otpEdit, type OtpEdit, type OtpEntry } from "storefront-core";
import styles from "./OtpBoxes.module.css";

/** Four empty boxes: no code yet. */
export const EMPTY_OTP: OtpEntry = { boxes: [null, null, null, null], focus: 0, code: null, complete: false };

export interface OtpBoxesHandle {
  focus(index?: number): void;
}

interface OtpBoxesProps {
  /** The boxes, and the code they make (`code`, `complete`), as the core's last edit left them. */
  value: OtpEntry;
  onChange(entry: OtpEntry): void;
  /** Names the group (the element holding the label text). */
  labelledBy: string;
  /** While a code is checked: the boxes keep their focus but take no input. */
  disabled?: boolean;
  ref?: Ref<OtpBoxesHandle>;
  /** The first box takes the focus when the dialog opens. */
  autoFocus?: boolean;
  /** The id of the message refusing the code (a 422 on `code`): each box is invalid and described by it. */
  errorId?: string;
}

/**
 * The code boxes (spec 4, 5): one digit each, typing moves on, backspace moves back, a
 * pasted (or autofilled) 4-digit code fills all four. What each key does, and the code
 * the boxes make, is the core's (otpEdit); this component only wires keys and focus.
 */
export function OtpBoxes({ value: entry, onChange, labelledBy, disabled = false, ref, autoFocus = false, errorId }: OtpBoxesProps) {
  const intl = useIntl();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  const focus = (index: number) => {
    const input = inputs.current[index];
    if (!input) return;
    input.focus();
    input.select();
  };
  useImperativeHandle(ref, () => ({ focus: (index = 0) => focus(index) }), []);

  const boxes = entry.boxes;
  const show = (next: OtpEntry) => {
    onChange(next);
    focus(next.focus);
  };
  const apply = (edit: OtpEdit) => show(otpEdit(boxes, edit));

  /** The text now in box `index`, after the browser applied an edit or an autofill. */
  const edited = (index: number, text: string) => {
    const before = boxes[index] ?? "";
    if (text === "") {
      apply({ edit: "backspace", index });
      return;
    }
    if (text.length > 2 || (text.length === 2 && before === "")) {
      // More than one new character: a paste the paste event did not catch, or autofill.
      const pasted = otpEdit(boxes, { edit: "paste", index, text });
      if (pasted.boxes.some((box, i) => box !== boxes[i])) {
        show(pasted);
        return;
      }
    }
    // One character typed next to the old one (or replacing it): the new one counts.
    const typed = text.length === 2 && before !== "" ? (text.startsWith(before) ? text.slice(1) : text.slice(0, 1)) : text.slice(-1);
    apply({ edit: "type", index, typed });
  };

  return (
    <div role="group" aria-labelledby={labelledBy} className={styles.boxes} dir="ltr">
      {boxes.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          className={styles.box}
          value={digit ?? ""}
          readOnly={disabled}
          aria-disabled={disabled || undefined}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          aria-label={intl.formatMessage({ id: "auth.verify.digit" }, { index: index + 1, total: boxes.length })}
          data-autofocus={autoFocus && index === 0 ? "" : undefined}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => {
            if (!disabled) edited(index, event.currentTarget.value);
          }}
          onPaste={(event) => {
            event.preventDefault();
            if (disabled) return;
            apply({ edit: "paste", index, text: event.clipboardData.getData("text") });
          }}
          onKeyDown={(event) => {
            if (disabled && event.key === "Backspace") {
              event.preventDefault();
            } else if (event.key === "Backspace" && (boxes[index] ?? null) === null) {
              // An empty box: backspace goes back to the previous one.
              event.preventDefault();
              apply({ edit: "backspace", index });
            } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
              event.preventDefault();
              const step = event.key === "ArrowRight" ? 1 : -1;
              focus(Math.min(boxes.length - 1, Math.max(0, index + step)));
            }
          }}
        />
      ))}
    </div>
  );
}
