import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { AccountLayout } from "../AccountLayout";
import { useFormat } from "../format";
import { rowsOf, useCommissions, useReferral } from "../queries";
import { LoadMoreButton } from "../Lists";
import { EmptyState, LoadError } from "../../../ui/States";
import { RowsSkeleton } from "../../../ui/Skeletons";
import styles from "../Account.module.css";
import { Button } from "../../../ui/Button";

type Shared = "copied" | "shared" | "failed" | null;

/** Copies text; false when the browser refuses (no permission, no clipboard). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * /account/referral-program (spec 2, 3): the customer's code with copy and share, the
 * totals (points, referred friends, commission) and the commission rate; then the
 * affiliate commission history — earned, purchase amount, commission rate.
 */
export default function ReferralProgramPage() {
  const intl = useIntl();
  const format = useFormat();
  const referral = useReferral();
  const commissions = useCommissions();
  const rows = rowsOf(commissions.data);
  const [shared, setShared] = useState<Shared>(null);

  const copy = async (code: string) => setShared((await copyText(code)) ? "copied" : "failed");
  const share = async (code: string) => {
    const text = intl.formatMessage({ id: "account.referral.shareText" }, { code });
    const url = globalThis.location?.origin ?? "";
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: intl.formatMessage({ id: "chrome.account.referralProgram" }), text, url });
        setShared("shared");
      } catch {
        // Dismissed by the customer: nothing to say.
      }
      return;
    }
    setShared((await copyText(`${text} ${url}`)) ? "copied" : "failed");
  };

  return (
    <AccountLayout title={<FormattedMessage id="chrome.account.referralProgram" />} testId="referral-page">
      {/* The summary and the history are drawn together: a history drawn under a
          summary still loading would be pushed down when it came. */}
      {referral.isPending || commissions.isPending ? (
        <RowsSkeleton rows={3} />
      ) : (
        <>
          {referral.isError ? (
            <LoadError look="panel" error={referral.error} onRetry={() => void referral.refetch()} />
          ) : (
            <>
              <section className={styles.card} aria-labelledby="referral-code">
                <h2 id="referral-code" className={styles.cardTitle}>
                  <FormattedMessage id="account.referral.code" />
                </h2>
                <p className={styles.muted}>
                  <FormattedMessage
                    id="account.referral.explain"
                    values={{
                      rate: format.percent(referral.data.commission_rate),
                      points: format.number(referral.data.points_per_referral),
                    }}
                  />
                </p>
                <p className={styles.title} data-testid="referral-code-value">
                  <bdi>{referral.data.code}</bdi>
                </p>
                <div className={styles.actions}>
                  <Button variant="primary" onClick={() => void copy(referral.data.code)} data-testid="copy-code">
                    <FormattedMessage id="account.referral.copy" />
                  </Button>
                  <Button variant="secondary" onClick={() => void share(referral.data.code)} data-testid="share-code">
                    <FormattedMessage id="account.referral.share" />
                  </Button>
                </div>
                <p className={styles.small} role="status" data-testid="share-status">
                  {shared ? <FormattedMessage id={`account.referral.${shared}`} /> : null}
                </p>
              </section>
              <dl className={styles.stats} data-testid="referral-totals">
                <div className={styles.stat}>
                  <dt>
                    <FormattedMessage id="account.referral.totalPoints" />
                  </dt>
                  <dd>{format.number(referral.data.total_points)}</dd>
                </div>
                <div className={styles.stat}>
                  <dt>
                    <FormattedMessage id="account.referral.friends" />
                  </dt>
                  <dd>{format.number(referral.data.referrals_count)}</dd>
                </div>
                <div className={styles.stat}>
                  <dt>
                    <FormattedMessage id="account.referral.totalCommission" />
                  </dt>
                  <dd>{format.money(referral.data.total_commission)}</dd>
                </div>
                <div className={styles.stat}>
                  <dt>
                    <FormattedMessage id="account.referral.rate" />
                  </dt>
                  <dd data-testid="commission-rate">{format.percent(referral.data.commission_rate)}</dd>
                </div>
                <div className={styles.stat}>
                  <dt>
                    <FormattedMessage id="account.referral.firstPurchase" />
                  </dt>
                  <dd>
                    <FormattedMessage id={referral.data.first_purchase ? "account.yes" : "account.no"} />
                  </dd>
                </div>
              </dl>
            </>
          )}
          <section className={styles.card} aria-labelledby="affiliate-history">
            <h2 id="affiliate-history" className={styles.cardTitle}>
              <FormattedMessage id="account.affiliate.title" />
            </h2>
            {commissions.isError ? (
              <LoadError look="panel" error={commissions.error} onRetry={() => void commissions.refetch()} />
            ) : rows.length === 0 ? (
              <EmptyState look="panel">
                <FormattedMessage id="account.affiliate.none" />
              </EmptyState>
            ) : (
              <>
                <ul className={styles.rows} data-testid="commission-list">
                  {rows.map((entry) => (
                    <li key={entry.id} data-testid="commission-row">
                      <div className={styles.rowMain}>
                        <span className={styles.rowTitle}>
                          <FormattedMessage
                            id="account.affiliate.purchase"
                            values={{ amount: entry.purchase_amount ? format.money(entry.purchase_amount) : "—" }}
                          />
                        </span>
                        <span className={styles.small}>
                          <FormattedMessage
                            id="account.affiliate.rate"
                            values={{ rate: entry.commission_rate ? format.percent(entry.commission_rate) : "—" }}
                          />
                          {" · "}
                          {format.date(entry.date)}
                        </span>
                      </div>
                      <span className={`${styles.amount} ${styles.credit}`}>
                        <FormattedMessage id="account.affiliate.earned" values={{ amount: format.money(entry.earned) }} />
                      </span>
                    </li>
                  ))}
                </ul>
                <LoadMoreButton
                  hasNext={commissions.hasNextPage}
                  loading={commissions.isFetchingNextPage}
                  onLoad={() => void commissions.fetchNextPage()}
                />
              </>
            )}
          </section>
          <p className={styles.small}>
            <Link href="/account/loyalty-points">
              <FormattedMessage id="chrome.account.loyaltyPoints" />
            </Link>
          </p>
        </>
      )}
    </AccountLayout>
  );
}
