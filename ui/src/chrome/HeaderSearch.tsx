import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { Link } from "wouter";
import { submitSearch, suggestionQuery } from "../core/start";
import type { SearchElement } from "storefront-core";
import { runEffects } from "../platform/effects";
import { useTypedBeforeHydration } from "../platform/hydration";
import { useAppStore } from "../platform/store";
import { SearchIcon, StoreIcon } from "./icons";
import { moveFocus } from "./overlay";
import { useSuggestions } from "./queries";
import styles from "./HeaderSearch.module.css";

/** Suggestions wait this long after the last keystroke. */
export const SUGGEST_DEBOUNCE_MS = 250;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface Props {
  /** Which element the selected service gets (the core's `searchElement`). */
  element: SearchElement;
  autoFocus?: boolean;
  /** Called after a search leaves the page (submit or a suggestion). */
  onDone?(): void;
}

/**
 * The header search (spec 2). Submitting runs the core's `submitSearch`: the trimmed
 * text goes to /branches-results?query=…, blank text warns 'please add search text'.
 * Typing shows suggestions, fetched (debounced) only while the text is not blank:
 * products for products-focused services (links to /products/{id}), shops otherwise
 * (links to /branches/{id}). ArrowDown moves into the suggestions, Escape back out.
 */
export function HeaderSearch({ element, autoFocus, onDone }: Props) {
  const intl = useIntl();
  const id = useId();
  const listId = `${id}-suggestions`;
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const serviceId = useAppStore((s) => s.client.selected_service);
  const kind = element === "products_focused" ? "products" : "branches";
  const typed = useDebounced(text, SUGGEST_DEBOUNCE_MS);
  const suggestions = useSuggestions(kind, serviceId, typed);
  const hasText = suggestionQuery(text) !== null;
  const showList = open && hasText && suggestionQuery(typed) !== null;
  const items = suggestions.data ?? [];

  useTypedBeforeHydration(input, (typed) => {
    setText(typed);
    setOpen(document.activeElement === input.current);
  });

  const finish = () => {
    setOpen(false);
    onDone?.();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const effects = submitSearch(text);
    runEffects(effects);
    if (effects.some((effect) => effect.type === "navigate")) finish();
  };

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && showList) {
      if (moveFocus(list, "a", "ArrowDown")) event.preventDefault();
    } else if (event.key === "Escape" && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };

  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      setOpen(false);
      input.current?.focus();
    } else if (moveFocus(list, "a", event.key)) {
      event.preventDefault();
    }
  };

  const label = intl.formatMessage({ id: kind === "products" ? "chrome.search.products" : "chrome.search.branches" });
  return (
    <form
      role="search"
      className={styles.form}
      onSubmit={onSubmit}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      data-search-element={element}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <span className={styles.leading} aria-hidden="true">
        {kind === "products" ? <SearchIcon size={18} /> : <StoreIcon size={18} />}
      </span>
      <input
        ref={input}
        id={id}
        className={styles.input}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={label}
        value={text}
        // The small-screen search opens on request, so focusing it is what the user asked for.
        autoFocus={autoFocus}
        aria-controls={showList ? listId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onInputKey}
      />
      <button type="submit" className={styles.submit}>
        <SearchIcon size={18} />
        <span className={styles.submitText}>{intl.formatMessage({ id: "chrome.search.submit" })}</span>
      </button>
      {showList && (
        <div
          ref={list}
          id={listId}
          className={styles.suggestions}
          role="region"
          aria-label={intl.formatMessage({ id: "chrome.search.suggestions" })}
          onKeyDown={onListKey}
        >
          {items.length > 0 ? (
            <ul className={styles.list}>
              {items.map((item) => (
                <li key={item.id}>
                  <Link
                    href={kind === "products" ? `/products/${item.id}` : `/branches/${item.id}`}
                    className={styles.suggestion}
                    onClick={finish}
                  >
                    {item.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>
              {intl.formatMessage({
                id: suggestions.isFetching ? "chrome.search.loading" : "chrome.search.none",
              })}
            </p>
          )}
        </div>
      )}
      <span className="visually-hidden" role="status">
        {showList && !suggestions.isFetching
          ? intl.formatMessage({ id: "chrome.search.count" }, { count: items.length })
          : ""}
      </span>
    </form>
  );
}
