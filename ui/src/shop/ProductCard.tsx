import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { useCartAdder } from "./AddToCart";
import { FavoriteButton } from "./FavoriteButton";
import { LazyImage } from "../ui/LazyImage";
import { Price } from "../ui/Price";
import type { ProductItem, ShopOffer, StockStatus } from "./catalogue";
import { Rating, ReviewRating } from "./Rating";
import { StockBadge } from "./StockBadge";
import styles from "./Cards.module.css";

/** What a product card shows, from a listing row or a home-block item. */
export interface CardProduct {
  id: number;
  name: string;
  /** The size or pack that tells the product from its siblings, the end of `name` (null: unknown). */
  size?: string | null;
  image: string;
  price: string;
  old_price?: string | null;
  currency?: string | null;
  stock_status: StockStatus;
  rating: number;
  /**
   * The customers' reviews' average and count (listings; home blocks have neither); in a
   * server template, the context's fields that hold them (`item.rating_average`).
   */
  reviews?: { average: number | null; count: number; averageField?: string; countField?: string };
  favorite: boolean;
  branch_id: number;
  /**
   * Search results only, when the item is sold by more than one shop (the list shows
   * each item once): the shop of this offer and the other shops' offers.
   */
  shops?: ShopOffers;
}

/** The shop of a search result and the other shops selling the same item. */
export interface ShopOffers {
  shop: string;
  /** How many other shops sell it (may be more than `others` lists). */
  more: number;
  others: ShopOffer[];
}

/** The shops line of a search result: only for items sold by more than one shop. */
export function shopOffers(item: ProductItem): ShopOffers | undefined {
  const count = item.shops ?? 0;
  if (count < 2) return undefined;
  return { shop: item.branch.name, more: count - 1, others: item.other_shops ?? [] };
}

export function cardFromListing(item: ProductItem): CardProduct {
  return {
    id: item.id,
    name: item.name,
    size: item.size ?? null,
    image: item.image,
    price: item.price,
    old_price: item.old_price ?? null,
    currency: item.currency,
    stock_status: item.stock_status,
    rating: item.rating,
    reviews: { average: item.rating_average ?? null, count: item.rating_count },
    favorite: item.favorite === 1,
    branch_id: item.branch.id,
    shops: shopOffers(item),
  };
}

export interface BlockProduct {
  id: number;
  is_favorite: boolean;
  name: string;
  size?: string | null;
  rating_average?: number | null;
  rating_count?: number;
  image: string;
  price: string;
  old_price?: string | null;
  stock_status: StockStatus;
  rating: number;
  branch_id: number;
}

export function cardFromBlock(item: BlockProduct): CardProduct {
  return {
    ...item,
    size: item.size ?? null,
    old_price: item.old_price ?? null,
    currency: null,
    favorite: item.is_favorite,
    reviews: item.rating_count === undefined ? undefined : { average: item.rating_average ?? null, count: item.rating_count },
  };
}

/**
 * The name in two parts: what the product is, and its size or pack when the name ends
 * with it, which keeps a line of its own (a listing's "Juhayna Skimmed Milk…" cards must
 * still say which is 200 ml and which a pack of 6).
 */
export function nameParts(name: string, size: string | null | undefined): { base: string; size: string | null } {
  const end = size?.trim();
  if (end && name.endsWith(end) && name.length > end.length) return { base: name.slice(0, -end.length).trimEnd(), size: end };
  return { base: name, size: null };
}

/** A product in a grid or rail: picture, name, price, rating, stock, favourite and a quick add. */
export function ProductCard({ product, eager = false }: { product: CardProduct; eager?: boolean }) {
  const adder = useCartAdder();
  const intl = useIntl();
  const href = `/products/${product.id}`;
  const name = nameParts(product.name, product.size);
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
          {/* Named by the whole name: the parts are laid out on lines of their own. */}
          <Link href={href} className={styles.cardLink} aria-label={product.name} title={product.name}>
            <span className={styles.cardName}>{name.base}</span>
            {/* The space keeps the text whole ("… Milk 200 ml"); a flex line does not draw it. */}
            {name.size ? <>{" "}<span className={styles.cardSize}>{name.size}</span></> : null}
          </Link>
        </h3>
        <Price amount={product.price} old={product.old_price} currency={product.currency} />
        {product.shops ? <ShopsLine offers={product.shops} /> : null}
        <div className={styles.cardMeta}>
          {product.reviews ? (
            <ReviewRating {...product.reviews} />
          ) : (
            <Rating value={product.rating} />
          )}
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

/**
 * Which shop a search result is from, and the other shops that sell the same item (a
 * search lists each item once): their offers open on demand, each a link to that
 * shop's product.
 */
function ShopsLine({ offers }: { offers: ShopOffers }) {
  return (
    <div className={styles.cardShops} data-testid="product-shops">
      <p className={styles.cardShop}>
        <FormattedMessage id="catalogue.product.soldBy" values={{ shop: offers.shop }} />
      </p>
      {offers.others.length > 0 ? (
        <details className={styles.cardOthers}>
          <summary>
            <FormattedMessage id="catalogue.product.otherShops" values={{ count: offers.more }} />
          </summary>
          <ul>
            {offers.others.map((offer) => (
              <li key={offer.id}>
                <Link href={`/products/${offer.id}`}>{offer.branch.name}</Link>{" "}
                <Price amount={offer.price} old={offer.old_price} currency={offer.currency} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
