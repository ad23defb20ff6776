import { useMemo } from "react";
import { checkField, type Language } from "storefront-core";
import { z, type RefinementCtx } from "../../ui/zod";
import { firstIssue } from "../../ui/form";
import { useAppStore } from "../../platform/store";

/** The e-mail field's rules: required, then the catalogue's e-mail format. */
export function emailIssues(ctx: RefinementCtx, language: Language, email: string, path = "email"): void {
  firstIssue(ctx, path, language, checkField(email, { rule: "field_required" }), checkField(email, { rule: "email_format" }));
}

/** A schema of the e-mail field alone (the code sign-in, forgot password). */
export function useEmailSchema() {
  const language = useAppStore((s) => s.language);
  return useMemo(() => z.object({ email: z.string() }).superRefine(({ email }, ctx) => emailIssues(ctx, language, email)), [language]);
}

/**
 * A new password entered twice, as the reset and the e-mail registration take it: the
 * core's password rule ('Use 8 or more characters with a mix of letters, numbers &
 * symbols') and 'Passwords must match'.
 */
export function newPasswordIssues(
  ctx: RefinementCtx,
  language: Language,
  form: { password: string; password_confirmation: string },
): void {
  firstIssue(ctx, "password", language, checkField(form.password, { rule: "field_required" }), checkField(form.password, { rule: "password" }));
  firstIssue(
    ctx,
    "password_confirmation",
    language,
    checkField(form.password_confirmation, { rule: "field_required" }),
    checkField(form.password_confirmation, { rule: "passwords_match", password: form.password }),
  );
}
