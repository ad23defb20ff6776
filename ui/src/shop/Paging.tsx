import { useEffect, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import states from "../ui/States.module.css";
import styles from "./Pages.module.css";
import { Button } from "../ui/Button";

interface LoadMoreProps {
  hasNext: boolean;
  loading: boolean;
  onLoad(): void;
  /** Load the next page when the button scrolls into view (infinite loading). */
  auto?: boolean;
}

/** The next page of an infinite list: on scroll, or by the button. */
export function LoadMore({ hasNext, loading, onLoad, auto = true }: LoadMoreProps) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef({ hasNext, loading, onLoad });
  useEffect(() => {
    latest.current = { hasNext, loading, onLoad };
  });

  useEffect(() => {
    const node = ref.current;
    if (!auto || !node || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      const { hasNext: more, loading: busy, onLoad: load } = latest.current;
      if (entries.some((e) => e.isIntersecting) && more && !busy) load();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [auto]);

  if (!hasNext) return null;
  return (
    <div ref={ref} className={styles.loadMore}>
      <Button variant="neutral" onClick={onLoad} busy={loading}>
        <FormattedMessage id={loading ? "catalogue.loading" : "catalogue.loadMore"} />
      </Button>
    </div>
  );
}

interface PagerProps {
  page: number;
  last: number;
  /** The address of a page. */
  hrefOf(page: number): string;
  /** Told when the customer follows a link to another page (to bring the results into view). */
  onNavigate?(page: number): void;
}

/** Previous / next links over meta.current_page and meta.last_page. */
export function Pager({ page, last, hrefOf, onNavigate }: PagerProps) {
  const intl = useIntl();
  if (last <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={intl.formatMessage({ id: "catalogue.pager" })}>
      {page > 1 ? (
        <Link href={hrefOf(page - 1)} className={styles.pagerLink} rel="prev" onClick={() => onNavigate?.(page - 1)}>
          <FormattedMessage id="catalogue.pager.previous" />
        </Link>
      ) : (
        <span />
      )}
      <span className={styles.pagerStatus} aria-current="page">
        <FormattedMessage id="catalogue.pager.status" values={{ page, last }} />
      </span>
      {page < last ? (
        <Link href={hrefOf(page + 1)} className={styles.pagerLink} rel="next" onClick={() => onNavigate?.(page + 1)}>
          <FormattedMessage id="catalogue.pager.next" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * A page number past the last page (a stale or hand-edited address): said plainly, with
 * a way back to the last page, instead of "no products match".
 */
export function PastLastPage({ page, last, href, onNavigate }: { page: number; last: number; href: string; onNavigate?(): void }) {
  return (
    <div className={states.empty} role="status" data-testid="past-last-page">
      <p className={states.emptyText}>
        <FormattedMessage id="catalogue.pager.pastEnd" values={{ page, last }} />
      </p>
      <p className={states.emptyHint}>
        <Link href={href} className={styles.pagerLink} onClick={() => onNavigate?.()}>
          <FormattedMessage id="catalogue.pager.toLast" values={{ last }} />
        </Link>
      </p>
    </div>
  );
}

/**
 * After moving to another page of a list: scrolls the window to the top of the results
 * (below the sticky top bar, when there is one) and moves the focus to the results'
 * heading, which must have tabIndex={-1}, so keyboard and screen-reader users start
 * there too instead of at the bottom of the page.
 */
export function revealResults(heading: HTMLElement | null, region: HTMLElement | null = heading): void {
  if (!heading) return;
  const target = region ?? heading;
  const bar = document.querySelector("header");
  const covered = bar && getComputedStyle(bar).position === "sticky" ? bar.getBoundingClientRect().height : 0;
  const top = target.getBoundingClientRect().top + window.scrollY - covered;
  window.scrollTo({ top: Math.max(0, Math.round(top)) });
  heading.focus({ preventScroll: true });
}
