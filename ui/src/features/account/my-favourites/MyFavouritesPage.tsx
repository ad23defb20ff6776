import { useEffect, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import type { ScreenProps } from "../../../layouts/screen";
import { useToggleFavorite } from "../../../shop/favourites";
import { AccountLayout } from "../AccountLayout";
import { useFormat } from "../format";
import type { FavoriteItem } from "../../../api/queries";
import { rowsOf, useFavorites, type FavoriteKind } from "../queries";
import { LoadMoreButton, TabLinks } from "../Lists";
import { EmptyState, LoadError } from "../../../ui/States";
import { RowsSkeleton } from "../../../ui/Skeletons";
import styles from "../Account.module.css";
import { Button } from "../../../ui/Button";

const TABS: { key: string; kind: FavoriteKind; label: string; empty: string }[] = [
  { key: "products", kind: "product", label: "account.favourites.products", empty: "account.favourites.noProducts" },
  { key: "branches", kind: "branch", label: "account.favourites.branches", empty: "account.favourites.noBranches" },
];

const rowKey = (item: FavoriteItem) => `${item.type}-${item.id}`;

/**
 * /account/my-favourites (spec 2): favourite products and shops, latest first. Removing
 * one goes through the shared favourite toggle (L's hook), which also flips the heart
 * everywhere else in the app. Once the row is gone, focus moves to the row that took its
 * place (else the one before it), or to the page heading when the list is empty.
 */
export default function MyFavouritesPage({ query }: ScreenProps) {
  const intl = useIntl();
  const tab = TABS.find((t) => t.key === query.get("tab")) ?? (TABS[0] as (typeof TABS)[number]);
  const favorites = useFavorites(tab.kind);
  const rows = rowsOf(favorites.data);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // The row being removed (its key and place), until it has left the list.
  const removing = useRef<{ key: string; index: number } | null>(null);
  const keyList = rows.map(rowKey).join(" ");

  useEffect(() => {
    const gone = removing.current;
    if (!gone || keyList.split(" ").includes(gone.key)) return;
    removing.current = null;
    const links = list.current?.querySelectorAll<HTMLAnchorElement>("[data-favourite-link]") ?? [];
    const next = links[Math.min(gone.index, links.length - 1)];
    (next ?? heading.current)?.focus();
  }, [keyList]);

  return (
    <AccountLayout
      title={<FormattedMessage id="chrome.account.myFavourites" />}
      testId="my-favourites-page"
      headingRef={heading}
    >
      <TabLinks
        label={intl.formatMessage({ id: "account.favourites.tabs" })}
        current={tab.key}
        tabs={TABS.map((t) => ({ key: t.key, label: intl.formatMessage({ id: t.label }), href: `/account/my-favourites?tab=${t.key}` }))}
      />
      {favorites.isPending ? (
        <RowsSkeleton />
      ) : favorites.isError ? (
        <LoadError look="panel" error={favorites.error} onRetry={() => void favorites.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          look="panel"
          action={
            <Link href="/home">
              <FormattedMessage id="account.favourites.browse" />
            </Link>
          }
        >
          <FormattedMessage id={tab.empty} />
        </EmptyState>
      ) : (
        <>
          <ul ref={list} className={styles.list} data-testid="favourite-list">
            {rows.map((item, index) => (
              <FavouriteRow
                key={rowKey(item)}
                item={item}
                onRemoving={() => {
                  removing.current = { key: rowKey(item), index };
                }}
                onKept={() => {
                  removing.current = null;
                }}
              />
            ))}
          </ul>
          <LoadMoreButton
            hasNext={favorites.hasNextPage}
            loading={favorites.isFetchingNextPage}
            onLoad={() => void favorites.fetchNextPage()}
          />
        </>
      )}
    </AccountLayout>
  );
}

interface FavouriteRowProps {
  item: FavoriteItem;
  /** Called when "Remove" is pressed (the row leaves the list once the API agreed). */
  onRemoving(): void;
  /** Called when the removal failed and the row stays. */
  onKept(): void;
}

/**
 * One favourite as a row: thumbnail, name and details, and "Remove" at the row's end
 * (logical order, so it mirrors in Arabic); on a narrow screen "Remove" wraps below.
 */
function FavouriteRow({ item, onRemoving, onKept }: FavouriteRowProps) {
  const intl = useIntl();
  const format = useFormat();
  const toggle = useToggleFavorite();
  const href = item.type === "product" ? `/products/${item.id}` : `/branches/${item.id}`;
  const remove = () => {
    // Not `disabled` while pending: a disabled button drops the keyboard focus.
    if (toggle.isPending) return;
    onRemoving();
    toggle.mutate({ target: { type: item.type, id: item.id }, next: false }, { onError: onKept });
  };
  return (
    <li className={styles.favouriteRow} data-testid="favourite-row">
      {item.image ? (
        <img className={styles.thumb} src={item.image} alt="" width={56} height={56} loading="lazy" />
      ) : (
        <span className={styles.thumb} aria-hidden="true" />
      )}
      <div className={`${styles.rowMain} ${styles.favouriteMain}`}>
        <Link href={href} className={styles.rowTitle} data-favourite-link="">
          {item.name}
        </Link>
        {item.type === "product" ? (
          <span className={styles.small}>
            {item.price ? <strong>{format.money(item.price, item.currency)}</strong> : null}
            {item.old_price ? (
              <>
                {" "}
                <s>{format.money(item.old_price, item.currency)}</s>
              </>
            ) : null}
            {item.branch ? ` · ${item.branch.name}` : ""}
          </span>
        ) : (
          <span className={styles.small}>
            <FormattedMessage id="account.favourites.rating" values={{ rating: intl.formatNumber(item.rating, { maximumFractionDigits: 1 }) }} />
            {item.closed ? (
              <>
                {" · "}
                <FormattedMessage id="account.favourites.closed" />
              </>
            ) : null}
          </span>
        )}
      </div>
      <Button
        variant="neutral"
        className={styles.favouriteRemove}
        aria-disabled={toggle.isPending || undefined}
        aria-busy={toggle.isPending || undefined}
        aria-label={intl.formatMessage({ id: "account.favourites.removeNamed" }, { name: item.name })}
        onClick={remove}
        data-testid="remove-favourite"
      >
        <FormattedMessage id="account.favourites.remove" />
      </Button>
    </li>
  );
}
