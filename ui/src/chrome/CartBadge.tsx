import { useIntl } from "react-intl";
import { Link } from "wouter";
import { cartBadge } from "storefront-core/start";
import { selectCart, useAppStore } from "../app/store";
import { CartIcon } from "./icons";
import styles from "./CartBadge.module.css";

/**
 * The count the cart badge shows: the core's rule (only once the cart has loaded, and
 * only above 0). `store.cart` is null until the cart has loaded.
 */
export function useCartBadge(): number | null {
  const quantity = useAppStore((s) => selectCart(s)?.items_quantity ?? null);
  return cartBadge(quantity) ?? null;
}

/** The top bar's cart link, /cart, with the item-count badge. */
export function CartLink({ className }: { className?: string }) {
  const intl = useIntl();
  const badge = useCartBadge();
  const label =
    badge === null
      ? intl.formatMessage({ id: "chrome.cart" })
      : intl.formatMessage({ id: "chrome.cart.items" }, { count: badge });
  return (
    <Link href="/cart" className={`${styles.link} ${className ?? ""}`} aria-label={label}>
      <CartIcon />
      {badge !== null && <CountBadge count={badge} />}
    </Link>
  );
}

export function CountBadge({ count }: { count: number }) {
  const intl = useIntl();
  return (
    <span className={styles.badge} aria-hidden="true" data-testid="cart-badge">
      {intl.formatNumber(count)}
    </span>
  );
}
