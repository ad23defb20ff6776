import { useEffect, useState, useSyncExternalStore } from "react";
import { RequestFlow, type RequestEvent, type RequestStatus } from "storefront-core";
import { errorText } from "../../api/client";
import { FlowDriver } from "../../platform/flow";
import { clock } from "./flow";

/** What a successful call answered: the server's message is the success toast. */
export interface Answer {
  message?: string | null;
}

/**
 * One simple request flow (e-mail sign-in, forgot and reset password): idle, loading,
 * then success or failed, back to idle after 3 s — the core's `RequestFlow` in the app's
 * driver, which runs its effects (toasts, its wake).
 */
export class RequestFlowRunner {
  private readonly driver = new FlowDriver<RequestEvent, RequestStatus>(
    { make: () => new RequestFlow(), tick: { type: "tick" } },
    undefined,
    clock,
  );

  readonly subscribe = this.driver.subscribe;
  readonly snapshot = this.driver.snapshot;

  /**
   * Sends `call` only when the core moved the flow to loading (no double submits) and
   * feeds the outcome back; resolves to the answer, or null when refused or failed.
   */
  readonly run = async <T extends Answer>(call: () => Promise<T>): Promise<T | null> => {
    const wasLoading = this.driver.snapshot().isLoading;
    const started = this.driver.dispatch({ type: "started" });
    if (wasLoading || !started.isLoading) return null;
    try {
      const answer = await call();
      this.driver.dispatch({ type: "succeeded", message: answer.message ?? null });
      return answer;
    } catch (error) {
      this.driver.dispatch({ type: "failed", error: errorText(error) });
      return null;
    }
  };

  dispose(): void {
    this.driver.reset();
  }
}

/** A request flow owned by a screen: its status, and `run` to send its call. */
export function useRequestFlow() {
  const [flow] = useState(() => new RequestFlowRunner());
  const status = useSyncExternalStore(flow.subscribe, flow.snapshot);
  useEffect(() => () => flow.dispose(), [flow]);
  return { status, run: flow.run };
}
