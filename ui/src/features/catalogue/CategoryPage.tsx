import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { cutLabel } from "../../core/start";
import { useCoreText } from "../../i18n/coreText";
import type { ScreenProps } from "../../layouts/screen";
import { AddToCartProvider } from "../../shop/AddToCart";
import { LazyImage } from "../../ui/LazyImage";
import { InfiniteProducts } from "../../shop/Lists";
import { useCategory, useSubcategories } from "../../shop/catalogue";
import { DetailSkeleton } from "../../ui/Skeletons";
import { EmptyState, LoadError } from "../../ui/States";
import { LoadMore } from "../../shop/Paging";
import styles from "../../shop/Pages.module.css";

/** The subcategories, page by page (meta.current_page / meta.last_page). */
function Subcategories({ query }: { query: ReturnType<typeof useSubcategories> }) {
  const text = useCoreText();
  if (query.isPending) return null; // the page waits for the first page
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.data);
  if (items.length === 0) {
    return <EmptyState>{text({ kind: "message", id: "no_subcategories", params: {} })}</EmptyState>;
  }
  return (
    <>
      <ul className={styles.categoryGrid} data-testid="subcategories">
        {items.map((category) => (
          <li key={category.id}>
            <Link href={`/categories/${category.id}`} className={styles.categoryTile} title={category.name}>
              <LazyImage src={category.icon} alt="" width={96} />
              <span>{cutLabel(category.name)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore
        hasNext={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
        auto={false}
      />
    </>
  );
}

/** /categories/{id}: the category, its subcategories and its products. */
export default function CategoryPage({ params }: ScreenProps) {
  const intl = useIntl();
  const id = params.id ?? null;
  const category = useCategory(id);
  // Asked for beside the category, and the page waits for both: the subcategories' grid
  // drawn after the page would push the products down.
  const subcategories = useSubcategories(id);

  if (category.isPending || (category.isSuccess && subcategories.isPending)) return <DetailSkeleton />;
  if (category.isError) return <LoadError error={category.error} onRetry={() => void category.refetch()} />;
  const c = category.data;

  return (
    <AddToCartProvider>
      <article aria-labelledby="category-title" className={styles.page}>
        {c.parent ? (
          <p>
            <Link href={`/categories/${c.parent.id}`} className={styles.backLink}>
              <FormattedMessage id="catalogue.category.parent" values={{ name: c.parent.name }} />
            </Link>
          </p>
        ) : null}
        <header className={styles.categoryHeader}>
          <LazyImage src={c.icon} alt="" width={64} eager className={styles.categoryIcon} />
          <h1 id="category-title" className={styles.title}>
            {c.name}
          </h1>
        </header>

        <section aria-labelledby="subcategories-title" className={styles.block}>
          <h2 id="subcategories-title" className={styles.subtitle}>
            <FormattedMessage id="catalogue.category.subcategories" />
          </h2>
          <Subcategories query={subcategories} />
        </section>

        <section aria-labelledby="category-products" className={styles.block}>
          <div className={styles.sectionHead}>
            <h2 id="category-products" className={styles.subtitle}>
              <FormattedMessage id="catalogue.category.products" values={{ name: c.name }} />
            </h2>
            <Link href={`/products?category_id=${c.id}`} className={styles.seeAll}>
              <FormattedMessage id="catalogue.category.allProducts" values={{ name: c.name }} />
            </Link>
          </div>
          <InfiniteProducts
            filters={{ category_id: c.id }}
            service={c.service_id}
            label={intl.formatMessage({ id: "catalogue.category.products" }, { name: c.name })}
          />
        </section>
      </article>
    </AddToCartProvider>
  );
}
