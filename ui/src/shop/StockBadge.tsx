import { FormattedMessage } from "react-intl";
import type { StockStatus } from "./catalogue";
import styles from "./Cards.module.css";

const TONE: Record<StockStatus, string> = {
  in_stock: styles.inStock ?? "",
  out_of_stock: styles.outOfStock ?? "",
  preorder: styles.preorder ?? "",
};

/** The product's stock status as the API reports it. */
export function StockBadge({ status }: { status: StockStatus }) {
  return (
    <span className={`${styles.badge} ${TONE[status]}`} data-testid="stock-badge">
      <FormattedMessage id={`catalogue.stock.${status}`} />
    </span>
  );
}
