import { useMemo, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import { z } from "../../../ui/zod";
import { checkField, type Language } from "storefront-core";
import { api, unwrap } from "../../../api/client";
import { useAppStore } from "../../../platform/store";
import type { ScreenProps } from "../../../layouts/screen";
import { AccountLayout } from "../AccountLayout";
import { reportSubmitError, toastServer } from "../errors";
import { rowsOf, useOrders } from "../queries";
import { SelectField, TextAreaField, TextField } from "../../../ui/Field";
import { firstIssue } from "../../../ui/form";
import { useAccountForm } from "../useAccountForm";
import { useAfterCommit } from "../afterCommit";
import styles from "../Account.module.css";
import { Button } from "../../../ui/Button";

export interface SupportValues {
  subject: string;
  message: string;
  order_id: string;
}

/** The fields the form shows, where the server's 422 messages go. */
const SUPPORT_FIELDS = ["subject", "order_id", "message"];

/** The support form's schema: its rules are all the core's; the order is optional. */
export function supportSchema(language: Language) {
  return z
    .object({ subject: z.string(), message: z.string(), order_id: z.string() })
    .superRefine((v, ctx) => {
      firstIssue(ctx, "subject", language, checkField(v.subject, { rule: "field_required" }), checkField(v.subject.trim(), { rule: "max_length", max: 150 }));
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
 * /account/support (spec 2): a support request — subject, message and, optionally, the
 * order it is about (preselected from `?order=`) — sent as `POST /support`.
 */
export default function SupportPage({ query }: ScreenProps) {
  const intl = useIntl();
  const current = useOrders("current");
  const completed = useOrders("delivered");
  const orders = [...rowsOf(current.data), ...rowsOf(completed.data)];
  const wanted = query.get("order") ?? "";
  const language = useAppStore((s) => s.language);
  const schema = useMemo(() => supportSchema(language), [language]);
  const { formRef, field, error, submit, setServerErrors, control, reset } = useAccountForm<SupportValues>({
    schema,
    defaultValues: { subject: "", message: "", order_id: /^\d+$/.test(wanted) ? wanted : "" },
  });
  const [message, orderId] = useWatch({ control: control, name: ["message", "order_id"] });
  const [ticket, setTicket] = useState<number | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const afterCommit = useAfterCommit();

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
      reset({ subject: "", message: "", order_id: "" });
      afterCommit(() => sentRef.current?.focus());
    },
    onError: (failure) => {
      reportSubmitError(failure, { setServerErrors }, SUPPORT_FIELDS);
    },
  });

  return (
    <AccountLayout title={<FormattedMessage id="chrome.account.support" />} testId="support-page">
      <form className={`${styles.card} ${styles.form}`} ref={formRef} noValidate onSubmit={submit((v) => send.mutate(v))}>
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
          error={error("subject")}
          {...field("subject")}
        />
        <SelectField
          label={<FormattedMessage id="account.support.order" />}
          optional
          value={orderId}
          error={error("order_id")}
          {...field("order_id")}
        >
          <option value="">{intl.formatMessage({ id: "account.support.noOrder" })}</option>
          {orderId && !orders.some((o) => String(o.id) === orderId) ? (
            <option value={orderId}>{intl.formatMessage({ id: "account.support.orderId" }, { id: orderId })}</option>
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
          value={message}
          error={error("message")}
          {...field("message")}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" busy={send.isPending} data-testid="support-submit">
            <FormattedMessage id={send.isPending ? "account.sending" : "account.support.send"} />
          </Button>
        </div>
      </form>
    </AccountLayout>
  );
}
