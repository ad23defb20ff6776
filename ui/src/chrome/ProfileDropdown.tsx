import { useId, useLayoutEffect, useRef, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { useLocation } from "wouter";
import { profileDropdown } from "../core/layout";
import { ChevronDownIcon, UserIcon } from "./icons";
import { accountLinkIcon, accountLinkLabel } from "./accountLinks";
import { logout } from "./actions";
import { moveFocus, usePopover } from "./overlay";
import { useCustomerName } from "../platform/persistedUser";
import styles from "./ProfileDropdown.module.css";

const LINKS = profileDropdown;
const ITEM = '[role="menuitem"]';

/**
 * The desktop profile dropdown (spec 2): the core's links (my-orders, my-address,
 * my-wallet, preferences, profile, logout) as a menu button. Enter, Space or ArrowDown
 * open it on the first item, ArrowUp on the last; arrows, Home and End move; Escape
 * closes and returns to the button; Tab closes.
 */
export function ProfileDropdown() {
  const intl = useIntl();
  const id = useId();
  const [, navigate] = useLocation();
  const name = useCustomerName();
  const { open, setOpen, close, trigger, panel } = usePopover<HTMLButtonElement, HTMLUListElement>();

  // Which item takes focus once the menu has opened (before the next key is handled).
  const focusTarget = useRef<"Home" | "End" | null>(null);
  useLayoutEffect(() => {
    if (!open || focusTarget.current === null) return;
    moveFocus(panel, ITEM, focusTarget.current);
    focusTarget.current = null;
  }, [open, panel]);

  const openAt = (key: "ArrowDown" | "ArrowUp") => {
    const target = key === "ArrowDown" ? "Home" : "End";
    if (open) {
      moveFocus(panel, ITEM, target);
    } else {
      focusTarget.current = target;
      setOpen(true);
    }
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openAt(event.key);
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key === "Tab") {
      close();
    } else if (moveFocus(panel, ITEM, event.key)) {
      event.preventDefault();
    }
  };

  const choose = (to: string, isLogout: boolean) => {
    close(!isLogout);
    if (isLogout) logout(to);
    else navigate(to);
  };

  return (
    <div className={styles.wrap}>
      <button
        ref={trigger}
        type="button"
        className={styles.button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => (open ? close() : openAt("ArrowDown"))}
        onKeyDown={onButtonKey}
      >
        <span className={styles.avatar}>
          <UserIcon size={18} />
        </span>
        <span className={styles.name}>{name ?? intl.formatMessage({ id: "chrome.account.title" })}</span>
        <ChevronDownIcon size={16} />
      </button>
      <ul
        ref={panel}
        id={`${id}-menu`}
        role="menu"
        aria-label={intl.formatMessage({ id: "chrome.account.title" })}
        className={styles.menu}
        hidden={!open}
        onKeyDown={onMenuKey}
      >
        {LINKS.map(({ link, to }) => {
          const Icon = accountLinkIcon[link];
          const isLogout = link === "logout";
          return (
            <li key={link} role="none" className={isLogout ? styles.separated : undefined}>
              <a
                role="menuitem"
                href={to}
                tabIndex={-1}
                className={`${styles.item} ${isLogout ? styles.logout : ""}`}
                onClick={(event) => {
                  event.preventDefault();
                  choose(to, isLogout);
                }}
                onKeyDown={(event) => {
                  if (event.key === " ") {
                    event.preventDefault();
                    choose(to, isLogout);
                  }
                }}
              >
                <Icon size={18} />
                {intl.formatMessage({ id: accountLinkLabel[link] })}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
