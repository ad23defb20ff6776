import { useIntl } from "react-intl";
import { useRemoteConfig, useServices } from "../api/queries";
import { useAppStore } from "../platform/store";
import { fill, SlotEach, SlotIf, useSlotFlag, useTemplateMode } from "../ui/template";
import { chooseService } from "./actions";
import styles from "./ServicesBar.module.css";

/**
 * Whether the services bar shows. Spec 2 calls the bar optional without saying when;
 * this follows the rule the spec gives for the bottom bar's services entry: the remote
 * config's `enable_services_page` is on and a district is set (services are listed per
 * district).
 */
export function useServicesBarShown(): boolean {
  const enabled = useRemoteConfig().data?.enable_services_page ?? false;
  const hasDistrict = useAppStore((s) => s.client.district_id !== null);
  // A page template leaves `enable_services_page` to the server (`services_enabled`).
  const template = useTemplateMode();
  return (enabled || template) && hasDistrict;
}

type Service = NonNullable<ReturnType<typeof useServices>["data"]>[number];

/**
 * A button per service with its icon and name; choosing one stores it and goes home. In
 * a page template the server decides whether the bar shows and lists the services.
 */
export function ServicesBar() {
  const intl = useIntl();
  const template = useTemplateMode();
  const shown = useServicesBarShown();
  const services = useServices(shown);
  const selected = useAppStore((s) => s.client.selected_service);
  if (!shown) return null;
  const list = services.data ?? [];
  const item = (service: Service) => (
    <ServiceButton key={service.id} service={service} pressed={service.id === selected} />
  );
  return (
    <SlotIf test="services_enabled" when={true}>
      <nav className={styles.bar} aria-label={intl.formatMessage({ id: "chrome.services.label" })}>
        <ul className={styles.list}>
          {services.isPending &&
            !template &&
            [0, 1, 2].map((key) => <li key={key} className={styles.skeleton} aria-hidden="true" />)}
          <SlotEach items={list} list="services" as="service" fields={["id", "name", "mini_icon", "icon"]} render={item} />
        </ul>
      </nav>
    </SlotIf>
  );
}

function ServiceButton({ service, pressed }: { service: Service; pressed: boolean }) {
  const icon = service.mini_icon || service.icon;
  return (
    <li>
      <button
        type="button"
        className={styles.service}
        aria-pressed={useSlotFlag("service.id == selected_service", pressed)}
        onClick={() => chooseService({ id: service.id, name: service.name })}
      >
        <SlotIf
          test="service.mini_icon or service.icon"
          when={Boolean(icon)}
          otherwise={<span className={styles.icon} aria-hidden="true" />}
        >
          <img
            className={styles.icon}
            src={useTemplateMode() ? fill("service.mini_icon or service.icon") : icon}
            alt=""
            width={28}
            height={28}
          />
        </SlotIf>
        <span>{service.name}</span>
      </button>
    </li>
  );
}
