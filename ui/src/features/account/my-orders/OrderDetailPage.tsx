import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { orderCanCancel, orderCanRequestReturn, parseOrderStatus } from "storefront-core";
import { api, unwrap } from "../../../api/client";
import type { ScreenProps } from "../../../layouts/screen";
import { AccountLayout } from "../AccountLayout";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { toastError, toastServer } from "../errors";
import { parseInstant } from "../../../api/instant";
import { useFormat } from "../format";
import { useOrder, type OrderDetailBody } from "../queries";
import { LoadError } from "../../../ui/States";
import { RowsSkeleton } from "../../../ui/Skeletons";
import { StatusBadge } from "./StatusBadge";
import styles from "../Account.module.css";
import { Button, buttonClass } from "../../../ui/Button";

/** When the order was delivered (its history's `delivered` entry), for the return window. */
export function deliveredAtMs(order: Pick<OrderDetailBody, "history">): number | null {
  const entry = order.history.find((h) => h.status === "delivered");
  return parseInstant(entry?.at)?.getTime() ?? null;
}

/** What the customer may do with an order now: the core's rules on its status and delivery time. */
export function orderActions(raw: OrderDetailBody, nowMs: number): { cancel: boolean; startReturn: boolean } {
  const status = parseOrderStatus(raw.status);
  return {
    cancel: orderCanCancel(status),
    startReturn: raw.return == null && orderCanRequestReturn(status, deliveredAtMs(raw), nowMs),
  };
}

const PAYMENT_LABEL: Record<string, string> = { card: "account.payment.card", cash: "account.payment.cash" };

/**
 * /account/my-orders/{id} (spec 3): every order field — number, date, payment method
 * and card, price, subtotal, delivery fee, coupon discount, wallet balance, tax,
 * total, delivery code, estimated arrival — the items, the address and the status
 * history; cancel while the core allows it, start a return when it allows that.
 */
export default function OrderDetailPage({ params }: ScreenProps) {
  const order = useOrder(params.id);
  const back = { to: "/account/my-orders", label: "account.back.orders" };
  return (
    <AccountLayout
      title={
        order.isError ? (
          <FormattedMessage id="account.order.title" />
        ) : (
          // The number in its own element, blank while the order loads: the words
          // before it stay where they are when it comes.
          <FormattedMessage id="account.orders.number" values={{ number: <span>{order.data?.number ?? ""}</span> }} />
        )
      }
      back={back}
      testId="order-detail-page"
    >
      {order.isPending ? (
        <RowsSkeleton rows={4} />
      ) : order.isError ? (
        <LoadError look="panel" error={order.error} onRetry={() => void order.refetch()} />
      ) : (
        <OrderView raw={order.data} />
      )}
    </AccountLayout>
  );
}

function OrderView({ raw }: { raw: OrderDetailBody }) {
  const intl = useIntl();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [now] = useState(Date.now);
  // The API's order, read with its OpenAPI type; the rules get its status.
  const detail = raw;
  const actions = orderActions(raw, now);
  const money = (amount: string) => format.money(amount, raw.currency);

  const cancel = useMutation({
    mutationFn: async () => unwrap(api.POST("/orders/{id}/cancel", { params: { path: { id: raw.id } } })),
    onSuccess: (body) => {
      setConfirming(false);
      toastServer(body.message);
      void queryClient.invalidateQueries({ queryKey: ["orders"] });
      void queryClient.invalidateQueries({ queryKey: ["wallet"] });
      void queryClient.invalidateQueries({ queryKey: ["loyalty-points"] });
    },
    onError: (error) => {
      setConfirming(false);
      toastError(error);
    },
  });

  const payment = PAYMENT_LABEL[detail.payment_method]
    ? intl.formatMessage({ id: PAYMENT_LABEL[detail.payment_method] })
    : detail.payment_method;

  return (
    <>
      <section className={styles.card} aria-labelledby="order-summary">
        <div className={styles.cardHead}>
          <h2 id="order-summary" className={styles.cardTitle}>
            <FormattedMessage id="account.order.summary" />
          </h2>
          <StatusBadge status={raw.status} label={raw.status_label} />
        </div>
        <dl className={styles.fields} data-testid="order-fields">
          <dt>
            <FormattedMessage id="account.order.number" />
          </dt>
          <dd>{detail.number}</dd>
          <dt>
            <FormattedMessage id="account.order.date" />
          </dt>
          <dd>{format.dateTime(detail.date)}</dd>
          <dt>
            <FormattedMessage id="account.order.shop" />
          </dt>
          <dd>{raw.branch.name}</dd>
          <dt>
            <FormattedMessage id="account.order.paymentMethod" />
          </dt>
          <dd>
            {payment}
            {detail.payment_card ? ` (${detail.payment_card})` : ""}
          </dd>
          <dt>
            <FormattedMessage id="account.order.price" />
          </dt>
          <dd>{money(detail.price)}</dd>
          <dt>
            <FormattedMessage id="account.order.discountCoupon" values={{ code: detail.coupon ?? "" }} />
          </dt>
          <dd>{money(detail.discount_coupon)}</dd>
          <dt>
            <FormattedMessage id="account.order.subtotal" />
          </dt>
          <dd>{money(detail.subtotal)}</dd>
          <dt>
            <FormattedMessage id="account.order.deliveryFee" />
          </dt>
          <dd>{money(detail.delivery_fee)}</dd>
          <dt>
            <FormattedMessage id="account.order.tax" />
          </dt>
          <dd>{money(detail.tax)}</dd>
          <dt>
            <FormattedMessage id="account.order.walletBalance" />
          </dt>
          <dd>{money(detail.wallet_balance)}</dd>
          <dt className={styles.fieldsTotal}>
            <FormattedMessage id="account.order.total" />
          </dt>
          <dd className={styles.fieldsTotal} data-testid="order-total">
            {money(detail.total)}
          </dd>
          <dt>
            <FormattedMessage id="account.order.deliveryCode" />
          </dt>
          <dd data-testid="delivery-code">{detail.delivery_code ?? "—"}</dd>
          <dt>
            <FormattedMessage id="account.order.estimatedArrival" />
          </dt>
          <dd>{detail.estimated_arrival_time ? format.dateTime(detail.estimated_arrival_time) : "—"}</dd>
          <dt>
            <FormattedMessage id="account.order.pointsEarned" />
          </dt>
          <dd>{format.number(raw.points_earned)}</dd>
        </dl>
        {actions.cancel || actions.startReturn ? (
          <div className={styles.actions}>
            {actions.cancel ? (
              <Button variant="danger" onClick={() => setConfirming(true)} data-testid="cancel-order">
                <FormattedMessage id="account.order.cancel" />
              </Button>
            ) : null}
            {actions.startReturn ? (
              <Link href={`/account/return-orders/new?order=${raw.id}`} className={buttonClass("primary")} data-testid="start-return">
                <FormattedMessage id="account.order.startReturn" />
              </Link>
            ) : null}
          </div>
        ) : null}
        {raw.return_until && actions.startReturn ? (
          <p className={styles.small}>
            <FormattedMessage id="account.order.returnUntil" values={{ date: format.dateTime(raw.return_until) }} />
          </p>
        ) : null}
      </section>

      <section className={styles.card} aria-labelledby="order-items">
        <h2 id="order-items" className={styles.cardTitle}>
          <FormattedMessage id="account.order.items" values={{ count: raw.items.length }} />
        </h2>
        <ul className={styles.rows}>
          {raw.items.map((item) => (
            <li key={item.id} data-testid="order-item">
              <div className={styles.item}>
                {item.image ? <img className={styles.thumb} src={item.image} alt="" width={56} height={56} loading="lazy" /> : null}
                <div className={styles.rowMain}>
                  <Link href={`/products/${item.product_id}`} className={styles.rowTitle}>
                    {item.name}
                  </Link>
                  <span className={styles.small}>
                    <FormattedMessage id="account.order.line" values={{ qty: item.qty, price: money(item.price) }} />
                  </span>
                  {item.returned_qty > 0 ? (
                    <span className={styles.small}>
                      <FormattedMessage id="account.order.returnedQty" values={{ qty: item.returned_qty }} />
                    </span>
                  ) : null}
                </div>
              </div>
              <span className={styles.amount}>{money(item.total)}</span>
            </li>
          ))}
        </ul>
      </section>

      {raw.address ? (
        <section className={styles.card} aria-labelledby="order-address">
          <h2 id="order-address" className={styles.cardTitle}>
            <FormattedMessage id="account.order.address" />
          </h2>
          <p className={styles.muted}>
            <strong>{raw.address.name}</strong> — {raw.address.contact_name}, <bdi>{raw.address.phone}</bdi>
            <br />
            {raw.address.address_details}
          </p>
        </section>
      ) : null}

      {raw.return ? (
        <section className={styles.card} aria-labelledby="order-return" data-testid="order-return">
          <h2 id="order-return" className={styles.cardTitle}>
            <FormattedMessage id="account.order.return" />
          </h2>
          <dl className={styles.fields}>
            <dt>
              <FormattedMessage id="account.returns.status" />
            </dt>
            <dd>{raw.return.status_label}</dd>
            <dt>
              <FormattedMessage id="account.returns.refundAmount" />
            </dt>
            <dd>{money(raw.return.refund_amount)}</dd>
            <dt>
              <FormattedMessage id="account.returns.refundMethod" />
            </dt>
            <dd>
              <FormattedMessage id={raw.return.refund_method === "wallet" ? "account.refund.wallet" : "account.refund.original"} />
            </dd>
            <dt>
              <FormattedMessage id="account.returns.pickup" />
            </dt>
            <dd>
              {format.day(raw.return.date)} {format.time(raw.return.time)}
            </dd>
          </dl>
        </section>
      ) : null}

      <section className={styles.card} aria-labelledby="order-history">
        <h2 id="order-history" className={styles.cardTitle}>
          <FormattedMessage id="account.order.history" />
        </h2>
        <ol className={styles.rows}>
          {raw.history.map((entry, index) => (
            <li key={`${entry.status}-${index}`}>
              <span className={styles.rowTitle}>{entry.label}</span>
              <span className={styles.small}>{format.dateTime(entry.at)}</span>
            </li>
          ))}
        </ol>
        <p className={styles.small}>
          <Link href={`/account/support?order=${raw.id}`}>
            <FormattedMessage id="account.order.help" />
          </Link>
        </p>
      </section>

      <ConfirmDialog
        open={confirming}
        title={<FormattedMessage id="account.order.cancelTitle" values={{ number: detail.number }} />}
        body={<FormattedMessage id="account.order.cancelBody" />}
        confirmLabel={<FormattedMessage id="account.order.cancelConfirm" />}
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirming(false)}
        testId="cancel-dialog"
      />
    </>
  );
}
