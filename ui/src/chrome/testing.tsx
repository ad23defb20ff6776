import { remoteConfigData } from "../test/documents";
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { IntlProvider } from "react-intl";
import { renderToString } from "react-dom/server";
import { act, render } from "@testing-library/react";
import { type Effect, type Language } from "storefront-core";
import { apiFailureText } from "../api/client";
import { selectedServiceKey } from "../api/queries";
import { runEffects } from "../platform/effects";
import { queryClient as appQueryClient } from "../platform/queryClient";
import { useAppStore } from "../platform/store";
import { resetStartup } from "../app/startup";
import { intlLocale } from "../i18n/intlLocale";
import { allMessages } from "../i18n/testing";
import { FailureText } from "../ui/failureText";
import { useChromeState } from "./chromeState";

/** jsdom has no modal dialogs: enough of showModal/close for the components. */
export function polyfillDialog(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __polyfilled?: boolean };
  if (proto.__polyfilled) return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
  proto.__polyfilled = true;
}

export function setWidth(width: number): void {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
  act(() => {
    window.dispatchEvent(new Event("resize"));
  });
}

/** The reference API's remote config. */
export const remoteConfig = remoteConfigData;

export const SETTINGS = {
  logo: "/api/media/brand/logo.svg",
  app_names: { en: "Nile Market", ar: "سوق النيل" },
  app_name: "Nile Market",
  general_setting: {
    store_name_ar: "سوق النيل",
    store_name_en: "Nile Market",
    email: "hello@nilemarket.example",
    phone_number: "+20 2 2735 0000",
    address_ar: "١٢ شارع ٢٦ يوليو، الزمالك، القاهرة",
    address_en: "12 26th of July Street, Zamalek, Cairo",
    map_url: "https://www.openstreetmap.org/?mlat=30.06",
    ios_app_link: null,
    android_app_link: "https://play.google.com/store/apps/details?id=example.nilemarket",
  },
  social_media: {
    twitter: "https://twitter.com/nilemarket",
    instagram: null,
    facebook: "https://www.facebook.com/nilemarket",
    linkedin: null,
    youtube: null,
    snapchat: null,
    whatsapp: "+201001234567",
  },
};

export const SERVICES = [
  { id: 1, name: "Groceries", icon: "/g.svg", mini_icon: "/g.svg" },
  { id: 2, name: "Restaurants", icon: "/r.svg", mini_icon: "/r.svg" },
];

export function serviceDetail(id: number, overrides: Record<string, unknown> = {}) {
  const base = SERVICES.find((s) => s.id === id) ?? at(SERVICES, 0);
  return {
    id,
    name: base.name,
    icon: base.icon,
    filter_type: id === 2 ? "branches_focused" : "products_focused",
    show_categories_menu: id !== 2,
    blocks: [],
    ...overrides,
  };
}

/** A fresh query cache (no retries) holding `data` under the shell's query keys. */
export function cacheWith(data: Array<[readonly unknown[], unknown]>): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [key, value] of data) client.setQueryData(key, value);
  return client;
}

/** The usual cache: remote config, settings, services and the selected service's details. */
/** The cache key of a service's details for the stored district and address. */
export function serviceKey(language: Language, id: number): readonly unknown[] {
  const { district_id, address_id } = useAppStore.getState().client;
  return selectedServiceKey(language, id, [district_id, address_id]);
}

export function shellCache(language: Language = "en", extra: Array<[readonly unknown[], unknown]> = []) {
  const service = useAppStore.getState().client.selected_service;
  const entries: Array<[readonly unknown[], unknown]> = [
    [["remote-config", language], remoteConfig()],
    [["settings", language], SETTINGS],
    [["services", language], SERVICES],
  ];
  if (service !== null) entries.push([serviceKey(language, service), serviceDetail(service)]);
  return cacheWith([...entries, ...extra]);
}

export function renderWithShell(
  ui: ReactNode,
  options: {
    language?: Language;
    client?: QueryClient;
    /** Render on the "server" first, let this act on that HTML, then hydrate it. */
    beforeHydration?(page: HTMLElement): void;
  } = {},
) {
  const language = options.language ?? "en";
  useAppStore.getState().setLanguage(language);
  const client = options.client ?? shellCache(language);
  const tree = (
    <QueryClientProvider client={client}>
      <IntlProvider locale={intlLocale(language)} messages={allMessages[language]} defaultLocale="en">
        <FailureText.Provider value={apiFailureText}>{ui}</FailureText.Provider>
      </IntlProvider>
    </QueryClientProvider>
  );
  if (!options.beforeHydration) return { ...render(tree), client };
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(tree);
  options.beforeHydration(container);
  return { ...render(tree, { container, hydrate: true }), client };
}

/** Runs storage effects through the core, the way the app does. */
export function store(effects: Effect[]): void {
  runEffects(effects, { navigate: () => undefined, queryClient: appQueryClient });
}

/** Clean storage, store and chrome state, and the page at `path`. */
export function resetShell(path = "/"): void {
  localStorage.clear();
  window.history.replaceState(null, "", path);
  useAppStore.getState().refresh();
  useAppStore.setState({ toasts: [], modal: null, language: "en", cartView: null, cartShop: null });
  // Each test starts the app anew: the startup flow plans again with this test's storage.
  resetStartup();
  useAppStore.setState({ startup: { started: false, loads_cart: false } });
  useChromeState.setState({ panel: null });
  document.documentElement.lang = "en";
  document.documentElement.dir = "ltr";
}

/** The item at `index` of a list (negative counts from the end); throws when there is none. */
export function at<T>(list: ArrayLike<T>, index: number): NonNullable<T> {
  const item = Array.from(list).at(index);
  if (item === undefined || item === null) throw new Error(`no item ${index} in a list of ${list.length}`);
  return item as NonNullable<T>;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
