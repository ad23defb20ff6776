import { useCallback, useLayoutEffect, useRef, useState } from "react";

/**
 * Runs a callback right after React commits the render the caller's state changes
 * cause, such as moving focus to an error that render shows. A requestAnimationFrame
 * would wait for the next frame, which a busy or hidden page can delay until the
 * shopper (or a test) has moved on to another field, and then steal the focus back.
 */
export function useAfterCommit(): (run: () => void) => void {
  const pending = useRef<(() => void) | null>(null);
  const [tick, setTick] = useState(0);
  useLayoutEffect(() => {
    const run = pending.current;
    pending.current = null;
    run?.();
  }, [tick]);
  return useCallback((run: () => void) => {
    pending.current = run;
    setTick((t) => t + 1);
  }, []);
}
