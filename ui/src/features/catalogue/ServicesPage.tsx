import { useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocation } from "wouter";
import { chooseServiceEffects } from "../../core/start";
import { useServices } from "../../api/queries";
import { runEffects } from "../../platform/effects";
import { appHost } from "../../platform/host";
import { useAppStore } from "../../platform/store";
import { LazyImage } from "../../ui/LazyImage";
import { ChipsSkeleton } from "../../ui/Skeletons";
import { LoadError } from "../../ui/States";
import styles from "../../shop/Pages.module.css";

/**
 * The services page: a button per service. Choosing one stores it and its name, empties
 * the shop and product lists and goes to /home (the core's effects).
 */
export default function ServicesPage() {
  const intl = useIntl();
  const services = useServices();
  const selected = useAppStore((s) => s.client.selected_service);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();

  return (
    <section aria-labelledby="services-title" className={styles.page}>
      <h1 id="services-title" className={styles.title}>
        <FormattedMessage id="catalogue.services.title" />
      </h1>
      <p className={styles.lead}>
        <FormattedMessage id="catalogue.services.intro" />
      </p>
      {services.isPending ? <ChipsSkeleton count={3} /> : null}
      {services.isError ? <LoadError error={services.error} onRetry={() => void services.refetch()} /> : null}
      {services.data ? (
        <ul className={styles.services}>
          {services.data.map((service) => {
            const current = service.id === selected;
            return (
              <li key={service.id}>
                <button
                  type="button"
                  className={`${styles.service} ${current ? styles.serviceCurrent : ""}`}
                  aria-pressed={current}
                  onClick={() =>
                    runEffects(chooseServiceEffects({ id: service.id, name: service.name }), {
                      ...appHost,
                      queryClient,
                      navigate: (to) => navigate(to),
                    })
                  }
                >
                  <LazyImage src={service.mini_icon || service.icon} alt="" width={64} className={styles.serviceIcon} />
                  <span>{service.name}</span>
                  {current ? (
                    <span className="visually-hidden">{intl.formatMessage({ id: "catalogue.services.current" })}</span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
