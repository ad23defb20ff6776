import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { BranchCard, type CardBranch } from "./BranchCard";
import { ProductCard, cardFromListing, type CardProduct } from "./ProductCard";
import { useBranchesInfinite, useProductsInfinite, type ProductItem } from "./catalogue";
import { CardGridSkeleton } from "../ui/Skeletons";
import { EmptyState, LoadError } from "../ui/States";
import { LoadMore } from "./Paging";
import styles from "./Pages.module.css";

export function ProductGrid({ products, label }: { products: CardProduct[]; label?: string }) {
  return (
    <ul className={styles.grid} aria-label={label} data-testid="product-grid">
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} eager={i < 4} />
        </li>
      ))}
    </ul>
  );
}

export function BranchGrid({ branches, label }: { branches: CardBranch[]; label?: string }) {
  return (
    <ul className={styles.branchGrid} aria-label={label} data-testid="branch-grid">
      {branches.map((branch, i) => (
        <li key={branch.id}>
          <BranchCard branch={branch} eager={i < 4} />
        </li>
      ))}
    </ul>
  );
}

interface InfiniteProductsProps {
  filters: Record<string, string | number>;
  empty?: ReactNode;
  /** A second line under `empty`: what to try next. */
  emptyHint?: ReactNode;
  label?: string;
  enabled?: boolean;
  service?: number | null;
  /** Load the next page on scroll (else by the button only). */
  auto?: boolean;
  /** Shown above the list when it holds close matches, not exact ones (`meta.approximate`). */
  approximate?: ReactNode;
}

/** Products page after page (meta.last_page ends it), with skeleton, error and empty states. */
export function InfiniteProducts({
  filters,
  empty,
  emptyHint,
  label,
  enabled = true,
  service = null,
  auto = true,
  approximate,
}: InfiniteProductsProps) {
  const query = useProductsInfinite(filters, enabled, service);
  if (!enabled) return null;
  if (query.isPending) return <CardGridSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const items: ProductItem[] = query.data.pages.flatMap((page) => page.data);
  if (items.length === 0)
    return <EmptyState hint={emptyHint}>{empty ?? <FormattedMessage id="catalogue.empty.products" />}</EmptyState>;
  const close = approximate && query.data.pages[0]?.meta.approximate;
  return (
    <>
      {close ? (
        <p className={styles.notice} role="status" data-testid="approximate-results">
          {approximate}
        </p>
      ) : null}
      <ProductGrid products={items.map(cardFromListing)} label={label} />
      <LoadMore
        hasNext={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
        auto={auto}
      />
    </>
  );
}

interface InfiniteBranchesProps {
  search: string | null;
  /** Only the shops of this shop category (`branch_category_id`). */
  categoryId?: number | null;
  empty?: ReactNode;
  label?: string;
  enabled?: boolean;
  auto?: boolean;
}

/** Shops page after page (meta.last_page ends it). */
export function InfiniteBranches({
  search,
  categoryId = null,
  empty,
  label,
  enabled = true,
  auto = true,
}: InfiniteBranchesProps) {
  const query = useBranchesInfinite(search, enabled, categoryId);
  if (!enabled) return null;
  if (query.isPending) return <CardGridSkeleton count={4} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.data);
  if (items.length === 0) return <EmptyState>{empty ?? <FormattedMessage id="catalogue.empty.branches" />}</EmptyState>;
  return (
    <>
      <BranchGrid branches={items} label={label} />
      <LoadMore
        hasNext={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
        auto={auto}
      />
    </>
  );
}
