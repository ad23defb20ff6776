import { useIntl } from "react-intl";
import { Link } from "wouter";
import { profileDropdown } from "../../core/layout";
import { accountLinkIcon, accountLinkLabel } from "./accountLinks";
import { logout } from "./actions";
import styles from "./Header.module.css";

/** The burger menu's account links for a signed-in customer (the core's profile links). */
export function DrawerAccountLinks({ onNavigate }: { onNavigate(): void }) {
  const intl = useIntl();
  return (
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
                  onNavigate();
                  logout(to);
                }}
              >
                <Icon size={20} />
                {text}
              </button>
            ) : (
              <Link href={to} className={styles.drawerLink} onClick={onNavigate}>
                <Icon size={20} />
                {text}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
