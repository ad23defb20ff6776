import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { Link } from "wouter";
import { addressLabel, cutLabel } from "../core/start";
import { layoutConstants } from "../core/layout";
import { useHydrated } from "../platform/hydration";
import { useAppStore } from "../platform/store";
import { SlotIf } from "../ui/template";
import { useCoreText } from "../i18n/coreText";
import { useChromeState } from "./chromeState";
import { ChevronDownIcon, ChevronEndIcon, ChevronStartIcon, CloseIcon, GridIcon, PinIcon } from "./icons";
import { openAddressPicker } from "./actions";
import { Dialog, moveFocus } from "./overlay";
import { useCategoryTree, usePrefetchCategoryTree } from "./queries";
import { useSmallScreen } from "./useViewport";
import styles from "./CategoriesMenu.module.css";
import { Button } from "../ui/Button";

const { categories_max_height: LIST_MAX_HEIGHT } = layoutConstants;

export interface CategoryNode {
  id: number;
  name: string;
  children?: CategoryNode[] | null;
}

/** A category name cut to 20 characters (the core's rule), the full name kept as a tooltip. */
function CutName({ name }: { name: string }) {
  const cut = cutLabel(name);
  return <span title={cut === name ? undefined : name}>{cut}</span>;
}

/**
 * The categories row under the top bar (spec 2): the 'All categories' menu and the
 * featured category links when the selected service shows the categories menu, and the
 * address button that opens the location picker.
 */
export function CategoriesBar({ serviceId, showMenu }: { serviceId: number | null; showMenu: boolean }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const small = useSmallScreen();
  // The featured links show beside the menu on wide screens only (CSS hides them under
  // 768 px), so a small screen reads the tree when the menu is about to open. Not while
  // hydrating: the server's width is a guess.
  const tree = useCategoryTree(serviceId, showMenu && hydrated && !small);
  const featured = tree.data?.meta.featured ?? [];
  return (
    <nav className={styles.row} aria-label={intl.formatMessage({ id: "chrome.categories.nav" })}>
      <div className={styles.inner}>
        <SlotIf test="service and service.show_categories_menu" when={showMenu}>
          <CategoriesMenu serviceId={serviceId} />
        </SlotIf>
        {showMenu && featured.length > 0 && (
          <ul className={styles.featured} aria-label={intl.formatMessage({ id: "chrome.categories.featured" })}>
            {featured.map((category) => (
              <li key={category.id}>
                <Link href={`/categories/${category.id}`} className={styles.featuredLink}>
                  <CutName name={category.name} />
                </Link>
              </li>
            ))}
          </ul>
        )}
        <AddressButton className={styles.address} />
      </div>
    </nav>
  );
}

/**
 * The chosen address (name, region or street, cut to 20 characters) opening the picker.
 * The address is known only to this browser: the page the server sends says "current
 * location" for a chosen district, and the name follows once the page has hydrated.
 */
export function AddressButton({ className }: { className?: string }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const address = useAppStore((s) => s.client.selected_address);
  const hasDistrict = useAppStore((s) => s.client.district_id !== null);
  const label = hydrated && address ? addressLabel(address) : null;
  const shown =
    label ?? intl.formatMessage({ id: hasDistrict ? "chrome.address.current" : "chrome.address.choose" });
  return (
    <button
      type="button"
      className={`${styles.addressButton} ${className ?? ""}`}
      onClick={() => openAddressPicker()}
      data-testid="address-button"
    >
      <PinIcon size={18} />
      <span className={styles.addressText}>
        <span className={styles.addressCaption}>{intl.formatMessage({ id: "chrome.address.deliverTo" })}</span>
        <span className={styles.addressLabel}>{shown}</span>
      </span>
      <ChevronDownIcon size={14} />
    </button>
  );
}

/**
 * 'All categories' (spec 2): on desktop a dropdown with two panes (categories, then the
 * subcategories of the one hovered, focused or clicked); under 768 px a full-screen
 * dialog that drills into a category. The list panel is at most 70vh high.
 */
export function CategoriesMenu({ serviceId }: { serviceId: number | null }) {
  const intl = useIntl();
  const id = useId();
  const small = useSmallScreen();
  const open = useChromeState((s) => s.panel === "categories");
  const { toggle, close } = useChromeState.getState();
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const prefetch = usePrefetchCategoryTree(serviceId);

  // Desktop dropdown: Escape and a press outside close it.
  useEffect(() => {
    if (!open || small) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && (trigger.current?.contains(target) || panel.current?.contains(target))) return;
      close();
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") {
        close();
        trigger.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, small, close]);

  const title = intl.formatMessage({ id: "chrome.categories.all" });
  return (
    <div className={styles.menu}>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onPointerEnter={prefetch}
        onPointerDown={prefetch}
        onFocus={prefetch}
        onClick={() => toggle("categories")}
      >
        <GridIcon size={18} />
        <span>{title}</span>
        <ChevronDownIcon size={16} />
      </button>
      {small ? (
        <Dialog open={open} onClose={close} labelledBy={`${id}-title`} className={styles.fullscreen} id={`${id}-panel`}>
          <MobileCategories serviceId={serviceId} titleId={`${id}-title`} onClose={close} />
        </Dialog>
      ) : (
        <div ref={panel} id={`${id}-panel`} className={styles.dropdown} hidden={!open}>
          {open && <DesktopCategories serviceId={serviceId} onNavigate={close} />}
        </div>
      )}
    </div>
  );
}

function useTree(serviceId: number | null) {
  const tree = useCategoryTree(serviceId, true);
  const categories: CategoryNode[] = tree.data?.data ?? [];
  return { tree, categories, featured: tree.data?.meta.featured ?? [] };
}

function TreeState({ tree }: { tree: ReturnType<typeof useCategoryTree> }) {
  const intl = useIntl();
  if (tree.isPending) return <p className={styles.state}>{intl.formatMessage({ id: "app.loading" })}</p>;
  if (tree.isError)
    return (
      <p className={styles.state}>
        {intl.formatMessage({ id: "chrome.categories.error" })}{" "}
        <Button variant="link" onClick={() => void tree.refetch()}>
          {intl.formatMessage({ id: "chrome.retry" })}
        </Button>
      </p>
    );
  return <p className={styles.state}>{intl.formatMessage({ id: "chrome.categories.empty" })}</p>;
}

function Subcategories({ category, onNavigate }: { category: CategoryNode; onNavigate(): void }) {
  const intl = useIntl();
  const text = useCoreText();
  const children = category.children ?? [];
  return (
    <>
      <Link href={`/categories/${category.id}`} className={styles.viewAll} onClick={onNavigate}>
        {intl.formatMessage({ id: "chrome.categories.viewAll" }, { name: cutLabel(category.name) })}
        <ChevronEndIcon size={16} />
      </Link>
      {children.length === 0 ? (
        <p className={styles.state}>{text({ kind: "message", id: "no_subcategories", params: {} })}</p>
      ) : (
        <ul className={styles.subList}>
          {children.map((child) => (
            <li key={child.id}>
              <Link href={`/categories/${child.id}`} className={styles.subLink} onClick={onNavigate}>
                <CutName name={child.name} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function DesktopCategories({ serviceId, onNavigate }: { serviceId: number | null; onNavigate(): void }) {
  const intl = useIntl();
  const { tree, categories } = useTree(serviceId);
  const [activeId, setActiveId] = useState<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const active = categories.find((c) => c.id === activeId) ?? categories[0] ?? null;
  if (categories.length === 0) return <TreeState tree={tree} />;
  const onKey = (event: KeyboardEvent<HTMLUListElement>) => {
    if (moveFocus(list, "button", event.key)) event.preventDefault();
  };
  return (
    <div className={styles.panes}>
      <ul
        ref={list}
        className={styles.list}
        style={{ maxBlockSize: LIST_MAX_HEIGHT }}
        aria-label={intl.formatMessage({ id: "chrome.categories.all" })}
        onKeyDown={onKey}
      >
        {categories.map((category) => (
          <li key={category.id}>
            <button
              type="button"
              className={styles.category}
              aria-current={category.id === active?.id ? "true" : undefined}
              onMouseEnter={() => setActiveId(category.id)}
              onFocus={() => setActiveId(category.id)}
              onClick={() => setActiveId(category.id)}
            >
              <CutName name={category.name} />
              <ChevronEndIcon size={16} />
            </button>
          </li>
        ))}
      </ul>
      <section className={styles.sub} style={{ maxBlockSize: LIST_MAX_HEIGHT }} aria-live="polite">
        {active && <Subcategories category={active} onNavigate={onNavigate} />}
      </section>
    </div>
  );
}

function MobileCategories({
  serviceId,
  titleId,
  onClose,
}: {
  serviceId: number | null;
  titleId: string;
  onClose(): void;
}) {
  const intl = useIntl();
  const { tree, categories, featured } = useTree(serviceId);
  const [openId, setOpenId] = useState<number | null>(null);
  const current = categories.find((c) => c.id === openId) ?? null;
  return (
    <div className={styles.sheet}>
      <div className={styles.sheetHead}>
        {current ? (
          <button
            type="button"
            className={styles.iconButton}
            aria-label={intl.formatMessage({ id: "chrome.back" })}
            onClick={() => setOpenId(null)}
          >
            <ChevronStartIcon />
          </button>
        ) : null}
        <h2 id={titleId} className={styles.sheetTitle}>
          {current ? <CutName name={current.name} /> : intl.formatMessage({ id: "chrome.categories.all" })}
        </h2>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={intl.formatMessage({ id: "app.close" })}
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </div>
      <div className={styles.sheetBody} style={{ maxBlockSize: LIST_MAX_HEIGHT }}>
        {current ? (
          <Subcategories category={current} onNavigate={onClose} />
        ) : categories.length === 0 ? (
          <TreeState tree={tree} />
        ) : (
          <ul className={styles.list}>
            {categories.map((category) => (
              <li key={category.id}>
                <button type="button" className={styles.category} onClick={() => setOpenId(category.id)}>
                  <CutName name={category.name} />
                  <ChevronEndIcon size={16} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {!current && featured.length > 0 && (
        <div className={styles.sheetFeatured}>
          <h3 className={styles.featuredTitle}>{intl.formatMessage({ id: "chrome.categories.featured" })}</h3>
          <ul className={styles.chips}>
            {featured.map((category) => (
              <li key={category.id}>
                <Link href={`/categories/${category.id}`} className={styles.chip} onClick={onClose}>
                  <CutName name={category.name} />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
