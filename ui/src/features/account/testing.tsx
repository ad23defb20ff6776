import { remoteConfigData } from "../../test/documents";
import type { ReactElement } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { type Effect } from "storefront-core";
import { apiFailureText, connectApi } from "../../api/client";
import { runEffects } from "../../platform/effects";
import { useAppStore } from "../../platform/store";
import { LocaleProvider } from "../../i18n/LocaleProvider";
import { FailureText } from "../../ui/failureText";

/** Test helpers of the account pages: a routed fake API, a signed-in client, rendering. */

export interface Reply {
  status?: number;
  body: unknown;
}

export type Routes = Record<string, (url: URL, body: unknown) => Reply | Promise<Reply>>;

export interface ApiMock {
  /** Every call made, as `METHOD /path?query`. */
  calls(): string[];
  /** JSON bodies sent to `METHOD /path`. */
  bodies(route: string): unknown[];
  /** Raw requests sent to `METHOD /path`. */
  requests(route: string): Request[];
}

/** Replaces `fetch` with a router over `routes`; requests go through the real API client. */
export function mockApi(routes: Routes): ApiMock {
  const seen: { route: string; url: URL; body: unknown; request: Request }[] = [];
  globalThis.fetch = jest.fn(async (request: Request) => {
    const url = new URL(request.url);
    const route = `${request.method} ${url.pathname.replace(/^\/api/, "")}`;
    const type = request.headers.get("content-type") ?? "";
    const text = request.method === "GET" || !type.includes("json") ? "" : await request.clone().text();
    const body: unknown = text ? JSON.parse(text) : null;
    seen.push({ route, url, body, request });
    const handler = routes[route];
    const reply = handler ? await handler(url, body) : { status: 404, body: { message: "Not found" } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  }) as unknown as typeof fetch;
  return {
    calls: () => seen.map((s) => `${s.route}${s.url.search}`),
    bodies: (route) => seen.filter((s) => s.route === route).map((s) => s.body),
    requests: (route) => seen.filter((s) => s.route === route).map((s) => s.request),
  };
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** A signed-in customer (token) with the given stored values; toasts cleared; English. */
export function signedIn(values: Record<string, string> = {}) {
  localStorage.clear();
  useAppStore.setState({ toasts: [], modal: null, cartView: null, cartShop: null, language: "en" });
  const host = { navigate: jest.fn(), queryClient: testQueryClient(), request: jest.fn() };
  connectApi((effects) => runEffects(effects, host));
  const effects = Object.entries({ token: "tok", ...values }).map(([key, value]) => ({ type: "store", key, value }) as Effect);
  runEffects(effects, host);
  return host;
}

/** The toasts shown, as text: server texts as sent, core messages by id. */
export function toasts(): string[] {
  return useAppStore.getState().toasts.map((t) => (t.text.kind === "server" ? t.text.text : t.text.id));
}

/** jsdom has no modal dialogs: enough of showModal/close for the components. */
export function polyfillDialog(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __accountPolyfill?: boolean };
  if (proto.__accountPolyfill) return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  proto.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
  proto.__accountPolyfill = true;
}

export function setWidth(width: number): void {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
  act(() => {
    window.dispatchEvent(new Event("resize"));
  });
}

/** Remote config as the reference API sends it. */
export const remoteConfig = remoteConfigData;

/** Renders a page at `path` with the app's providers; `history` records navigation. */
export function renderAt(ui: ReactElement, path = "/account", client: QueryClient = testQueryClient()) {
  const location = memoryLocation({ path, record: true });
  for (const language of ["en", "ar"]) client.setQueryData(["remote-config", language], remoteConfig());
  const result = render(
    <QueryClientProvider client={client}>
      <LocaleProvider>
        <FailureText.Provider value={apiFailureText}>
          <Router hook={location.hook}>{ui}</Router>
        </FailureText.Provider>
      </LocaleProvider>
    </QueryClientProvider>,
  );
  return { ...result, client, history: location.history, navigate: location.navigate };
}

export const meta = (total: number, page = 1, last = 1) => ({ current_page: page, last_page: last, per_page: 20, total });
