-- Idempotency keys of POST /order/checkout (helper M; rules in docs/orders.md).
-- A key names one placement attempt of one customer. The order it placed is stored
-- with it in the checkout's own transaction, so a replay of the key (a double click, a
-- reload during placement, a retried request) answers that order and never places a
-- second one. A refused attempt stores nothing: the same key may be sent again, e.g.
-- with another card after a decline. Keys of different customers never meet.
CREATE TABLE checkout_idempotency_keys (
    user_id     INTEGER NOT NULL REFERENCES users(id),
    key         TEXT NOT NULL,
    order_id    INTEGER NOT NULL REFERENCES orders(id),
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (user_id, key)
) STRICT;
