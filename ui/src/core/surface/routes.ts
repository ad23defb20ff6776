import {
  decideNavigation,
  matchRoute,
  postLoginDestination,
  routeTable,
  type Access,
  type GuardContext,
  type GuardDecision,
  type Layout,
  type Route,
  type RouteId,
  type RouteMatch,
  type RouteParams,
} from "storefront-core";

const context: GuardContext = { signed_in: false, has_district: true, force_default_location: false };

export function surfaceRoutes(): string[] {
  const table: Route[] = routeTable();
  const access: Access[] = table.map((route) => route.access);
  const layouts: Layout[] = table.map((route) => route.layout);
  const matched: RouteMatch | null = matchRoute("/products/42?ref=home");
  const id: RouteId | undefined = matched?.route.id;
  const params: RouteParams = matched?.params ?? { id: null };
  const decision: GuardDecision = decideNavigation("/account/my-orders?tab=returns", context);
  let outcome: string;
  switch (decision.decision) {
    case "allow":
      outcome = decision.route.pattern;
      break;
    case "redirect":
      outcome = `${decision.to} ${decision.remember_origin ?? ""} ${decision.toast?.id ?? ""}`;
      break;
    case "not_found":
      outcome = "404";
      break;
  }
  return [outcome, id ?? "", String(params.id), access.join(), layouts.join(), postLoginDestination(true)];
}
