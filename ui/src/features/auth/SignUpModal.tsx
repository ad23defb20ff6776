import { useId, useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormattedMessage } from "react-intl";
import { z } from "../../ui/zod";
import { checkForm, type SignUpForm } from "storefront-core";
import { renderMessage } from "../../i18n/coreText";
import { useAppStore } from "../../platform/store";
import { Dialog } from "../../ui/Dialog";
import { TextField } from "../../ui/Field";
import { dispatchLogin, usePhoneLogin } from "./flow";
import styles from "../../ui/Form.module.css";
import fieldStyles from "../../ui/Field.module.css";
import { Button } from "../../ui/Button";

const INITIAL: SignUpForm = { name: "", email: "", referral_code: "", acceptTerms: false };

/**
 * Sign up (spec 2, 4, 5): name ('Required'), e-mail ('Invalid email'), optional referral
 * code, accepted terms ('Required'); submit enabled only when valid and changed (the blank
 * initial form is never valid). The rules are the core's (`checkForm`'s `sign_up`).
 */
export function SignUpModal() {
  const registering = usePhoneLogin((s) => s.view.register.isLoading);
  const language = useAppStore((s) => s.language);
  const ids = { name: useId(), email: useId(), referral: useId(), terms: useId() };

  const schema = useMemo(
    () =>
      z
        .object({ name: z.string(), email: z.string(), referral_code: z.string(), acceptTerms: z.boolean() })
        .superRefine((form, ctx) => {
          for (const [field, message] of Object.entries(checkForm({ form: "sign_up", values: form }))) {
            ctx.addIssue({ code: "custom", path: [field], message: renderMessage(message, language) });
          }
        }),
    [language],
  );
  const { register, handleSubmit, control, formState } = useForm<SignUpForm>({
    resolver: zodResolver(schema),
    mode: "onChange",
    defaultValues: INITIAL,
  });
  const values: SignUpForm = { ...INITIAL, ...useWatch({ control }) };
  const canSubmit = Object.keys(checkForm({ form: "sign_up", values })).length === 0 && !registering;
  const error = (field: keyof SignUpForm): string | undefined =>
    formState.touchedFields[field] || formState.dirtyFields[field] || formState.isSubmitted
      ? formState.errors[field]?.message
      : undefined;

  const submit = handleSubmit((form) =>
    dispatchLogin({
      type: "submit_registration",
      name: form.name.trim(),
      email: form.email.trim(),
      referral_code: form.referral_code.trim(),
      accept_terms: form.acceptTerms,
    }),
  );

  const field = (name: "name" | "email" | "referral_code", id: string, label: string, type: string, autoComplete: string) => (
    <TextField
      id={id}
      label={<FormattedMessage id={label} />}
      type={type}
      autoComplete={autoComplete}
      error={error(name)}
      data-autofocus={name === "name" ? "" : undefined}
      {...register(name)}
    />
  );

  const termsError = error("acceptTerms");
  return (
    <Dialog title={<FormattedMessage id="auth.signUp.title" />} onClose={() => dispatchLogin({ type: "close" })} testId="sign-up-modal">
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <p className={styles.intro}>
          <FormattedMessage id="auth.signUp.intro" />
        </p>
        {field("name", ids.name, "auth.signUp.name", "text", "name")}
        {field("email", ids.email, "auth.signUp.email", "email", "email")}
        {field("referral_code", ids.referral, "auth.signUp.referral", "text", "off")}
        <div className={fieldStyles.field}>
          <label className={styles.check} htmlFor={ids.terms}>
            <input
              id={ids.terms}
              type="checkbox"
              aria-invalid={termsError ? true : undefined}
              aria-describedby={termsError ? `${ids.terms}-error` : undefined}
              {...register("acceptTerms")}
            />
            <span>
              <FormattedMessage id="auth.signUp.terms" />
            </span>
          </label>
          {termsError && (
            <p id={`${ids.terms}-error`} className={fieldStyles.error} role="alert">
              {termsError}
            </p>
          )}
        </div>
        <Button type="submit" variant="primary" disabled={!canSubmit} busy={registering}>
          <FormattedMessage id={registering ? "auth.signUp.creating" : "auth.signUp.submit"} />
        </Button>
      </form>
    </Dialog>
  );
}
