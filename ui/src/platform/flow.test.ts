import type { ApiCall, Effect, Step } from "storefront-core";
import { resetStoreForEffects, watchedHost } from "../test/effectHost";
import { runEffects } from "./effects";
import { FlowDriver, type FlowHandle } from "./flow";
import { useAppStore } from "./store";

// The one flow driver, with a scripted flow in place of a core handle: what it sends, what
// it keeps, which calls it makes with the flow's performer (and what their answers
// become), its wakes, and which effects it hands the app's effect runner.

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

const search: ApiCall = { call: "map_search", search: "Zamalek" };
const toast: Effect = { type: "toast", tone: "info", text: { kind: "server", text: "Hello" } };

function driver(options: { stale?: () => boolean; now?: () => number } = {}) {
  const host = watchedHost();
  // The app's effect runner over a watched host, itself watched.
  const run = jest.fn((effects: Effect[]) => runEffects(effects, host));
  // A call answers when the test says so, with the event the performer made of it.
  const answers: ((event: Event | null) => void)[] = [];
  const perform = jest.fn<Promise<Event | null>, [ApiCall]>(() => new Promise<Event | null>((resolve) => answers.push(resolve)));
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
      perform,
      tick: { type: "tick" },
      onView: (view) => views.push(view),
      stale: options.stale,
    },
    run,
    clock,
  );
  /** The oldest call still waiting answers with `event`, which arrives through promises. */
  const answer = async (event: Event | null) => {
    answers.shift()?.(event);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { d, host, run, perform, views, flows, answer };
}

beforeEach(resetStoreForEffects);
afterEach(() => jest.useRealTimers());

test("an event goes in with the time; the view is kept, announced and handed on; effects run", () => {
  const { d, views, run } = driver({ now: () => 42 });
  const heard = jest.fn();
  d.subscribe(heard);
  const view = d.dispatch({ type: "go", effects: [toast] });
  expect(view).toEqual({ seen: ["go"], at: 42 });
  expect(d.snapshot()).toBe(view);
  expect(views).toEqual([view]);
  expect(heard).toHaveBeenCalledTimes(1);
  expect(run).toHaveBeenCalledWith([toast]);
  expect(useAppStore.getState().toasts.map((t) => t.text)).toEqual([{ kind: "server", text: "Hello" }]);
});

test("before any event the snapshot is the new flow's view, and stays the same object", () => {
  const { d } = driver();
  const first = d.snapshot();
  expect(first).toEqual({ seen: [], at: 0 });
  expect(d.snapshot()).toBe(first);
});

test("a call the flow asks for is made by its performer, and the event its answer becomes is dispatched", async () => {
  const { d, host, perform, answer } = driver();
  d.dispatch({ type: "go", effects: [{ type: "request", call: search }] });
  expect(perform).toHaveBeenCalledWith(search);
  // Not the app's host: the flow's own performer makes its calls.
  expect(host.request).not.toHaveBeenCalled();
  await answer({ type: "answered", value: "ok" });
  expect(d.snapshot().seen).toEqual(["go", "answered:ok"]);
});

test("a step whose only effect is a call, or that has none, does not enter the effect runner", async () => {
  const { d, run, answer } = driver();
  d.dispatch({ type: "go", effects: [{ type: "request", call: search }] });
  d.dispatch({ type: "go" });
  await answer({ type: "answered", value: "ok" });
  expect(d.snapshot().seen).toEqual(["go", "go", "answered:ok"]);
  expect(run).not.toHaveBeenCalled();
});

test("the runner gets only the effects that are neither calls nor wakes, before the calls leave", () => {
  jest.useFakeTimers();
  const { d, run, perform } = driver();
  const store: Effect = { type: "store", key: "token", value: "tok" };
  // A call reads the session as it leaves: what the same step stores is there already.
  perform.mockImplementation(() => {
    expect(localStorage.getItem("token")).toBe("tok");
    return new Promise(() => undefined);
  });
  d.dispatch({ type: "go", effects: [{ type: "request", call: search }, { type: "wake_at", at_ms: 3_000 }, store, toast] });
  expect(run.mock.calls).toEqual([[[store, toast]]]);
  expect(perform).toHaveBeenCalledTimes(1);
  jest.advanceTimersByTime(2_000);
  expect(d.snapshot().seen).toEqual(["go", "tick"]);
});

test("an answer the performer makes no event of reaches no one", async () => {
  const { d, views, answer } = driver();
  d.dispatch({ type: "go", effects: [{ type: "request", call: search }] });
  await answer(null);
  expect(d.snapshot().seen).toEqual(["go"]);
  expect(views).toHaveLength(1);
});

test("a flow that asks for a call without a performer is a mistake, said at once", () => {
  const d = new FlowDriver<Event, View>({ make: () => new ScriptedFlow() }, jest.fn());
  expect(() => d.dispatch({ type: "go", effects: [{ type: "request", call: search }] })).toThrow(
    'The flow asked for "map_search" but has no call performer',
  );
});

test("a wake is a timer that sends the tick, one timer per time asked for", () => {
  jest.useFakeTimers();
  const { d, run } = driver({ now: () => 1_000 });
  d.dispatch({ type: "go", effects: [{ type: "wake_at", at_ms: 4_000 }] });
  d.dispatch({ type: "go", effects: [{ type: "wake_at", at_ms: 4_000 }] });
  jest.advanceTimersByTime(2_999);
  expect(d.snapshot().seen).toEqual(["go", "go"]);
  jest.advanceTimersByTime(1);
  expect(d.snapshot().seen).toEqual(["go", "go", "tick"]);
  jest.advanceTimersByTime(10_000);
  expect(d.snapshot().seen).toEqual(["go", "go", "tick"]);
  expect(run).not.toHaveBeenCalled();
});

test("a reset frees the flow, stops its timers, and the old flow's answers reach no one", async () => {
  jest.useFakeTimers();
  const { d, flows, answer } = driver();
  const heard = jest.fn();
  d.subscribe(heard);
  d.dispatch({ type: "go", effects: [{ type: "wake_at", at_ms: 2_000 }, { type: "request", call: search }] });
  d.reset();
  expect(flows[0]?.freed).toBe(true);
  expect(heard).toHaveBeenCalledTimes(2);
  await answer({ type: "answered", value: "late" });
  jest.advanceTimersByTime(5_000);
  // A new flow, which heard neither the answer nor the tick.
  expect(d.snapshot()).toEqual({ seen: [], at: 0 });
  expect(flows).toHaveLength(2);
  expect(flows[1]?.view().seen).toEqual([]);
});

test("after a reset, the new flow's own calls are answered to it", async () => {
  const { d, answer } = driver();
  d.dispatch({ type: "go", effects: [{ type: "request", call: search }] });
  d.reset();
  d.dispatch({ type: "go", effects: [{ type: "request", call: search }] });
  await answer({ type: "answered", value: "old" });
  await answer({ type: "answered", value: "new" });
  expect(d.snapshot().seen).toEqual(["go", "answered:new"]);
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
