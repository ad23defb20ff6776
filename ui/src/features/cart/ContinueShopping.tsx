import { FormattedMessage } from "react-intl";
import { Link } from "wouter";
import styles from "./Cart.module.css";

/** The way back to shopping, last in the cart's summary. */
export function ContinueShopping() {
  return (
    <Link href="/home" className={styles.secondaryLink}>
      <FormattedMessage id="cart.continueShopping" />
    </Link>
  );
}
