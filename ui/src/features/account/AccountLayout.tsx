import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useLocation } from "wouter";
import { accountMenu } from "../../core/layout";
import type { NavLink } from "storefront-core";
import { accountLinkIcon, accountLinkLabel, menuGroupLabel } from "../../chrome/accountLinks";
import { logout } from "../../chrome/actions";
import { ChevronStartIcon } from "../../chrome/icons";
import { useSmallScreen } from "../../chrome/useViewport";
import styles from "./Account.module.css";

const GROUPS = accountMenu;

/** Whether a menu link is the current page's (its sub-pages count: an order is under my-orders). */
export function isCurrentLink(link: NavLink, path: string): boolean {
  if (link.link === "logout") return false;
  return path === link.to || path.startsWith(`${link.to}/`);
}

/** The core's account menu groups as a side menu (desktop). */
export function AccountSideMenu() {
  const intl = useIntl();
  const id = useId();
  const [path] = useLocation();
  return (
    <nav className={styles.sideMenu} aria-label={intl.formatMessage({ id: "account.menu" })} data-testid="account-side-menu">
      {GROUPS.map((group) => (
        <section key={group.group} aria-labelledby={`${id}-${group.group}`}>
          <h2
            id={`${id}-${group.group}`}
            className={group.group === "logout" ? "visually-hidden" : styles.menuGroupTitle}
          >
            {intl.formatMessage({ id: menuGroupLabel[group.group] })}
          </h2>
          <ul className={styles.menuLinks}>
            {group.links.map((link) => {
              const Icon = accountLinkIcon[link.link];
              const label = intl.formatMessage({ id: accountLinkLabel[link.link] });
              return (
                <li key={link.link}>
                  {link.link === "logout" ? (
                    <button type="button" className={`${styles.menuLink} ${styles.menuLogout}`} onClick={() => logout(link.to)}>
                      <Icon size={18} />
                      <span>{label}</span>
                    </button>
                  ) : (
                    <Link
                      href={link.to}
                      className={styles.menuLink}
                      aria-current={isCurrentLink(link, path) ? "page" : undefined}
                    >
                      <Icon size={18} />
                      <span>{label}</span>
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </nav>
  );
}

interface AccountLayoutProps {
  /** The page heading (h1). */
  title: ReactNode;
  children: ReactNode;
  /**
   * A back link (shown at every width), e.g. from an order to the orders. Without it,
   * mobile pages link back to the account menu.
   */
  back?: { to: string; label: string };
  /** Show the side menu on desktop (the /account page is the menu itself). */
  menu?: boolean;
  testId?: string;
  /** The page's own handle on the heading (e.g. to move focus there when a list empties). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

/**
 * The frame of every account page: on desktop the core's account menu beside the page,
 * on mobile a back link above the title (the bottom bar's account menu is the way
 * around). The page title takes focus when the page changes, for screen readers.
 */
export function AccountLayout({ title, children, back, menu = true, testId, headingRef }: AccountLayoutProps) {
  const small = useSmallScreen();
  const ownHeading = useRef<HTMLHeadingElement>(null);
  const heading = headingRef ?? ownHeading;
  const [path] = useLocation();
  useEffect(() => {
    // Only when arriving from another page of the app, not on the first load.
    if (document.activeElement && document.activeElement !== document.body) heading.current?.focus({ preventScroll: true });
  }, [path, heading]);
  const backLink = back ?? { to: "/account", label: "account.back.menu" };
  const showBack = back !== undefined || (small && path !== "/account");
  return (
    <div className={`${styles.shell} ${menu && !small ? styles.shellWithMenu : ""}`} data-testid={testId}>
      {menu && !small ? <AccountSideMenu /> : null}
      <div className={styles.content}>
        <div className={styles.head}>
          {showBack ? (
            <Link href={backLink.to} className={styles.back} data-testid="account-back">
              <ChevronStartIcon size={18} />
              <FormattedMessage id={backLink.label} />
            </Link>
          ) : null}
          <h1 className={styles.title} ref={heading} tabIndex={-1}>
            {title}
          </h1>
        </div>
        {children}
      </div>
    </div>
  );
}
