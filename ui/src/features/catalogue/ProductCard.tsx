import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { useCartAdder } from "./AddToCart";
import { FavoriteButton } from "./FavoriteButton";
import { LazyImage } from "./LazyImage";
import { Price } from "./Price";
import type { ProductItem, StockStatus } from "./queries";
import { Rating } from "./Rating";
import { StockBadge } from "./StockBadge";
import styles from "./Cards.module.css";

/** What a product card shows, from a listing row or a home-block item. */
export interface CardProduct {
  id: number;
  name: string;
  image: string;
  price: string;
  old_price?: string | null;
  currency?: string | null;
  stock_status: StockStatus;
  rating: number;
  favorite: boolean;
  branch_id: number;
}

export function cardFromListing(item: ProductItem): CardProduct {
  return {
    id: item.id,
    name: item.name,
    image: item.image,
    price: item.price,
    old_price: item.old_price ?? null,
    currency: item.currency,
    stock_status: item.stock_status,
    rating: item.rating,
    favorite: item.favorite === 1,
    branch_id: item.branch.id,
  };
}

export interface BlockProduct {
  id: number;
  is_favorite: boolean;
  name: string;
  image: string;
  price: string;
  old_price?: string | null;
  stock_status: StockStatus;
  rating: number;
  branch_id: number;
}

export function cardFromBlock(item: BlockProduct): CardProduct {
  return { ...item, old_price: item.old_price ?? null, currency: null, favorite: item.is_favorite };
}

/** A product in a grid or rail: picture, name, price, rating, stock, favourite and a quick add. */
export function ProductCard({ product, eager = false }: { product: CardProduct; eager?: boolean }) {
  const adder = useCartAdder();
  const intl = useIntl();
  const href = `/products/${product.id}`;
  return (
    <article className={styles.card} data-testid="product-card" data-product-id={product.id}>
      <Link href={href} className={styles.cardMedia} tabIndex={-1} aria-hidden="true">
        <LazyImage src={product.image} alt="" eager={eager} />
      </Link>
      <FavoriteButton
        type="product"
        id={product.id}
        name={product.name}
        active={product.favorite}
        className={styles.cardFavorite}
      />
      <div className={styles.cardBody}>
        <h3 className={styles.cardTitle}>
          <Link href={href} className={styles.cardLink}>
            {product.name}
          </Link>
        </h3>
        <Price amount={product.price} old={product.old_price} currency={product.currency} />
        <div className={styles.cardMeta}>
          <Rating value={product.rating} />
          <StockBadge status={product.stock_status} />
        </div>
        {adder ? (
          <button
            type="button"
            className={styles.addButton}
            disabled={product.stock_status === "out_of_stock" || adder.pending}
            aria-label={intl.formatMessage({ id: "catalogue.addToCartNamed" }, { name: product.name })}
            onClick={() => void adder.add({ product_id: product.id, branch_id: product.branch_id })}
          >
            <FormattedMessage id="catalogue.addToCart" />
          </button>
        ) : null}
      </div>
    </article>
  );
}
