import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { returnTabs, type ReturnTab } from "storefront-core";
import type { ScreenProps } from "../../../layouts/screen";
import { AccountLayout } from "../AccountLayout";
import { useFormat } from "../format";
import { StatusBadge } from "../my-orders/StatusBadge";
import { rowsOf, useReturns } from "../queries";
import { LoadMoreButton, TabLinks } from "../Lists";
import { EmptyState, LoadError } from "../../../ui/States";
import { RowsSkeleton } from "../../../ui/Skeletons";
import { reasonLabel } from "./reasons";
import styles from "../Account.module.css";

const TABS = returnTabs();

const TAB_LABEL: Record<ReturnTab, string> = {
  current: "account.returns.tab.current",
  completed: "account.returns.tab.completed",
};

/**
 * /account/return-orders (spec 2, 4): the core's return tabs — current and completed
 * (key `returned`) — with each request's order, status, refund and pickup.
 */
export default function ReturnOrdersPage({ query }: ScreenProps) {
  const intl = useIntl();
  const format = useFormat();
  const wanted = query.get("tab");
  const tab = TABS.find((t) => t.key === wanted || t.tab === wanted) ?? (TABS[0] as (typeof TABS)[number]);
  const returns = useReturns(tab.key);
  const rows = rowsOf(returns.data);
  return (
    <AccountLayout title={<FormattedMessage id="chrome.account.returnOrders" />} testId="return-orders-page">
      <TabLinks
        label={intl.formatMessage({ id: "account.returns.tabs" })}
        current={tab.key}
        tabs={TABS.map((t) => ({
          key: t.key,
          label: intl.formatMessage({ id: TAB_LABEL[t.tab] }),
          href: `/account/return-orders?tab=${t.key}`,
        }))}
      />
      <p className={styles.muted}>
        <FormattedMessage id="account.returns.howTo" values={{ link: (chunks) => <Link href="/account/my-orders?tab=delivered">{chunks}</Link> }} />
      </p>
      {returns.isPending ? (
        <RowsSkeleton />
      ) : returns.isError ? (
        <LoadError look="panel" error={returns.error} onRetry={() => void returns.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState look="panel" message={{ id: "no_orders", params: {} }} />
      ) : (
        <>
          <ul className={styles.list} data-testid="return-list">
            {rows.map((request) => (
              <li key={request.id} className={styles.card} data-testid="return-row">
                <div className={styles.cardHead}>
                  <h2 className={styles.cardTitle}>
                    <Link href={`/account/my-orders/${request.order_id}`}>
                      <FormattedMessage id="account.orders.number" values={{ number: request.order_number }} />
                    </Link>
                  </h2>
                  <StatusBadge status={request.status} label={request.status_label} />
                </div>
                <dl className={styles.fields}>
                  <dt>
                    <FormattedMessage id="account.returns.refundAmount" />
                  </dt>
                  <dd className={styles.amount}>{format.money(request.refund_amount)}</dd>
                  <dt>
                    <FormattedMessage id="account.returns.refundMethod" />
                  </dt>
                  <dd>
                    <FormattedMessage
                      id={request.refund_method === "wallet" ? "account.refund.wallet" : "account.refund.original"}
                    />
                  </dd>
                  <dt>
                    <FormattedMessage id="account.returns.pickup" />
                  </dt>
                  <dd>
                    {format.day(request.date)} {format.time(request.time)}
                  </dd>
                  <dt>
                    <FormattedMessage id="account.returns.requested" />
                  </dt>
                  <dd>{format.dateTime(request.created_at)}</dd>
                </dl>
                <ul className={styles.rows}>
                  {request.items.map((item) => (
                    <li key={item.id}>
                      <div className={styles.rowMain}>
                        <span className={styles.rowTitle}>{item.name}</span>
                        <span className={styles.small}>
                          {reasonLabel(intl, item.reason)}
                          {item.comment ? ` — ${item.comment}` : ""}
                        </span>
                      </div>
                      <span className={styles.small}>
                        <FormattedMessage id="account.returns.quantity" values={{ qty: item.quantity }} />
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <LoadMoreButton
            hasNext={returns.hasNextPage}
            loading={returns.isFetchingNextPage}
            onLoad={() => void returns.fetchNextPage()}
          />
        </>
      )}
    </AccountLayout>
  );
}
