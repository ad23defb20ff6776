import { useMemo } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage } from "react-intl";
import { z } from "../../../ui/zod";
import { checkField, type Language } from "storefront-core";
import { api, unwrap } from "../../../api/client";
import { useAppStore } from "../../../platform/store";
import { reportSubmitError, toastServer } from "../errors";
import { TextField } from "../../../ui/Field";
import { firstIssue } from "../../../ui/form";
import { useAccountForm } from "../useAccountForm";
import styles from "../Account.module.css";
import { Button } from "../../../ui/Button";

export interface PasswordValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** The fields shown (the current password only when the account has one). */
const PASSWORD_FIELDS = ["current_password", "password", "password_confirmation"];

const EMPTY: PasswordValues = { current_password: "", password: "", password_confirmation: "" };

/** The password form's schema: the core's password rules; the current password only when the account has one. */
export function passwordSchema(language: Language, hasPassword: boolean) {
  return z
    .object({ current_password: z.string(), password: z.string(), password_confirmation: z.string() })
    .superRefine((v, ctx) => {
      if (hasPassword) firstIssue(ctx, "current_password", language, checkField(v.current_password, { rule: "field_required" }));
      firstIssue(ctx, "password", language, checkField(v.password, { rule: "field_required" }), checkField(v.password, { rule: "password" }));
      firstIssue(
        ctx,
        "password_confirmation",
        language,
        checkField(v.password_confirmation, { rule: "field_required" }),
        checkField(v.password_confirmation, { rule: "passwords_match", password: v.password }),
      );
    });
}

/**
 * The password change (spec 5): 'Use 8 or more characters with a mix of letters,
 * numbers & symbols', the new password entered twice ('Passwords must match'); the
 * current one when a password is set already.
 */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const queryClient = useQueryClient();
  const language = useAppStore((s) => s.language);
  const schema = useMemo(() => passwordSchema(language, hasPassword), [language, hasPassword]);
  const { formRef, field, error, submit, setServerErrors, reset } = useAccountForm<PasswordValues>({ schema, defaultValues: EMPTY });
  const save = useMutation({
    mutationFn: async (v: PasswordValues) =>
      unwrap(
        api.PATCH("/user/update-password", {
          body: { current_password: hasPassword ? v.current_password : null, password: v.password, password_confirmation: v.password_confirmation },
        }),
      ),
    onSuccess: (body) => {
      toastServer(body.message);
      reset(EMPTY);
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
    },
    onError: (failure) => {
      reportSubmitError(failure, { setServerErrors }, hasPassword ? PASSWORD_FIELDS : PASSWORD_FIELDS.slice(1));
    },
  });

  return (
    <form
      className={`${styles.card} ${styles.form}`}
      ref={formRef}
      noValidate
      onSubmit={submit((v) => save.mutate(v))}
      aria-labelledby="password-title"
      data-testid="password-form"
    >
      <h2 id="password-title" className={styles.sectionTitle}>
        <FormattedMessage id={hasPassword ? "account.password.change" : "account.password.set"} />
      </h2>
      <div className={styles.formGrid}>
        {hasPassword ? (
          <TextField
            className={styles.full}
            label={<FormattedMessage id="account.password.current" />}
            type="password"
            autoComplete="current-password"
            error={error("current_password")}
            {...field("current_password")}
          />
        ) : null}
        <TextField
          label={<FormattedMessage id="account.password.new" />}
          type="password"
          autoComplete="new-password"
          hint={<FormattedMessage id="account.password.hint" />}
          error={error("password")}
          {...field("password", { deps: ["password_confirmation"] })}
        />
        <TextField
          label={<FormattedMessage id="account.password.confirm" />}
          type="password"
          autoComplete="new-password"
          error={error("password_confirmation")}
          {...field("password_confirmation")}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" busy={save.isPending} data-testid="password-save">
          <FormattedMessage id={save.isPending ? "account.saving" : "account.password.save"} />
        </Button>
      </div>
    </form>
  );
}
