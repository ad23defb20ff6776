import { useId, useState, type MouseEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useLocation } from "wouter";
import { cartDelivery, unmetCouponMinimum, unmetShopMinimum } from "storefront-core/cart";
import { selectCart, useAppStore } from "../../platform/store";
import { useCoreText } from "../../i18n/coreText";
import { Spinner } from "../../layouts/Spinner";
import { usePriceFormatter } from "../../ui/Price";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useBranch } from "../../shop/catalogue";
import { EmptyState, LoadError } from "../../ui/States";
import { CartItemRow, LINE_FIELDS, type TemplateLine } from "./CartItemRow";
import { CartTotals, totalsOf } from "../../shop/CartTotals";
import { CouponForm } from "./CouponForm";
import { useCart } from "../../shop/useCart";
import { changeQuantity } from "../../shop/cartFlow";
import { fill, pluralSlot, SlotEach, SlotIf, useTemplateMode } from "../../ui/template";
import type { LoadedCart } from "../../shop/cartFlow";
import type { Cart, CartItem, Message } from "storefront-core";
import { wholeCore } from "../../core/lazy";
import { usePolicyLinks } from "../../chrome/Footer";
import { TermsAcceptance } from "../../shop/TermsAcceptance";
import styles from "./Cart.module.css";
import { Button, buttonClass } from "../../ui/Button";

/**
 * The cart the page template is written from: the server fills in the customer's (see
 * `web/cart_page.rs`); its one line stands for each of theirs. Numbers the core would
 * read are left out: in a template every value the page shows is the server's.
 */
function templateCart(): Cart {
  const amount = (field: string) => fill(`cart.${field}`);
  return {
    items: [],
    items_quantity: 0,
    price: amount("price"),
    total: amount("price"),
    cart_total: amount("cart_total"),
    tax: amount("tax"),
    coupon_id: null,
    coupon_code: fill("cart.coupon_code"),
    coupon_discount: amount("coupon_discount"),
    delivery_price: amount("delivery_price"),
    branch_id: null,
    pricing: { tax_rate_bp: 0, delivery_fee: "0", free_delivery: false, free_delivery_over: null },
    coupon_rule: null,
  } as unknown as Cart;
}

/** A line of the template's loop as the row reads it. */
function templateItem(line: TemplateLine): CartItem {
  return {
    id: 0,
    key: "",
    product_id: line.product_id as unknown as number,
    qty: line.qty as unknown as number,
    price: line.price,
    favorite: line.favorite as unknown as boolean,
    order: null,
    message: null,
    product: { name: line.name, image: line.image, min_qty: 1, max_qty: null, stock: null, branch_id: null },
  } as unknown as CartItem;
}

/**
 * /cart (spec 2, 3, 4): the lines with their steppers, remove and favourite, the coupon,
 * the totals and the way to checkout. Loading, failure and the empty cart ('You don't
 * have any product') each have their own state. Below the shop's minimum order (the
 * branch's `minimum`, from `GET /branches/{id}`) the way to checkout is disabled and says
 * why, instead of the server refusing the order at the end. So it is when the cart's shop
 * does not deliver to the district the shopper chose since (the cart's `delivers`, read by
 * the core's `cartDelivery`): the page says so at once, in both languages, and offers to
 * empty the cart (after a confirm dialog, line by line as the remove buttons do).
 */
export default function CartPage() {
  const intl = useIntl();
  const text = useCoreText();
  const template = useTemplateMode();
  const query = useCart(!template);
  const storeCart = useAppStore(selectCart);
  const storeShop = useAppStore((s) => s.cartShop);
  // Written as the server's cart template (`ssr/prerender.tsx`): the server's values.
  const cart = template ? templateCart() : storeCart;
  const shop: LoadedCart | null = template ? { branchName: fill("cart.shop"), delivers: null } : storeShop;
  const format = usePriceFormatter();
  const branchId = cart?.branch_id ?? null;
  const branch = useBranch(branchId);
  const titleId = useId();
  const summaryId = useId();
  const minimumId = useId();
  const deliveryId = useId();
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const policies = usePolicyLinks();
  const accepted = useAppStore((s) => s.termsAccepted);
  const [termsError, setTermsError] = useState<Message | null>(null);
  const [, navigate] = useLocation();
  // The core's rule decides (spec 5: acceptance required at the cart). Its module is the
  // whole core, which checkout loads next anyway; should it fail to load, checkout's
  // review step asks again before placing.
  const toCheckout = (event: MouseEvent) => {
    event.preventDefault();
    void wholeCore().then(
      (core) => {
        const refused = core.checkChoice({ choice: "privacy_terms_accepted", accepted });
        setTermsError(refused);
        if (!refused) navigate("/checkout");
      },
      () => navigate("/checkout"),
    );
  };

  const heading = (
    <h1 id={titleId} className={styles.title}>
      <FormattedMessage id="cart.title" />
    </h1>
  );

  if (!cart && query.isError) {
    return (
      <section className={styles.page} aria-labelledby={titleId}>
        {heading}
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </section>
    );
  }
  // The store may hold a cart from an add before the first load: show it meanwhile,
  // but never an "empty" cart that has not been loaded yet.
  if (!cart || (!template && cart.items.length === 0 && query.isPending)) {
    return (
      <section className={styles.page} aria-labelledby={titleId} aria-busy="true">
        {heading}
        <Spinner />
      </section>
    );
  }
  const empty = (
    <section className={styles.page} aria-labelledby={titleId}>
      {heading}
      <EmptyState
        hint={
          <Link href="/home" className={buttonClass("primary")}>
            {intl.formatMessage({ id: "cart.continueShopping" })}
          </Link>
        }
      >
        {text({ kind: "message", id: "cart_empty", params: {} })}
      </EmptyState>
    </section>
  );

  const branchName = shop?.branchName ?? null;
  // The minimum is known once the cart's shop has been read (nothing is blocked before).
  const shopMinimum = template ? null : unmetShopMinimum(cart, branch.data?.id === branchId ? (branch.data.minimum ?? null) : null);
  const delivery = template
    ? { notice: null, offer_empty: false, can_check_out: true }
    : cartDelivery(cart.items.length, shop?.delivers ?? null);
  const count = template
    ? pluralSlot(intl, "cart.itemCount", {}, { count: "cart.count", form: "cart.count_form" })
    : intl.formatMessage({ id: "cart.itemCount" }, { count: cart.items_quantity });
  const emptyCart = () => {
    setConfirmEmpty(false);
    for (const item of cart.items) changeQuantity(item, 0);
  };
  const blockedBy = [delivery.notice ? deliveryId : null, shopMinimum ? minimumId : null].filter(Boolean).join(" ");
  const full = (
    <section className={styles.page} aria-labelledby={titleId}>
      <div className={styles.head}>
        {heading}
        <p className={styles.muted} data-testid="cart-count">
          {count}
          <SlotIf test="cart.shop" when={Boolean(branchName)}>
            <> · {intl.formatMessage({ id: "cart.shop" }, { shop: branchName ?? "" })}</>
          </SlotIf>
        </p>
      </div>
      <SlotIf test="cart.delivery_notice" when={delivery.notice !== null}>
        <div id={deliveryId} className={styles.deliveryNotice} role="status" data-testid="cart-not-delivering">
          <p className={styles.deliveryTitle}>
            {template ? fill("cart.delivery_notice") : delivery.notice ? text({ kind: "message", ...delivery.notice }) : null}
          </p>
          <p>{intl.formatMessage({ id: "cart.delivery.notice" }, { shop: branchName ?? "" })}</p>
          <SlotIf test="cart.offer_empty" when={delivery.offer_empty}>
            <Button variant="danger" onClick={() => setConfirmEmpty(true)}>
              <FormattedMessage id="cart.delivery.empty" />
            </Button>
          </SlotIf>
        </div>
      </SlotIf>
      <ConfirmDialog
        tone="primary"
        open={confirmEmpty}
        title={<FormattedMessage id="cart.delivery.confirmTitle" />}
        body={intl.formatMessage({ id: "cart.delivery.confirm" }, { count: cart.items_quantity })}
        confirmLabel={<FormattedMessage id="cart.delivery.empty" />}
        cancelLabel={<FormattedMessage id="catalogue.confirm.cancel" />}
        onConfirm={emptyCart}
        onCancel={() => setConfirmEmpty(false)}
      />
      <div className={styles.layout}>
        <ul className={styles.list} aria-label={intl.formatMessage({ id: "cart.items" })}>
          {template ? (
            <SlotEach<TemplateLine>
              items={[]}
              list="cart.lines"
              as="line"
              fields={LINE_FIELDS}
              render={(line) => <CartItemRow key="line" item={templateItem(line)} pricing={cart.pricing} template={line} />}
            />
          ) : (
            cart.items.map((item) => <CartItemRow key={item.key} item={item} pricing={cart.pricing} />)
          )}
        </ul>
        <aside className={styles.summary} aria-labelledby={summaryId}>
          <h2 id={summaryId} className={styles.summaryTitle}>
            <FormattedMessage id="cart.summary" />
          </h2>
          <CouponForm
            appliedCode={cart.coupon_code}
            minimum={template ? fill("cart.coupon_minimum") : unmetCouponMinimum(cart)}
          />
          <CartTotals totals={totalsOf(cart)} couponCode={cart.coupon_code} hasItems titleId={summaryId} />
          {shopMinimum ? (
            <p id={minimumId} className={styles.minimumWarning} data-testid="cart-minimum">
              {intl.formatMessage({ id: "cart.minimum.warning" }, { amount: format(shopMinimum) })}
            </p>
          ) : null}
          <TermsAcceptance policies={policies} error={termsError} onAccepted={() => setTermsError(null)} />
          <SlotIf
            test="cart.can_check_out"
            when={!blockedBy}
            otherwise={
              <Button variant="primary" disabled aria-describedby={blockedBy || deliveryId}>
                <FormattedMessage id="cart.checkout" />
              </Button>
            }
          >
            <Link href="/checkout" className={buttonClass("primary")} onClick={toCheckout}>
              <FormattedMessage id="cart.checkout" />
            </Link>
          </SlotIf>
          <Link href="/home" className={styles.secondaryLink}>
            <FormattedMessage id="cart.continueShopping" />
          </Link>
        </aside>
      </div>
    </section>
  );
  // The same places in both modes (see `SlotIf`), so the ids inside match.
  return (
    <SlotIf test="cart.empty" when={cart.items.length === 0 && !template} otherwise={full}>
      {empty}
    </SlotIf>
  );
}
