import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { orderTabs, type OrderTab } from "storefront-core";
import type { ScreenProps } from "../../../layouts/screen";
import { AccountLayout } from "../AccountLayout";
import { useFormat } from "../format";
import { rowsOf, useOrders } from "../queries";
import { LoadMoreButton, TabLinks } from "../Lists";
import { EmptyState, LoadError } from "../../../ui/States";
import { RowsSkeleton } from "../../../ui/Skeletons";
import { StatusBadge } from "./StatusBadge";
import styles from "../Account.module.css";

const TABS = orderTabs();

export const orderTabLabel: Record<OrderTab, string> = {
  current: "account.orders.tab.current",
  completed: "account.orders.tab.completed",
  cancellations: "account.orders.tab.cancellations",
  returns: "account.orders.tab.returns",
  rejected: "account.orders.tab.rejected",
};

/** The tab the address names (by key or by name), else the first (Current). */
export function chosenTab(query: URLSearchParams) {
  const wanted = query.get("tab");
  return TABS.find((t) => t.key === wanted || t.tab === wanted) ?? (TABS[0] as (typeof TABS)[number]);
}

/**
 * /account/my-orders (spec 2, 4): the core's order tabs — Current, Completed,
 * Cancellations, Returns, Rejected — each listing its orders newest first, 'no orders
 * available' when a tab is empty. Each order links to its detail page.
 */
export default function MyOrdersPage({ query }: ScreenProps) {
  const intl = useIntl();
  const format = useFormat();
  const tab = chosenTab(query);
  const orders = useOrders(tab.key);
  const rows = rowsOf(orders.data);
  return (
    <AccountLayout title={<FormattedMessage id="chrome.account.myOrders" />} testId="my-orders-page">
      <TabLinks
        label={intl.formatMessage({ id: "account.orders.tabs" })}
        current={tab.key}
        tabs={TABS.map((t) => ({
          key: t.key,
          label: intl.formatMessage({ id: orderTabLabel[t.tab] }),
          href: `/account/my-orders?tab=${t.key}`,
        }))}
      />
      {orders.isPending ? (
        <RowsSkeleton />
      ) : orders.isError ? (
        <LoadError look="panel" error={orders.error} onRetry={() => void orders.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState look="panel" message={{ id: "no_orders", params: {} }} />
      ) : (
        <>
          <ul className={styles.list} data-testid="order-list">
            {rows.map((order) => (
              <li key={order.id} className={styles.card} data-testid="order-row">
                <div className={styles.cardHead}>
                  <h2 className={styles.cardTitle}>
                    <Link href={`/account/my-orders/${order.id}`}>
                      <FormattedMessage id="account.orders.number" values={{ number: order.number }} />
                    </Link>
                  </h2>
                  <StatusBadge status={order.status} label={order.status_label} />
                </div>
                <p className={styles.muted}>
                  <FormattedMessage
                    id="account.orders.summary"
                    values={{
                      date: format.dateTime(order.created_at),
                      shop: order.branch.name,
                      count: order.items_count,
                    }}
                  />
                </p>
                <p className={styles.amount}>{format.money(order.cart_total)}</p>
              </li>
            ))}
          </ul>
          <LoadMoreButton
            hasNext={orders.hasNextPage}
            loading={orders.isFetchingNextPage}
            onLoad={() => void orders.fetchNextPage()}
          />
        </>
      )}
    </AccountLayout>
  );
}
