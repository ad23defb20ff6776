import { Suspense, useEffect, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { decideNavigation, type GuardContext } from "storefront-core";
import { useRemoteConfig } from "../api/queries";
import { useAppStore } from "../app/store";
import { StandardLayout } from "../layouts/StandardLayout";
import { AuthLayout } from "../layouts/AuthLayout";
import { Spinner } from "../layouts/Spinner";
import NotFoundPage from "../features/not-found/NotFoundPage";
import { openSignIn } from "../features/chrome/actions";
import { screens } from "./screens";
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

/** Renders the current location; the core's guard decides every navigation (spec 2). */
export function AppRouter() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const context = useGuardContext();
  const full = search ? `${path}?${search}` : path;
  const decision = useMemo(() => decideNavigation(full, context), [full, context]);
  useScrollToTopOnNavigate(path);

  useEffect(() => {
    if (decision.decision !== "redirect") return;
    const store = useAppStore.getState();
    if (decision.remember_origin) {
      // A guest asked for a page that needs sign-in: remember it for after sign-in and
      // offer the sign-in at once, instead of a landing page that says nothing.
      store.setReturnTo(decision.remember_origin);
      openSignIn();
    }
    if (decision.toast) store.pushToast("error", { kind: "message", ...decision.toast });
    navigate(decision.to, { replace: true });
  }, [decision, navigate]);

  if (decision.decision === "redirect") return <Spinner />;
  const query = new URLSearchParams(search);
  if (decision.decision === "not_found") {
    return (
      <StandardLayout>
        <NotFoundPage />
      </StandardLayout>
    );
  }
  const Screen = screens[decision.route.id] ?? NotFoundPage;
  const Layout = decision.route.layout === "auth" ? AuthLayout : StandardLayout;
  return (
    <Layout>
      <Suspense fallback={<Spinner />}>
        <Screen params={decision.params} query={query} />
      </Suspense>
    </Layout>
  );
}
