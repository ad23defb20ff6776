import { useEffect, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { FormattedMessage } from "react-intl";
import { validateFieldRequired } from "storefront-core/cart";
import { validateEmailFormat, validateMaxLength, validateMinLength, validatePhone } from "storefront-core";
import { api, unwrap } from "../../../api/client";
import { useRemoteConfig } from "../../../api/queries";
import { AccountLayout } from "../AccountLayout";
import { reportSubmitError, toastServer } from "../errors";
import { useFullProfile } from "../queries";
import { TextAreaField, TextField } from "../../../ui/Field";
import { first, useCoreForm } from "../useCoreForm";
import { useAfterCommit } from "../afterCommit";
import styles from "../Account.module.css";

export interface ContactValues extends Record<string, unknown> {
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** The fields the form shows, where the server's 422 messages go. */
const CONTACT_FIELDS = ["name", "email", "phone", "message"];

/** The contact form's rules, all the core's (limits as the API documents them). */
export function contactChecks(country: string) {
  return (v: ContactValues) => ({
    name: first(validateFieldRequired(v.name), validateMaxLength(v.name.trim(), 100)),
    email: first(validateFieldRequired(v.email), validateEmailFormat(v.email.trim())),
    phone: v.phone.trim() ? validatePhone(v.phone, country) : null,
    message: first(validateFieldRequired(v.message), validateMinLength(v.message.trim(), 10), validateMaxLength(v.message.trim(), 2000)),
  });
}

/**
 * /account/contact-us (spec 2): a message to the store — name, e-mail, optional phone,
 * message — checked with the core's rules, then `POST /contact-us`.
 */
export default function ContactUsPage() {
  const profile = useFullProfile().data?.user;
  const country = useRemoteConfig().data?.default_country_code ?? "";
  const form = useCoreForm<ContactValues>({ name: "", email: "", phone: "", message: "" }, contactChecks(country));
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const afterCommit = useAfterCommit();
  const { set, values } = form;

  // The signed-in customer's name and e-mail, once known, as a starting point.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !profile) return;
    prefilled.current = true;
    if (!values.name && profile.name) set("name", profile.name);
    if (!values.email && profile.email) set("email", profile.email);
  }, [profile, set, values.name, values.email]);

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
      form.reset({ ...values, message: "" });
      afterCommit(() => sentRef.current?.focus());
    },
    onError: (error) => {
      reportSubmitError(error, form, CONTACT_FIELDS);
    },
  });

  return (
    <AccountLayout title={<FormattedMessage id="chrome.account.contactUs" />} testId="contact-us-page">
      <form className={`${styles.card} ${styles.form}`} noValidate onSubmit={form.onSubmit((v) => send.mutate(v))}>
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
            value={values.name}
            error={form.error("name")}
            onChange={(e) => set("name", e.currentTarget.value)}
            onBlur={(e) => form.touch("name", e)}
          />
          <TextField
            label={<FormattedMessage id="account.contact.email" />}
            type="email"
            autoComplete="email"
            value={values.email}
            error={form.error("email")}
            onChange={(e) => set("email", e.currentTarget.value)}
            onBlur={(e) => form.touch("email", e)}
          />
          <TextField
            label={<FormattedMessage id="account.contact.phone" />}
            type="tel"
            autoComplete="tel"
            optional
            value={values.phone}
            error={form.error("phone")}
            onChange={(e) => set("phone", e.currentTarget.value)}
            onBlur={(e) => form.touch("phone", e)}
          />
          <TextAreaField
            className={styles.full}
            label={<FormattedMessage id="account.contact.message" />}
            rows={5}
            max={2000}
            value={values.message}
            error={form.error("message")}
            onChange={(e) => set("message", e.currentTarget.value)}
            onBlur={(e) => form.touch("message", e)}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={send.isPending} aria-busy={send.isPending} data-testid="contact-submit">
            <FormattedMessage id={send.isPending ? "account.sending" : "account.contact.send"} />
          </button>
        </div>
      </form>
    </AccountLayout>
  );
}
