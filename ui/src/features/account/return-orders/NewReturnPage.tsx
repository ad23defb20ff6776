import { useEffect, useMemo, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useLocation } from "wouter";
import { z } from "../../../ui/zod";
import {
  checkForm,
  pickupDays,
  pickupTimes,
  returnReasonRequiresComment,
  returnReasons,
  type Language,
  type RefundMethod,
  type ReturnRequestForm,
} from "storefront-core";
import { api, unwrap } from "../../../api/client";
import { useAppStore } from "../../../platform/store";
import type { ScreenProps } from "../../../layouts/screen";
import { AccountLayout } from "../AccountLayout";
import { reportSubmitError, toastServer } from "../errors";
import { useFormat } from "../format";
import { orderActions } from "../my-orders/OrderDetailPage";
import { useAddresses, useOrder, type OrderDetailBody, type ReturnReason } from "../queries";
import { FieldFrame, SelectField, TextAreaField } from "../../../ui/Field";
import { firstIssue } from "../../../ui/form";
import { EmptyState, LoadError } from "../../../ui/States";
import { RowsSkeleton } from "../../../ui/Skeletons";
import { useAccountForm, type FindInvalid } from "../useAccountForm";
import styles from "../Account.module.css";
import fieldStyles from "../../../ui/Field.module.css";
import { Button, buttonClass } from "../../../ui/Button";

export interface LineChoice {
  chosen: boolean;
  quantity: string;
  reason: string;
  comment: string;
}

export interface ReturnDraft {
  /** Each returnable line's choices, by order line id. */
  lines: Record<string, LineChoice>;
  refund_method: RefundMethod | null;
  pickup_address_id: number | null;
  date: string;
  time: string;
}

const UNCHOSEN: LineChoice = { chosen: false, quantity: "1", reason: "", comment: "" };

/** A line's choices (unchosen until touched). */
export function lineOf(draft: Pick<ReturnDraft, "lines">, id: number): LineChoice {
  return draft.lines[id] ?? UNCHOSEN;
}

/** What is left to return of each line. */
export function returnable(order: Pick<OrderDetailBody, "items">) {
  return order.items
    .map((item) => ({ ...item, left: item.qty - item.returned_qty }))
    .filter((item) => item.left > 0);
}

/**
 * The core's form from the page's draft: the chosen lines in order, each with what is
 * left of it as the most that can be returned. Also the order line id of each index, to
 * put the core's (and the server's) `items.{index}.field` errors on the right line.
 */
export function toCoreForm(order: Pick<OrderDetailBody, "items">, draft: ReturnDraft): { form: ReturnRequestForm; lineIds: number[] } {
  const chosen = returnable(order).filter((item) => lineOf(draft, item.id).chosen);
  const form: ReturnRequestForm = {
    items: chosen.map((item) => {
      const line = lineOf(draft, item.id);
      const quantity = line.quantity.trim() === "" ? null : Number(line.quantity);
      return {
        id: item.id,
        quantity: quantity !== null && Number.isInteger(quantity) && quantity >= 0 ? quantity : null,
        ordered_quantity: item.left,
        reason: line.reason || null,
        comment: line.comment,
      };
    }),
    refund_method: draft.refund_method,
    pickup_address_id: draft.pickup_address_id,
    date: draft.date,
    time: draft.time,
  };
  return { form, lineIds: chosen.map((item) => item.id) };
}

/**
 * `items.{index}.field` → `lines.{order line id}.field` (the form's field for it);
 * `address_id` → `pickup_address_id`.
 */
export function lineKey(key: string, lineIds: number[]): string {
  const match = /^items\.(\d+)\.(\w+)$/.exec(key);
  const id = match ? lineIds[Number(match[1])] : undefined;
  if (match && id !== undefined) return `lines.${id}.${match[2]}`;
  return key === "address_id" ? "pickup_address_id" : key;
}

/** Each key through {@link lineKey}. */
export function errorsByLine(errors: Record<string, string>, lineIds: number[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) out[lineKey(key, lineIds)] = message;
  return out;
}

/** The keys the return form shows an error at: the form's own and each chosen line's. */
export function shownReturnFields(lineIds: number[]): string[] {
  const lines = lineIds.flatMap((id) => ["quantity", "reason", "comment"].map((field) => `lines.${id}.${field}`));
  return ["items", "refund_method", "pickup_address_id", "date", "time", ...lines];
}

/**
 * The return form's schema: its rules are the core's (`checkForm`'s `return_request`), on the
 * chosen lines, each message at the field it names.
 */
export function returnSchema(language: Language, order: Pick<OrderDetailBody, "items">) {
  const line = z.object({ chosen: z.boolean(), quantity: z.string(), reason: z.string(), comment: z.string() });
  return z
    .object({
      lines: z.record(z.string(), line),
      // Typed, not checked here: whether they are set is the core's rule, below.
      refund_method: z.custom<RefundMethod | null>(),
      pickup_address_id: z.custom<number | null>(),
      date: z.string(),
      time: z.string(),
    })
    .superRefine((draft, ctx) => {
      const { form, lineIds } = toCoreForm(order, draft);
      for (const [key, message] of Object.entries(checkForm({ form: "return_request", values: form }))) firstIssue(ctx, lineKey(key, lineIds), language, message);
    });
}

/** The first problem in reading order; for 'choose a product', the first product's checkbox. */
const firstProblem: FindInvalid = (form) => {
  const first = form.querySelector<HTMLElement>('[aria-invalid="true"], [data-items-error]');
  return first?.hasAttribute("data-items-error")
    ? (first.closest("fieldset")?.querySelector<HTMLElement>('input[type="checkbox"]') ?? first)
    : first;
};

/** Where a return-address link comes back to. */
function newAddressLink(orderId: number): string {
  return `/account/my-address?new=1&returnTo=${encodeURIComponent(`/account/return-orders/new?order=${orderId}`)}`;
}

/**
 * /account/return-orders/new?order={id} (spec 3, 5): the products to return, each with
 * a quantity, a reason and a comment when the reason demands it; the refund method
 * (wallet or original payment); the pickup address; the pickup day and time. Checked
 * with the core's return request rules (`checkForm`) before sending: 'you should at least choose a
 * product to return', 'Too long! The maximum character is 200 in Comment', ….
 */
export default function NewReturnPage({ query }: ScreenProps) {
  const raw = Number(query.get("order"));
  const orderId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const order = useOrder(orderId);
  const [now] = useState(Date.now);
  const back = orderId
    ? { to: `/account/my-orders/${orderId}`, label: "account.back.order" }
    : { to: "/account/return-orders", label: "account.back.returns" };
  return (
    <AccountLayout title={<FormattedMessage id="account.returnForm.title" />} back={back} testId="new-return-page">
      {orderId === null ? (
        <EmptyState
          look="panel"
          action={
            <Link href="/account/my-orders?tab=delivered">
              <FormattedMessage id="account.returnForm.pickOrder" />
            </Link>
          }
        >
          <FormattedMessage id="account.returnForm.noOrder" />
        </EmptyState>
      ) : order.isPending ? (
        <RowsSkeleton rows={4} />
      ) : order.isError ? (
        <LoadError look="panel" error={order.error} onRetry={() => void order.refetch()} />
      ) : !orderActions(order.data, now).startReturn || returnable(order.data).length === 0 ? (
        <EmptyState
          look="panel"
          action={
            <Link href={`/account/my-orders/${order.data.id}`}>
              <FormattedMessage id="account.back.order" />
            </Link>
          }
        >
          <FormattedMessage id="account.returnForm.notReturnable" />
        </EmptyState>
      ) : (
        <ReturnForm order={order.data} now={now} />
      )}
    </AccountLayout>
  );
}

function ReturnForm({ order, now }: { order: OrderDetailBody; now: number }) {
  const intl = useIntl();
  const format = useFormat();
  const language = useAppStore((s) => s.language);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const addresses = useAddresses();
  const lines = returnable(order);
  const days = useMemo(() => pickupDays(now), [now]);
  const times = pickupTimes();
  const defaultAddress = addresses.data?.find((a) => a.is_default)?.id ?? null;
  const schema = useMemo(() => returnSchema(language, order), [language, order]);
  // Errors show after the first submit (then follow every change), as the page always did.
  const { formRef, field, error, submit, setServerErrors, control, getValues, resetField } = useAccountForm<ReturnDraft>({
    schema,
    mode: "onSubmit",
    defaultValues: {
      lines: Object.fromEntries(lines.map((item) => [item.id, { ...UNCHOSEN }])),
      refund_method: null,
      pickup_address_id: null,
      date: "",
      time: "",
    },
  });
  const [choices, pickupAddress] = useWatch({ control, name: ["lines", "pickup_address_id"] });

  // The default address is preselected once the list arrives (the customer may change it).
  useEffect(() => {
    if (defaultAddress !== null && getValues("pickup_address_id") === null) {
      resetField("pickup_address_id", { defaultValue: defaultAddress });
    }
  }, [defaultAddress, getValues, resetField]);

  const send = useMutation({
    mutationFn: async (draft: ReturnDraft) => {
      const { form } = toCoreForm(order, draft);
      return unwrap(
        api.POST("/orders/{id}/return", {
          params: { path: { id: order.id } },
          body: {
            items: form.items.map((item) => ({
              id: item.id,
              quantity: item.quantity,
              reason: item.reason as ReturnReason,
              comment: item.comment.trim() || null,
            })),
            refund_method: form.refund_method,
            pickup_address_id: form.pickup_address_id,
            date: form.date,
            time: form.time,
          },
        }),
      );
    },
    onSuccess: (body) => {
      toastServer(body.message);
      void queryClient.invalidateQueries({ queryKey: ["orders"] });
      void queryClient.invalidateQueries({ queryKey: ["returns"] });
      navigate("/account/return-orders");
    },
    onError: (failure, draft) => {
      const { lineIds } = toCoreForm(order, draft);
      reportSubmitError(failure, { setServerErrors }, shownReturnFields(lineIds), (key) => lineKey(key, lineIds));
    },
  });

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={submit((draft) => send.mutate(draft), firstProblem)} data-testid="return-form">
      <p className={styles.muted}>
        <FormattedMessage id="account.returnForm.intro" values={{ number: order.number }} />
      </p>
      <fieldset className={`${styles.card} ${styles.fieldset}`}>
        <legend className={styles.sectionTitle}>
          <FormattedMessage id="account.returnForm.products" />
        </legend>
        {error("items") ? (
          <p className={fieldStyles.error} role="alert" tabIndex={-1} data-items-error="" data-testid="items-error">
            {error("items")}
          </p>
        ) : null}
        <ul className={styles.rows}>
          {lines.map((item) => {
            const line = lineOf({ lines: choices }, item.id);
            const err = (name: "quantity" | "reason" | "comment") => error(`lines.${item.id}.${name}`);
            const path = `lines.${item.id}` as const;
            return (
              <li key={item.id} data-testid="return-line" className={styles.lineItem}>
                <label className={styles.check}>
                  <input
                    type="checkbox"
                    {...field(`${path}.chosen`, { deps: ["items", `${path}.quantity`, `${path}.reason`, `${path}.comment`] })}
                  />
                  <span>
                    <span className={styles.rowTitle}>{item.name}</span>{" "}
                    <span className={styles.small}>
                      <FormattedMessage id="account.returnForm.left" values={{ qty: item.left, price: format.money(item.price, order.currency) }} />
                    </span>
                  </span>
                </label>
                {line.chosen ? (
                  <div className={styles.formGrid}>
                    <FieldFrame id={`qty-${item.id}`} label={<FormattedMessage id="account.returnForm.quantity" />} error={err("quantity")}>
                      <input
                        id={`qty-${item.id}`}
                        className={fieldStyles.input}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={item.left}
                        aria-invalid={err("quantity") ? true : undefined}
                        aria-describedby={err("quantity") ? `qty-${item.id}-error` : undefined}
                        {...field(`${path}.quantity`)}
                      />
                    </FieldFrame>
                    <SelectField
                      label={<FormattedMessage id="account.returnForm.reason" />}
                      error={err("reason")}
                      {...field(`${path}.reason`, { deps: [`${path}.comment`] })}
                    >
                      <option value="">{intl.formatMessage({ id: "account.returnForm.chooseReason" })}</option>
                      {returnReasons().map((reason) => (
                        <option key={reason} value={reason}>
                          {intl.formatMessage({ id: `account.reason.${reason}` })}
                        </option>
                      ))}
                    </SelectField>
                    <TextAreaField
                      className={styles.full}
                      label={<FormattedMessage id="account.returnForm.comment" />}
                      optional={!returnReasonRequiresComment(line.reason)}
                      value={line.comment}
                      max={200}
                      rows={3}
                      error={err("comment")}
                      {...field(`${path}.comment`)}
                    />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </fieldset>

      <fieldset className={`${styles.card} ${styles.fieldset}`} aria-describedby={error("refund_method") ? "refund-error" : undefined}>
        <legend className={styles.sectionTitle}>
          <FormattedMessage id="account.returns.refundMethod" />
        </legend>
        <div className={styles.choices}>
          {(["wallet", "original_payment"] as const).map((method) => (
            <label key={method} className={styles.choice}>
              <input type="radio" value={method} aria-invalid={error("refund_method") ? true : undefined} {...field("refund_method")} />
              <FormattedMessage id={method === "wallet" ? "account.refund.wallet" : "account.refund.original"} />
            </label>
          ))}
        </div>
        {error("refund_method") ? (
          <p id="refund-error" className={fieldStyles.error} role="alert">
            {error("refund_method")}
          </p>
        ) : null}
      </fieldset>

      <div className={`${styles.card} ${styles.formGrid}`}>
        <h2 className={`${styles.sectionTitle} ${styles.full}`}>
          <FormattedMessage id="account.returns.pickup" />
        </h2>
        <div className={styles.full}>
          <SelectField
            label={<FormattedMessage id="account.returnForm.address" />}
            value={pickupAddress === null ? "" : String(pickupAddress)}
            error={error("pickup_address_id")}
            disabled={addresses.isPending}
            {...field("pickup_address_id", { setValueAs: (value: string) => (value ? Number(value) : null) })}
          >
            <option value="">{intl.formatMessage({ id: "account.returnForm.chooseAddress" })}</option>
            {(addresses.data ?? []).map((address) => (
              <option key={address.id} value={address.id}>
                {address.name} — {address.address_details}
              </option>
            ))}
          </SelectField>
          <p className={styles.small}>
            <Link href={newAddressLink(order.id)}>
              <FormattedMessage id="account.address.addNew" />
            </Link>
          </p>
        </div>
        <SelectField
          label={<FormattedMessage id="account.returnForm.date" />}
          error={error("date")}
          {...field("date")}
        >
          <option value="">{intl.formatMessage({ id: "account.returnForm.chooseDate" })}</option>
          {days.map((day) => (
            <option key={day} value={day}>
              {format.day(day)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={<FormattedMessage id="account.returnForm.time" />}
          error={error("time")}
          {...field("time")}
        >
          <option value="">{intl.formatMessage({ id: "account.returnForm.chooseTime" })}</option>
          {times.map((time) => (
            <option key={time} value={time}>
              {format.time(time)}
            </option>
          ))}
        </SelectField>
      </div>

      <div className={styles.actions}>
        <Button type="submit" variant="primary" busy={send.isPending} data-testid="submit-return">
          <FormattedMessage id={send.isPending ? "account.sending" : "account.returnForm.submit"} />
        </Button>
        <Link href={`/account/my-orders/${order.id}`} className={buttonClass("neutral")}>
          <FormattedMessage id="account.cancel" />
        </Link>
      </div>
    </form>
  );
}
