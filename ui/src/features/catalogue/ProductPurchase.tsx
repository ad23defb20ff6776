import { useState } from "react";
import { useIntl } from "react-intl";
import { quantityLimits, quantitySet, shopDelivery } from "storefront-core/cart";
import type { CartProduct, Message } from "storefront-core";
import { useCoreText } from "../../i18n/coreText";
import { useAddToCart } from "../../shop/useAddToCart";
import { DifferentShopDialog } from "../../shop/DifferentShopDialog";
import { QuantityStepper } from "../../ui/QuantityStepper";
import type { ProductDetail } from "../../shop/catalogue";
import styles from "../../shop/Pages.module.css";
import { Button } from "../../ui/Button";

/**
 * The product as the core's stepper sees it. The API's stock state decides the stock
 * limit: a product that can be pre-ordered is not limited by stock, and a closed shop
 * sells nothing (stock 0 makes the core call the item unavailable).
 */
export function stepperProduct(product: ProductDetail): CartProduct {
  let stock: number | null = product.stock;
  if (product.branch.closed) stock = 0;
  else if (product.stock_status === "preorder") stock = null;
  return {
    name: product.name,
    image: product.image,
    min_qty: product.min_qty,
    max_qty: product.max_qty,
    stock,
    branch_id: product.branch.id,
  };
}

/**
 * The quantity and add-to-cart with spec 9's delivery promise ('Delivery within two
 * days'), or — when the shop does not deliver to the chosen district (the core's
 * `shopDelivery` reads the API's `delivers`) — spec 8's 'We Don't Deliver To Your
 * Location' and no way to add it.
 */
export default function Purchase({ product }: { product: ProductDetail }) {
  const text = useCoreText();
  const delivery = shopDelivery(product.delivers ?? null);
  if (delivery.notice) {
    return (
      <div className={styles.purchase}>
        <p className={styles.notDelivering} role="status" data-testid="not-delivering">
          {text({ kind: "message", ...delivery.notice })}
        </p>
      </div>
    );
  }
  return <AddToCartForm product={product} promise={delivery.promise} />;
}

function AddToCartForm({ product, promise }: { product: ProductDetail; promise: Message | null }) {
  const intl = useIntl();
  const text = useCoreText();
  const cart = useAddToCart();
  const limits = quantityLimits(stepperProduct(product));
  const opening = quantitySet(Math.max(1, limits.min), limits);
  const [qty, setQty] = useState(opening.kind === "accepted" ? opening.qty : Math.max(1, limits.min));
  const blocked = opening.kind === "refused" ? opening.message : null;

  return (
    <div className={styles.purchase}>
      {blocked ? (
        <p className={styles.unavailable} role="status" data-testid="unavailable">
          {text({ kind: "message", ...blocked })}
        </p>
      ) : (
        <QuantityStepper value={qty} limits={limits} onChange={setQty} />
      )}
      <Button
        variant="primary"
        disabled={blocked !== null}
        busy={cart.pending}
        onClick={() => void cart.add({ product_id: product.id, branch_id: product.branch.id, qty })}
      >
        {intl.formatMessage({ id: cart.pending ? "catalogue.adding" : "catalogue.addToCart" })}
      </Button>
      {promise && (
        <p className={styles.promise} data-testid="delivery-promise">
          {text({ kind: "message", ...promise })}
        </p>
      )}
      <DifferentShopDialog message={cart.prompt} onConfirm={() => void cart.confirm()} onCancel={() => void cart.dismiss()} />
    </div>
  );
}

