import { useState } from "react";
import styles from "./LazyImage.module.css";

interface LazyImageProps {
  /** The picture's address; empty or absent when the catalogue has none. */
  src: string | null | undefined;
  alt: string;
  /** Width / height; the frame keeps it before the picture arrives (no layout shift). */
  ratio?: Ratio;
  className?: string;
  /** Above-the-fold pictures load at once. */
  eager?: boolean;
  /** The intrinsic size hint, in CSS pixels. */
  width?: number;
  fit?: "cover" | "contain";
}

/** The frames' shapes, each a class: the pages the server sends carry no inline style,
 * which their policy (`style-src 'self'`) would drop. */
export type Ratio = 1 | 3 | 4;
const RATIO_CLASS: Record<Ratio, string | undefined> = { 1: styles.square, 3: styles.wide3, 4: styles.wide4 };

/**
 * A picture in a frame of fixed aspect ratio, loaded lazily. Without a picture, or when
 * it fails to load, the empty frame stays: no broken-image icon, and no `src=""`, which
 * would make the browser fetch the page itself again.
 */
export function LazyImage({ src, alt, ratio = 1, className, eager = false, width = 320, fit = "contain" }: LazyImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && src !== failed ? src : null;
  return (
    <span
      className={`${styles.frame} ${RATIO_CLASS[ratio] ?? ""} ${className ?? ""}`}
      data-empty={shown ? undefined : ""}
      // The frame speaks for a meaningful picture that is missing, so its name is not lost.
      role={!shown && alt ? "img" : undefined}
      aria-label={!shown && alt ? alt : undefined}
    >
      {shown ? (
        <img
          src={shown}
          alt={alt}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          width={width}
          height={Math.round(width / ratio)}
          className={fit === "cover" ? styles.cover : styles.contain}
          onError={() => setFailed(shown)}
        />
      ) : null}
    </span>
  );
}
