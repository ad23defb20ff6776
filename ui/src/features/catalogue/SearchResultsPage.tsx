import { FormattedMessage, useIntl } from "react-intl";
import type { ScreenProps } from "../../layouts/screen";
import { AddToCartProvider } from "../../shop/AddToCart";
import { InfiniteProducts } from "../../shop/Lists";
import { SearchBox } from "./SearchBox";
import { EmptyState } from "../../ui/States";
import styles from "../../shop/Pages.module.css";

/**
 * /search-results?query=: the items matching the text (each once, with its shops), with
 * a search box and suggestions; a notice when the server could only find close matches
 * (one letter off), and a no-results state when it found nothing.
 */
export default function SearchResultsPage({ query }: ScreenProps) {
  const intl = useIntl();
  const text = query.get("query")?.trim() ?? "";
  return (
    <AddToCartProvider>
      <section aria-labelledby="search-title" className={styles.page}>
        <h1 id="search-title" className={styles.title}>
          {text ? (
            <FormattedMessage id="catalogue.search.resultsFor" values={{ query: text }} />
          ) : (
            <FormattedMessage id="catalogue.search.title" />
          )}
        </h1>
        <SearchBox key={text} initial={text} resultsPath="/search-results" />
        {text ? (
          <InfiniteProducts
            filters={{ search: text }}
            label={intl.formatMessage({ id: "catalogue.listing.title" })}
            approximate={<FormattedMessage id="catalogue.search.approximate" values={{ query: text }} />}
            empty={<FormattedMessage id="catalogue.empty.query" values={{ query: text }} />}
            emptyHint={<FormattedMessage id="catalogue.search.noResultsHint" />}
          />
        ) : (
          <EmptyState>
            <FormattedMessage id="catalogue.search.prompt" />
          </EmptyState>
        )}
      </section>
    </AddToCartProvider>
  );
}
