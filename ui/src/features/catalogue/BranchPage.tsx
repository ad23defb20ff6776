import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { shopDelivery } from "storefront-core/cart";
import { useCoreText } from "../../i18n/coreText";
import type { ScreenProps } from "../../layouts/screen";
import { AddToCartProvider } from "../../shop/AddToCart";
import { FavoriteButton } from "../../shop/FavoriteButton";
import { LazyImage } from "../../ui/LazyImage";
import { InfiniteProducts } from "../../shop/Lists";
import { usePriceFormatter } from "../../ui/Price";
import { useBranch, type BranchDetail } from "../../shop/catalogue";
import { Rating } from "../../shop/Rating";
import { DetailSkeleton } from "../../ui/Skeletons";
import { LoadError } from "../../ui/States";
import styles from "../../shop/Pages.module.css";
import cards from "../../shop/Cards.module.css";

function positive(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** Closed, minimum order, delivery minutes, free delivery or the fee. */
function DeliveryTerms({ branch }: { branch: BranchDetail }) {
  const format = usePriceFormatter();
  return (
    <ul className={styles.terms} data-testid="branch-terms">
      <li>
        <span className={`${cards.badge} ${branch.closed ? cards.outOfStock : cards.inStock}`}>
          <FormattedMessage id={branch.closed ? "catalogue.branch.closed" : "catalogue.branch.open"} />
        </span>
      </li>
      <li>
        <FormattedMessage id="catalogue.branch.minimum" values={{ amount: format(branch.minimum) }} />
      </li>
      <li>
        <FormattedMessage id="catalogue.branch.minutes" values={{ minutes: branch.minutes }} />
      </li>
      {branch.free_delivery ? (
        <li className={cards.free}>
          <FormattedMessage id="catalogue.branch.freeDelivery" />
        </li>
      ) : (
        <>
          <li>
            <FormattedMessage id="catalogue.branch.fee" values={{ amount: format(branch.delivery_fee) }} />
          </li>
          {branch.free_delivery_over ? (
            <li className={cards.free}>
              <FormattedMessage id="catalogue.branch.freeOver" values={{ amount: format(branch.free_delivery_over) }} />
            </li>
          ) : null}
        </>
      )}
    </ul>
  );
}

/**
 * /branches/{id}: the shop with its terms, its product categories and its products. A
 * shop that does not deliver to the chosen district (the core's `shopDelivery` reads the
 * API's `delivers`) still shows what it sells, says 'We Don't Deliver To Your Location'
 * and offers no add-to-cart on its products.
 */
export default function BranchPage({ params, query }: ScreenProps) {
  const intl = useIntl();
  const text = useCoreText();
  const id = params.id ?? null;
  const branch = useBranch(id);
  const categoryId = positive(query.get("category_id"));

  if (branch.isPending) return <DetailSkeleton />;
  if (branch.isError) return <LoadError error={branch.error} onRetry={() => void branch.refetch()} />;
  const shop = branch.data;
  const filters: Record<string, number> = categoryId ? { branch_id: shop.id, category_id: categoryId } : { branch_id: shop.id };
  const delivery = shopDelivery(shop.delivers ?? null);
  // Cards show a cart button only under an add-to-cart flow.
  const Purchases = delivery.can_add_to_cart ? AddToCartProvider : NoPurchases;

  return (
    <Purchases>
      <article aria-labelledby="branch-title" className={styles.page}>
        <header className={styles.branchHeader}>
          <LazyImage src={shop.cover} alt="" ratio={4} width={1200} fit="cover" eager className={styles.cover} />
          <div className={styles.branchIdentity}>
            <LazyImage src={shop.logo} alt="" width={96} eager className={styles.branchLogoLarge} />
            <div className={styles.branchText}>
              <h1 id="branch-title" className={styles.title}>
                {shop.name}
              </h1>
              <Rating value={shop.rating} />
              {shop.branch_category ? <p className={styles.muted}>{shop.branch_category.name}</p> : null}
            </div>
            <FavoriteButton type="branch" id={shop.id} name={shop.name} active={shop.is_favorite} />
          </div>
          <DeliveryTerms branch={shop} />
          {delivery.notice ? (
            <p className={styles.notDelivering} role="status" data-testid="not-delivering">
              {text({ kind: "message", ...delivery.notice })}
            </p>
          ) : null}
          {shop.description ? <p className={styles.description}>{shop.description}</p> : null}
        </header>

        {shop.categories.length > 0 ? (
          <nav aria-label={intl.formatMessage({ id: "catalogue.branch.categories" })} className={styles.block}>
            <ul className={styles.suggestionChips}>
              <li>
                <Link
                  href={`/branches/${shop.id}`}
                  className={`${styles.chip} ${categoryId === null ? styles.chipActive : ""}`}
                  aria-current={categoryId === null ? "page" : undefined}
                >
                  <FormattedMessage id="catalogue.branch.allCategories" />
                </Link>
              </li>
              {shop.categories.map((category) => (
                <li key={category.id}>
                  <Link
                    href={`/branches/${shop.id}?category_id=${category.id}`}
                    className={`${styles.chip} ${categoryId === category.id ? styles.chipActive : ""}`}
                    aria-current={categoryId === category.id ? "page" : undefined}
                  >
                    {category.name}{" "}
                    <span className={styles.count}>({intl.formatNumber(category.products_count)})</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        <section aria-labelledby="branch-products" className={styles.block}>
          <h2 id="branch-products" className={styles.subtitle}>
            <FormattedMessage id="catalogue.branch.products" />
          </h2>
          <InfiniteProducts filters={filters} label={intl.formatMessage({ id: "catalogue.branch.products" })} />
        </section>
      </article>
    </Purchases>
  );
}

function NoPurchases({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
