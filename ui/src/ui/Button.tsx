import type { ComponentPropsWithRef } from "react";
import styles from "./Button.module.css";

/**
 * - "primary": the one action a screen or form leads to (submit, place order), filled brand.
 * - "secondary": an action beside it (back, apply, share), brand-outlined.
 * - "neutral": a quiet action (cancel, edit, load more), grey-outlined.
 * - "danger": destroys something (cancel an order, delete an address), red-outlined.
 * - "link": an action inside text (change, remove), underlined like a link.
 */
export type ButtonVariant = "primary" | "secondary" | "neutral" | "danger" | "link";

/**
 * The kit's button classes, for what must look like a button without being one (a router
 * `<Link>` that goes to the next step). A real action takes `<Button>`.
 */
export function buttonClass(variant: ButtonVariant): string {
  return `${styles.button} ${styles[variant]}`;
}

type ButtonProps = ComponentPropsWithRef<"button"> & {
  variant: ButtonVariant;
  /**
   * The action is running: the button says so (`aria-busy`), keeps its label and is
   * disabled until it ends, so a second click cannot send it twice.
   */
  busy?: boolean;
};

/**
 * A native `<button>` in the kit's look. `type` is "button" unless given (a submit says
 * so); every other button attribute and the `ref` go to the element, `className` is added
 * to the kit's (for placement, never for a look of its own).
 */
export function Button({ variant, busy = false, type = "button", disabled, className, ...button }: ButtonProps) {
  return (
    <button
      {...button}
      type={type}
      className={className ? `${buttonClass(variant)} ${className}` : buttonClass(variant)}
      disabled={disabled || busy}
      aria-busy={busy ? true : button["aria-busy"]}
    />
  );
}
