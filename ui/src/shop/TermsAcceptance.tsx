import { useId } from "react";
import { FormattedMessage } from "react-intl";
import { Link } from "wouter";
import type { Message } from "storefront-core";
import { useCoreText } from "../i18n/coreText";
import { useAppStore } from "../platform/store";
import { SlotEach, SlotIf } from "../ui/template";
import choiceStyles from "../ui/Choice.module.css";
import styles from "./TermsAcceptance.module.css";

interface TermsAcceptanceProps {
  /** The store's policy pages, linked beside the box (the footer's `policy_links`). */
  policies: { to: string; title: string }[];
  /** The core's refusal ('Please accept the privacy policy and the terms and conditions'), if shown. */
  error: Message | null;
  /** The box was ticked: the refusal can go. */
  onAccepted(): void;
}

/**
 * The privacy policy and terms acceptance (spec 5: required at the cart). In a page
 * template its links are the server's footer's, as the footer's are. Ticked once, it
 * is remembered for the visit (the store's `termsAccepted`): checkout shows it ticked and
 * does not ask again, until an order is placed.
 */
export function TermsAcceptance({ policies, error, onAccepted }: TermsAcceptanceProps) {
  const text = useCoreText();
  const accepted = useAppStore((s) => s.termsAccepted);
  const setAccepted = useAppStore((s) => s.setTermsAccepted);
  const id = useId();
  const errorId = useId();
  return (
    <div className={styles.terms} data-testid="terms">
      <label htmlFor={id} className={`${choiceStyles.choice} ${error ? choiceStyles.refused : ""}`}>
        <input
          id={id}
          type="checkbox"
          checked={accepted}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setAccepted(event.target.checked);
            if (event.target.checked) onAccepted();
          }}
        />
        <span>
          <FormattedMessage id="checkout.terms.label" />
        </span>
      </label>
      <SlotIf test="footer.policy_links" when={policies.length > 0}>
        <p className={styles.policies}>
          <FormattedMessage id="checkout.terms.read" />{" "}
          <span className={styles.links}>
            <SlotEach
              items={policies}
              list="footer.policy_links"
              as="link"
              fields={["title", "to"]}
              render={(link) => (
                <Link key={link.to} href={link.to} target="_blank" rel="noopener">
                  {link.title}
                </Link>
              )}
            />
          </span>
        </p>
      </SlotIf>
      {error ? (
        <p id={errorId} className={styles.error} role="alert" data-testid="terms-error">
          {text({ kind: "message", ...error })}
        </p>
      ) : null}
    </div>
  );
}
