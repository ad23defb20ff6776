import { useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import { validateFieldRequired } from "storefront-core/cart";
import { validateMaxLength, validateMinLength } from "storefront-core";
import { api, unwrap } from "../../../api/client";
import type { ScreenProps } from "../../../routes/screens";
import { AccountLayout } from "../AccountLayout";
import { reportSubmitError, toastServer } from "../errors";
import { rowsOf, useOrders } from "../queries";
import { SelectField, TextAreaField, TextField } from "../../../ui/Field";
import { first, useCoreForm } from "../useCoreForm";
import { useAfterCommit } from "../afterCommit";
import styles from "../Account.module.css";

export interface SupportValues extends Record<string, unknown> {
  subject: string;
  message: string;
  order_id: string;
}

/** The fields the form shows, where the server's 422 messages go. */
const SUPPORT_FIELDS = ["subject", "order_id", "message"];

export function supportChecks(v: SupportValues) {
  return {
    subject: first(validateFieldRequired(v.subject), validateMaxLength(v.subject.trim(), 150)),
    message: first(validateFieldRequired(v.message), validateMinLength(v.message.trim(), 10), validateMaxLength(v.message.trim(), 2000)),
  };
}

/**
 * /account/support (spec 2): a support request — subject, message and, optionally, the
 * order it is about (preselected from `?order=`) — sent as `POST /support`.
 */
export default function SupportPage({ query }: ScreenProps) {
  const intl = useIntl();
  const current = useOrders("current");
  const completed = useOrders("delivered");
  const orders = [...rowsOf(current.data), ...rowsOf(completed.data)];
  const wanted = query.get("order") ?? "";
  const form = useCoreForm<SupportValues>({ subject: "", message: "", order_id: /^\d+$/.test(wanted) ? wanted : "" }, supportChecks);
  const [ticket, setTicket] = useState<number | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const afterCommit = useAfterCommit();
  const { values, set } = form;

  const send = useMutation({
    mutationFn: async (v: SupportValues) =>
      unwrap(
        api.POST("/support", {
          body: { subject: v.subject.trim(), message: v.message.trim(), order_id: v.order_id ? Number(v.order_id) : null },
        }),
      ),
    onSuccess: (body) => {
      toastServer(body.message);
      setTicket(body.data.id);
      form.reset({ subject: "", message: "", order_id: "" });
      afterCommit(() => sentRef.current?.focus());
    },
    onError: (error) => {
      reportSubmitError(error, form, SUPPORT_FIELDS);
    },
  });

  return (
    <AccountLayout title={<FormattedMessage id="chrome.account.support" />} testId="support-page">
      <form className={`${styles.card} ${styles.form}`} noValidate onSubmit={form.onSubmit((v) => send.mutate(v))}>
        <p className={styles.muted}>
          <FormattedMessage id="account.support.intro" />
        </p>
        {ticket !== null ? (
          <p ref={sentRef} tabIndex={-1} className={`${styles.badge} ${styles.badgeBrand}`} data-testid="support-sent">
            <FormattedMessage id="account.support.sent" values={{ id: ticket }} />
          </p>
        ) : null}
        <TextField
          label={<FormattedMessage id="account.support.subject" />}
          value={values.subject}
          error={form.error("subject")}
          onChange={(e) => set("subject", e.currentTarget.value)}
          onBlur={(e) => form.touch("subject", e)}
        />
        <SelectField
          label={<FormattedMessage id="account.support.order" />}
          optional
          value={values.order_id}
          error={form.error("order_id")}
          onChange={(e) => set("order_id", e.currentTarget.value)}
        >
          <option value="">{intl.formatMessage({ id: "account.support.noOrder" })}</option>
          {values.order_id && !orders.some((o) => String(o.id) === values.order_id) ? (
            <option value={values.order_id}>{intl.formatMessage({ id: "account.support.orderId" }, { id: values.order_id })}</option>
          ) : null}
          {orders.map((order) => (
            <option key={order.id} value={order.id}>
              {intl.formatMessage({ id: "account.orders.number" }, { number: order.number })} — {order.status_label}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={<FormattedMessage id="account.support.message" />}
          rows={6}
          max={2000}
          value={values.message}
          error={form.error("message")}
          onChange={(e) => set("message", e.currentTarget.value)}
          onBlur={(e) => form.touch("message", e)}
        />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={send.isPending} aria-busy={send.isPending} data-testid="support-submit">
            <FormattedMessage id={send.isPending ? "account.sending" : "account.support.send"} />
          </button>
        </div>
      </form>
    </AccountLayout>
  );
}
