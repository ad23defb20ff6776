import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { cutLabel } from "../../../core/start";
import { useSelectedService } from "../../../api/queries";
import { AddToCartProvider } from "../../../shop/AddToCart";
import { BranchCard, type CardBranch } from "../../../shop/BranchCard";
import { LazyImage } from "../../../ui/LazyImage";
import { InfiniteProducts } from "../../../shop/Lists";
import { ShopsByCategory } from "../../../shop/ShopCategories";
import { ProductCard, cardFromBlock, type BlockProduct } from "../../../shop/ProductCard";
import type { ServiceBlock } from "../../../shop/catalogue";
import { CardGridSkeleton } from "../../../ui/Skeletons";
import { LoadError } from "../../../ui/States";
import { WhenNear } from "../../../shop/WhenNear";
import { useHydrated } from "../../../platform/hydration";
import { useServerPageHeld } from "../../../platform/serverPage";
import { fill, formatWithSlots, SlotEach, SlotIf, useTemplateMode } from "../../../ui/template";
import styles from "./HomeSections.module.css";

type BlockType = ServiceBlock["type"];

interface Tile {
  id: number;
  name: string;
  icon?: string;
  logo?: string;
  image?: string;
}

/** Where a product block's "See all" leads: the listing in the block's order. */
export const SEE_ALL: Partial<Record<BlockType, string>> = {
  hot_deals: "/products?on_sale=true",
  best_seller: "/products?sort=best_selling",
  most_popular: "/products?sort=recommended",
  new_arrived: "/products?sort=newest",
};

const PRODUCT_BLOCKS: readonly BlockType[] = ["hot_deals", "best_seller", "most_popular", "new_arrived"];

function Section({ id, title, action, children }: { id: string; title: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={styles.section} data-testid={`home-section-${id}`}>
      <div className={styles.head}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Rail({ children, label, focusable = false }: { children: ReactNode; label: string; focusable?: boolean }) {
  return (
    <ul className={styles.rail} aria-label={label} tabIndex={focusable ? 0 : undefined}>
      {children}
    </ul>
  );
}

function Block({ block }: { block: ServiceBlock }) {
  const id = `block-${block.type}`;
  const items = block.items as unknown[];

  if (block.type === "slider") return <Slider title={block.title} banners={items as Tile[]} />;

  if (block.type === "categories" || block.type === "brands") {
    const tiles = items as Tile[];
    const href = (tile: Tile) => (block.type === "categories" ? `/categories/${tile.id}` : `/products?brand_id=${tile.id}`);
    return (
      <Section id={id} title={block.title}>
        <ul className={styles.tiles}>
          {tiles.map((tile) => (
            <li key={tile.id}>
              <Link href={href(tile)} className={styles.tile} title={tile.name}>
                <LazyImage src={tile.icon || tile.logo} alt="" width={96} />
                <span>{cutLabel(tile.name)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    );
  }

  if (block.type === "branches") {
    const branches = items as CardBranch[];
    return (
      <Section id={id} title={block.title}>
        <Rail label={block.title}>
          {branches.map((branch) => (
            <li key={branch.id} className={styles.railItem}>
              <BranchCard branch={branch} />
            </li>
          ))}
        </Rail>
      </Section>
    );
  }

  if (PRODUCT_BLOCKS.includes(block.type)) {
    const products = items as BlockProduct[];
    const seeAll = SEE_ALL[block.type];
    return (
      <Section
        id={id}
        title={block.title}
        action={
          seeAll ? (
            <Link href={seeAll} className={styles.seeAll}>
              <FormattedMessage id="catalogue.seeAll" />
              <span className="visually-hidden">: {block.title}</span>
            </Link>
          ) : null
        }
      >
        <Rail label={block.title}>
          {products.map((product) => (
            <li key={product.id} className={styles.railItem}>
              <ProductCard product={cardFromBlock(product)} />
            </li>
          ))}
        </Rail>
      </Section>
    );
  }
  return null;
}

function Banner({ image, n, eager }: { image: string; n: number | string; eager: boolean }) {
  const intl = useIntl();
  const template = useTemplateMode();
  return (
    <li className={styles.banner}>
      <LazyImage
        src={image}
        alt={
          template
            ? formatWithSlots(intl, "homeSections.banner", {}, { n: String(n) })
            : intl.formatMessage({ id: "homeSections.banner" }, { n })
        }
        ratio={3}
        width={720}
        fit="cover"
        eager={eager}
      />
    </li>
  );
}

/**
 * The offers banners. In a template: the first slider of the service's blocks, which
 * the server gives as `home_slider` (`title`, `images`), the first picture eager.
 */
function Slider({ title, banners }: { title: string; banners: Tile[] }) {
  if (!useTemplateMode()) {
    return (
      <Section id="block-slider" title={title}>
        <Rail label={title} focusable>
          {banners.map((banner, i) => (
            <Banner key={banner.id} image={banner.image ?? ""} n={i + 1} eager={i === 0} />
          ))}
        </Rail>
      </Section>
    );
  }
  return (
    <Section id="block-slider" title={fill("home_slider.title")}>
      <Rail label={fill("home_slider.title")} focusable>
        <Banner image={fill("home_slider.images[0]")} n={1} eager />
        <SlotEach
          items={[]}
          list="home_slider.images[1:]"
          as="image"
          fields={[]}
          render={() => <Banner image={fill("image")} n={fill("(loop.index + 1) | digits(language)")} eager={false} />}
        />
      </Rail>
    </Section>
  );
}

/**
 * The home page of the selected service: its blocks in the order the API sends them
 * (offers, category shopping, hot deals, best seller, most popular, new arrived,
 * brands, top shops), then every shop and every product, page after page while
 * meta.last_page allows (requested only with a page and the service, by the core's rule,
 * and only once the reader nears them).
 */
export function HomeSections() {
  const intl = useIntl();
  const service = useSelectedService();
  const template = useTemplateMode();
  // What the server writes, and shows while the app adopts its page: the offers that
  // open the blocks (the page's largest paint), then a skeleton for the rest, which
  // follows once the page is the app's (the offers stay where they are).
  const hydrated = useHydrated();
  const held = useServerPageHeld();
  const early = template || !hydrated || held;
  const blocks = service.data?.blocks ?? [];
  const shown = early ? blocks.slice(0, 1).filter((block) => block.type === "slider") : blocks;
  return (
    <AddToCartProvider>
      <div className={styles.sections}>
        {service.isPending && service.fetchStatus !== "idle" ? <CardGridSkeleton rail count={5} /> : null}
        {service.isError ? <LoadError error={service.error} onRetry={() => void service.refetch()} /> : null}
        {template ? (
          <SlotIf test="home_slider" when={false}>
            <Slider title="" banners={[]} />
          </SlotIf>
        ) : (
          shown.map((block) => <Block key={block.type} block={block} />)
        )}
        {early ? (
          <CardGridSkeleton rail count={5} />
        ) : (
          <>
            {/* Below the service's blocks: asked for only as the reader scrolls toward them. */}
            <Section id="home-branches" title={<FormattedMessage id="homeSections.branches" />}>
              <WhenNear fallback={<CardGridSkeleton count={4} />}>
                <ShopsByCategory search={null} auto={false} label={intl.formatMessage({ id: "homeSections.branches" })} />
              </WhenNear>
            </Section>
            <Section id="home-products" title={<FormattedMessage id="homeSections.products" />}>
              <WhenNear fallback={<CardGridSkeleton />}>
                <InfiniteProducts filters={{}} label={intl.formatMessage({ id: "homeSections.products" })} />
              </WhenNear>
            </Section>
          </>
        )}
      </div>
    </AddToCartProvider>
  );
}
