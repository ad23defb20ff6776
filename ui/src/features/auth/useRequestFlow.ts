import { useEffect, useState, useSyncExternalStore } from "react";
import { requestFlowUpdate, requestStatusIdle, type RequestEvent, type RequestStatus } from "storefront-core";
import { runEffects } from "../../platform/effects";
import { errorText } from "../../api/client";
import { clock } from "./flow";
import { appHost } from "../../platform/host";

/** What a successful call answered: the server's message is the success toast. */
export interface Answer {
  message?: string | null;
}

/**
 * One simple request flow (e-mail sign-in, forgot and reset password): idle, loading,
 * then success or failed, back to idle after 3 s — the core's `requestFlowUpdate`, whose
 * effects (toasts, timers) run here.
 */
export class RequestFlow {
  private status: RequestStatus = requestStatusIdle();
  private readonly listeners = new Set<() => void>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): RequestStatus => this.status;

  dispatch(event: RequestEvent): void {
    const update = requestFlowUpdate(this.status, event, clock.now());
    this.status = update.status;
    for (const listener of this.listeners) listener();
    runEffects(update.effects, { ...appHost, wakeAt: (atMs) => this.wake(atMs) });
  }

  /**
   * Sends `call` only when the core moved the flow to loading (no double submits) and
   * feeds the outcome back; resolves to the answer, or null when refused or failed.
   */
  readonly run = async <T extends Answer>(call: () => Promise<T>): Promise<T | null> => {
    const wasLoading = this.status.isLoading;
    this.dispatch({ type: "started" });
    if (wasLoading || !this.status.isLoading) return null;
    try {
      const answer = await call();
      this.dispatch({ type: "succeeded", message: answer.message ?? null });
      return answer;
    } catch (error) {
      this.dispatch({ type: "failed", error: errorText(error) });
      return null;
    }
  };

  private wake(atMs: number): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.dispatch({ type: "tick" });
      },
      Math.max(0, atMs - clock.now()),
    );
    this.timers.add(timer);
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

/** A request flow owned by a screen: its status, and `run` to send its call. */
export function useRequestFlow() {
  const [flow] = useState(() => new RequestFlow());
  const status = useSyncExternalStore(flow.subscribe, flow.snapshot);
  useEffect(() => () => flow.dispose(), [flow]);
  return { status, run: flow.run };
}
