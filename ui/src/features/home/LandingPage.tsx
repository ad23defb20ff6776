import { useIntl } from "react-intl";
import { SlotIf } from "../../ui/template";
import { openAddressPicker } from "../../chrome/actions";
import { useStoreName } from "../../chrome/Header";
import { PinIcon, StoreIcon, WalletIcon } from "../../chrome/icons";
import styles from "./LandingPage.module.css";

function FastIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M3 7h10v9H3zM13 10h4l3 3v3h-7" strokeLinejoin="round" />
      <circle cx="7" cy="17.5" r="1.8" />
      <circle cx="17" cy="17.5" r="1.8" />
    </svg>
  );
}

/**
 * The landing page (route /, no location needed): a hero asking for a delivery
 * location, which opens the location picker.
 */
export default function LandingPage() {
  const intl = useIntl();
  const name = useStoreName();
  const features = [
    { key: "fast", Icon: FastIcon },
    { key: "local", Icon: StoreIcon },
    { key: "pay", Icon: WalletIcon },
  ] as const;
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="landing-title">
        <div className={styles.copy}>
          <p className={styles.eyebrow}>
            <SlotIf test="store_name" when={Boolean(name)}>
              {intl.formatMessage({ id: "home.welcome" }, { name })}
            </SlotIf>
          </p>
          <h1 id="landing-title" className={styles.title}>
            {intl.formatMessage({ id: "landing.title" })}
          </h1>
          <p className={styles.subtitle}>{intl.formatMessage({ id: "landing.subtitle" })}</p>
          <button type="button" className={styles.cta} onClick={() => openAddressPicker()}>
            <PinIcon size={20} />
            {intl.formatMessage({ id: "landing.cta" })}
          </button>
          <p className={styles.note}>{intl.formatMessage({ id: "landing.eyebrow" })}</p>
        </div>
        <div className={styles.art} aria-hidden="true">
          <div className={styles.bubble}>
            <StoreIcon size={56} />
          </div>
          <div className={`${styles.chip} ${styles.chipA}`}>
            <PinIcon size={18} />
          </div>
          <div className={`${styles.chip} ${styles.chipB}`}>
            <FastIcon />
          </div>
        </div>
      </section>
      <section className={styles.features} aria-labelledby="landing-features">
        <h2 id="landing-features" className="visually-hidden">
          {intl.formatMessage({ id: "landing.features" })}
        </h2>
        <ul className={styles.featureList}>
          {features.map(({ key, Icon }) => (
            <li key={key} className={styles.feature}>
              <span className={styles.featureIcon}>
                <Icon />
              </span>
              <h3 className={styles.featureTitle}>{intl.formatMessage({ id: `landing.feature.${key}.title` })}</h3>
              <p className={styles.featureBody}>{intl.formatMessage({ id: `landing.feature.${key}.body` })}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
