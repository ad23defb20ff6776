import { useIntl } from "react-intl";
import { Link } from "wouter";
import { cartTotals, quantityLimits } from "storefront-core/cart";
import type { CartItem, CartPricing, CartProduct } from "storefront-core";
import { FavoriteButton } from "../../shop/FavoriteButton";
import { usePriceFormatter } from "../../ui/Price";
import { QuantityStepper } from "../../ui/QuantityStepper";
import { changeQuantity } from "../../shop/cartFlow";
import { SlotIf } from "../../ui/template";
import styles from "./Cart.module.css";

/** A cart line's fields as the server's cart template gives them (static-host `web/cart_page.rs`). */
export const LINE_FIELDS = ["product_id", "name", "image", "qty", "price", "total", "total_value", "favorite"] as const;
export type TemplateLine = Record<(typeof LINE_FIELDS)[number], string>;

interface CartItemRowProps {
  item: CartItem;
  pricing: CartPricing;
  currency?: string | null;
  /** In the page template: the loop's line, whose values the server writes. */
  template?: TemplateLine;
}

/** What the core needs of a product the server described without limits. */
function productOf(item: CartItem): CartProduct {
  return item.product ?? { name: "", image: null, min_qty: 1, max_qty: null, stock: null, branch_id: null };
}

/**
 * One cart line: photo, name (to the product page), unit price, the quantity stepper with
 * the core's limits and messages, the line total (the core's arithmetic), the favourite
 * toggle and remove.
 */
export function CartItemRow({ item, pricing, currency, template }: CartItemRowProps) {
  const intl = useIntl();
  const format = usePriceFormatter();
  // Not `useId`: a template's one line stands for every line (see `SlotEach`).
  const idBase = `cart-line-${item.product_id}`;
  const nameId = `${idBase}-name`;
  const product = productOf(item);
  const name = template ? template.name : product.name || `#${item.product_id}`;
  const lineTotal = template ? template.total : cartTotals([{ price: item.price, qty: item.qty }], pricing, null).price;
  return (
    <li className={styles.row} aria-labelledby={nameId} data-testid="cart-item" data-product-id={item.product_id}>
      <div className={styles.thumb}>
        <SlotIf test="line.image" when={Boolean(product.image)}>
          <img src={product.image ?? ""} alt="" width={88} height={88} loading="lazy" decoding="async" />
        </SlotIf>
      </div>
      <div className={styles.rowMain}>
        <h2 id={nameId} className={styles.itemName}>
          <Link href={`/products/${item.product_id}`}>{name}</Link>
        </h2>
        <p className={styles.unitPrice}>{intl.formatMessage({ id: "cart.unitPrice" }, { price: format(item.price, currency) })}</p>
        <QuantityStepper
          value={item.qty}
          idBase={idBase}
          limits={quantityLimits(product)}
          onChange={(qty) => changeQuantity(item, qty)}
        />
      </div>
      <div className={styles.rowSide}>
        <p className={styles.lineTotal}>
          <span className="visually-hidden">{intl.formatMessage({ id: "cart.lineTotal" })} </span>
          <data value={template ? template.total_value : lineTotal} data-testid="line-total">
            {format(lineTotal, currency)}
          </data>
        </p>
        <div className={styles.rowActions}>
          <FavoriteButton
            type="product"
            id={item.product_id}
            name={name}
            active={item.favorite}
            activeTest={template ? "line.favorite" : undefined}
          />
          <button
            type="button"
            className={styles.remove}
            aria-label={intl.formatMessage({ id: "cart.remove" }, { name })}
            onClick={() => changeQuantity(item, 0)}
          >
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
        </div>
      </div>
    </li>
  );
}
