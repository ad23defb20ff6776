import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { accountMenu } from "../../../core/layout";
import { accountLinkIcon, accountLinkLabel, menuGroupLabel } from "../../../chrome/accountLinks";
import { logout } from "../../../chrome/actions";
import { ChevronEndIcon, UserIcon } from "../../../chrome/icons";
import { AccountLayout } from "../AccountLayout";

import { useFullProfile } from "../queries";
import styles from "../Account.module.css";

const GROUPS = accountMenu;

/**
 * /account (spec 2): the core's account menu groups as a page — orders, personal
 * information, points, app info and logout (which goes to /) — under the customer's
 * name and picture.
 */
export default function AccountMenuPage() {
  const intl = useIntl();
  const id = useId();
  const profile = useFullProfile();
  const user = profile.data?.user ?? null;
  return (
    <AccountLayout title={<FormattedMessage id="account.menu.title" />} menu={false} testId="account-menu-page">
      {/* Drawn once the profile has come (the card keeps its height meanwhile, and the
          name and e-mail keep to one line each): lines arriving later would move the
          links under it. */}
      <div className={styles.profileCard} aria-busy={profile.isPending || undefined}>
        {profile.isPending ? null : (
          <>
            <span className={styles.avatar}>
              {user?.image ? <img src={user.image} alt="" width={64} height={64} /> : <UserIcon size={32} />}
            </span>
            <div className={styles.rowMain}>
              <span className={`${styles.rowTitle} ${styles.oneLine}`}>
                {user?.name ?? intl.formatMessage({ id: "chrome.account.title" })}
              </span>
              {user?.email ? <span className={`${styles.small} ${styles.oneLine}`}>{user.email}</span> : null}
              <Link href="/account/profile" className={styles.small}>
                <FormattedMessage id="account.menu.editProfile" />
              </Link>
            </div>
          </>
        )}
      </div>
      <div className={styles.groups}>
        {GROUPS.map((group) => (
          <section key={group.group} className={styles.card} aria-labelledby={`${id}-${group.group}`}>
            <h2 id={`${id}-${group.group}`} className={group.group === "logout" ? "visually-hidden" : styles.cardTitle}>
              {intl.formatMessage({ id: menuGroupLabel[group.group] })}
            </h2>
            <ul className={styles.menuLinks}>
              {group.links.map(({ link, to }) => {
                const Icon = accountLinkIcon[link];
                const label = intl.formatMessage({ id: accountLinkLabel[link] });
                return (
                  <li key={link}>
                    {link === "logout" ? (
                      <button type="button" className={`${styles.menuLink} ${styles.menuLogout}`} onClick={() => logout(to)}>
                        <Icon size={20} />
                        <span>{label}</span>
                      </button>
                    ) : (
                      <Link href={to} className={styles.menuLink}>
                        <Icon size={20} />
                        <span className={styles.grow}>{label}</span>
                        <ChevronEndIcon size={16} />
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </AccountLayout>
  );
}
