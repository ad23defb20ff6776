import { useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { InfiniteBranches } from "./Lists";
import { useBranchCategories, type BranchCategoryItem } from "./catalogue";
import { Button } from "../ui/Button";
import styles from "./Pages.module.css";

interface ShopCategoryChipsProps {
  categories: BranchCategoryItem[];
  selected: number | null;
  onSelect(id: number | null): void;
}

/**
 * The service's shop categories (spec 7 `GET /branch-categories`) as toggle chips, "All"
 * first: choosing one narrows the shops below it without leaving the page.
 */
export function ShopCategoryChips({ categories, selected, onSelect }: ShopCategoryChipsProps) {
  const intl = useIntl();
  const chip = (id: number | null, name: ReactNode) => (
    <li key={id ?? "all"}>
      <button
        type="button"
        className={`${styles.chip} ${selected === id ? styles.chipActive : ""}`}
        aria-pressed={selected === id}
        onClick={() => onSelect(id)}
      >
        {name}
      </button>
    </li>
  );
  return (
    <ul
      className={styles.suggestionChips}
      aria-label={intl.formatMessage({ id: "catalogue.shopCategories" })}
      data-testid="shop-categories"
    >
      {chip(null, <FormattedMessage id="catalogue.branch.allCategories" />)}
      {categories.map((category) => chip(category.id, category.name))}
    </ul>
  );
}

interface ShopsByCategoryProps {
  search: string | null;
  label?: string;
  /** What an empty list says when no category is chosen. */
  empty?: ReactNode;
  auto?: boolean;
}

/**
 * The shops of the selected service with their category chips above them. A category
 * without shops (here, or for the search) says so and offers every shop again. The
 * chips are left out while the categories load, fail or are none: the shops still show.
 */
export function ShopsByCategory({ search, label, empty, auto }: ShopsByCategoryProps) {
  const [selected, setSelected] = useState<number | null>(null);
  const categories = useBranchCategories();
  const list = categories.data ?? [];
  const chosen = list.find((category) => category.id === selected) ?? null;
  return (
    <>
      {list.length > 0 ? <ShopCategoryChips categories={list} selected={chosen?.id ?? null} onSelect={setSelected} /> : null}
      <InfiniteBranches
        search={search}
        categoryId={chosen?.id ?? null}
        label={label}
        auto={auto}
        empty={
          chosen ? (
            <>
              <FormattedMessage id="catalogue.empty.shopCategory" values={{ category: chosen.name }} />{" "}
              <Button variant="link" onClick={() => setSelected(null)}>
                <FormattedMessage id="catalogue.shopCategories.all" />
              </Button>
            </>
          ) : (
            empty
          )
        }
      />
    </>
  );
}
