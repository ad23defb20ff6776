import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import type { ScreenProps } from "../../layouts/screen";
import { ShopsByCategory } from "../../shop/ShopCategories";
import { useProductSuggestions } from "../../shop/catalogue";
import { SearchBox } from "./SearchBox";
import { EmptyState } from "../../ui/States";
import styles from "../../shop/Pages.module.css";

/** Product links for the same text (the header's suggestions, on the results page). */
function MatchingProducts({ text }: { text: string }) {
  const suggestions = useProductSuggestions(text);
  const items = suggestions.data ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="matching-products" className={styles.block}>
      <h2 id="matching-products" className={styles.subtitle}>
        <FormattedMessage id="catalogue.branchesResults.productsTitle" />
      </h2>
      <ul className={styles.suggestionChips} data-testid="matching-products">
        {items.map((item) => (
          <li key={item.id}>
            <Link href={`/products/${item.id}`} className={styles.chip}>
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /branches-results?query=: shops whose name holds the text, and product links for it. */
export default function BranchesResultsPage({ query }: ScreenProps) {
  const intl = useIntl();
  const text = query.get("query")?.trim() ?? "";
  return (
    <section aria-labelledby="branches-title" className={styles.page}>
      <h1 id="branches-title" className={styles.title}>
        {text ? (
          <FormattedMessage id="catalogue.search.resultsFor" values={{ query: text }} />
        ) : (
          <FormattedMessage id="catalogue.branchesResults.title" />
        )}
      </h1>
      <SearchBox key={text} initial={text} resultsPath="/branches-results" />
      {text ? (
        <>
          <MatchingProducts text={text} />
          <section aria-labelledby="shops-found" className={styles.block}>
            <h2 id="shops-found" className={styles.subtitle}>
              <FormattedMessage id="catalogue.branchesResults.title" />
            </h2>
            <ShopsByCategory
              search={text}
              label={intl.formatMessage({ id: "catalogue.branchesResults.title" })}
              empty={
                <>
                  <FormattedMessage id="catalogue.empty.query" values={{ query: text }} />{" "}
                  <FormattedMessage id="catalogue.empty.hint" />
                </>
              }
            />
          </section>
        </>
      ) : (
        <EmptyState>
          <FormattedMessage id="catalogue.search.prompt" />
        </EmptyState>
      )}
    </section>
  );
}
