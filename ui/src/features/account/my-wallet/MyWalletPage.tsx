import { FormattedMessage, useIntl } from "react-intl";
import { AccountLayout } from "../AccountLayout";
import { useFormat } from "../format";
import { rowsOf, useWallet, useWalletTransactions, type WalletTransaction } from "../queries";
import { LoadMoreButton } from "../Lists";
import { EmptyState, LoadError } from "../../../ui/States";
import { RowsSkeleton } from "../../../ui/Skeletons";
import styles from "../Account.module.css";

const TYPES = ["top_up", "order_payment", "refund", "referral_bonus", "affiliate_commission", "adjustment"];

export function transactionTypeLabel(type: string): string {
  return TYPES.includes(type) ? `account.wallet.type.${type}` : "account.wallet.type.other";
}

/**
 * /account/my-wallet (spec 2, 3): the balance and the ledger — type, amount, status,
 * details, date — newest first; 'No credits available' when there is none.
 */
export default function MyWalletPage() {
  const format = useFormat();
  const wallet = useWallet();
  const transactions = useWalletTransactions();
  const rows = rowsOf(transactions.data);
  return (
    <AccountLayout title={<FormattedMessage id="chrome.account.myWallet" />} testId="my-wallet-page">
      {/* The summary and the history are drawn together: a history drawn under a
          summary still loading would be pushed down when it came. */}
      {wallet.isPending || transactions.isPending ? (
        <RowsSkeleton rows={3} />
      ) : (
        <>
          {wallet.isError ? (
            <LoadError look="panel" error={wallet.error} onRetry={() => void wallet.refetch()} />
          ) : (
            <dl className={styles.stats}>
              <div className={styles.stat}>
                <dt>
                  <FormattedMessage id="account.wallet.balance" />
                </dt>
                <dd data-testid="wallet-balance">{format.money(wallet.data.balance, wallet.data.currency)}</dd>
              </div>
            </dl>
          )}
          <section className={styles.card} aria-labelledby="wallet-history">
            <h2 id="wallet-history" className={styles.cardTitle}>
              <FormattedMessage id="account.wallet.transactions" />
            </h2>
            {transactions.isError ? (
              <LoadError look="panel" error={transactions.error} onRetry={() => void transactions.refetch()} />
            ) : rows.length === 0 ? (
              <EmptyState look="panel" message={{ id: "no_credits", params: {} }} />
            ) : (
              <>
                <ul className={styles.rows} data-testid="wallet-transactions">
                  {rows.map((entry) => (
                    <TransactionRow key={entry.id} entry={entry} />
                  ))}
                </ul>
                <LoadMoreButton
                  hasNext={transactions.hasNextPage}
                  loading={transactions.isFetchingNextPage}
                  onLoad={() => void transactions.fetchNextPage()}
                />
              </>
            )}
          </section>
        </>
      )}
    </AccountLayout>
  );
}

function TransactionRow({ entry }: { entry: WalletTransaction }) {
  const intl = useIntl();
  const format = useFormat();
  const credit = entry.direction === "credit";
  return (
    <li data-testid="wallet-transaction">
      <div className={styles.rowMain}>
        <span className={styles.rowTitle}>{intl.formatMessage({ id: transactionTypeLabel(entry.type) })}</span>
        <span className={styles.small}>{entry.details}</span>
        <span className={styles.small}>
          {format.dateTime(entry.date)} ·{" "}
          <FormattedMessage id={entry.status === "completed" ? "account.wallet.completed" : "account.wallet.pending"} />
        </span>
      </div>
      <span className={`${styles.amount} ${credit ? styles.credit : styles.debit}`}>
        {intl.formatMessage(
          { id: credit ? "account.wallet.credit" : "account.wallet.debit" },
          { amount: format.unsignedMoney(entry.amount) },
        )}
      </span>
    </li>
  );
}
