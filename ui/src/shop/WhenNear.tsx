import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * How far below the viewport a section starts loading: about a screen ahead of the
 * reader, so it is there by the time they scroll to it.
 */
export const NEAR_MARGIN = "800px";

/**
 * `children` once the place they go is within {@link NEAR_MARGIN} of the viewport,
 * `fallback` (holding the place) until then. For the long lists below the fold of a page
 * that opens with other content (home: every shop, every product): their requests,
 * images and rendering stay out of the first load. Where the browser cannot tell
 * (no IntersectionObserver), they render at once.
 */
export function WhenNear({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const node = ref.current;
    if (near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `0px 0px ${NEAR_MARGIN} 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near]);
  return near ? <>{children}</> : <div ref={ref}>{fallback}</div>;
}
