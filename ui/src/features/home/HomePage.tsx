import { useIntl } from "react-intl";
import { useProfile, useSelectedService } from "../../api/queries";
import { useAppStore } from "../../platform/store";
import { fill, SlotIf, useTemplateMode } from "../../ui/template";
import { useStoreName } from "../../chrome/Header";
import { HomeSections } from "./sections/HomeSections";
import styles from "./HomePage.module.css";

/**
 * Home (route /home, location required): a greeting naming the selected service, then
 * that service's blocks, shops and products (the services themselves are switched in
 * the services bar and on /services).
 */
export default function HomePage() {
  const intl = useIntl();
  const storeName = useStoreName();
  const name = useProfile().data?.user?.name ?? null;
  const storedName = useAppStore((s) => s.client.selected_service_name);
  const serviceName = useSelectedService().data?.name ?? storedName;
  const template = useTemplateMode();

  return (
    <div className={styles.page}>
      <section className={styles.greeting} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.title}>
          {/* The customer's greeting replaces the store's welcome (a new element) once
              the profile has come, rather than rewriting its text: rewritten right-to-left
              text counts as moved. */}
          <span key={name ? "greeting" : "welcome"}>
            {name
              ? intl.formatMessage({ id: "home.greeting" }, { name })
              : intl.formatMessage({ id: "home.welcome" }, { name: storeName })}
          </span>
        </h1>
        <p className={styles.subtitle}>
          <SlotIf
            test="service_name"
            when={!!serviceName}
            otherwise={intl.formatMessage({ id: "home.chooseService" })}
          >
            {intl.formatMessage({ id: "home.shoppingIn" }, { service: template ? fill("service_name") : serviceName })}
          </SlotIf>
        </p>
      </section>
      <HomeSections />
    </div>
  );
}
