import { Fragment, useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { Link } from "wouter";
import type { Footer as FooterView, Language, Settings, SocialNetwork, StaticPage } from "storefront-core";
import { FOOTER_PAGES_CATEGORY, useProfile, useRemoteConfig, useSettings, useStaticPages } from "../api/queries";
import { readBoot } from "../platform/boot";
import { useAppStore } from "../platform/store";
import { wholeCore } from "../core/lazy";
import { fill, SlotEach, SlotIf, useTemplateMode } from "../ui/template";
import { AppleIcon, MailIcon, PhoneIcon, PinIcon, PlayIcon, SocialIcon } from "./icons";
import styles from "./Footer.module.css";

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
 * The core's footer (`footerContent`) for these settings and pages. The page the server
 * sent carries the footer it rendered, for the settings and pages it also carries: while
 * those are what the queries hold, that footer is used as is (the first render matches
 * the server's HTML, and the core's footer rule need not load). Otherwise the rule loads
 * with the whole core, and the last footer shows meanwhile (at first, none).
 */
function useFooterContent(settings: Settings | undefined, pages: StaticPage[] | undefined, language: Language, year: number) {
  const boot = readBoot();
  const fromServer =
    boot?.footer && boot.language === language && boot.settings === settings && boot.pages === pages ? boot.footer : null;
  const [computed, setComputed] = useState<FooterView | null>(null);
  useEffect(() => {
    if (fromServer) return;
    let live = true;
    void wholeCore().then(
      (core) => live && setComputed(core.footerContent((settings ?? {}) as Settings, pages ?? [], language, year)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [fromServer, settings, pages, language, year]);
  return fromServer ?? computed;
}

/**
 * The core's footer for the store's settings and content pages (null until known). The
 * content-pages query waits until remote config and (for a signed-in customer) the
 * profile have finished loading.
 */
export function useFooter(): FooterView | null {
  const language = useAppStore((s) => s.language);
  const settings = useSettings().data;
  const config = useRemoteConfig();
  const profile = useProfile();
  const token = useAppStore((s) => s.client.token);
  const profileSettled = token === null || profile.isSuccess || profile.isError;
  const configSettled = config.isSuccess || config.isError;
  const pages = useStaticPages(FOOTER_PAGES_CATEGORY, configSettled && profileSettled);
  return useFooterContent(settings as Settings | undefined, pages.data as StaticPage[] | undefined, language, new Date().getFullYear());
}

/** The store's policy pages (privacy, terms) as the footer links them, for an acceptance box. */
export function usePolicyLinks(): FooterView["policy_links"] {
  return useFooter()?.policy_links ?? [];
}

/**
 * The footer (spec 2), laid out from the core's `footerContent` (`useFooter`).
 */
export function Footer() {
  const settings = useSettings().data;
  const footer = useFooter();
  const template = useTemplateMode();
  const shown = template ? TEMPLATE_FOOTER : footer;
  // Until the core's footer rule has run (a page not sent by the server), the footer
  // keeps its place empty.
  return (
    <footer className={styles.footer} aria-busy={shown ? undefined : true}>
      {shown && <FooterContent footer={shown} logo={settings?.logo ?? null} />}
    </footer>
  );
}

/**
 * The footer of a page template: every value is the server's (its `footer`, the core's
 * footer for the request); lists and optional parts are Jinja loops and tests below.
 */
const TEMPLATE_FOOTER: FooterView = {
  store_name: fill("store_name"),
  about_links: [],
  contact_us: fill("footer.contact_us"),
  policy_links: [],
  email: { text: fill("footer.email.text"), href: fill("footer.email.href") },
  phone: { text: fill("footer.phone.text"), href: fill("footer.phone.href") },
  address: fill("footer.address"),
  map_url: fill("footer.map_url"),
  ios_app_link: fill("footer.ios_app_link"),
  android_app_link: fill("footer.android_app_link"),
  social_links: [],
  copyright_year: 0,
};

const NETWORKS = Object.keys(networkName) as SocialNetwork[];

/** A social link's icon; in a template, chosen by the server's `link.network`. */
function SocialMark({ network }: { network: SocialNetwork }) {
  if (!useTemplateMode()) return <SocialIcon network={network} size={18} />;
  return (
    <>
      {NETWORKS.map((n, i) => (
        <Fragment key={n}>
          {`{% ${i === 0 ? "if" : "elif"} link.network == "${n}" %}`}
          <SocialIcon network={n} size={18} />
        </Fragment>
      ))}
      {"{% endif %}"}
    </>
  );
}

/** A social link's name; in a template, the Jinja that names the server's `link.network`. */
function useNetworkName(network: SocialNetwork): string {
  if (!useTemplateMode()) return networkName[network];
  const cases = NETWORKS.map((n, i) => `{% ${i === 0 ? "if" : "elif"} link.network == "${n}" %}${networkName[n]}`);
  return `${cases.join("")}{% endif %}`;
}

function SocialLinkItem({ link }: { link: { network: SocialNetwork; href: string } }) {
  return (
    <li>
      <a
        href={link.href}
        className={styles.socialLink}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={useNetworkName(link.network)}
      >
        <SocialMark network={link.network} />
      </a>
    </li>
  );
}

function FooterContent({ footer, logo }: { footer: FooterView; logo: string | null }) {
  const intl = useIntl();
  const template = useTemplateMode();
  const storeName = footer.store_name ?? "";
  const hasContact = Boolean(footer.email || footer.phone || footer.address || footer.map_url);
  const hasApps = Boolean(footer.ios_app_link || footer.android_app_link);
  const year = template ? fill("year_text") : intl.formatNumber(footer.copyright_year, { useGrouping: false });

  return (
    <>
      <div className={styles.inner}>
        <section className={styles.brand} aria-labelledby="footer-brand">
          <h2 id="footer-brand" className={styles.storeName}>
            <SlotIf test="logo" when={Boolean(logo)}>
              <img src={template ? fill("logo") : (logo ?? "")} alt="" className={styles.logo} width={36} height={36} />
            </SlotIf>
            {storeName}
          </h2>
          <p className={styles.tagline}>{intl.formatMessage({ id: "chrome.footer.tagline" })}</p>
          <SlotIf test="footer.social_links" when={footer.social_links.length > 0}>
            <ul className={styles.social} aria-label={intl.formatMessage({ id: "chrome.footer.social" })}>
              <SlotEach
                items={footer.social_links}
                list="footer.social_links"
                as="link"
                fields={["network", "href"]}
                render={(link) => <SocialLinkItem key={link.network} link={link} />}
              />
            </ul>
          </SlotIf>
        </section>

        <nav className={styles.column} aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.heading}>
            {intl.formatMessage({ id: "chrome.footer.about" })}
          </h2>
          <ul className={styles.links}>
            <SlotEach
              items={footer.about_links}
              list="footer.about_links"
              as="link"
              fields={["title", "to"]}
              render={(link) => (
                <li key={link.to}>
                  <Link href={link.to}>{link.title}</Link>
                </li>
              )}
            />
            <li>
              <Link href={footer.contact_us}>{intl.formatMessage({ id: "chrome.footer.contactUs" })}</Link>
            </li>
          </ul>
        </nav>

        <SlotIf test="footer.policy_links" when={footer.policy_links.length > 0}>
          <nav className={styles.column} aria-labelledby="footer-policies">
            <h2 id="footer-policies" className={styles.heading}>
              {intl.formatMessage({ id: "chrome.footer.policies" })}
            </h2>
            <ul className={styles.links}>
              <SlotEach
                items={footer.policy_links}
                list="footer.policy_links"
                as="link"
                fields={["title", "to"]}
                render={(link) => (
                  <li key={link.to}>
                    <Link href={link.to}>{link.title}</Link>
                  </li>
                )}
              />
            </ul>
          </nav>
        </SlotIf>

        <SlotIf test="footer.email or footer.phone or footer.address or footer.map_url" when={hasContact}>
          <section className={styles.column} aria-labelledby="footer-contact">
            <h2 id="footer-contact" className={styles.heading}>
              {intl.formatMessage({ id: "chrome.footer.contact" })}
            </h2>
            <ul className={styles.contact}>
              <SlotIf test="footer.email" when={Boolean(footer.email)}>
                <li>
                  <MailIcon size={18} />
                  <a href={footer.email?.href}>{footer.email?.text}</a>
                </li>
              </SlotIf>
              <SlotIf test="footer.phone" when={Boolean(footer.phone)}>
                <li>
                  <PhoneIcon size={18} />
                  <a href={footer.phone?.href}>
                    <span dir="ltr">{footer.phone?.text}</span>
                  </a>
                </li>
              </SlotIf>
              <SlotIf test="footer.address" when={Boolean(footer.address)}>
                <li>
                  <PinIcon size={18} />
                  <address className={styles.address}>{footer.address}</address>
                </li>
              </SlotIf>
              <SlotIf test="footer.map_url" when={Boolean(footer.map_url)}>
                <li>
                  <span aria-hidden="true" className={styles.spacer} />
                  <a href={footer.map_url ?? undefined} target="_blank" rel="noopener noreferrer">
                    {intl.formatMessage({ id: "chrome.footer.findUsOnMap" })}
                  </a>
                </li>
              </SlotIf>
            </ul>
          </section>
        </SlotIf>

        <SlotIf test="footer.ios_app_link or footer.android_app_link" when={hasApps}>
          <section className={styles.column} aria-labelledby="footer-apps">
            <h2 id="footer-apps" className={styles.heading}>
              {intl.formatMessage({ id: "chrome.footer.apps" })}
            </h2>
            <ul className={styles.apps}>
              <SlotIf test="footer.ios_app_link" when={Boolean(footer.ios_app_link)}>
                <li>
                  <a href={footer.ios_app_link ?? undefined} className={styles.store} target="_blank" rel="noopener noreferrer">
                    <AppleIcon size={22} />
                    <span>{intl.formatMessage({ id: "chrome.footer.appStore" })}</span>
                  </a>
                </li>
              </SlotIf>
              <SlotIf test="footer.android_app_link" when={Boolean(footer.android_app_link)}>
                <li>
                  <a href={footer.android_app_link ?? undefined} className={styles.store} target="_blank" rel="noopener noreferrer">
                    <PlayIcon size={20} />
                    <span>{intl.formatMessage({ id: "chrome.footer.googlePlay" })}</span>
                  </a>
                </li>
              </SlotIf>
            </ul>
          </section>
        </SlotIf>
      </div>
      <div className={styles.bottom}>
        <p className={styles.copyright}>
          {intl.formatMessage({ id: "chrome.footer.copyright" }, { year, name: storeName })}
        </p>
      </div>
    </>
  );
}
