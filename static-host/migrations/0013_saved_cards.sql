-- Saved payment cards (issue 36). Rules: the core's `payment_cards` module; the
-- server's side: static-host/src/orders/saved_cards.rs.
--
-- Only what the gateway answers when it keeps a card is stored: its opaque token, the
-- brand, the last four digits and the expiry. The card number and the CVV never are.
-- A customer keeps at most 10 (the core's `card_saving`), and at most one is their
-- default: deleting the default leaves none, the others are not promoted.

CREATE TABLE saved_cards (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token       TEXT NOT NULL UNIQUE,                       -- the gateway's, opaque
    brand       TEXT NOT NULL CHECK (brand IN ('visa', 'mastercard', 'meeza', 'unknown')),
    last4       TEXT NOT NULL CHECK (length(last4) = 4 AND last4 NOT GLOB '*[^0-9]*'),
    exp_month   INTEGER NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
    exp_year    INTEGER NOT NULL CHECK (exp_year BETWEEN 2000 AND 2099),  -- four digits
    is_default  INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    created_at  INTEGER NOT NULL
) STRICT;

-- A customer's cards as listed: the default first, then the newest.
CREATE INDEX saved_cards_by_user ON saved_cards(user_id, is_default DESC, created_at DESC, id DESC);
-- At most one default per customer, held by the schema itself.
CREATE UNIQUE INDEX saved_cards_one_default ON saved_cards(user_id) WHERE is_default = 1;
