import styles from "./Cards.module.css";

interface LazyImageProps {
  src: string;
  alt: string;
  /** Width / height; the frame keeps it before the picture arrives (no layout shift). */
  ratio?: number;
  className?: string;
  /** Above-the-fold pictures load at once. */
  eager?: boolean;
  /** The intrinsic size hint, in CSS pixels. */
  width?: number;
  fit?: "cover" | "contain";
}

/** A picture in a frame of fixed aspect ratio, loaded lazily. */
export function LazyImage({ src, alt, ratio = 1, className, eager = false, width = 320, fit = "contain" }: LazyImageProps) {
  return (
    <span className={`${styles.frame} ${className ?? ""}`} style={{ aspectRatio: String(ratio) }}>
      <img
        src={src}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        width={width}
        height={Math.round(width / ratio)}
        className={fit === "cover" ? styles.cover : styles.contain}
      />
    </span>
  );
}
