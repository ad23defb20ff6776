import type { ReactElement, ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { Effect } from "storefront-core";
import { apiFailureText, connectApi } from "../api/client";
import { runEffects, type EffectHost } from "../platform/effects";
import { useAppStore } from "../platform/store";
import { LocaleProvider } from "../i18n/LocaleProvider";
import { FailureText } from "../ui/failureText";

/** A fake API answer: a JSON body (status 200 unless given). */
export interface Reply {
  status?: number;
  body: unknown;
}

/** Handles `METHOD /path` calls (path without the /api base); unknown calls answer 404. */
export type Routes = Record<string, (url: URL, request: Request) => Reply | Promise<Reply>>;

export interface ApiMock {
  fetch: jest.Mock<Promise<Response>, [Request]>;
  /** Every call made, as `METHOD /path?query`. */
  calls(): string[];
  /** JSON bodies sent to `METHOD /path`. */
  bodies(route: string): unknown[];
}

function pathOf(url: URL): string {
  return url.pathname.replace(/^\/api/, "");
}

/** Replaces `fetch` with a router over `routes`; requests still go through the real API client. */
export function mockApi(routes: Routes): ApiMock {
  const seen: { route: string; url: URL; body: unknown }[] = [];
  const fetchMock = jest.fn(async (request: Request) => {
    const url = new URL(request.url);
    const route = `${request.method} ${pathOf(url)}`;
    const text = request.method === "GET" ? "" : await request.clone().text();
    seen.push({ route, url, body: text ? JSON.parse(text) : null });
    const handler = routes[route];
    const reply = handler ? await handler(url, request) : { status: 404, body: { message: "Not found" } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    fetch: fetchMock,
    calls: () => seen.map((s) => `${s.route}${s.url.search}`),
    bodies: (route) => seen.filter((s) => s.route === route).map((s) => s.body),
  };
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** Resets storage and the store, then applies storage effects (token, district, service…). */
export function resetClient(values: Partial<Record<"token" | "district_id" | "selectedService" | "selectedServiceName", string>> = {}): EffectHost & { navigate: jest.Mock } {
  localStorage.clear();
  useAppStore.setState({ toasts: [], modal: null, cartView: null, cartShop: null, language: "en", termsAccepted: false });
  const host = { navigate: jest.fn(), queryClient: testQueryClient() };
  connectApi((effects) => runEffects(effects, host));
  const effects: Effect[] = Object.entries(values).map(([key, value]) => ({ type: "store", key, value }) as Effect);
  runEffects(effects, host);
  useAppStore.getState().refresh();
  return host;
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <LocaleProvider>
        <FailureText.Provider value={apiFailureText}>{children}</FailureText.Provider>
      </LocaleProvider>
    </QueryClientProvider>
  );
}

export function renderWithProviders(ui: ReactElement, client: QueryClient = testQueryClient()) {
  const result = render(<Providers client={client}>{ui}</Providers>);
  return { ...result, client };
}

/** Messages of the toasts shown, rendered in English. */
export function toastTexts(): string[] {
  return useAppStore.getState().toasts.map((t) => (t.text.kind === "server" ? t.text.text : t.text.id));
}
