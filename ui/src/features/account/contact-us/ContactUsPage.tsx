import { useEffect, useMemo, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { FormattedMessage } from "react-intl";
import { z } from "../../../ui/zod";
import { checkField, checkPhone, type Language } from "storefront-core";
import { api, unwrap } from "../../../api/client";
import { useRemoteConfig } from "../../../api/queries";
import { useAppStore } from "../../../platform/store";
import { AccountLayout } from "../AccountLayout";
import { reportSubmitError, toastServer } from "../errors";
import { useFullProfile } from "../queries";
import { TextAreaField, TextField } from "../../../ui/Field";
import { firstIssue } from "../../../ui/form";
import { useAccountForm } from "../useAccountForm";
import { useAfterCommit } from "../afterCommit";
import styles from "../Account.module.css";
import { Button } from "../../../ui/Button";

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** The fields the form shows, where the server's 422 messages go. */
const CONTACT_FIELDS = ["name", "email", "phone", "message"];

/** The contact form's schema: its rules are all the core's (limits as the API documents them). */
export function contactSchema(language: Language, country: string) {
  return z
    .object({ name: z.string(), email: z.string(), phone: z.string(), message: z.string() })
    .superRefine((v, ctx) => {
      firstIssue(ctx, "name", language, checkField(v.name, { rule: "field_required" }), checkField(v.name.trim(), { rule: "max_length", max: 100 }));
      firstIssue(ctx, "email", language, checkField(v.email, { rule: "field_required" }), checkField(v.email.trim(), { rule: "email_format" }));
      if (v.phone.trim()) {
        const phone = checkPhone(v.phone, country);
        firstIssue(ctx, "phone", language, phone.result === "invalid" ? phone.error : null);
      }
      firstIssue(
        ctx,
        "message",
        language,
        checkField(v.message, { rule: "field_required" }),
        checkField(v.message.trim(), { rule: "min_length", min: 10 }),
        checkField(v.message.trim(), { rule: "max_length", max: 2000 }),
      );
    });
}

/**
 * /account/contact-us (spec 2): a message to the store — name, e-mail, optional phone,
 * message — checked with the core's rules, then `POST /contact-us`.
 */
export default function ContactUsPage() {
  const profile = useFullProfile().data?.user;
  const country = useRemoteConfig().data?.default_country_code ?? "";
  const language = useAppStore((s) => s.language);
  const schema = useMemo(() => contactSchema(language, country), [language, country]);
  const { formRef, field, error, submit, setServerErrors, control, reset, getValues, setValue } = useAccountForm<ContactValues>({ schema, defaultValues: { name: "", email: "", phone: "", message: "" } });
  const message = useWatch({ control: control, name: "message" });
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const afterCommit = useAfterCommit();

  // The signed-in customer's name and e-mail, once known, as a starting point.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !profile) return;
    prefilled.current = true;
    if (!getValues("name") && profile.name) setValue("name", profile.name);
    if (!getValues("email") && profile.email) setValue("email", profile.email);
  }, [profile, getValues, setValue]);

  const send = useMutation({
    mutationFn: async (v: ContactValues) =>
      unwrap(
        api.POST("/contact-us", {
          body: { name: v.name.trim(), email: v.email.trim(), phone: v.phone.trim() || null, message: v.message.trim() },
        }),
      ),
    onSuccess: (body) => {
      toastServer(body.message);
      setSent(true);
      reset({ ...getValues(), message: "" });
      afterCommit(() => sentRef.current?.focus());
    },
    onError: (failure) => {
      reportSubmitError(failure, { setServerErrors }, CONTACT_FIELDS);
    },
  });

  return (
    <AccountLayout title={<FormattedMessage id="chrome.account.contactUs" />} testId="contact-us-page">
      <form className={`${styles.card} ${styles.form}`} ref={formRef} noValidate onSubmit={submit((v) => send.mutate(v))}>
        <p className={styles.muted}>
          <FormattedMessage id="account.contact.intro" />
        </p>
        {sent ? (
          <p ref={sentRef} tabIndex={-1} className={`${styles.badge} ${styles.badgeBrand}`} data-testid="contact-sent">
            <FormattedMessage id="account.contact.sent" />
          </p>
        ) : null}
        <div className={styles.formGrid}>
          <TextField
            label={<FormattedMessage id="account.contact.name" />}
            autoComplete="name"
            error={error("name")}
            {...field("name")}
          />
          <TextField
            label={<FormattedMessage id="account.contact.email" />}
            type="email"
            autoComplete="email"
            error={error("email")}
            {...field("email")}
          />
          <TextField
            label={<FormattedMessage id="account.contact.phone" />}
            type="tel"
            autoComplete="tel"
            optional
            error={error("phone")}
            {...field("phone")}
          />
          <TextAreaField
            className={styles.full}
            label={<FormattedMessage id="account.contact.message" />}
            rows={5}
            max={2000}
            value={message}
            error={error("message")}
            {...field("message")}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" busy={send.isPending} data-testid="contact-submit">
            <FormattedMessage id={send.isPending ? "account.sending" : "account.contact.send"} />
          </Button>
        </div>
      </form>
    </AccountLayout>
  );
}
