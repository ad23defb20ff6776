import { Suspense, useEffect, useMemo, type ComponentType, type ReactNode } from "react";
import { useLocation, useSearch } from "wouter";
import { decideNavigation } from "../core/start";
import type { GuardContext } from "storefront-core";
import { useRemoteConfig } from "../api/queries";
import { useHydrated } from "../platform/hydration";
import { ServerPageHeld, useServerPage, type ServerPage } from "../platform/serverPage";
import { useStartupReady } from "../app/StartupGate";
import { useAppStore } from "../platform/store";
import { StandardLayout } from "../layouts/StandardLayout";
import { AuthLayout } from "../layouts/AuthLayout";
import { PageSkeleton } from "../layouts/PageSkeleton";
import NotFoundPage from "../features/not-found/NotFoundPage";
import { openSignIn } from "../chrome/actions";
import type { ScreenProps } from "../layouts/screen";
import { screens, type Screen as ScreenComponent } from "./screens";
import { useScrollToTopOnNavigate } from "./scrollOnNavigate";

/** The guard's inputs, from storage and remote config. */
export function useGuardContext(): GuardContext {
  const signedIn = useAppStore((s) => s.client.token !== null);
  const hasDistrict = useAppStore((s) => s.client.district_id !== null);
  const force = useRemoteConfig().data?.force_select_default_locations ?? false;
  return useMemo(
    () => ({ signed_in: signedIn, has_district: hasDistrict, force_default_location: force }),
    [signedIn, hasDistrict, force],
  );
}

/**
 * A screen in its layout, with the loading skeleton while its code arrives. `held`: the
 * server's page, kept (see `ServerPageHeld`); the tree is the same either way, so the
 * screen stays mounted when the router takes over.
 */
function page(Layout: ComponentType<{ children: ReactNode }>, Screen: ScreenComponent, props: ScreenProps, held = false) {
  return (
    <Layout>
      <Suspense fallback={<PageSkeleton />}>
        <ServerPageHeld.Provider value={held}>
          <Screen {...props} />
        </ServerPageHeld.Provider>
      </Suspense>
    </Layout>
  );
}

/** The standard layout with a skeleton where the page goes (loading, redirecting). */
function shell() {
  return (
    <StandardLayout>
      <PageSkeleton />
    </StandardLayout>
  );
}

function notFound() {
  return (
    <StandardLayout>
      <NotFoundPage />
    </StandardLayout>
  );
}

/**
 * What the server rendered (`ssr/`): the landing page, the home page, a product's page,
 * the cart, the not-found page or the shell.
 * Built from the same pieces as the routes, so React keeps the server's DOM when it
 * takes over.
 */
function serverPage({ kind }: ServerPage, props: ScreenProps) {
  if (kind === "landing" && screens.landing) return page(StandardLayout, screens.landing, props, true);
  if (kind === "home" && screens.home) return page(StandardLayout, screens.home, props, true);
  if (kind === "product" && screens.product) return page(StandardLayout, screens.product, props, true);
  if (kind === "cart" && screens.cart) return page(StandardLayout, screens.cart, props, true);
  if (kind === "not_found") return notFound();
  return shell();
}

/**
 * Renders the current location; the core's guard decides every navigation (spec 2).
 * While React adopts a page the server sent, it renders exactly that page; until the
 * startup loads are in, the layout with a skeleton.
 */
export function AppRouter() {
  const hydrated = useHydrated();
  const server = useServerPage();
  const ready = useStartupReady();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const context = useGuardContext();
  const full = search ? `${path}?${search}` : path;
  const decision = useMemo(() => decideNavigation(full, context), [full, context]);
  useScrollToTopOnNavigate(path);

  useEffect(() => {
    if (!ready || decision.decision !== "redirect") return;
    const store = useAppStore.getState();
    if (decision.remember_origin) {
      // A guest asked for a page that needs sign-in: remember it for after sign-in and
      // offer the sign-in at once, instead of a landing page that says nothing.
      store.setReturnTo(decision.remember_origin);
      openSignIn();
    }
    if (decision.toast) store.pushToast("error", { kind: "message", ...decision.toast });
    navigate(decision.to, { replace: true });
  }, [ready, decision, navigate]);

  const query = new URLSearchParams(search);
  // The server's page is the one at this path (see main.tsx): its params are the core's.
  const serverProps = { params: decision.decision === "allow" ? decision.params : { id: null }, query };
  if (!hydrated && server) return serverPage(server, serverProps);
  // While a signed-in customer's startup runs, the page the server sent stays (rather than
  // a skeleton in its place, then the page again).
  if (!ready && server && server.path === full) return serverPage(server, serverProps);
  if (!ready || decision.decision === "redirect") return shell();
  if (decision.decision === "not_found") return notFound();
  const Screen = screens[decision.route.id] ?? NotFoundPage;
  const Layout = decision.route.layout === "auth" ? AuthLayout : StandardLayout;
  return page(Layout, Screen, { params: decision.params, query });
}
