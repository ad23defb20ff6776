import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { AccountLayout } from "../AccountLayout";
import { useFormat } from "../format";
import { rowsOf, useLoyaltyPoints, usePointsHistory } from "../queries";
import { LoadMoreButton } from "../Lists";
import { EmptyState, LoadError } from "../../../ui/States";
import { RowsSkeleton } from "../../../ui/Skeletons";
import styles from "../Account.module.css";

const TYPES = ["earned", "referral", "redeemed", "expired"];

/**
 * /account/loyalty-points (spec 2, 3): earned, expiring soon, expired (and the balance,
 * used points, next expiry), then the history — type, points, expiry date.
 */
export default function LoyaltyPointsPage() {
  const intl = useIntl();
  const format = useFormat();
  const summary = useLoyaltyPoints();
  const history = usePointsHistory();
  const rows = rowsOf(history.data);
  return (
    <AccountLayout title={<FormattedMessage id="chrome.account.loyaltyPoints" />} testId="loyalty-points-page">
      {/* The summary and the history are drawn together: a history drawn under a
          summary still loading would be pushed down when it came. */}
      {summary.isPending || history.isPending ? (
        <RowsSkeleton rows={3} />
      ) : (
        <>
          {summary.isError ? (
            <LoadError look="panel" error={summary.error} onRetry={() => void summary.refetch()} />
          ) : (
            <>
              <dl className={styles.stats} data-testid="points-summary">
                <div className={styles.stat}>
                  <dt>
                    <FormattedMessage id="account.points.balance" />
                  </dt>
                  <dd data-testid="points-balance">{format.number(summary.data.balance)}</dd>
                </div>
                <div className={styles.stat}>
                  <dt>
                    <FormattedMessage id="account.points.earned" />
                  </dt>
                  <dd>{format.number(summary.data.earned)}</dd>
                </div>
                <div className={styles.stat}>
                  <dt>
                    <FormattedMessage id="account.points.expiringSoon" values={{ days: format.number(summary.data.expiring_soon_days) }} />
                  </dt>
                  <dd>{format.number(summary.data.expiring_soon)}</dd>
                </div>
                <div className={styles.stat}>
                  <dt>
                    <FormattedMessage id="account.points.expired" />
                  </dt>
                  <dd>{format.number(summary.data.expired)}</dd>
                </div>
                <div className={styles.stat}>
                  <dt>
                    <FormattedMessage id="account.points.redeemed" />
                  </dt>
                  <dd>{format.number(summary.data.redeemed)}</dd>
                </div>
              </dl>
              {summary.data.next_expiry_date ? (
                <p className={styles.muted}>
                  <FormattedMessage id="account.points.nextExpiry" values={{ date: format.date(summary.data.next_expiry_date) }} />
                </p>
              ) : null}
            </>
          )}
          <section className={styles.card} aria-labelledby="points-history">
            <h2 id="points-history" className={styles.cardTitle}>
              <FormattedMessage id="account.points.history" />
            </h2>
            {history.isError ? (
              <LoadError look="panel" error={history.error} onRetry={() => void history.refetch()} />
            ) : rows.length === 0 ? (
              <EmptyState look="panel">
                <FormattedMessage id="account.points.none" />
              </EmptyState>
            ) : (
              <>
                <ul className={styles.rows} data-testid="points-history-list">
                  {rows.map((entry) => (
                    <li key={entry.id} data-testid="points-entry">
                      <div className={styles.rowMain}>
                        <span className={styles.rowTitle}>
                          {intl.formatMessage({ id: TYPES.includes(entry.type) ? `account.points.type.${entry.type}` : "account.points.type.other" })}
                          {entry.is_expired ? (
                            <>
                              {" "}
                              <span className={`${styles.badge} ${styles.badgeDanger}`}>
                                <FormattedMessage id="account.points.expiredBadge" />
                              </span>
                            </>
                          ) : null}
                        </span>
                        <span className={styles.small}>
                          {format.date(entry.date)}
                          {entry.expiry_date ? (
                            <>
                              {" · "}
                              <FormattedMessage id="account.points.expires" values={{ date: format.date(entry.expiry_date) }} />
                            </>
                          ) : null}
                          {entry.order_id ? (
                            <>
                              {" · "}
                              <Link href={`/account/my-orders/${entry.order_id}`}>
                                <FormattedMessage id="account.points.order" />
                              </Link>
                            </>
                          ) : null}
                        </span>
                      </div>
                      <span className={`${styles.amount} ${entry.points >= 0 ? styles.credit : styles.debit}`}>
                        {intl.formatNumber(entry.points, { signDisplay: "exceptZero" })}
                      </span>
                    </li>
                  ))}
                </ul>
                <LoadMoreButton hasNext={history.hasNextPage} loading={history.isFetchingNextPage} onLoad={() => void history.fetchNextPage()} />
              </>
            )}
          </section>
        </>
      )}
    </AccountLayout>
  );
}
