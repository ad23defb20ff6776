import fieldStyles from "../../ui/Field.module.css";
import { useEffect, useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useLocation } from "wouter";
import type { ScreenProps } from "../../layouts/screen";
import { AddToCartProvider } from "../../shop/AddToCart";
import {
  RATING_OPTIONS,
  SORT_OPTIONS,
  STOCK_OPTIONS,
  apiFilters,
  filtersToQuery,
  hasNarrowing,
  parseFilters,
  withFilter,
  withoutNarrowing,
  type ListingFilters,
  type SortOption,
  type StockOption,
} from "./filters";
import { ProductGrid } from "../../shop/Lists";
import { cardFromListing } from "../../shop/ProductCard";
import { PriceRange } from "./PriceRange";
import { useProductPage } from "../../shop/catalogue";
import { CardGridSkeleton } from "../../ui/Skeletons";
import { EmptyState, LoadError } from "../../ui/States";
import { Pager, PastLastPage, revealResults } from "../../shop/Paging";
import styles from "../../shop/Pages.module.css";
import filterStyles from "./Filters.module.css";

export function listingHref(filters: ListingFilters): string {
  const query = filtersToQuery(filters);
  return query ? `/products?${query}` : "/products";
}

interface FilterPanelProps {
  filters: ListingFilters;
  bounds: { min: string; max: string } | null;
  go(next: ListingFilters): void;
}

function FilterPanel({ filters, bounds, go }: FilterPanelProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const stockName = useId();
  const ratingName = useId();
  return (
    <aside className={filterStyles.aside} aria-labelledby={`${panelId}-title`}>
      <button
        type="button"
        className={filterStyles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <FormattedMessage id="catalogue.filters.show" />
      </button>
      <div id={panelId} className={`${filterStyles.panel} ${open ? filterStyles.panelOpen : ""}`}>
        <h2 id={`${panelId}-title`} className={filterStyles.heading}>
          <FormattedMessage id="catalogue.filters.title" />
        </h2>

        <fieldset className={filterStyles.group}>
          <legend>
            <FormattedMessage id="catalogue.filters.stock" />
          </legend>
          {[null, ...STOCK_OPTIONS].map((option: StockOption | null) => (
            <label key={option ?? "any"} className={filterStyles.choice}>
              <input
                type="radio"
                name={stockName}
                checked={filters.stock === option}
                onChange={() => go(withFilter(filters, "stock", option))}
              />
              <FormattedMessage id={option ? `catalogue.stock.${option}` : "catalogue.filters.stock.any"} />
            </label>
          ))}
        </fieldset>

        {/* One stars filter, on the customers' reviews: the stars the cards show. */}
        <fieldset className={filterStyles.group} data-testid="rating-filter">
          <legend>
            <FormattedMessage id="catalogue.filters.reviews" />
          </legend>
          {[null, ...RATING_OPTIONS].map((stars: number | null) => (
            <label key={stars ?? "any"} className={filterStyles.choice}>
              <input
                type="radio"
                name={ratingName}
                checked={filters.min_rating === stars}
                onChange={() => go(withFilter(filters, "min_rating", stars))}
              />
              {stars === null ? (
                <FormattedMessage id="catalogue.filters.rating.any" />
              ) : (
                <>
                  <span aria-hidden="true" className={filterStyles.stars}>
                    {"★".repeat(stars)}
                    {"☆".repeat(5 - stars)}
                  </span>{" "}
                  {intl.formatMessage({ id: "catalogue.filters.rating.stars" }, { stars })}
                </>
              )}
            </label>
          ))}
        </fieldset>

        {bounds ? (
          <fieldset className={filterStyles.group}>
            <legend>
              <FormattedMessage id="catalogue.filters.price" />
            </legend>
            {/* No key on the range: it stays mounted (and focused) while it is moved. */}
            <PriceRange
              bounds={bounds}
              min={filters.min_price}
              max={filters.max_price}
              onCommit={(min, max) => go({ ...filters, min_price: min, max_price: max, page: 1 })}
            />
          </fieldset>
        ) : null}

        {hasNarrowing(filters) ? (
          <Link href={listingHref(withoutNarrowing(filters))} className={filterStyles.clear}>
            <FormattedMessage id="catalogue.filters.clear" />
          </Link>
        ) : null}
      </div>
    </aside>
  );
}

/** The chosen brand and "on sale" as removable chips; the brand is named when the listed products give its name. */
function FilterChips({ filters, brandName }: { filters: ListingFilters; brandName: string | null }) {
  const intl = useIntl();
  const chips: Array<{ key: string; label: string; href: string; testId: string }> = [];
  if (filters.brand_id !== null) {
    chips.push({
      key: "brand",
      label:
        brandName === null
          ? intl.formatMessage({ id: "catalogue.filters.brand" })
          : intl.formatMessage({ id: "catalogue.filters.brandNamed" }, { name: brandName }),
      href: listingHref(withFilter(filters, "brand_id", null)),
      testId: "brand-chip",
    });
  }
  if (filters.on_sale !== null) {
    chips.push({
      key: "on_sale",
      label: intl.formatMessage({ id: "catalogue.filters.onSale" }),
      href: listingHref(withFilter(filters, "on_sale", null)),
      testId: "on-sale-chip",
    });
  }
  if (chips.length === 0) return null;
  return (
    <ul className={filterStyles.chips} aria-label={intl.formatMessage({ id: "catalogue.filters.active" })}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link href={chip.href} className={filterStyles.chip} data-testid={chip.testId}>
            <span>{chip.label}</span>{" "}
            <span className="visually-hidden">{intl.formatMessage({ id: "catalogue.filters.remove" })}</span>
            <span aria-hidden="true" className={filterStyles.chipRemove}>
              ×
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The product listing with filters: sort, stock, rating, price range and brand, all kept
 * in the URL (shareable, survives a reload), pages by meta.current_page / meta.last_page.
 */
export default function ProductsPage({ query }: ScreenProps) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const filters = parseFilters(query);
  const page = useProductPage(apiFilters(filters), filters.page);
  const sortId = useId();
  const go = (next: ListingFilters) => navigate(listingHref(next));

  // Another page chosen by the customer: the results come into view with the focus on
  // their heading (not left at the pager at the bottom).
  const heading = useRef<HTMLHeadingElement>(null);
  const results = useRef<HTMLElement>(null);
  const moved = useRef(false);
  const onNavigate = () => {
    moved.current = true;
  };
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    revealResults(heading.current, results.current);
  }, [filters.page]);

  const data = page.data;
  const bounds = data?.meta.price_min && data.meta.price_max ? { min: data.meta.price_min, max: data.meta.price_max } : null;
  const brandName =
    filters.brand_id === null ? null : (data?.data.find((item) => item.brand?.id === filters.brand_id)?.brand?.name ?? null);
  // Nothing on this page although the listing has results: the page is past the last one.
  const pageEmpty = data !== undefined && data.data.length === 0 && data.meta.total > 0;
  const pastLastPage = pageEmpty && filters.page > data.meta.last_page;

  return (
    <AddToCartProvider>
      <div className={`${styles.page} ${filterStyles.layout}`}>
        <FilterPanel filters={filters} bounds={bounds} go={go} />
        <section ref={results} aria-labelledby="listing-title" className={filterStyles.results}>
          <div className={filterStyles.resultsHead}>
            <div>
              <h1 id="listing-title" ref={heading} tabIndex={-1} className={styles.title}>
                {filters.search ? (
                  <FormattedMessage id="catalogue.search.resultsFor" values={{ query: filters.search }} />
                ) : (
                  <FormattedMessage id="catalogue.listing.title" />
                )}
              </h1>
              {/* In the page from the start (a live region announces only changes), its
                  line held while the first page loads so the heading does not move. */}
              <p className={styles.muted} aria-live="polite" data-testid="results-count">
                {data ? <FormattedMessage id="catalogue.results" values={{ count: data.meta.total }} /> : "\u00a0"}
              </p>
              <FilterChips filters={filters} brandName={brandName} />
            </div>
            <div className={filterStyles.sort}>
              <label htmlFor={sortId}>
                <FormattedMessage id="catalogue.filters.sort" />
              </label>
              <select
                id={sortId}
                className={fieldStyles.select}
                value={filters.sort ?? "recommended"}
                onChange={(event) => go(withFilter(filters, "sort", event.target.value as SortOption))}
              >
                {SORT_OPTIONS.map((option) => (
                  <option key={option} value={option}>
                    {intl.formatMessage({ id: `catalogue.sort.${option}` })}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {page.isPending ? <CardGridSkeleton /> : null}
          {page.isError ? <LoadError error={page.error} onRetry={() => void page.refetch()} /> : null}
          {data && !page.isError ? (
            pageEmpty && page.isPlaceholderData ? (
              // Leaving a page past the end: the empty page shown meanwhile says nothing true.
              <CardGridSkeleton />
            ) : pastLastPage ? (
              <PastLastPage
                page={filters.page}
                last={data.meta.last_page}
                href={listingHref(withFilter(filters, "page", data.meta.last_page))}
                onNavigate={onNavigate}
              />
            ) : data.data.length === 0 ? (
              <EmptyState hint={<FormattedMessage id="catalogue.empty.hint" />}>
                <FormattedMessage id="catalogue.empty.products" />
              </EmptyState>
            ) : (
              <div aria-busy={page.isPlaceholderData} className={page.isPlaceholderData ? filterStyles.stale : undefined}>
                <ProductGrid products={data.data.map(cardFromListing)} label={intl.formatMessage({ id: "catalogue.listing.title" })} />
                <Pager
                  page={data.meta.current_page}
                  last={data.meta.last_page}
                  hrefOf={(n) => listingHref(withFilter(filters, "page", n))}
                  onNavigate={onNavigate}
                />
              </div>
            )
          ) : null}
        </section>
      </div>
    </AddToCartProvider>
  );
}
