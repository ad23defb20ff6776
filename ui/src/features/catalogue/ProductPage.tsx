import { lazy, Suspense, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { useHydrated } from "../../platform/hydration";
import { useServerPageHeld } from "../../platform/serverPage";
import type { ScreenProps } from "../../layouts/screen";
import { fill, formatWithSlots, slotFlag, SlotEach, SlotIf, useTemplateMode } from "../../ui/template";
import { FavoriteButton } from "../../shop/FavoriteButton";
import { LazyImage } from "../../ui/LazyImage";
import { Price, usePriceFormatter } from "../../ui/Price";
import { useProduct, type ProductDetail } from "../../shop/catalogue";
import { Rating } from "../../shop/Rating";
import { DetailSkeleton } from "../../ui/Skeletons";
import { LoadError } from "../../ui/States";
import { StockBadge } from "../../shop/StockBadge";
import { ProductReviews } from "./ProductReviews";
import styles from "../../shop/Pages.module.css";
import cards from "../../shop/Cards.module.css";
import price from "../../ui/Price.module.css";

function Gallery({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const template = useTemplateMode();
  const [shown, setShown] = useState(0);
  const images = product.images.length > 0 ? product.images : [product.image];
  const current = images[Math.min(shown, images.length - 1)] ?? product.image;
  const thumb = ({ src, n }: { src: string; n: string | number }) => {
    // In a template the first picture is the one shown (`loop.first`), as on the client.
    const active = template
      ? `{% if loop.first %}${styles.thumbActive ?? ""}{% endif %}`
      : n === shown + 1
        ? styles.thumbActive
        : "";
    return (
      <li key={src + String(n)}>
        <button
          type="button"
          className={`${styles.thumb} ${active}`}
          aria-pressed={template ? slotFlag("loop.first") : n === shown + 1}
          aria-label={
            template
              ? formatWithSlots(intl, "catalogue.product.picture", { name: product.name }, { n: String(n) })
              : intl.formatMessage({ id: "catalogue.product.picture" }, { n, name: product.name })
          }
          onClick={() => setShown(Number(n) - 1)}
        >
          <LazyImage src={src} alt="" width={72} />
        </button>
      </li>
    );
  };
  return (
    <div className={styles.gallery} aria-label={intl.formatMessage({ id: "catalogue.product.gallery" })} role="group">
      <SlotIf
        test="product_image"
        when={!!current}
        otherwise={<LazyImage src={null} alt={product.name} eager width={640} className={styles.galleryMain} />}
      >
        <LazyImage src={current} alt={product.name} eager width={640} className={styles.galleryMain} />
      </SlotIf>
      <SlotIf test="product.images | length > 1" when={images.length > 1}>
        <ul className={styles.thumbs}>
          <SlotEach
            items={images.map((src, i) => ({ src, n: i + 1 }))}
            list="product.images"
            as="picture"
            fields={[]}
            render={(item) => (template ? thumb({ src: fill("picture"), n: fill("loop.index | digits(language)") }) : thumb(item))}
          />
        </ul>
      </SlotIf>
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

/**
 * A template's product: each field the Jinja that writes it (the server's context has
 * the product as `product`, its first picture as `product_image`). Numbers the page
 * formats are written by the server's filters, or wait for the client (prices).
 */
export function templateProduct(): ProductDetail {
  const text = (field: string) => fill(`product.${field}`);
  return {
    id: 0,
    name: text("name"),
    image: fill("product_image"),
    images: [],
    price: "0",
    old_price: null,
    currency: "EGP",
    rating: 0,
    // The reviews section reads the summary from the context itself (`ProductReviews`).
    rating_count: 0,
    review_summary: { count: 0, distribution: [0, 0, 0, 0, 0], stars: ["empty", "empty", "empty", "empty", "empty"] },
    stock: 0,
    stock_status: "in_stock",
    min_qty: 1,
    max_qty: 1,
    favorite: 0,
    description: text("description"),
    category_id: 0,
    category: { id: text("category.id") as unknown as number, name: text("category.name") },
    brand: { id: text("brand.id") as unknown as number, name: text("brand.name") },
    branch: {
      id: text("branch.id") as unknown as number,
      name: text("branch.name"),
      logo: text("branch.logo"),
      closed: false,
      free_delivery: false,
      minimum: "0",
      minutes: 0,
    },
  };
}

/** The product's stock state; in a template, the one the server finds. */
function Stock({ status }: { status: ProductDetail["stock_status"] }) {
  if (!useTemplateMode()) return <StockBadge status={status} />;
  return (
    <SlotIf test="product.stock_status == 'out_of_stock'" when={false} otherwise={
      <SlotIf test="product.stock_status == 'preorder'" when={false} otherwise={<StockBadge status="in_stock" />}>
        <StockBadge status="preorder" />
      </SlotIf>
    }>
      <StockBadge status="out_of_stock" />
    </SlotIf>
  );
}

/**
 * An amount written once the page the server sent is adopted (`amount` null until then):
 * money is written in the page locale by the browser's Intl, which the server cannot
 * match letter for letter (the page would not hydrate). The same element holds the
 * placeholder and then the amount, so the words around it stay where they are.
 */
function LateAmount({ amount, className = "" }: { amount: string | null; className?: string }) {
  // Meanwhile a space in the text's own class: the line is as tall as the text it stands for.
  return (
    <span
      className={amount === null ? `${className} ${styles.amountPending}` : className || undefined}
      aria-hidden={amount === null || undefined}
    >
      {amount ?? "\u00a0"}
    </span>
  );
}

/** /products/{id}: pictures, price, stock state, quantity, add to cart, favourite and the shop's terms. */
export default function ProductPage({ params }: ScreenProps) {
  const product = useProduct(params.id ?? null);
  const format = usePriceFormatter();
  const intl = useIntl();
  const template = useTemplateMode();
  // The server's page, while kept, shows what the server can write exactly; the purchase
  // box also waits for a signed-in customer's startup (their cart's shop).
  const held = useServerPageHeld();
  const early = !useHydrated() || held;

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
          <SlotIf
            test="product.favorite == 1"
            when={p.favorite === 1}
            otherwise={<FavoriteButton type="product" id={p.id} name={p.name} active={false} />}
          >
            <FavoriteButton type="product" id={p.id} name={p.name} active />
          </SlotIf>
        </div>
        <div className={cards.cardMeta}>
          <Rating value={p.rating} field="product.rating" />
          <Stock status={p.stock_status} />
        </div>
        {early ? (
          <span className={`${price.priceLine} ${price.priceLarge}`}>
            <LateAmount amount={null} className={price.price} />
          </span>
        ) : (
          <Price amount={p.price} old={p.old_price} currency={p.currency} large />
        )}
        {early ? (
          <PurchasePlaceholder />
        ) : (
          <Suspense fallback={<PurchasePlaceholder />}>
            <Purchase key={p.id} product={p} />
          </Suspense>
        )}

        <section aria-labelledby="sold-by" className={styles.soldBy}>
          <h2 id="sold-by" className={styles.smallTitle}>
            <FormattedMessage id="catalogue.branch.soldBy" />
          </h2>
          <Link href={`/branches/${shop.id}`} className={styles.shopLink}>
            <SlotIf
              test="product.branch.logo"
              when={!!shop.logo}
              otherwise={<LazyImage src={null} alt="" width={48} className={styles.shopLogo} />}
            >
              <LazyImage src={shop.logo} alt="" width={48} className={styles.shopLogo} />
            </SlotIf>
            <span>{shop.name}</span>
          </Link>
          <ul className={styles.terms}>
            <li>
              <SlotIf
                test="product.branch.closed"
                when={shop.closed}
                otherwise={
                  <span className={`${cards.badge} ${cards.inStock}`}>
                    <FormattedMessage id="catalogue.branch.open" />
                  </span>
                }
              >
                <span className={`${cards.badge} ${cards.outOfStock}`}>
                  <FormattedMessage id="catalogue.branch.closed" />
                </span>
              </SlotIf>
            </li>
            <li>
              {template ? (
                formatWithSlots(intl, "catalogue.branch.minutes", {}, { minutes: fill("product.branch.minutes | digits(language)") })
              ) : (
                <FormattedMessage id="catalogue.branch.minutes" values={{ minutes: shop.minutes }} />
              )}
            </li>
            <SlotIf test="product.branch.free_delivery" when={shop.free_delivery}>
              <li className={cards.free}>
                <FormattedMessage id="catalogue.branch.freeDelivery" />
              </li>
            </SlotIf>
            {/* Last: its amount is written once the page is adopted, and a term growing
                at the end of the row moves none of the others. */}
            <li>
              <FormattedMessage
                id="catalogue.branch.minimum"
                values={{ amount: <LateAmount amount={early ? null : format(shop.minimum)} /> }}
              />
            </li>
          </ul>
        </section>

        <dl className={styles.details}>
          <dt>
            <FormattedMessage id="catalogue.product.category" />
          </dt>
          <dd>
            <Link href={`/categories/${p.category.id}`}>{p.category.name}</Link>
          </dd>
          <SlotIf test="product.brand" when={!!p.brand}>
            <dt>
              <FormattedMessage id="catalogue.product.brand" />
            </dt>
            <dd>
              <Link href={`/products?brand_id=${p.brand?.id ?? ""}`}>{p.brand?.name}</Link>
            </dd>
          </SlotIf>
        </dl>
        <SlotIf test="product.description" when={!!p.description}>
          <section aria-labelledby="product-description">
            <h2 id="product-description" className={styles.smallTitle}>
              <FormattedMessage id="catalogue.product.description" />
            </h2>
            <p className={styles.description}>{p.description}</p>
          </section>
        </SlotIf>
      </div>
      <ProductReviews key={`reviews-${p.id}`} product={p} />
    </article>
  );
}
