import {
  cartRequest,
  catalogueListRequest,
  requestHeaders,
  type CatalogueList,
  type FetchDecision,
  type ListPayload,
} from "storefront-core";

const list: CatalogueList = "products";
const payload: ListPayload = { page: 1, service_id: 2 };

export function surfaceRequest(serviceId: number | null): string[] {
  // The headers for what storage holds.
  const pairs: Array<[string, string]> = requestHeaders("ar");
  const headers = new Headers(pairs);
  const decisions: FetchDecision[] = [catalogueListRequest(list, payload), cartRequest(serviceId)];
  const urls = decisions.map((decision) => {
    switch (decision.kind) {
      case "fetch":
        return `${decision.path}?${new URLSearchParams(decision.query).toString()}`;
      case "skip":
        return decision.warning.id;
      case "reject":
        return decision.message.id;
    }
  });
  return [headers.get("Language") ?? "", ...urls];
}
