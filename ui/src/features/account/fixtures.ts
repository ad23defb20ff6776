import type { Address, OrderDetailBody, OrderSummary } from "./queries";

/** API bodies as the reference API shapes them, for the account tests. */

export function address(id: number, overrides: Partial<Address> = {}): Address {
  return {
    id,
    type: "home",
    name: `Home ${id}`,
    contact_name: "Mona Adel",
    phone: "+201001234567",
    country: "Egypt",
    country_id: { name: "Egypt" },
    region: "Zamalek",
    city: "Cairo",
    city_id: { name: "Cairo" },
    address_details: `${id} Brazil Street`,
    building_number: "12",
    floor: "3",
    apartment_number: "7",
    postal_code: "11211",
    location: { latitude: 30.062, longitude: 31.2215 },
    district_id: 1,
    district: { id: 1, name: "Zamalek" },
    is_default: false,
    created_at: "2025-03-01T09:30:00Z",
    ...overrides,
  };
}

export function orderSummary(id: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id,
    number: String(100000 + id),
    status: "pending",
    status_label: "Pending",
    branch: { id: 3, name: "Zamalek Market" },
    can_cancel: true,
    cart_total: "129.00",
    total: "129.00",
    created_at: "2025-03-01T09:30:00Z",
    date: "2025-03-01 09:30",
    items_count: 2,
    payment_method: "cash",
    ...overrides,
  };
}

export function orderDetail(id: number, overrides: Partial<OrderDetailBody> = {}): OrderDetailBody {
  return {
    id,
    number: String(100000 + id),
    status: "pending",
    status_label: "Pending",
    branch: { id: 3, name: "Zamalek Market" },
    can_cancel: true,
    can_return: false,
    created_at: "2025-03-01T09:30:00Z",
    date: "2025-03-01 09:30",
    payment_method: "card",
    payment_card: "**** 4242",
    price: "100.00",
    discount_coupon: "10.00",
    coupon: "WELCOME10",
    subtotal: "90.00",
    delivery_fee: "15.00",
    tax: "12.60",
    wallet_balance: "20.00",
    cart_total: "117.60",
    total: "97.60",
    currency: "EGP",
    delivery_code: "4821",
    estimated_arrival_time: "2025-03-01 10:15",
    points_earned: 90,
    items: [
      { id: 31, product_id: 7, name: "Green tea", qty: 2, price: "25.00", total: "50.00", image: null, returned_qty: 0 },
      { id: 32, product_id: 8, name: "Honey", qty: 1, price: "50.00", total: "50.00", image: null, returned_qty: 0 },
    ],
    address: { id: 5, name: "Home", contact_name: "Mona Adel", phone: "+201001234567", address_details: "12 Brazil Street", district_id: 1 },
    history: [{ status: "pending", label: "Pending", at: "2025-03-01T09:30:00Z" }],
    return: null,
    return_until: null,
    ...overrides,
  };
}

/** A delivered order, delivered `daysAgo` days before now. */
export function deliveredOrder(id: number, daysAgo = 1, overrides: Partial<OrderDetailBody> = {}): OrderDetailBody {
  const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  return orderDetail(id, {
    status: "delivered",
    status_label: "Delivered",
    can_cancel: false,
    can_return: true,
    history: [
      { status: "pending", label: "Pending", at: "2025-03-01T09:30:00Z" },
      { status: "delivered", label: "Delivered", at },
    ],
    ...overrides,
  });
}
