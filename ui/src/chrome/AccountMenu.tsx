import { useId } from "react";
import { useIntl } from "react-intl";
import { Link } from "wouter";
import { accountMenu } from "../core/layout";
import { accountLinkIcon, accountLinkLabel, menuGroupLabel } from "./accountLinks";
import { logout } from "./actions";
import { useChromeState } from "./chromeState";
import { ChevronEndIcon, CloseIcon, UserIcon } from "./icons";
import { Dialog } from "./overlay";
import { useCustomerName } from "../platform/persistedUser";
import styles from "./AccountMenu.module.css";

const GROUPS = accountMenu;

/**
 * The mobile account menu (spec 2): a bottom sheet with the core's groups — orders,
 * personal information, points, app info, logout (which goes to /).
 */
export function AccountMenu() {
  const intl = useIntl();
  const id = useId();
  const open = useChromeState((s) => s.panel === "accountMenu");
  const close = useChromeState((s) => s.close);
  const name = useCustomerName();
  return (
    <Dialog open={open} onClose={close} labelledBy={`${id}-title`} className={styles.sheet}>
      <div className={styles.head}>
        <span className={styles.avatar}>
          <UserIcon />
        </span>
        <h2 id={`${id}-title`} className={styles.title}>
          {name ?? intl.formatMessage({ id: "chrome.account.title" })}
        </h2>
        <button
          type="button"
          className={styles.close}
          aria-label={intl.formatMessage({ id: "app.close" })}
          onClick={close}
        >
          <CloseIcon />
        </button>
      </div>
      <div className={styles.body}>
        {GROUPS.map((group) => (
          <section key={group.group} className={styles.group} aria-labelledby={`${id}-${group.group}`}>
            <h3
              id={`${id}-${group.group}`}
              className={group.group === "logout" ? "visually-hidden" : styles.groupTitle}
            >
              {intl.formatMessage({ id: menuGroupLabel[group.group] })}
            </h3>
            <ul className={styles.links}>
              {group.links.map(({ link, to }) => {
                const Icon = accountLinkIcon[link];
                const text = intl.formatMessage({ id: accountLinkLabel[link] });
                return (
                  <li key={link}>
                    {link === "logout" ? (
                      <button
                        type="button"
                        className={`${styles.link} ${styles.logout}`}
                        onClick={() => {
                          close();
                          logout(to);
                        }}
                      >
                        <Icon size={20} />
                        <span>{text}</span>
                      </button>
                    ) : (
                      <Link href={to} className={styles.link} onClick={close}>
                        <Icon size={20} />
                        <span>{text}</span>
                        <ChevronEndIcon size={16} className={styles.chevron} />
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
