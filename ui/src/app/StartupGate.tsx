import { useEffect, type ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { planStartup, startupScreen, type LoadState, type StartupLoads } from "storefront-core";
import { useProfile, useRemoteConfig, useSelectedService, useSettings } from "../api/queries";
import { useCoreText } from "../i18n/LocaleProvider";
import { Spinner } from "../layouts/Spinner";
import { runEffects } from "./effects";
import { browserHost } from "./host";
import { useAppStore } from "./store";
import styles from "./StartupGate.module.css";

export function loadState(query: Pick<UseQueryResult, "status" | "fetchStatus">): LoadState {
  if (query.status === "error") return "failed";
  if (query.status === "success") return "loaded";
  return query.fetchStatus === "idle" ? "idle" : "loading";
}

/**
 * Startup exactly as spec 4, decided by the core: remote config, settings and (signed in)
 * the profile load; then the core's plan settles district, location, address, service and
 * language. Until then a spinner shows; any failure shows 'Loading failed! Please reload.'
 */
export function StartupGate({ children }: { children: ReactNode }) {
  const config = useRemoteConfig();
  const settings = useSettings();
  const profile = useProfile();
  const service = useSelectedService();
  const token = useAppStore((s) => s.client.token);
  const planned = useAppStore((s) => s.started);
  const text = useCoreText();
  const intl = useIntl();

  useEffect(() => {
    if (planned || !config.data) return;
    if (token !== null && profile.status === "pending") return;
    const store = useAppStore.getState();
    const plan = planStartup(config.data, profile.data ?? null, store.client);
    runEffects(plan.effects, browserHost);
    useAppStore.setState({ language: plan.language, started: true });
  }, [planned, config.data, profile.status, profile.data, token]);

  // A sign-in after startup: the account's language applies by the same rule as at
  // startup (a language chosen on this device first, else the profile's), so the page
  // does not change language at the next reload.
  useEffect(() => {
    if (!planned || !config.data || !profile.data) return;
    const store = useAppStore.getState();
    const { language } = planStartup(config.data, profile.data, store.client);
    if (language !== store.language) runEffects([{ type: "set_document_language", language }], browserHost);
  }, [planned, config.data, profile.data]);

  useDocumentMeta(config.data ?? null);

  const loads: StartupLoads = {
    settings: loadState(settings),
    remote_config: loadState(config),
    selected_service: loadState(service),
    profile: loadState(profile),
  };
  const screen = startupScreen(loads);
  if (screen.state === "failed") {
    return (
      <div className={styles.failed} role="alert">
        <p>{text({ kind: "message", ...screen.message })}</p>
        <button
          type="button"
          className={styles.reload}
          aria-label={intl.formatMessage({ id: "app.reload" })}
          onClick={() => globalThis.location.reload()}
        >
          ↻
        </button>
      </div>
    );
  }
  if (screen.state === "loading" || !planned) return <Spinner />;
  return <>{children}</>;
}

type Config = NonNullable<ReturnType<typeof useRemoteConfig>["data"]>;

/** Title, description, keywords and icon come from remote config (spec 1). */
function useDocumentMeta(config: Config | null): void {
  useEffect(() => {
    if (!config) return;
    const title = config.title ?? config.app_name;
    if (title) document.title = title;
    setMeta("description", config.description);
    setMeta("keywords", config.keywords);
    if (config.fav_icon) {
      const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (link) link.href = config.fav_icon;
    }
  }, [config]);
}

function setMeta(name: string, content: string | null | undefined): void {
  if (!content) return;
  let meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}
