import { useId, useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { FormattedMessage } from "react-intl";
import { Link } from "wouter";
import { checkField, signedInEffects, type Text } from "storefront-core";
import { z } from "../../ui/zod";
import { ApiError, api, errorText, unwrap } from "../../api/client";
import { useCoreText } from "../../i18n/coreText";
import { runEffects } from "../../platform/effects";
import { queryClient } from "../../platform/queryClient";
import { useAppStore } from "../../platform/store";
import { TextField } from "../../ui/Field";
import { firstIssue } from "../../ui/form";
import { Button } from "../../ui/Button";
import { forceDefaultLocation, takeReturnTo } from "./calls";
import { emailIssues } from "./rules";
import styles from "../../ui/Form.module.css";
import fieldStyles from "../../ui/Field.module.css";

interface PasswordValues {
  email: string;
  password: string;
}

/** The fields whose 422 messages show beside them; any other refusal is the form's alert. */
const FIELDS: readonly (keyof PasswordValues)[] = ["email", "password"];

/**
 * E-mail + password sign-in (issue 36 item 5): `POST /user/login`. The e-mail follows the
 * code sign-in's rules (the core's), the password is required. Success is what the code
 * sign-in does: the server's message as the toast, the token stored and the post-login
 * page (the core's signedInEffects, with the page the guard sent the shopper from). A
 * refusal stays in the form, where the shopper is looking: a 422's message at its field
 * ('The e-mail address or password is incorrect.' at the password), anything else — a
 * 429's pause — as the form's alert.
 */
export function PasswordSignIn() {
  const language = useAppStore((s) => s.language);
  const text = useCoreText();
  const alertId = useId();
  const schema = useMemo(
    () =>
      z.object({ email: z.string(), password: z.string() }).superRefine((form, ctx) => {
        emailIssues(ctx, language, form.email);
        firstIssue(ctx, "password", language, checkField(form.password, { rule: "field_required" }));
      }),
    [language],
  );
  const { register, handleSubmit, formState, control, setError, setFocus, clearErrors } = useForm<PasswordValues>({
    resolver: zodResolver(schema),
    mode: "onChange",
    defaultValues: { email: "", password: "" },
  });
  const [email, password] = useWatch({ control, name: ["email", "password"] });
  // Shown once the field was changed or left (an emptied password is not "dirty" any more).
  const shown = (field: keyof PasswordValues) =>
    formState.dirtyFields[field] || formState.touchedFields[field] || formState.isSubmitted ? formState.errors[field]?.message : undefined;
  const refusal = formState.errors.root?.server?.message;

  const signIn = useMutation({
    mutationFn: (values: PasswordValues) =>
      unwrap(api.POST("/user/login", { body: { email: values.email.trim(), password: values.password } })),
    onSuccess: (answer) => {
      if (answer.message) useAppStore.getState().pushToast("success", { kind: "server", text: answer.message });
      runEffects(signedInEffects(answer.data.token, forceDefaultLocation(), takeReturnTo()));
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fields.filter(({ field }) => FIELDS.includes(field as keyof PasswordValues)) : [];
      for (const { field, message } of fields) setError(field as keyof PasswordValues, { type: "server", message });
      if (fields[0]) {
        setFocus(fields[0].field as keyof PasswordValues);
        return;
      }
      const failure: Text = errorText(error);
      setError("root.server", { type: "server", message: text(failure) });
    },
  });

  const submit = handleSubmit((values) => {
    if (signIn.isPending) return;
    clearErrors("root");
    signIn.mutate(values);
  });

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-describedby={refusal ? alertId : undefined} data-testid="password-sign-in">
      <TextField
        label={<FormattedMessage id="auth.email.address" />}
        type="email"
        autoComplete="email"
        dir="ltr"
        error={shown("email")}
        {...register("email")}
      />
      <TextField
        label={<FormattedMessage id="auth.password.label" />}
        type="password"
        autoComplete="current-password"
        error={shown("password")}
        hint={
          <Link href="/auth/forgot-password">
            <FormattedMessage id="auth.email.forgot" />
          </Link>
        }
        {...register("password")}
      />
      {refusal ? (
        <p id={alertId} className={fieldStyles.error} role="alert" data-testid="password-sign-in-error">
          {refusal}
        </p>
      ) : null}
      <Button
        type="submit"
        variant="primary"
        disabled={!formState.isValid || email.trim() === "" || password === "" || signIn.isPending}
        busy={signIn.isPending}
      >
        <FormattedMessage id={signIn.isPending ? "auth.busy" : "auth.email.verify"} />
      </Button>
    </form>
  );
}
