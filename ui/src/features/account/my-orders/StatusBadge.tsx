import { parseOrderStatus, type OrderStatus } from "storefront-core";
import styles from "../Account.module.css";

const DANGER: OrderStatus[] = ["cancelled", "rejected"];
const BRAND: OrderStatus[] = ["delivered", "returned"];

/** An order's status as the server names it in the page language, tinted by the core's status. */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  const parsed = parseOrderStatus(status);
  const tone = DANGER.includes(parsed) ? styles.badgeDanger : BRAND.includes(parsed) ? styles.badgeBrand : "";
  return (
    <span className={`${styles.badge} ${tone}`} data-status={parsed} data-testid="order-status">
      {label}
    </span>
  );
}
