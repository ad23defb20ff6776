import { cartRequest } from "../core/start";
import { ApiError, api, unwrap } from "../api/client";

/** `GET /get_card`'s answer, before the core reads it. */
export type CartAnswer = Awaited<ReturnType<typeof requestCart>>;

/**
 * Asks the server for the cart of a service. The core decides whether the call may be
 * made (`cartRequest`: no service is 'Service ID is required.', and no call). Only the
 * start module's rules: a page can ask while the cart module is still on its way.
 */
export async function requestCart(serviceId: number | null) {
  const decision = cartRequest(serviceId);
  if (decision.kind !== "fetch") {
    const message = decision.kind === "reject" ? decision.message : decision.warning;
    throw new ApiError(null, { kind: "message", ...message });
  }
  const query = Object.fromEntries(decision.query);
  return unwrap(api.GET("/get_card", { params: { query: { service_id: Number(query.service_id) } } }));
}
