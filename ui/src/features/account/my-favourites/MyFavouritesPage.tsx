import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import type { ScreenProps } from "../../../routes/screens";
import { useToggleFavorite } from "../../favourites/useToggleFavorite";
import { AccountLayout } from "../AccountLayout";
import { useFormat } from "../format";
import { rowsOf, useFavorites, type FavoriteItem, type FavoriteKind } from "../queries";
import { Empty, LoadFailed, LoadMoreButton, Loading, TabLinks } from "../ui";
import styles from "../Account.module.css";

const TABS: { key: string; kind: FavoriteKind; label: string; empty: string }[] = [
  { key: "products", kind: "product", label: "account.favourites.products", empty: "account.favourites.noProducts" },
  { key: "branches", kind: "branch", label: "account.favourites.branches", empty: "account.favourites.noBranches" },
];

/**
 * /account/my-favourites (spec 2): favourite products and shops, latest first. Removing
 * one goes through the shared favourite toggle (L's hook), which also flips the heart
 * everywhere else in the app.
 */
export default function MyFavouritesPage({ query }: ScreenProps) {
  const intl = useIntl();
  const tab = TABS.find((t) => t.key === query.get("tab")) ?? (TABS[0] as (typeof TABS)[number]);
  const favorites = useFavorites(tab.kind);
  const rows = rowsOf(favorites.data);
  return (
    <AccountLayout title={<FormattedMessage id="chrome.account.myFavourites" />} testId="my-favourites-page">
      <TabLinks
        label={intl.formatMessage({ id: "account.favourites.tabs" })}
        current={tab.key}
        tabs={TABS.map((t) => ({ key: t.key, label: intl.formatMessage({ id: t.label }), href: `/account/my-favourites?tab=${t.key}` }))}
      />
      {favorites.isPending ? (
        <Loading />
      ) : favorites.isError ? (
        <LoadFailed error={favorites.error} onRetry={() => void favorites.refetch()} />
      ) : rows.length === 0 ? (
        <Empty messageId={tab.empty}>
          <Link href="/home">
            <FormattedMessage id="account.favourites.browse" />
          </Link>
        </Empty>
      ) : (
        <>
          <ul className={styles.list} data-testid="favourite-list">
            {rows.map((item) => (
              <FavouriteRow key={`${item.type}-${item.id}`} item={item} />
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

function FavouriteRow({ item }: { item: FavoriteItem }) {
  const intl = useIntl();
  const format = useFormat();
  const toggle = useToggleFavorite();
  const href = item.type === "product" ? `/products/${item.id}` : `/branches/${item.id}`;
  return (
    <li className={`${styles.card} ${styles.cardHead}`} data-testid="favourite-row">
      <div className={styles.item}>
        {item.image ? (
          <img className={styles.thumb} src={item.image} alt="" width={56} height={56} loading="lazy" />
        ) : (
          <span className={styles.thumb} aria-hidden="true" />
        )}
        <div className={styles.rowMain}>
          <Link href={href} className={styles.rowTitle}>
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
      </div>
      <button
        type="button"
        className={styles.ghost}
        disabled={toggle.isPending}
        aria-label={intl.formatMessage({ id: "account.favourites.removeNamed" }, { name: item.name })}
        onClick={() => toggle.mutate({ target: { type: item.type, id: item.id }, next: false })}
        data-testid="remove-favourite"
      >
        <FormattedMessage id="account.favourites.remove" />
      </button>
    </li>
  );
}
