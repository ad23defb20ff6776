import { useEffect, useState } from "react";
import { flowClock as clock } from "./flow";

/** The time, refreshed every `everyMs` while `active` (countdowns). */
export function useClock(active: boolean, everyMs = 250): number {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(clock.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}
