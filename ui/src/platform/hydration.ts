import { startTransition, useEffect, useState, useSyncExternalStore, type RefObject } from "react";

const never = () => () => {};
const unchanging = () => 0;

let committed!: () => void;

/**
 * Settles once React has committed the app for the first time, whether it adopted the
 * server's page or drew its own. An answer that comes before then must not be seen by
 * the render that adopts the page, which has to match what the server drew without it
 * (a signed-in page is drawn without the customer's data: the server has no credential).
 */
export const appCommitted: Promise<void> = new Promise((resolve) => (committed = resolve));

/** Called by the app's first commit (see `appCommitted`). */
export function markAppCommitted(): void {
  committed();
}

/**
 * `fetch`, whose answer (or failure) is handed over only once `until` has settled: the
 * call goes out at once, but what it brings waits for React to have adopted the page
 * (`appCommitted`).
 */
export function heldUntil<A extends unknown[], T>(until: PromiseLike<void>, fetch: (...args: A) => Promise<T>) {
  return async (...args: A): Promise<T> => {
    const answer = await fetch(...args).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await until;
    if ("error" in answer) throw answer.error;
    return answer.value;
  };
}

/**
 * False while React hydrates the HTML the server sent (its first render must match that
 * HTML), true from the render after. A page rendered on the client only is "hydrated"
 * from its first render. Parts that depend on what only the browser knows (storage, the
 * modals, the viewport) wait for it.
 *
 * The render after is a transition, which React cuts into slices with the browser free in
 * between. (An external store's change, which this was, re-renders synchronously: the
 * whole page in one task of several hundred milliseconds on a phone, right after it had
 * been adopted in slices.)
 */
export function useHydrated(): boolean {
  // Only a component React draws from the server's HTML (or on the server) asks a store
  // for its "server snapshot": that call says which this one is. Both snapshots are the
  // same, so React finds nothing changed after the commit. React has no other way to
  // tell a component whether it is being adopted; the note is set once, at its mount.
  const [drawn] = useState(() => ({ fromServer: false }));
  useSyncExternalStore(never, unchanging, () => {
    // eslint-disable-next-line react-hooks/immutability -- see above
    drawn.fromServer = true;
    return 0;
  });
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (drawn.fromServer && !after) startTransition(() => setAfter(true));
  }, [drawn, after]);
  return !drawn.fromServer || after;
}

/**
 * Text typed into a server-rendered box before the app adopted the page. React keeps the
 * box's value when it hydrates but fires no change for it, so the component's state would
 * still say "" while the box shows the text: suggestions would not come and a submit would
 * send nothing. Once mounted, this hands such text to `adopt`.
 */
export function useTypedBeforeHydration(box: RefObject<HTMLInputElement | null>, adopt: (text: string) => void): void {
  // Only the first mount can follow a hydration; later edits go through onChange.
  useEffect(() => {
    const node = box.current;
    // React sets defaultValue to the rendered value: anything else was typed.
    if (node && node.value !== node.defaultValue) adopt(node.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
