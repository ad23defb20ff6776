import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from "react";
import type { QueryClient, UseQueryResult } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { startupScreen } from "../core/start";
import type { LoadState, StartupLoads } from "storefront-core";
import {
  profileQuery,
  selectedServiceQuery,
  useProfile,
  useRemoteConfig,
  useSelectedService,
  useSettings,
} from "../api/queries";
import { useCoreText } from "../i18n/coreText";
import { heldUntil, useHydrated } from "../platform/hydration";
import { usePersistUser } from "../platform/persistedUser";
import { useAppStore } from "../platform/store";
import { configLoaded, dispatchStartup, profileAnswered } from "./startup";
import styles from "./StartupGate.module.css";

export function loadState(query: Pick<UseQueryResult, "status" | "fetchStatus">): LoadState {
  if (query.status === "error") return "failed";
  if (query.status === "success") return "loaded";
  return query.fetchStatus === "idle" ? "idle" : "loading";
}

type Config = NonNullable<ReturnType<typeof useRemoteConfig>["data"]>;

/**
 * Asks for a signed-in customer's startup loads (the profile, the selected service) as
 * the app starts, into the gate's own queries, rather than once React has adopted the
 * page: the page waits for them (on /cart, its lines). What the server sent with the
 * page is fresh in the cache and not asked for again. When React is to adopt the
 * server's page, the answers wait for `until` (its first commit): the server drew the
 * page without them, and the render that adopts it must too.
 */
export function askForStartupLoads(client: QueryClient, until: PromiseLike<void> = Promise.resolve()): void {
  const { client: state, language } = useAppStore.getState();
  if (state.token === null) return;
  void client.prefetchQuery(held(profileQuery(state.token), until));
  if (state.selected_service === null) return;
  const area = [state.district_id, state.address_id] as const;
  void client.prefetchQuery(held(selectedServiceQuery(language, state.selected_service, area), until));
}

/** `options`, whose answer enters the cache only once `until` has settled. */
function held<O extends { queryFn?: unknown }>(options: O, until: PromiseLike<void>): O {
  const { queryFn } = options;
  if (typeof queryFn !== "function") return options;
  return { ...options, queryFn: heldUntil(until, queryFn as (...args: unknown[]) => Promise<unknown>) };
}

/** Whether the startup loads are in and the plan has run: pages may render (spec 2). */
const StartupReady = createContext(false);

export function useStartupReady(): boolean {
  return useContext(StartupReady);
}

/**
 * Startup exactly as spec 4, decided by the core: remote config, settings and (signed in)
 * the profile load; the gate tells the core's startup flow their answers and storage's
 * changes (`./startup.ts`), and its plan settles district, location, address, service and
 * language. Until then the router shows the layout with a spinner in place of the page;
 * any failure shows 'Loading failed! Please reload.'
 */
export function StartupGate({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const config = useRemoteConfig();
  const settings = useSettings();
  const profile = useProfile();
  const service = useSelectedService();
  const client = useAppStore((s) => s.client);
  const planned = useAppStore((s) => s.startup.started);
  const text = useCoreText();
  const intl = useIntl();
  usePersistUser();

  useEffect(() => {
    if (config.data) dispatchStartup(configLoaded(config.data));
  }, [config.data]);
  // At the start, and after a sign-in: the account's language applies by the start's rule.
  useEffect(() => {
    if (profile.data) dispatchStartup(profileAnswered(profile.data));
    else if (profile.status === "error") dispatchStartup(profileAnswered(undefined));
  }, [profile.data, profile.status]);
  useEffect(() => {
    dispatchStartup({ type: "storage_changed" });
  }, [client]);

  useDocumentMeta(config.data ?? null);

  const loads: StartupLoads = {
    settings: loadState(settings),
    remote_config: loadState(config),
    selected_service: loadState(service),
    profile: loadState(profile),
  };
  const screen = startupScreen(loads);
  const ready = useInTransition(screen.state === "ready" && planned);
  // The page the server sent stays as it was while React adopts it.
  if (screen.state === "failed" && hydrated) {
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
  return <StartupReady.Provider value={ready}>{children}</StartupReady.Provider>;
}

/**
 * `value`, whose changes reach the page in a transition: the startup's end re-renders
 * every screen, which React then does in slices with the browser free in between. (The
 * plan's end comes from the store, whose changes render synchronously: the whole page in
 * one task of several hundred milliseconds on a phone.)
 */
function useInTransition(value: boolean): boolean {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (shown !== value) startTransition(() => setShown(value));
  }, [shown, value]);
  return shown;
}



/** Title, description, keywords and icon come from remote config (spec 1). */
function useDocumentMeta(config: Config | null): void {
  useEffect(() => {
    if (config) applyDocumentMeta(config, document);
  }, [config]);
}

/** Writes remote config's title, description, keywords and icon into the document. */
export function applyDocumentMeta(config: Config, doc: Document): void {
  const title = config.title ?? config.app_name;
  if (title) doc.title = title;
  setMeta("description", config.description, doc);
  setMeta("keywords", config.keywords, doc);
  if (config.fav_icon) {
    const link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
    // Only when it changes (the server's page has it already): each assignment is a fetch.
    const href = new URL(config.fav_icon, doc.baseURI).href;
    if (link && link.href !== href) link.href = href;
  }
}

function setMeta(name: string, content: string | null | undefined, doc: Document): void {
  if (!content) return;
  let meta = doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = doc.createElement("meta");
    meta.name = name;
    doc.head.append(meta);
  }
  meta.content = content;
}
