import { cartDelivery, shopDelivery, type CartDelivery, type Message, type ShopDelivery } from "storefront-core";

export function surfaceDelivery(delivers: boolean | null, items: number): string[] {
  const page: ShopDelivery = shopDelivery(delivers);
  const unknown: ShopDelivery = shopDelivery(undefined);
  const cart: CartDelivery = cartDelivery(items, delivers);
  const notices: (Message | null)[] = [page.notice, unknown.notice, cart.notice];
  return [
    ...notices.map((notice) => notice?.id ?? "none"),
    String(page.can_add_to_cart),
    String(cart.offer_empty),
    String(cart.can_check_out),
  ];
}
