import { useIntl } from "react-intl";
import { Link, useLocation } from "wouter";
import { bottomBar } from "../core/start";
import type { BottomBarItem } from "storefront-core";
import { useRemoteConfig, useSelectedService } from "../api/queries";
import { useHydrated } from "../platform/hydration";
import { selectCart, useAppStore } from "../platform/store";
import { AccountMenu } from "./AccountMenu";
import { openSignIn } from "./actions";
import { useChromeState } from "./chromeState";
import { CountBadge } from "./CartBadge";
import { usePrefetchCategoryTree } from "./queries";
import { CartIcon, GridIcon, HomeIcon, LoginIcon, StoreIcon, UserIcon } from "./icons";
import { useViewportWidth } from "./useViewport";
import styles from "./BottomBar.module.css";

/**
 * The mobile bottom bar (spec 2), exactly the core's `bottomBar()` for the viewport
 * width, route, remote config, district, selected service, sign-in state and cart; it is
 * empty (not rendered) from 768 px.
 */
export function BottomBar() {
  const intl = useIntl();
  const hydrated = useHydrated();
  const width = useViewportWidth();
  const [route] = useLocation();
  const enable = useRemoteConfig().data?.enable_services_page ?? false;
  const showCategories = useSelectedService().data?.show_categories_menu ?? false;
  const prefetchCategories = usePrefetchCategoryTree(useAppStore((s) => s.client.selected_service));
  const hasDistrict = useAppStore((s) => s.client.district_id !== null);
  const signedIn = useAppStore((s) => s.client.token !== null);
  const cart = useAppStore(selectCart);
  const panel = useChromeState((s) => s.panel);
  const { toggle } = useChromeState.getState();
  const items = bottomBar({
    width,
    enable_services_page: enable,
    route,
    has_district: hasDistrict,
    show_categories_menu: showCategories,
    signed_in: signedIn,
    cart_items_quantity: cart ? cart.items_quantity : null,
  });
  // It follows the route and the viewport, which only the browser knows: it is not part
  // of the page the server sends, and joins it once the page has hydrated (it is fixed
  // to the bottom, so nothing moves).
  if (!hydrated || items.length === 0) return null;

  const label = (id: string) => intl.formatMessage({ id });
  const render = (item: BottomBarItem) => {
    switch (item.item) {
      case "services":
        return (
          <Link href={item.to} className={styles.item} aria-current={route === item.to ? "page" : undefined}>
            <StoreIcon />
            <span>{label("chrome.bottom.services")}</span>
          </Link>
        );
      case "home":
        return (
          <Link href={item.to} className={styles.item} aria-current={route === item.to ? "page" : undefined}>
            <HomeIcon />
            <span>{label("chrome.bottom.home")}</span>
          </Link>
        );
      case "categories":
        return (
          <button
            type="button"
            className={styles.item}
            aria-expanded={panel === "categories"}
            onPointerDown={prefetchCategories}
            onFocus={prefetchCategories}
            onClick={() => toggle("categories")}
          >
            <GridIcon />
            <span>{label("chrome.bottom.categories")}</span>
          </button>
        );
      case "cart":
        return (
          <Link href={item.to} className={styles.item} aria-current={route === item.to ? "page" : undefined}>
            <span className={styles.iconWrap}>
              <CartIcon />
              {item.badge !== null && <CountBadge count={item.badge} />}
            </span>
            <span>
              {label("chrome.bottom.cart")}
              {item.badge !== null && (
                <span className="visually-hidden">
                  {" "}
                  {intl.formatMessage({ id: "chrome.cart.count" }, { count: item.badge })}
                </span>
              )}
            </span>
          </Link>
        );
      case "account_menu":
        return (
          <button
            type="button"
            className={styles.item}
            aria-expanded={panel === "accountMenu"}
            onClick={() => toggle("accountMenu")}
          >
            <UserIcon />
            <span>{label("chrome.bottom.account")}</span>
          </button>
        );
      case "login":
        return (
          <button type="button" className={styles.item} onClick={() => openSignIn()}>
            <LoginIcon />
            <span>{label("chrome.bottom.login")}</span>
          </button>
        );
    }
  };

  return (
    <>
      <nav className={styles.bar} aria-label={label("chrome.bottom.label")} data-testid="bottom-bar">
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.item} className={styles.cell} data-item={item.item}>
              {render(item)}
            </li>
          ))}
        </ul>
      </nav>
      {signedIn && <AccountMenu />}
    </>
  );
}
