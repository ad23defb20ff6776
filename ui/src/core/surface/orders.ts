import {
  orderCanCancel,
  orderCanRequestReturn,
  orderCanTransition,
  orderNextStatuses,
  orderTabOf,
  orderTabs,
  parseOrderStatus,
  returnTabOf,
  returnTabs,
  returnWindowDays,
  type OrderItem,
  type OrderNumber,
  type OrderStatus,
  type OrderTab,
  type ReturnTab,
  type TabInfo,
} from "storefront-core";

const status: OrderStatus = parseOrderStatus("canceled");
const line: OrderItem = { id: 1, product_id: 4, name: "Green tea", qty: 2, price: "10.00", image: null };

export function surfaceOrders(orderNumber: string, orderStatus: string, deliveredAtMs: number | null, nowMs: number): string[] {
  const order = { number: orderNumber, status: parseOrderStatus(orderStatus) };
  const number: OrderNumber = order.number;
  const tabs: TabInfo<OrderTab>[] = orderTabs();
  const returns: TabInfo<ReturnTab>[] = returnTabs();
  const tab: OrderTab | null = orderTabOf(order.status);
  const returnTab: ReturnTab | null = returnTabOf("in_return");
  const next: OrderStatus[] = orderNextStatuses("pending");
  const flags = [
    orderCanTransition("pending", "processing"),
    orderCanCancel(order.status),
    orderCanRequestReturn(order.status, deliveredAtMs, nowMs),
  ];
  const keys = [...tabs, ...returns].map((info) => info.key);
  return [number, status, tab ?? "none", returnTab ?? "none", line.price, String(returnWindowDays()), ...next, ...keys, ...flags.map(String)];
}
