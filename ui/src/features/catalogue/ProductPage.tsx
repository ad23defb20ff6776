import { lazy, Suspense, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import type { ScreenProps } from "../../routes/screens";
import { FavoriteButton } from "./FavoriteButton";
import { LazyImage } from "./LazyImage";
import { Price, usePriceFormatter } from "./Price";
import { useProduct, type ProductDetail } from "./queries";
import { Rating } from "./Rating";
import { DetailSkeleton } from "./Skeletons";
import { LoadError } from "./States";
import { StockBadge } from "./StockBadge";
import styles from "./Pages.module.css";
import cards from "./Cards.module.css";

function Gallery({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const [shown, setShown] = useState(0);
  const images = product.images.length > 0 ? product.images : [product.image];
  const current = images[Math.min(shown, images.length - 1)] ?? product.image;
  return (
    <div className={styles.gallery} aria-label={intl.formatMessage({ id: "catalogue.product.gallery" })} role="group">
      <LazyImage src={current} alt={product.name} eager width={640} className={styles.galleryMain} />
      {images.length > 1 ? (
        <ul className={styles.thumbs}>
          {images.map((src, i) => (
            <li key={src + String(i)}>
              <button
                type="button"
                className={`${styles.thumb} ${i === shown ? styles.thumbActive : ""}`}
                aria-pressed={i === shown}
                aria-label={intl.formatMessage({ id: "catalogue.product.picture" }, { n: i + 1, name: product.name })}
                onClick={() => setShown(i)}
              >
                <LazyImage src={src} alt="" width={72} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

// The quantity and add-to-cart run on the core's cart module (quantity limits, the
// shop's delivery): loaded beside the page instead of before it, so the product is
// drawn as soon as it arrives. Until then the box holds its place (no layout shift).
const Purchase = lazy(() => import("./ProductPurchase"));

function PurchasePlaceholder() {
  return <div className={`${styles.purchase} ${styles.purchasePending}`} aria-busy="true" />;
}

/** /products/{id}: pictures, price, stock state, quantity, add to cart, favourite and the shop's terms. */
export default function ProductPage({ params }: ScreenProps) {
  const product = useProduct(params.id ?? null);
  const format = usePriceFormatter();

  if (product.isPending) return <DetailSkeleton />;
  if (product.isError) return <LoadError error={product.error} onRetry={() => void product.refetch()} />;
  const p = product.data;
  const shop = p.branch;

  return (
    <article aria-labelledby="product-title" className={`${styles.page} ${styles.productLayout}`}>
      <Gallery key={p.id} product={p} />
      <div className={styles.productInfo}>
        <div className={styles.titleRow}>
          <h1 id="product-title" className={styles.title}>
            {p.name}
          </h1>
          <FavoriteButton type="product" id={p.id} name={p.name} active={p.favorite === 1} />
        </div>
        <div className={cards.cardMeta}>
          <Rating value={p.rating} />
          <StockBadge status={p.stock_status} />
        </div>
        <Price amount={p.price} old={p.old_price} currency={p.currency} large />
        <Suspense fallback={<PurchasePlaceholder />}>
          <Purchase key={p.id} product={p} />
        </Suspense>

        <section aria-labelledby="sold-by" className={styles.soldBy}>
          <h2 id="sold-by" className={styles.smallTitle}>
            <FormattedMessage id="catalogue.branch.soldBy" />
          </h2>
          <Link href={`/branches/${shop.id}`} className={styles.shopLink}>
            <LazyImage src={shop.logo} alt="" width={48} className={styles.shopLogo} />
            <span>{shop.name}</span>
          </Link>
          <ul className={styles.terms}>
            <li>
              <span className={`${cards.badge} ${shop.closed ? cards.outOfStock : cards.inStock}`}>
                <FormattedMessage id={shop.closed ? "catalogue.branch.closed" : "catalogue.branch.open"} />
              </span>
            </li>
            <li>
              <FormattedMessage id="catalogue.branch.minimum" values={{ amount: format(shop.minimum) }} />
            </li>
            <li>
              <FormattedMessage id="catalogue.branch.minutes" values={{ minutes: shop.minutes }} />
            </li>
            {shop.free_delivery ? (
              <li className={cards.free}>
                <FormattedMessage id="catalogue.branch.freeDelivery" />
              </li>
            ) : null}
          </ul>
        </section>

        <dl className={styles.details}>
          <dt>
            <FormattedMessage id="catalogue.product.category" />
          </dt>
          <dd>
            <Link href={`/categories/${p.category.id}`}>{p.category.name}</Link>
          </dd>
          {p.brand ? (
            <>
              <dt>
                <FormattedMessage id="catalogue.product.brand" />
              </dt>
              <dd>
                <Link href={`/products?brand_id=${p.brand.id}`}>{p.brand.name}</Link>
              </dd>
            </>
          ) : null}
        </dl>
        {p.description ? (
          <section aria-labelledby="product-description">
            <h2 id="product-description" className={styles.smallTitle}>
              <FormattedMessage id="catalogue.product.description" />
            </h2>
            <p className={styles.description}>{p.description}</p>
          </section>
        ) : null}
      </div>
    </article>
  );
}
