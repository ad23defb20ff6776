import { useId } from "react";
import { useIntl } from "react-intl";
import { Link } from "wouter";
import { logoTarget, profileDropdown, searchElement } from "storefront-core";
import { useSelectedService, useSettings } from "../../api/queries";
import { useAppStore } from "../../app/store";
import { accountLinkIcon, accountLinkLabel } from "./accountLinks";
import { logout, openSignIn } from "./actions";
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
import { useSmallScreen } from "./useViewport";
import styles from "./Header.module.css";

/** The store name in the page language (settings), falling back to the app name. */
export function useStoreName(): string {
  const settings = useSettings().data;
  const language = useAppStore((s) => s.language);
  const general = settings?.general_setting;
  return (language === "ar" ? general?.store_name_ar : general?.store_name_en) || settings?.app_name || "";
}

/** The logo linking to the core's `logoTarget`; `compact` keeps the name for screen readers only. */
function Logo({ compact }: { compact: boolean }) {
  const signedIn = useAppStore((s) => s.client.token !== null);
  const logo = useSettings().data?.logo;
  const name = useStoreName();
  return (
    <Link href={logoTarget(signedIn)} className={styles.logo} data-testid="logo">
      {logo ? <img src={logo} alt="" width={36} height={36} className={styles.logoImage} /> : null}
      <span className={compact && logo ? "visually-hidden" : styles.logoText}>{name}</span>
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
  const small = useSmallScreen();
  const signedIn = useAppStore((s) => s.client.token !== null);
  const serviceId = useAppStore((s) => s.client.selected_service);
  const service = useSelectedService().data;
  const element = searchElement(service?.filter_type ?? null);
  const panel = useChromeState((s) => s.panel);
  const { toggle, close } = useChromeState.getState();
  const showCategories = service?.show_categories_menu ?? false;

  return (
    <header className={styles.header}>
      <div className={styles.top}>
        <div className={styles.inner}>
          {small && (
            <button
              type="button"
              className={styles.iconButton}
              aria-label={intl.formatMessage({ id: "chrome.menu" })}
              aria-expanded={panel === "drawer"}
              aria-controls={`${id}-drawer`}
              onClick={() => toggle("drawer")}
            >
              <MenuIcon />
            </button>
          )}
          <Logo compact={small && signedIn} />
          {!small && (
            <div className={styles.search}>
              <HeaderSearch key={element} element={element} />
            </div>
          )}
          <div className={styles.actions}>
            {small && (
              <button
                type="button"
                className={styles.iconButton}
                aria-label={intl.formatMessage({ id: "chrome.search.toggle" })}
                aria-expanded={panel === "search"}
                aria-controls={`${id}-search`}
                onClick={() => toggle("search")}
              >
                {panel === "search" ? <CloseIcon /> : <SearchIcon />}
              </button>
            )}
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
                {!small && <ProfileDropdown />}
              </>
            ) : (
              <button
                type="button"
                className={small ? styles.iconButton : styles.login}
                aria-label={small ? intl.formatMessage({ id: "chrome.login" }) : undefined}
                onClick={() => openSignIn()}
              >
                <LoginIcon size={20} />
                {!small && <span>{intl.formatMessage({ id: "chrome.login" })}</span>}
              </button>
            )}
          </div>
        </div>
        {small && panel === "search" && (
          <div id={`${id}-search`} className={styles.searchPanel}>
            <HeaderSearch key={element} element={element} autoFocus onDone={close} />
          </div>
        )}
      </div>
      <ServicesBar />
      <CategoriesBar serviceId={serviceId} showMenu={showCategories} />
      {small && <MobileDrawer id={`${id}-drawer`} />}
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
          {name || intl.formatMessage({ id: "chrome.menu" })}
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
            {profileDropdown().map(({ link, to }) => {
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
