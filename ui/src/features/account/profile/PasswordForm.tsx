import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage } from "react-intl";
import { validateFieldRequired } from "storefront-core/cart";
import { validatePassword, validatePasswordsMatch } from "storefront-core";
import { api, unwrap } from "../../../api/client";
import { reportSubmitError, toastServer } from "../errors";
import { TextField } from "../../../ui/Field";
import { first, useCoreForm } from "../useCoreForm";
import styles from "../Account.module.css";

export interface PasswordValues extends Record<string, unknown> {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** The fields shown (the current password only when the account has one). */
const PASSWORD_FIELDS = ["current_password", "password", "password_confirmation"];

const EMPTY: PasswordValues = { current_password: "", password: "", password_confirmation: "" };

/** The core's password rules; the current password only when the account has one. */
export function passwordChecks(hasPassword: boolean) {
  return (v: PasswordValues) => ({
    current_password: hasPassword ? validateFieldRequired(v.current_password) : null,
    password: first(validateFieldRequired(v.password), validatePassword(v.password)),
    password_confirmation: first(validateFieldRequired(v.password_confirmation), validatePasswordsMatch(v.password, v.password_confirmation)),
  });
}

/**
 * The password change (spec 5): 'Use 8 or more characters with a mix of letters,
 * numbers & symbols', the new password entered twice ('Passwords must match'); the
 * current one when a password is set already.
 */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const queryClient = useQueryClient();
  const form = useCoreForm<PasswordValues>(EMPTY, passwordChecks(hasPassword));
  const { values, set } = form;
  const save = useMutation({
    mutationFn: async (v: PasswordValues) =>
      unwrap(
        api.PATCH("/user/update-password", {
          body: { current_password: hasPassword ? v.current_password : null, password: v.password, password_confirmation: v.password_confirmation },
        }),
      ),
    onSuccess: (body) => {
      toastServer(body.message);
      form.reset(EMPTY);
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
    },
    onError: (error) => {
      reportSubmitError(error, form, hasPassword ? PASSWORD_FIELDS : PASSWORD_FIELDS.slice(1));
    },
  });

  return (
    <form
      className={`${styles.card} ${styles.form}`}
      noValidate
      onSubmit={form.onSubmit((v) => save.mutate(v))}
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
            value={values.current_password}
            error={form.error("current_password")}
            onChange={(e) => set("current_password", e.currentTarget.value)}
            onBlur={(e) => form.touch("current_password", e)}
          />
        ) : null}
        <TextField
          label={<FormattedMessage id="account.password.new" />}
          type="password"
          autoComplete="new-password"
          hint={<FormattedMessage id="account.password.hint" />}
          value={values.password}
          error={form.error("password")}
          onChange={(e) => set("password", e.currentTarget.value)}
          onBlur={(e) => form.touch("password", e)}
        />
        <TextField
          label={<FormattedMessage id="account.password.confirm" />}
          type="password"
          autoComplete="new-password"
          value={values.password_confirmation}
          error={form.error("password_confirmation")}
          onChange={(e) => set("password_confirmation", e.currentTarget.value)}
          onBlur={(e) => form.touch("password_confirmation", e)}
        />
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={save.isPending} aria-busy={save.isPending} data-testid="password-save">
          <FormattedMessage id={save.isPending ? "account.saving" : "account.password.save"} />
        </button>
      </div>
    </form>
  );
}
