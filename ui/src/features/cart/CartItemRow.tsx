import { useId, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { Link } from "wouter";
import { FavoriteButton } from "../catalogue/FavoriteButton";
import stepper from "../catalogue/Stepper.module.css";
import styles from "./Cart.module.css";

/** What a cart line shows without the core: from `GET /get_card`'s answer, or the core's cart. */
export interface RowLine {
  key: string;
  product_id: number;
  qty: number;
  favorite: boolean;
  name: string;
  image: string | null;
}

/** The parts of a line that need the cart's part of the core (its money and limits), rendered by it. */
export interface RowRules {
  unitPrice: ReactNode;
  stepper: ReactNode;
  lineTotal: ReactNode;
  remove: ReactNode;
}

interface CartItemRowProps {
  line: RowLine;
  /** Null while the cart module loads: those parts are placeholders of their size. */
  rules: RowRules | null;
}

/** The name a line shows: the product's, else its id. */
export function lineName(productId: number, name: string | null | undefined): string {
  return name || `#${productId}`;
}

/**
 * One cart line: photo, name (to the product page), unit price, the quantity stepper with
 * the core's limits and messages, the line total (the core's arithmetic), the favourite
 * toggle and remove. Photo, name and quantity show at once; until the core is in, the
 * money is a bar of its line's height and the controls show but are inert, so nothing
 * moves when they arrive.
 */
export function CartItemRow({ line, rules }: CartItemRowProps) {
  const intl = useIntl();
  const nameId = useId();
  return (
    <li className={styles.row} aria-labelledby={nameId} data-testid="cart-item" data-product-id={line.product_id}>
      <div className={styles.thumb}>
        {line.image ? <img src={line.image} alt="" width={88} height={88} loading="lazy" decoding="async" /> : null}
      </div>
      <div className={styles.rowMain}>
        <h2 id={nameId} className={styles.itemName}>
          <Link href={`/products/${line.product_id}`}>{line.name}</Link>
        </h2>
        {rules ? (
          rules.unitPrice
        ) : (
          <p className={styles.unitPrice} aria-hidden="true" data-testid="pending-unit-price">
            <span className={styles.pending}>{"\u00a0"}</span>
          </p>
        )}
        {rules ? rules.stepper : <QuantityPreview qty={line.qty} />}
      </div>
      <div className={styles.rowSide}>
        {rules ? (
          rules.lineTotal
        ) : (
          <p className={styles.lineTotal} aria-hidden="true" data-testid="pending-line-total">
            <span className={styles.pending}>{"\u00a0"}</span>
          </p>
        )}
        <div className={styles.rowActions} inert={rules === null}>
          <FavoriteButton type="product" id={line.product_id} name={line.name} active={line.favorite} />
          {rules ? rules.remove : <RemoveButton name={line.name} />}
        </div>
      </div>
      {rules ? null : <span className="visually-hidden">{intl.formatMessage({ id: "cart.quantityIs" }, { qty: line.qty })}</span>}
    </li>
  );
}

/**
 * The quantity as the answer gives it, in the stepper's own frame (the same elements and
 * classes as `QuantityStepper`, so it takes the same room); inert until the core's limits
 * are in. Screen readers get the quantity from the row's hidden text instead.
 */
function QuantityPreview({ qty }: { qty: number }) {
  const intl = useIntl();
  return (
    <div className={stepper.wrap} inert aria-hidden="true" data-testid="pending-stepper">
      <span className={stepper.label}>{intl.formatMessage({ id: "catalogue.quantity" })}</span>
      <div className={stepper.stepper}>
        <button type="button" className={stepper.step} tabIndex={-1}>
          −
        </button>
        <input className={stepper.input} readOnly tabIndex={-1} value={intl.formatNumber(qty, { useGrouping: false })} />
        <button type="button" className={stepper.step} tabIndex={-1}>
          +
        </button>
      </div>
      <p className={stepper.message} />
    </div>
  );
}

/** The remove button of a line (without `onClick` it does nothing: the placeholder's). */
export function RemoveButton({ name, onClick }: { name: string; onClick?: () => void }) {
  const intl = useIntl();
  return (
    <button type="button" className={styles.remove} aria-label={intl.formatMessage({ id: "cart.remove" }, { name })} onClick={onClick}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{intl.formatMessage({ id: "cart.removeShort" })}</span>
    </button>
  );
}
