import { setImmediate } from "node:timers";
import { act } from "@testing-library/react";

/**
 * Resolves once every promise callback queued so far has run, and every one those queued
 * in turn, and React has rendered what they set: Node runs its next macrotask (here
 * Node's own `setImmediate`, which jest's fake clock leaves alone) only once the
 * microtask queue is empty. This is no sleep: it is proof enough for a path made only of
 * promises, such as react-hook-form's validation through the zod resolver, whose verdict,
 * if any, has then shown. Nothing that waits on a timer, the network or a browser event is
 * covered: for those, wait for the event, or drive the (fake) clock.
 */
export async function promisesSettled(): Promise<void> {
  await act(async () => {
    await new Promise<void>((resolve) => setImmediate(resolve));
  });
}
