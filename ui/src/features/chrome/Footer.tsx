import { useIntl } from "react-intl";
import { Link } from "wouter";
import { footerContent, type Settings, type SocialNetwork, type StaticPage } from "storefront-core";
import { useProfile, useRemoteConfig, useSettings, useStaticPages } from "../../api/queries";
import { useAppStore } from "../../app/store";
import { AppleIcon, MailIcon, PhoneIcon, PinIcon, PlayIcon, SocialIcon } from "./icons";
import styles from "./Footer.module.css";

/** The static pages the footer lists (the API's audience for storefront pages). */
export const FOOTER_PAGES_CATEGORY = "customer";

const networkName: Record<SocialNetwork, string> = {
  twitter: "Twitter",
  instagram: "Instagram",
  facebook: "Facebook",
  linkedin: "Linkedin",
  youtube: "Youtube",
  snapchat: "Snapchat",
  whatsapp: "Whatsapp",
};

/**
 * The footer (spec 2), laid out from the core's `footerContent`. The content-pages query
 * waits until remote config and (for a signed-in customer) the profile have finished
 * loading.
 */
export function Footer() {
  const intl = useIntl();
  const language = useAppStore((s) => s.language);
  const settings = useSettings().data;
  const config = useRemoteConfig();
  const profile = useProfile();
  const token = useAppStore((s) => s.client.token);
  const profileSettled = token === null || profile.isSuccess || profile.isError;
  const configSettled = config.isSuccess || config.isError;
  const pages = useStaticPages(FOOTER_PAGES_CATEGORY, configSettled && profileSettled);
  const footer = footerContent(
    (settings ?? {}) as Settings,
    (pages.data ?? []) as StaticPage[],
    language,
    new Date().getFullYear(),
  );
  const storeName = footer.store_name ?? "";
  const hasContact = footer.email || footer.phone || footer.address || footer.map_url;
  const hasApps = footer.ios_app_link || footer.android_app_link;

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section className={styles.brand} aria-labelledby="footer-brand">
          <h2 id="footer-brand" className={styles.storeName}>
            {settings?.logo ? <img src={settings.logo} alt="" className={styles.logo} width={36} height={36} /> : null}
            {storeName}
          </h2>
          <p className={styles.tagline}>{intl.formatMessage({ id: "chrome.footer.tagline" })}</p>
          {footer.social_links.length > 0 && (
            <ul className={styles.social} aria-label={intl.formatMessage({ id: "chrome.footer.social" })}>
              {footer.social_links.map((link) => (
                <li key={link.network}>
                  <a
                    href={link.href}
                    className={styles.socialLink}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={networkName[link.network]}
                  >
                    <SocialIcon network={link.network} size={18} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>

        <nav className={styles.column} aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.heading}>
            {intl.formatMessage({ id: "chrome.footer.about" })}
          </h2>
          <ul className={styles.links}>
            {footer.about_links.map((link) => (
              <li key={link.to}>
                <Link href={link.to}>{link.title}</Link>
              </li>
            ))}
            <li>
              <Link href={footer.contact_us}>{intl.formatMessage({ id: "chrome.footer.contactUs" })}</Link>
            </li>
          </ul>
        </nav>

        {footer.policy_links.length > 0 && (
          <nav className={styles.column} aria-labelledby="footer-policies">
            <h2 id="footer-policies" className={styles.heading}>
              {intl.formatMessage({ id: "chrome.footer.policies" })}
            </h2>
            <ul className={styles.links}>
              {footer.policy_links.map((link) => (
                <li key={link.to}>
                  <Link href={link.to}>{link.title}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}

        {hasContact && (
          <section className={styles.column} aria-labelledby="footer-contact">
            <h2 id="footer-contact" className={styles.heading}>
              {intl.formatMessage({ id: "chrome.footer.contact" })}
            </h2>
            <ul className={styles.contact}>
              {footer.email && (
                <li>
                  <MailIcon size={18} />
                  <a href={footer.email.href}>{footer.email.text}</a>
                </li>
              )}
              {footer.phone && (
                <li>
                  <PhoneIcon size={18} />
                  <a href={footer.phone.href}>
                    <span dir="ltr">{footer.phone.text}</span>
                  </a>
                </li>
              )}
              {footer.address && (
                <li>
                  <PinIcon size={18} />
                  <address className={styles.address}>{footer.address}</address>
                </li>
              )}
              {footer.map_url && (
                <li>
                  <span aria-hidden="true" className={styles.spacer} />
                  <a href={footer.map_url} target="_blank" rel="noopener noreferrer">
                    {intl.formatMessage({ id: "chrome.footer.findUsOnMap" })}
                  </a>
                </li>
              )}
            </ul>
          </section>
        )}

        {hasApps && (
          <section className={styles.column} aria-labelledby="footer-apps">
            <h2 id="footer-apps" className={styles.heading}>
              {intl.formatMessage({ id: "chrome.footer.apps" })}
            </h2>
            <ul className={styles.apps}>
              {footer.ios_app_link && (
                <li>
                  <a href={footer.ios_app_link} className={styles.store} target="_blank" rel="noopener noreferrer">
                    <AppleIcon size={22} />
                    <span>{intl.formatMessage({ id: "chrome.footer.appStore" })}</span>
                  </a>
                </li>
              )}
              {footer.android_app_link && (
                <li>
                  <a href={footer.android_app_link} className={styles.store} target="_blank" rel="noopener noreferrer">
                    <PlayIcon size={20} />
                    <span>{intl.formatMessage({ id: "chrome.footer.googlePlay" })}</span>
                  </a>
                </li>
              )}
            </ul>
          </section>
        )}
      </div>
      <div className={styles.bottom}>
        <p className={styles.copyright}>
          {intl.formatMessage(
            { id: "chrome.footer.copyright" },
            { year: intl.formatNumber(footer.copyright_year, { useGrouping: false }), name: storeName },
          )}
        </p>
      </div>
    </footer>
  );
}
