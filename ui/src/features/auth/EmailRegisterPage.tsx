import { useId, useMemo, useRef, type RefObject } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { checkForm, signedInEffects } from "storefront-core";
import { z } from "../../ui/zod";
import { ApiError, api, errorText, unwrap } from "../../api/client";
import { renderMessage, useCoreText } from "../../i18n/coreText";
import { runEffects } from "../../platform/effects";
import { queryClient } from "../../platform/queryClient";
import { useAppStore } from "../../platform/store";
import { TextField } from "../../ui/Field";
import { OtpBoxes, type OtpBoxesHandle } from "../../ui/OtpBoxes";
import { ResendRow } from "../../ui/ResendRow";
import { Button } from "../../ui/Button";
import { forceDefaultLocation, takeReturnTo } from "./calls";
import { EmailStep, useEmailCode } from "./EmailCodeStep";
import { newPasswordIssues } from "./rules";
import styles from "../../ui/Form.module.css";
import fieldStyles from "../../ui/Field.module.css";

interface RegisterValues {
  name: string;
  password: string;
  password_confirmation: string;
  referral_code: string;
  acceptTerms: boolean;
}

const INITIAL: RegisterValues = { name: "", password: "", password_confirmation: "", referral_code: "", acceptTerms: false };

/** The fields whose 422 messages show beside them (the code's at the code boxes). */
const FIELDS: readonly string[] = ["name", "password", "password_confirmation", "referral_code", "acceptTerms"];

/**
 * /auth/email-register (issue 36 item 5), for shoppers without a phone at hand. Step 1:
 * the e-mail address, a code sent to it (`POST /user/email/register-code`, the resend
 * rule of the code sign-in). Step 2: the code, the name, a password twice (the reset
 * page's rules), an optional referral code and the terms (the phone sign-up's rules:
 * the core's `sign_up` form) → `POST /user/register`, then signed in as the phone
 * registration is: the server's message, the token stored and the post-login page.
 * A refusal stays in the form: a 422's message at its field (the code's at the boxes),
 * anything else as the form's alert. The account has no phone yet: the page says it
 * will be asked for before the first order.
 */
export default function EmailRegisterPage() {
  const intl = useIntl();
  const boxes = useRef<OtpBoxesHandle>(null);
  const code = useEmailCode((to) => unwrap(api.POST("/user/email/register-code", { body: { email: to } })), boxes);
  const { sentTo } = code;
  return (
    <section className={styles.page} aria-labelledby="email-register-title">
      <h1 id="email-register-title" className={styles.pageTitle}>
        <FormattedMessage id="auth.register.title" />
      </h1>
      <p className={styles.intro} data-testid="phone-later">
        <FormattedMessage id="auth.register.phoneLater" />
      </p>
      {sentTo === null ? (
        <EmailStep
          intro={<FormattedMessage id="auth.register.intro" />}
          busy={code.sending}
          onSend={(to) => void code.sendCode(to)}
          focus={code.changedFrom !== null}
          initial={code.changedFrom ?? ""}
        />
      ) : (
        <RegisterStep email={sentTo} code={code} boxes={boxes} />
      )}
      <nav className={styles.links} aria-label={intl.formatMessage({ id: "auth.register.title" })}>
        <Link href="/auth/email-login">
          <FormattedMessage id="auth.register.haveAccount" />
        </Link>
        <Link href="/">
          <FormattedMessage id="auth.back" />
        </Link>
      </nav>
    </section>
  );
}

interface RegisterStepProps {
  email: string;
  code: ReturnType<typeof useEmailCode>;
  boxes: RefObject<OtpBoxesHandle | null>;
}

function RegisterStep({ email, code, boxes }: RegisterStepProps) {
  const language = useAppStore((s) => s.language);
  const text = useCoreText();
  const ids = { code: useId(), terms: useId(), alert: useId() };
  const schema = useMemo(
    () =>
      z
        .object({
          name: z.string(),
          password: z.string(),
          password_confirmation: z.string(),
          referral_code: z.string(),
          acceptTerms: z.boolean(),
        })
        .superRefine((form, ctx) => {
          // The phone sign-up's rules for what the two registrations share (the address is
          // step 1's, checked there).
          const signUp = checkForm({
            form: "sign_up",
            values: { name: form.name, email, referral_code: form.referral_code, acceptTerms: form.acceptTerms },
          });
          for (const [field, message] of Object.entries(signUp)) {
            if (field !== "email") ctx.addIssue({ code: "custom", path: [field], message: renderMessage(message, language) });
          }
          newPasswordIssues(ctx, language, form);
        }),
    [email, language],
  );
  const { register, handleSubmit, formState, setError, clearErrors, setFocus } = useForm<RegisterValues>({
    resolver: zodResolver(schema),
    mode: "onChange",
    defaultValues: INITIAL,
  });
  const shown = (field: keyof RegisterValues) =>
    formState.touchedFields[field] || formState.dirtyFields[field] || formState.isSubmitted ? formState.errors[field]?.message : undefined;
  const codeError = formState.errors.root?.code?.message;
  const refusal = formState.errors.root?.server?.message;

  const create = useMutation({
    mutationFn: (values: RegisterValues) =>
      unwrap(
        api.POST("/user/register", {
          body: {
            name: values.name.trim(),
            email,
            code: code.otp.code ?? "",
            password: values.password,
            password_confirmation: values.password_confirmation,
            referral_code: values.referral_code.trim() || null,
            acceptTerms: values.acceptTerms,
          },
        }),
      ),
    onSuccess: (answer) => {
      if (answer.message) useAppStore.getState().pushToast("success", { kind: "server", text: answer.message });
      runEffects(signedInEffects(answer.data.token, forceDefaultLocation(), takeReturnTo()));
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fields : [];
      const codeRefusal = fields.find(({ field }) => field === "code");
      const atFields = fields.filter(({ field }) => FIELDS.includes(field));
      for (const { field, message } of atFields) setError(field as keyof RegisterValues, { type: "server", message });
      if (codeRefusal) {
        setError("root.code", { type: "server", message: codeRefusal.message });
        code.retype();
      } else if (atFields[0]) {
        setFocus(atFields[0].field as keyof RegisterValues);
      }
      // Anything else (the address already used, a 429, no answer) is the form's alert.
      const other = fields.find(({ field }) => field !== "code" && !FIELDS.includes(field));
      if (other) setError("root.server", { type: "server", message: other.message });
      else if (fields.length === 0) setError("root.server", { type: "server", message: text(errorText(error)) });
    },
  });

  const submit = handleSubmit((values) => {
    if (create.isPending || code.otp.code === null) return;
    clearErrors("root");
    create.mutate(values);
  });

  const termsError = shown("acceptTerms");
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-describedby={refusal ? ids.alert : undefined}>
      <div className={fieldStyles.field}>
        <p className={styles.intro} id={ids.code}>
          <FormattedMessage id="auth.email.code" /> — <bdi dir="ltr">{email}</bdi>
        </p>
        <OtpBoxes
          ref={boxes}
          value={code.otp}
          onChange={(entry) => {
            code.setOtp(entry);
            if (codeError) clearErrors("root.code");
          }}
          labelledBy={ids.code}
          disabled={create.isPending}
          errorId={codeError ? `${ids.code}-error` : undefined}
        />
        {codeError ? (
          <p id={`${ids.code}-error`} className={fieldStyles.error} role="alert" data-testid="code-error">
            {codeError}
          </p>
        ) : null}
      </div>
      <ResendRow
        resend={code.resend}
        busy={code.sending}
        onResend={() => void code.sendCode(email)}
        changeLabelId="auth.email.changeAddress"
        onChange={code.changeAddress}
      />
      <TextField label={<FormattedMessage id="auth.signUp.name" />} autoComplete="name" error={shown("name")} {...register("name")} />
      <TextField
        label={<FormattedMessage id="auth.password.label" />}
        type="password"
        autoComplete="new-password"
        hint={<FormattedMessage id="account.password.hint" />}
        error={shown("password")}
        {...register("password", { deps: ["password_confirmation"] })}
      />
      <TextField
        label={<FormattedMessage id="auth.reset.confirm" />}
        type="password"
        autoComplete="new-password"
        error={shown("password_confirmation")}
        {...register("password_confirmation")}
      />
      <TextField
        label={<FormattedMessage id="auth.signUp.referral" />}
        autoComplete="off"
        error={shown("referral_code")}
        {...register("referral_code")}
      />
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
        {termsError ? (
          <p id={`${ids.terms}-error`} className={fieldStyles.error} role="alert">
            {termsError}
          </p>
        ) : null}
      </div>
      {refusal ? (
        <p id={ids.alert} className={fieldStyles.error} role="alert" data-testid="register-error">
          {refusal}
        </p>
      ) : null}
      <Button type="submit" variant="primary" disabled={!formState.isValid || !code.otp.complete || create.isPending} busy={create.isPending}>
        <FormattedMessage id={create.isPending ? "auth.signUp.creating" : "auth.signUp.submit"} />
      </Button>
    </form>
  );
}
