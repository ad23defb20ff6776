import { useId, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { Link } from "wouter";
import { logoTarget, searchElement } from "../core/start";
import type { SearchElement } from "storefront-core";
import { profileDropdown } from "../core/layout";
import { useSelectedService, useSettings } from "../api/queries";
import { useAppStore } from "../platform/store";
import { accountLinkIcon, accountLinkLabel } from "./accountLinks";
import { fill, SlotIf, useTemplateMode } from "../ui/template";
import { logout, openSignIn, prefetchSignIn } from "./actions";
import { CartLink } from "./CartBadge";
import { AddressButton, CategoriesBar } from "./CategoriesMenu";
import { useChromeState } from "./chromeState";
import { HeaderSearch } from "./HeaderSearch";
import { CloseIcon, HeartIcon, LoginIcon, MenuIcon, SearchIcon } from "./icons";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { NotificationsButton } from "./NotificationsButton";
import { Dialog } from "./overlay";
import { ProfileDropdown } from "./ProfileDropdown";
import { ServicesBar } from "./ServicesBar";
import styles from "./Header.module.css";

/**
 * The store name in the page language (settings), falling back to the app name; in a
 * page template, the server's `store_name`.
 */
export function useStoreName(): string {
  const settings = useSettings().data;
  const language = useAppStore((s) => s.language);
  const template = useTemplateMode();
  const general = settings?.general_setting;
  if (template) return fill("store_name");
  return (language === "ar" ? general?.store_name_ar : general?.store_name_en) || settings?.app_name || "";
}

/**
 * The logo linking to the core's `logoTarget`. A signed-in customer's small screen keeps
 * the name for screen readers only when there is a logo to show (CSS decides the size).
 */
function Logo() {
  const signedIn = useAppStore((s) => s.client.token !== null);
  const logo = useSettings().data?.logo;
  const name = useStoreName();
  const template = useTemplateMode();
  const image = <img src={template ? fill("logo") : (logo ?? "")} alt="" width={36} height={36} className={styles.logoImage} />;
  const text = (compact: boolean) => <span className={compact ? styles.logoTextCompact : styles.logoText}>{name}</span>;
  return (
    <Link href={logoTarget(signedIn)} className={styles.logo} data-testid="logo">
      <SlotIf test="logo" when={Boolean(logo)} otherwise={text(false)}>
        {image}
        {text(signedIn)}
      </SlotIf>
    </Link>
  );
}

/**
 * The standard layout's header (spec 2): the top bar (logo, search by the selected
 * service's filter_type, language switcher, cart, and by sign-in state either the
 * Log in / Register button or notifications, favourites and the profile dropdown), then
 * the services bar and the categories row. Under 768 px search and menu sit behind
 * buttons.
 */
export function Header() {
  const intl = useIntl();
  const id = useId();
  const signedIn = useAppStore((s) => s.client.token !== null);
  const serviceId = useAppStore((s) => s.client.selected_service);
  const service = useSelectedService().data;
  const element = searchElement(service?.filter_type ?? null);
  const panel = useChromeState((s) => s.panel);
  const { toggle, close } = useChromeState.getState();
  const showCategories = service?.show_categories_menu ?? false;
  // The search element by the selected service's filter_type (the core's rule); in a
  // page template, the server says which.
  const search = (render: (element: SearchElement) => ReactNode) => (
    <SlotIf test="products_search" when={element === "products_focused"} otherwise={render(searchElement(null))}>
      {render(searchElement("products_focused"))}
    </SlotIf>
  );

  // Both layouts are in the page and CSS shows one (under 768 px: the burger, the search
  // toggle, icon buttons), so the page the server sends is the one every screen keeps.
  return (
    <header className={styles.header}>
      <div className={styles.top}>
        <div className={styles.inner}>
          <button
            type="button"
            className={`${styles.iconButton} ${styles.smallOnly}`}
            aria-label={intl.formatMessage({ id: "chrome.menu" })}
            aria-expanded={panel === "drawer"}
            aria-controls={`${id}-drawer`}
            onClick={() => toggle("drawer")}
          >
            <MenuIcon />
          </button>
          <Logo />
          <div className={`${styles.search} ${styles.largeOnly}`}>
            {search((kind) => (
              <HeaderSearch key={kind} element={kind} />
            ))}
          </div>
          <div className={styles.actions}>
            <button
              type="button"
              className={`${styles.iconButton} ${styles.smallOnly}`}
              aria-label={intl.formatMessage({ id: "chrome.search.toggle" })}
              aria-expanded={panel === "search"}
              aria-controls={`${id}-search`}
              onClick={() => toggle("search")}
            >
              {panel === "search" ? <CloseIcon /> : <SearchIcon />}
            </button>
            <LanguageSwitcher />
            {signedIn ? (
              <>
                <NotificationsButton />
                <Link
                  href="/account/my-favourites"
                  className={styles.iconButton}
                  aria-label={intl.formatMessage({ id: "chrome.favourites" })}
                >
                  <HeartIcon />
                </Link>
                <CartLink />
                <div className={styles.largeOnly}>
                  <ProfileDropdown />
                </div>
              </>
            ) : (
              <button
                type="button"
                className={styles.login}
                onClick={() => void openSignIn()}
                onPointerEnter={prefetchSignIn}
                onFocus={prefetchSignIn}
              >
                <LoginIcon size={20} />
                <span className={styles.loginLabel}>{intl.formatMessage({ id: "chrome.login" })}</span>
              </button>
            )}
          </div>
        </div>
        {panel === "search" && (
          <div id={`${id}-search`} className={`${styles.searchPanel} ${styles.smallOnly}`}>
            {search((kind) => (
              <HeaderSearch key={kind} element={kind} autoFocus onDone={close} />
            ))}
          </div>
        )}
      </div>
      <ServicesBar />
      <CategoriesBar serviceId={serviceId} showMenu={showCategories} />
      <MobileDrawer id={`${id}-drawer`} />
    </header>
  );
}

/** The burger menu under 768 px: the address, the services and the account links. */
function MobileDrawer({ id }: { id: string }) {
  const intl = useIntl();
  const open = useChromeState((s) => s.panel === "drawer");
  const close = useChromeState((s) => s.close);
  const signedIn = useAppStore((s) => s.client.token !== null);
  const name = useStoreName();
  return (
    <Dialog open={open} onClose={close} labelledBy={`${id}-title`} className={styles.drawer} id={id}>
      <div className={styles.drawerHead}>
        <h2 id={`${id}-title`} className={styles.drawerTitle}>
          <SlotIf test="store_name" when={Boolean(name)} otherwise={intl.formatMessage({ id: "chrome.menu" })}>
            {name}
          </SlotIf>
        </h2>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={intl.formatMessage({ id: "app.close" })}
          onClick={close}
        >
          <CloseIcon />
        </button>
      </div>
      <div className={styles.drawerBody}>
        <AddressButton className={styles.drawerAddress} />
        {signedIn ? (
          <ul className={styles.drawerLinks} aria-label={intl.formatMessage({ id: "chrome.account.title" })}>
            {profileDropdown.map(({ link, to }) => {
              const Icon = accountLinkIcon[link];
              const text = intl.formatMessage({ id: accountLinkLabel[link] });
              return (
                <li key={link}>
                  {link === "logout" ? (
                    <button
                      type="button"
                      className={styles.drawerLink}
                      onClick={() => {
                        close();
                        logout(to);
                      }}
                    >
                      <Icon size={20} />
                      {text}
                    </button>
                  ) : (
                    <Link href={to} className={styles.drawerLink} onClick={close}>
                      <Icon size={20} />
                      {text}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        ) : (
          <button
            type="button"
            className={styles.login}
            onClick={() => {
              close();
              openSignIn();
            }}
          >
            <LoginIcon size={20} />
            <span>{intl.formatMessage({ id: "chrome.login" })}</span>
          </button>
        )}
      </div>
    </Dialog>
  );
}
