import type { ApiCall, Effect, Step } from "storefront-core";
import { runEffects } from "./effects";

/**
 * A core flow behind its handle (`CartFlow`, `PhoneLoginFlow`, `RequestFlow`,
 * `LocationPickerFlow`, `CheckoutFlow`): an event goes in with the time, one step comes out. Flows that
 * read no clock ignore the time.
 */
export interface FlowHandle<E, V> {
  send(event: E, nowMs: number): Step<V>;
  view(): V;
  free(): void;
}

/** How the driver runs one kind of flow. */
export interface FlowSpec<E, V> {
  /** Makes the core's flow: at the first event, and again after `reset`. */
  make(): FlowHandle<E, V>;
  /**
   * The flow's own call performer: makes a call the flow asked for (`request`) and turns
   * its answer, or its failure, into the flow's next event (null: nothing to tell it).
   * It never rejects. A flow that asks for no call has none.
   */
  perform?(call: ApiCall): Promise<E | null>;
  /** The event a time the flow asked to be woken at (`WakeAt`) brings. */
  tick?: E;
  /** Where each view goes besides the driver's snapshot (the app store, for the cart). */
  onView?(view: V): void;
  /** Whether the flow must be made again before this event (its view was dropped elsewhere). */
  stale?(): boolean;
}

/** Performs the effects a flow's step gives besides its calls and wakes (toasts, storage, navigation…). */
export type EffectRunner = (effects: Effect[]) => void;

/** The clock the flows read; tests replace `now`. */
export const flowClock = { now: (): number => Date.now() };

/**
 * The app's one flow driver (the design notes' Crux shell): it sends each event to the
 * core's flow, keeps the view it gives for the screens, makes the calls the flow asks
 * for with the flow's own performer and sends it the event each answer becomes, and
 * turns its wakes into timers that send its tick. The other effects go to the app's
 * effect runner, only when a step has some. No screen writes effects or keeps a flow's
 * state: they dispatch events and render views.
 */
export class FlowDriver<E, V> {
  private handle: FlowHandle<E, V> | null = null;
  private current: V | null = null;
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<() => void>();
  /** Counts resets: an answer to a call the flow before asked for does not reach this one. */
  private generation = 0;

  constructor(
    private readonly spec: FlowSpec<E, V>,
    private readonly run: EffectRunner = (effects) => runEffects(effects),
    private readonly clock: { now(): number } = flowClock,
  ) {}

  /** Sends `event` to the flow, keeps and announces its view, then performs its effects. */
  dispatch = (event: E): V => {
    const step = this.flow().send(event, this.clock.now());
    this.show(step.view);
    const calls: ApiCall[] = [];
    const others: Effect[] = [];
    for (const effect of step.effects) {
      if (effect.type === "request") calls.push(effect.call);
      else if (effect.type === "wake_at") this.wake(effect.at_ms);
      else others.push(effect);
    }
    // The other effects first: a call reads the session (a token just stored) as it leaves.
    if (others.length > 0) this.run(others);
    for (const call of calls) this.perform(call);
    return step.view;
  };

  /** The view now (the flow's first one before any event); for `useSyncExternalStore`. */
  snapshot = (): V => {
    if (this.current === null) this.current = this.flow().view();
    return this.current;
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Forgets the flow (a logout, a screen closing): its timers stop, the next event makes a new one. */
  reset(): void {
    this.generation += 1;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.handle?.free();
    this.handle = null;
    this.current = null;
    for (const listener of this.listeners) listener();
  }

  /** Makes `call` with the flow's performer; the event its answer becomes goes to this flow only. */
  private perform(call: ApiCall): void {
    const { perform } = this.spec;
    if (!perform) throw new Error(`The flow asked for "${call.call}" but has no call performer`);
    const generation = this.generation;
    void perform(call).then((event) => {
      if (event !== null && generation === this.generation) this.dispatch(event);
    });
  }

  private flow(): FlowHandle<E, V> {
    if (this.handle === null || this.spec.stale?.()) {
      this.handle?.free();
      this.handle = this.spec.make();
      // A new flow's view replaces the one of the flow before (the cart after a logout).
      this.current = null;
    }
    return this.handle;
  }

  private show(view: V): void {
    this.current = view;
    this.spec.onView?.(view);
    for (const listener of this.listeners) listener();
  }

  /** One timer per time asked for: a flow may ask again for a time already set. */
  private wake(atMs: number): void {
    if (this.timers.has(atMs) || this.spec.tick === undefined) return;
    const tick = this.spec.tick;
    const timer = setTimeout(
      () => {
        this.timers.delete(atMs);
        this.dispatch(tick);
      },
      Math.max(0, atMs - this.clock.now()),
    );
    this.timers.set(atMs, timer);
  }
}
