import type { ApiCall, Effect, Step } from "storefront-core";
import type { CallAnswer } from "../api/calls";
import { resetStoreForEffects, watchedHost } from "../test/effectHost";
import { FlowDriver, type FlowHandle } from "./flow";
import { useAppStore } from "./store";

// The one flow driver, with a scripted flow in place of a core handle: what it sends, what
// it keeps, and which effects it performs, including answers and wakes coming back.

type Event = { type: "go"; effects?: Effect[] } | { type: "answered"; value: string } | { type: "tick" };
interface View {
  seen: string[];
  at: number;
}

/** A flow that remembers the events it got (and when) and returns the effects an event names. */
class ScriptedFlow implements FlowHandle<Event, View> {
  static made = 0;
  freed = false;
  private seen: string[] = [];
  private at = 0;
  constructor() {
    ScriptedFlow.made += 1;
  }
  send(event: Event, nowMs: number): Step<View> {
    this.seen = [...this.seen, event.type === "answered" ? `answered:${event.value}` : event.type];
    this.at = nowMs;
    return { effects: event.type === "go" ? (event.effects ?? []) : [], view: this.view() };
  }
  view(): View {
    return { seen: this.seen, at: this.at };
  }
  free(): void {
    this.freed = true;
  }
}

const logout: ApiCall = { call: "logout", token: "tok" };
const toast: Effect = { type: "toast", tone: "info", text: { kind: "server", text: "Hello" } };

function driver(options: { stale?: () => boolean; now?: () => number } = {}) {
  const host = watchedHost();
  let answer: ((a: CallAnswer) => void) | null = null;
  // A call answers when the test says so.
  host.request.mockImplementation(() => new Promise<CallAnswer>((resolve) => (answer = resolve)));
  const views: View[] = [];
  const flows: ScriptedFlow[] = [];
  const clock = { now: options.now ?? (() => 1_000) };
  const d = new FlowDriver<Event, View>(
    {
      make: () => {
        const flow = new ScriptedFlow();
        flows.push(flow);
        return flow;
      },
      eventOf: (a) => (a.kind === "logout" && a.ok ? { type: "answered", value: "ok" } : null),
      tick: { type: "tick" },
      onView: (view) => views.push(view),
      stale: options.stale,
    },
    host,
    clock,
  );
  const answerNow = async () => {
    answer?.({ kind: "logout", call: logout, ok: true, value: null } as CallAnswer);
    // The answer arrives through a promise.
    await Promise.resolve();
    await Promise.resolve();
  };
  return { d, host, views, flows, answerNow };
}

beforeEach(resetStoreForEffects);
afterEach(() => jest.useRealTimers());

test("an event goes in with the time; the view is kept, announced and handed on; effects run", () => {
  const { d, views } = driver({ now: () => 42 });
  const heard = jest.fn();
  d.subscribe(heard);
  const view = d.dispatch({ type: "go", effects: [toast] });
  expect(view).toEqual({ seen: ["go"], at: 42 });
  expect(d.snapshot()).toBe(view);
  expect(views).toEqual([view]);
  expect(heard).toHaveBeenCalledTimes(1);
  expect(useAppStore.getState().toasts.map((t) => t.text)).toEqual([{ kind: "server", text: "Hello" }]);
});

test("before any event the snapshot is the new flow's view, and stays the same object", () => {
  const { d } = driver();
  const first = d.snapshot();
  expect(first).toEqual({ seen: [], at: 0 });
  expect(d.snapshot()).toBe(first);
});

test("a call the flow asks for is made, and its answer comes back as the flow's next event", async () => {
  const { d, host, answerNow } = driver();
  d.dispatch({ type: "go", effects: [{ type: "request", call: logout }] });
  expect(host.request).toHaveBeenCalledWith(logout);
  await answerNow();
  expect(d.snapshot().seen).toEqual(["go", "answered:ok"]);
});

test("a wake is a timer that sends the tick, one timer per time asked for", () => {
  jest.useFakeTimers();
  const { d } = driver({ now: () => 1_000 });
  d.dispatch({ type: "go", effects: [{ type: "wake_at", at_ms: 4_000 }] });
  d.dispatch({ type: "go", effects: [{ type: "wake_at", at_ms: 4_000 }] });
  jest.advanceTimersByTime(2_999);
  expect(d.snapshot().seen).toEqual(["go", "go"]);
  jest.advanceTimersByTime(1);
  expect(d.snapshot().seen).toEqual(["go", "go", "tick"]);
  jest.advanceTimersByTime(10_000);
  expect(d.snapshot().seen).toEqual(["go", "go", "tick"]);
});

test("a reset frees the flow, stops its timers, and the old flow's answers reach no one", async () => {
  jest.useFakeTimers();
  const { d, flows, answerNow } = driver();
  const heard = jest.fn();
  d.subscribe(heard);
  d.dispatch({ type: "go", effects: [{ type: "wake_at", at_ms: 2_000 }, { type: "request", call: logout }] });
  d.reset();
  expect(flows[0]?.freed).toBe(true);
  expect(heard).toHaveBeenCalledTimes(2);
  await answerNow();
  jest.advanceTimersByTime(5_000);
  // A new flow, which heard neither the answer nor the tick.
  expect(d.snapshot()).toEqual({ seen: [], at: 0 });
  expect(flows).toHaveLength(2);
  expect(flows[1]?.view().seen).toEqual([]);
});

test("a stale flow is made again before the next event", () => {
  let stale = false;
  const { d, flows } = driver({ stale: () => stale });
  d.dispatch({ type: "go" });
  stale = true;
  const view = d.dispatch({ type: "go" });
  stale = false;
  expect(view.seen).toEqual(["go"]);
  expect(flows[0]?.freed).toBe(true);
  expect(flows).toHaveLength(2);
});
