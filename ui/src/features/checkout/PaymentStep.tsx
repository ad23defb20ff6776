import { useEffect, useId, useMemo, type ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormattedMessage, useIntl } from "react-intl";
import { z } from "../../ui/zod";
import { moneySign } from "storefront-core/cart";
import { checkField, preselectedCard, type CardChoice, type FieldRule, type Language, type Message, type Text } from "storefront-core";
import { renderMessage, useCoreText } from "../../i18n/coreText";
import { useAppStore } from "../../platform/store";
import { usePriceFormatter } from "../../ui/Price";
import { useSavedCards, type SavedCard } from "./queries";
import { useWallet } from "./queries";
import type { PaymentChoice } from "./checkoutFlow";
import choiceStyles from "../../ui/Choice.module.css";
import styles from "./Checkout.module.css";
import { Button } from "../../ui/Button";
import { CardSummary } from "../../ui/PaymentCard";

/** `card_choice` of a new card; a saved card's is its id. */
export const NEW_CARD = "new";

/** The payment form: method, wallet and (for a card) a saved card or a new one. */
export interface PaymentForm {
  method: "card" | "cash";
  useWallet: boolean;
  /** A saved card's id, or `NEW_CARD` ("" until the saved cards have loaded). */
  card_choice: string;
  /** The chosen saved card's CVV, typed for this payment. */
  saved_cvv: string;
  /** "Save this card for next time" (a new card). */
  save_card: boolean;
  number: string;
  name: string;
  exp_month: string;
  exp_year: string;
  cvv: string;
}

/** Whether the form pays with a new card (no saved card chosen). */
const newCard = (form: Pick<PaymentForm, "card_choice">) => form.card_choice === NEW_CARD || form.card_choice === "";

type CardField = "number" | "name" | "exp_month" | "exp_year" | "cvv";

const REQUIRED: FieldRule = { rule: "field_required" };

/** The core's rules for each card field, first failure first (spec 5, 9). */
function cardChecks(form: PaymentForm): Record<CardField, (Message | null)[]> {
  return {
    number: [checkField(form.number, REQUIRED), checkField(form.number, { rule: "card_number" })],
    name: [checkField(form.name, REQUIRED)],
    exp_month: [checkField(form.exp_month, REQUIRED)],
    exp_year: [checkField(form.exp_year, REQUIRED), checkField(form.exp_year, { rule: "expiry_year" })],
    cvv: [checkField(form.cvv, REQUIRED), checkField(form.cvv, { rule: "cvv" })],
  };
}

/** The zod schema carrying the core's card rules (checked only when paying by card). */
export function paymentSchema(language: Language) {
  return z
    .object({
      method: z.enum(["card", "cash"]),
      useWallet: z.boolean(),
      card_choice: z.string(),
      saved_cvv: z.string(),
      save_card: z.boolean(),
      number: z.string(),
      name: z.string(),
      exp_month: z.string(),
      exp_year: z.string(),
      cvv: z.string(),
    })
    .superRefine((form, ctx) => {
      if (form.method !== "card") return;
      if (!newCard(form)) {
        // A saved card asks only for its CVV (3 digits, the core's rule).
        const failed = [checkField(form.saved_cvv, REQUIRED), checkField(form.saved_cvv, { rule: "cvv" })].find(
          (message): message is Message => message !== null,
        );
        if (failed) ctx.addIssue({ code: "custom", path: ["saved_cvv"], message: renderMessage(failed, language) });
        return;
      }
      for (const [field, checks] of Object.entries(cardChecks(form))) {
        const failed = checks.find((message): message is Message => message !== null);
        if (failed) ctx.addIssue({ code: "custom", path: [field], message: renderMessage(failed, language) });
      }
    });
}

/** What the form chose; `saved` are the customer's saved cards (a saved choice names one). */
export function paymentChoice(form: PaymentForm, saved: readonly SavedCard[] = []): PaymentChoice {
  const card = form.method === "card" ? saved.find((c) => String(c.id) === form.card_choice) : undefined;
  if (card) {
    return { method: "card", useWallet: form.useWallet, card: null, saveCard: false, savedCard: { id: card.id, last4: card.last4, cvv: form.saved_cvv } };
  }
  return {
    method: form.method,
    useWallet: form.useWallet,
    card:
      form.method === "card"
        ? { number: form.number, name: form.name, exp_month: form.exp_month, exp_year: form.exp_year, cvv: form.cvv }
        : null,
    saveCard: form.method === "card" && form.save_card,
    savedCard: null,
  };
}

const EMPTY: PaymentForm = {
  method: "card",
  useWallet: false,
  card_choice: "",
  saved_cvv: "",
  save_card: false,
  number: "",
  name: "",
  exp_month: "",
  exp_year: "",
  cvv: "",
};

/** The form's values for an earlier choice (coming back from the review, or after a refusal). */
function formOf(initial: PaymentChoice | null): PaymentForm {
  if (!initial) return EMPTY;
  return {
    ...EMPTY,
    method: initial.method,
    useWallet: initial.useWallet,
    ...(initial.card ?? {}),
    save_card: initial.saveCard,
    card_choice: initial.savedCard ? String(initial.savedCard.id) : initial.card ? NEW_CARD : "",
    saved_cvv: initial.savedCard?.cvv ?? "",
  };
}

/** The form's `card_choice` as the core's choice ("": none yet), and back. */
function cardChoiceOf(value: string): CardChoice | null {
  if (value === "") return null;
  return value === NEW_CARD ? { card: "new" } : { card: "saved", id: Number(value) };
}

/**
 * The card checkout offers first (the core's `preselectedCard`): the earlier choice while
 * that card can still pay, else the default card unless it has expired, else a new card.
 */
function preselected(cards: readonly SavedCard[], earlier: string): string {
  const facts = cards.map((c) => ({ id: c.id, expired: c.expired, is_default: c.is_default }));
  const choice = preselectedCard(facts, cardChoiceOf(earlier));
  return choice.card === "new" ? NEW_CARD : String(choice.id);
}

interface PaymentStepProps {
  initial: PaymentChoice | null;
  onDone(choice: PaymentChoice): void;
  onBack(): void;
  /** A placement failure about the payment ('Balance Not Sufficient', a declined card…). */
  failure: Text | null;
}

/**
 * Step 2: card or cash, optionally the wallet balance first. The card form is
 * react-hook-form with zod carrying the core's validators: 16-digit number, 3-digit CVV,
 * 2-digit year.
 */
export function PaymentStep({ initial, onDone, onBack, failure }: PaymentStepProps) {
  const intl = useIntl();
  const text = useCoreText();
  const format = usePriceFormatter();
  const language = useAppStore((s) => s.language);
  const wallet = useWallet();
  const savedCards = useSavedCards();
  const failureId = useId();
  const ids = {
    number: useId(),
    name: useId(),
    exp_month: useId(),
    exp_year: useId(),
    cvv: useId(),
    saved_cvv: useId(),
    save_card: useId(),
    savedCards: useId(),
    wallet: useId(),
    walletNote: useId(),
  };
  const schema = useMemo(() => paymentSchema(language), [language]);
  const { register, handleSubmit, control, formState, setValue, getValues } = useForm<PaymentForm>({
    resolver: zodResolver(schema),
    defaultValues: formOf(initial),
  });
  const method = useWatch({ control, name: "method" });
  const cardChoice = useWatch({ control, name: "card_choice" });
  // A failed load leaves the new card's form: the customer can still pay.
  const cards = savedCards.data ?? [];
  const cardsSettled = !savedCards.isPending || savedCards.fetchStatus === "idle";
  useEffect(() => {
    if (!cardsSettled) return;
    const choice = preselected(savedCards.data ?? [], getValues("card_choice"));
    if (choice !== getValues("card_choice")) setValue("card_choice", choice);
  }, [cardsSettled, savedCards.data, getValues, setValue]);
  const chosenSaved = cards.find((c) => String(c.id) === cardChoice) ?? null;
  const balance = wallet.data?.balance ?? "0.00";
  // Nothing to pay with (or no balance could be read): the option shows but cannot be
  // chosen, and says why — choosing it would only end in 'Balance Not Sufficient'.
  const walletEmpty = !wallet.isPending && moneySign(balance) !== "positive";
  useEffect(() => {
    if (walletEmpty) setValue("useWallet", false);
  }, [walletEmpty, setValue]);

  const field = (name: CardField | "saved_cvv", label: string | ReactNode, props: Record<string, unknown>) => {
    const message = formState.errors[name]?.message;
    const id = ids[name];
    return (
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {typeof label === "string" ? <FormattedMessage id={label} /> : label}
        </label>
        <input
          id={id}
          className={styles.input}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          {...props}
          {...register(name)}
        />
        {message ? (
          <p id={`${id}-error`} className={styles.fieldError} role="alert">
            {message}
          </p>
        ) : null}
      </div>
    );
  };

  const monthError = formState.errors.exp_month?.message;
  const months = Array.from({ length: 12 }, (_, i) => i + 1);
  // An empty wallet is never asked to pay, whatever was chosen before it emptied.
  const submit = handleSubmit((form) => onDone(paymentChoice({ ...form, useWallet: form.useWallet && !walletEmpty }, cards)));

  return (
    <form className={styles.stepBody} noValidate onSubmit={submit}>
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>
          <FormattedMessage id="checkout.payment.title" />
        </legend>
        <label className={choiceStyles.choice}>
          <input type="radio" value="card" {...register("method")} />
          <span className={styles.choiceTitle}>
            <FormattedMessage id="checkout.payment.card" />
          </span>
        </label>
        <label className={choiceStyles.choice}>
          <input type="radio" value="cash" {...register("method")} />
          <span className={styles.choiceTitle}>
            <FormattedMessage id="checkout.payment.cash" />
          </span>
        </label>
      </fieldset>

      {method === "card" && !cardsSettled ? (
        <p className={styles.muted} role="status" data-testid="saved-cards-loading">
          <FormattedMessage id="checkout.savedCards.loading" />
        </p>
      ) : null}
      {method === "card" && cardsSettled && savedCards.isError ? (
        <p className={styles.muted} role="status" data-testid="saved-cards-failed">
          <FormattedMessage id="checkout.savedCards.loadFailed" />
        </p>
      ) : null}
      {method === "card" && cardsSettled && cards.length > 0 ? (
        <fieldset className={styles.choices} data-testid="saved-cards">
          <legend className={styles.legend}>
            <FormattedMessage id="checkout.savedCards.title" />
          </legend>
          {/* One radio group (the same name): arrow keys move between the cards that can
              pay; an expired card shows, with its badge, but cannot be chosen. */}
          {cards.map((card) => (
            <label
              key={card.id}
              className={`${choiceStyles.choice} ${card.expired ? choiceStyles.disabled : ""}`}
              data-testid="saved-card-option"
            >
              <input type="radio" value={String(card.id)} disabled={card.expired} {...register("card_choice")} />
              <CardSummary card={card} />
            </label>
          ))}
          <label className={choiceStyles.choice}>
            <input type="radio" value={NEW_CARD} {...register("card_choice")} />
            <span className={styles.choiceTitle}>
              <FormattedMessage id="checkout.savedCards.new" />
            </span>
          </label>
          {chosenSaved
            ? field(
                "saved_cvv",
                <FormattedMessage
                  id="checkout.savedCards.cvv"
                  values={{ last4: <bdi dir="ltr">{chosenSaved.last4}</bdi> }}
                />,
                { inputMode: "numeric", autoComplete: "cc-csc", dir: "ltr", maxLength: 3, className: `${styles.input} ${styles.cvvInput}` },
              )
            : null}
        </fieldset>
      ) : null}

      {method === "card" && cardsSettled && !chosenSaved ? (
        <fieldset className={styles.card}>
          <legend className={styles.legend}>
            <FormattedMessage id="checkout.card.title" />
          </legend>
          {field("number", "checkout.card.number", {
            inputMode: "numeric",
            autoComplete: "cc-number",
            dir: "ltr",
            maxLength: 23,
          })}
          {field("name", "checkout.card.name", { autoComplete: "cc-name" })}
          <div className={styles.fieldRow}>
            <div className={styles.field}>
              <label htmlFor={ids.exp_month} className={styles.label}>
                <FormattedMessage id="checkout.card.month" />
              </label>
              <select
                id={ids.exp_month}
                className={styles.input}
                autoComplete="cc-exp-month"
                aria-invalid={monthError ? true : undefined}
                aria-describedby={monthError ? `${ids.exp_month}-error` : undefined}
                {...register("exp_month")}
              >
                <option value="">—</option>
                {months.map((m) => (
                  <option key={m} value={String(m).padStart(2, "0")}>
                    {intl.formatNumber(m, { minimumIntegerDigits: 2, useGrouping: false })}
                  </option>
                ))}
              </select>
              {monthError ? (
                <p id={`${ids.exp_month}-error`} className={styles.fieldError} role="alert">
                  {monthError}
                </p>
              ) : null}
            </div>
            {field("exp_year", "checkout.card.year", { inputMode: "numeric", autoComplete: "cc-exp-year", dir: "ltr", maxLength: 2 })}
            {field("cvv", "checkout.card.cvv", { inputMode: "numeric", autoComplete: "cc-csc", dir: "ltr", maxLength: 3 })}
          </div>
          <label className={choiceStyles.choice} htmlFor={ids.save_card}>
            <input id={ids.save_card} type="checkbox" {...register("save_card")} />
            <span className={styles.choiceTitle}>
              <FormattedMessage id="checkout.card.save" />
            </span>
          </label>
          <p className={styles.muted}>
            <FormattedMessage id="checkout.card.hint" />
          </p>
        </fieldset>
      ) : null}

      <fieldset className={styles.choices}>
        <legend className={styles.legend}>
          <FormattedMessage id="checkout.wallet.title" />
        </legend>
        {wallet.isPending ? (
          <p className={styles.muted} role="status">
            <FormattedMessage id="checkout.wallet.loading" />
          </p>
        ) : (
          <label className={`${choiceStyles.choice} ${walletEmpty ? choiceStyles.disabled : ""}`} htmlFor={ids.wallet}>
            <input
              id={ids.wallet}
              type="checkbox"
              aria-describedby={ids.walletNote}
              {...register("useWallet")}
              disabled={walletEmpty}
            />
            <span className={styles.choiceText}>
              <span className={styles.choiceTitle} data-testid="wallet-option">
                {intl.formatMessage({ id: "checkout.wallet.use" }, { balance: format(balance, wallet.data?.currency) })}
              </span>
              <span id={ids.walletNote} className={styles.muted} data-testid="wallet-note">
                <FormattedMessage id={walletEmpty ? "checkout.wallet.empty" : "checkout.wallet.note"} />
              </span>
            </span>
          </label>
        )}
      </fieldset>

      {failure ? (
        <p id={failureId} className={styles.stepError} role="alert" data-testid="payment-error">
          {text(failure)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onBack}>
          <FormattedMessage id="checkout.back" />
        </Button>
        <Button type="submit" variant="primary">
          <FormattedMessage id="checkout.continue" />
        </Button>
      </div>
    </form>
  );
}
