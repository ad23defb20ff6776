import { useIntl } from "react-intl";
import { Link } from "wouter";
import { cartBadge } from "../core/start";
import { selectCart, useAppStore } from "../platform/store";
import { CartIcon } from "./icons";
import { fill, isSlot, pluralSlot, SlotIf, useTemplateMode } from "../ui/template";
import styles from "./CartBadge.module.css";

/**
 * The count the cart badge shows: the core's rule (only once the cart has loaded, and
 * only above 0). `store.cart` is null until the cart has loaded.
 */
export function useCartBadge(): number | null {
  const quantity = useAppStore((s) => selectCart(s)?.items_quantity ?? null);
  return cartBadge(quantity) ?? null;
}

/** A page template's test for a cart with items (only the cart's page has one). */
const HAS_ITEMS = "cart and not cart.empty";

/**
 * The top bar's cart link, /cart, with the item-count badge. In a page template the
 * badge is the server's cart's (the cart page's; other pages have none before the app
 * has loaded the cart).
 */
export function CartLink({ className }: { className?: string }) {
  const intl = useIntl();
  const template = useTemplateMode();
  const badge = useCartBadge();
  const plain = intl.formatMessage({ id: "chrome.cart" });
  const label = template
    ? `{% if ${HAS_ITEMS} %}${pluralSlot(intl, "chrome.cart.items", {}, { count: "cart.count", form: "cart.count_form" })}{% else %}${plain}{% endif %}`
    : badge === null
      ? plain
      : intl.formatMessage({ id: "chrome.cart.items" }, { count: badge });
  return (
    <Link href="/cart" className={`${styles.link} ${className ?? ""}`} aria-label={label}>
      <CartIcon />
      <SlotIf test={HAS_ITEMS} when={badge !== null}>
        <CountBadge count={template ? (fill("cart.count") as unknown as number) : (badge ?? 0)} />
      </SlotIf>
    </Link>
  );
}

export function CountBadge({ count }: { count: number }) {
  const intl = useIntl();
  return (
    <span className={styles.badge} aria-hidden="true" data-testid="cart-badge">
      {isSlot(count) ? count : intl.formatNumber(count)}
    </span>
  );
}
