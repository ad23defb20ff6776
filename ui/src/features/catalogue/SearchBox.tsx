import { useEffect, useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useLocation } from "wouter";
import { submitSearch } from "../../core/start";
import { runEffects } from "../../platform/effects";
import { appHost } from "../../platform/host";
import { useProductSuggestions } from "../../shop/catalogue";
import styles from "../../shop/Pages.module.css";
import { Button } from "../../ui/Button";

/** `text` once it has stopped changing for `ms`. */
function useSettled(text: string, ms = 250): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

interface SearchBoxProps {
  initial: string;
  /** Where results for the query live (the core builds `?query=` with the trimmed text). */
  resultsPath: string;
}

/**
 * A search form with suggestion links to /products/{id} (fetched only for non-blank
 * text). Submitting blank text shows the core's 'please add search text' and stays.
 * Give it `key={initial}` so a new query in the address resets the field.
 */
export function SearchBox({ initial, resultsPath }: SearchBoxProps) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const [text, setText] = useState(initial);
  const settled = useSettled(text);
  const suggestions = useProductSuggestions(settled);
  const inputId = useId();
  const listId = useId();

  // Suggestions follow what is being typed; the submitted text's results are on the page.
  const typing = settled.trim() !== "" && settled.trim() !== initial.trim();
  const items = typing ? (suggestions.data ?? []) : [];

  return (
    <div className={styles.searchBox}>
      <form
        role="search"
        className={styles.searchForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const effects = submitSearch(text).map((effect) =>
            effect.type === "navigate" ? { ...effect, to: resultsPath + effect.to.slice(effect.to.indexOf("?")) } : effect,
          );
          runEffects(effects, { ...appHost, navigate: (to) => navigate(to) });
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {intl.formatMessage({ id: "catalogue.search.label" })}
        </label>
        <input
          id={inputId}
          type="search"
          className={styles.searchInput}
          value={text}
          placeholder={intl.formatMessage({ id: "catalogue.search.label" })}
          autoComplete="off"
          aria-controls={items.length > 0 ? listId : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="primary">
          <FormattedMessage id="catalogue.search.submit" />
        </Button>
      </form>
      {items.length > 0 ? (
        <nav aria-label={intl.formatMessage({ id: "catalogue.search.suggestions" })}>
          <ul id={listId} className={styles.suggestions} data-testid="suggestions">
            {items.map((item) => (
              <li key={item.id}>
                <Link href={`/products/${item.id}`} className={styles.suggestion}>
                  {item.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
