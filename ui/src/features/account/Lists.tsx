import { FormattedMessage } from "react-intl";
import { Link } from "wouter";
import styles from "./Account.module.css";
import { Button } from "../../ui/Button";

export interface TabLink {
  key: string;
  label: string;
  href: string;
}

/** Tabs kept in the address (`?tab=`), as a navigation of links. */
export function TabLinks({ tabs, current, label }: { tabs: TabLink[]; current: string; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className={styles.tabs}>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              href={tab.href}
              className={styles.tab}
              aria-current={tab.key === current ? "page" : undefined}
              data-testid={`tab-${tab.key}`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The next page of a list. */
export function LoadMoreButton({ hasNext, loading, onLoad }: { hasNext: boolean; loading: boolean; onLoad(): void }) {
  if (!hasNext) return null;
  return (
    <div className={styles.actions}>
      <Button variant="neutral" onClick={onLoad} busy={loading}>
        <FormattedMessage id={loading ? "account.loading" : "account.loadMore"} />
      </Button>
    </div>
  );
}
