-- Carts, orders, payments and returns (helper G). Rules: static-host/docs/orders.md.
-- Money is integer minor units (piasters), times Unix milliseconds. Addresses, the
-- wallet ledger and the points ledger are the shared tables of 0002.

-- One cart per customer and service; it holds one shop's items at a time.
CREATE TABLE carts (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users(id),
    service_id  INTEGER NOT NULL REFERENCES services(id),
    branch_id   INTEGER REFERENCES branches(id),     -- NULL while the cart is empty
    coupon_id   INTEGER REFERENCES coupons(id),      -- the applied coupon, if any
    updated_at  INTEGER NOT NULL,
    UNIQUE (user_id, service_id)
) STRICT;

-- Lines of a cart. Prices are not copied: a cart always shows today's prices.
CREATE TABLE cart_items (
    id          INTEGER PRIMARY KEY,
    cart_id     INTEGER NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
    product_id  INTEGER NOT NULL REFERENCES products(id),
    key         TEXT NOT NULL UNIQUE,                 -- opaque, random
    qty         INTEGER NOT NULL CHECK (qty >= 1),
    created_at  INTEGER NOT NULL,
    UNIQUE (cart_id, product_id)
) STRICT;

-- A placed order. The amounts are frozen at checkout:
--   price − coupon_discount = subtotal; subtotal + tax = total_before_delivery;
--   + delivery_fee = order value (cart_total); − wallet = amount due by card or cash.
CREATE TABLE orders (
    id                     INTEGER PRIMARY KEY,      -- order number = 100000 + id
    user_id                INTEGER NOT NULL REFERENCES users(id),
    service_id             INTEGER NOT NULL REFERENCES services(id),
    branch_id              INTEGER NOT NULL REFERENCES branches(id),
    address_id             INTEGER NOT NULL REFERENCES addresses(id),
    status                 TEXT NOT NULL CHECK (status IN ('draft', 'pending', 'processing', 'shipped',
                               'out_for_delivery', 'delivered', 'in_return', 'return_received', 'returned',
                               'on_hold', 'rejected', 'cancelled')),
    payment_method         TEXT NOT NULL CHECK (payment_method IN ('card', 'cash')),
    payment_card           TEXT,                      -- "**** 4242" when paid by card
    price_minor            INTEGER NOT NULL CHECK (price_minor >= 0),
    coupon_discount_minor  INTEGER NOT NULL DEFAULT 0 CHECK (coupon_discount_minor >= 0),
    tax_minor              INTEGER NOT NULL DEFAULT 0 CHECK (tax_minor >= 0),
    tax_rate_bp            INTEGER NOT NULL,
    delivery_fee_minor     INTEGER NOT NULL DEFAULT 0 CHECK (delivery_fee_minor >= 0),
    cart_total_minor       INTEGER NOT NULL CHECK (cart_total_minor >= 0),
    wallet_minor           INTEGER NOT NULL DEFAULT 0 CHECK (wallet_minor >= 0),
    due_minor              INTEGER NOT NULL CHECK (due_minor >= 0),
    coupon_id              INTEGER REFERENCES coupons(id),
    coupon_code            TEXT,
    delivery_code          TEXT NOT NULL,             -- 4 digits, given to the courier
    estimated_arrival_at   INTEGER NOT NULL,
    points_earned          INTEGER NOT NULL DEFAULT 0,
    delivered_at           INTEGER,
    created_at             INTEGER NOT NULL,
    updated_at             INTEGER NOT NULL,
    CHECK (cart_total_minor = price_minor - coupon_discount_minor + tax_minor + delivery_fee_minor),
    CHECK (due_minor = cart_total_minor - wallet_minor)
) STRICT;
CREATE INDEX orders_by_user ON orders(user_id, status, id);

-- What was bought, with the names and unit price of the day.
CREATE TABLE order_items (
    id            INTEGER PRIMARY KEY,
    order_id      INTEGER NOT NULL REFERENCES orders(id),
    product_id    INTEGER NOT NULL REFERENCES products(id),
    name_en       TEXT NOT NULL,
    name_ar       TEXT NOT NULL,
    image         TEXT NOT NULL,
    price_minor   INTEGER NOT NULL CHECK (price_minor >= 0),   -- unit price
    qty           INTEGER NOT NULL CHECK (qty >= 1),
    stock_taken   INTEGER NOT NULL DEFAULT 0 CHECK (stock_taken >= 0)  -- units taken from stock (0 for pre-orders)
) STRICT;
CREATE INDEX order_items_by_order ON order_items(order_id);

-- Every status an order went through, the first row from NULL at checkout.
CREATE TABLE order_status_history (
    id           INTEGER PRIMARY KEY,
    order_id     INTEGER NOT NULL REFERENCES orders(id),
    from_status  TEXT,
    to_status    TEXT NOT NULL,
    actor        TEXT NOT NULL CHECK (actor IN ('customer', 'shop', 'system')),
    created_at   INTEGER NOT NULL
) STRICT;
CREATE INDEX order_status_history_by_order ON order_status_history(order_id, id);

-- Money movements of an order other than the wallet ledger: card charges and refunds
-- through the payment gateway, and cash collected on delivery.
CREATE TABLE payments (
    id            INTEGER PRIMARY KEY,
    order_id      INTEGER NOT NULL REFERENCES orders(id),
    method        TEXT NOT NULL CHECK (method IN ('card', 'cash', 'wallet')),
    kind          TEXT NOT NULL CHECK (kind IN ('charge', 'refund')),
    status        TEXT NOT NULL CHECK (status IN ('pending', 'captured', 'refunded', 'cancelled')),
    amount_minor  INTEGER NOT NULL CHECK (amount_minor >= 0),
    reference     TEXT,                               -- the gateway's reference
    card_last4    TEXT,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
) STRICT;
CREATE INDEX payments_by_order ON payments(order_id, id);

-- A return request; one per order. Its progress is the order's status
-- (in_return → return_received → returned).
CREATE TABLE returns (
    id                 INTEGER PRIMARY KEY,
    order_id           INTEGER NOT NULL UNIQUE REFERENCES orders(id),
    user_id            INTEGER NOT NULL REFERENCES users(id),
    refund_method      TEXT NOT NULL CHECK (refund_method IN ('wallet', 'original')),
    pickup_address_id  INTEGER NOT NULL REFERENCES addresses(id),
    pickup_date        TEXT NOT NULL,                  -- YYYY-MM-DD
    pickup_time        TEXT NOT NULL,                  -- HH:MM, 24 h
    refund_minor       INTEGER NOT NULL CHECK (refund_minor >= 0),
    received_at        INTEGER,
    refunded_at        INTEGER,
    created_at         INTEGER NOT NULL
) STRICT;
CREATE INDEX returns_by_user ON returns(user_id, id);

CREATE TABLE return_items (
    id             INTEGER PRIMARY KEY,
    return_id      INTEGER NOT NULL REFERENCES returns(id),
    order_item_id  INTEGER NOT NULL REFERENCES order_items(id),
    qty            INTEGER NOT NULL CHECK (qty >= 1),
    reason         TEXT NOT NULL,
    comment        TEXT,
    UNIQUE (return_id, order_item_id)
) STRICT;
