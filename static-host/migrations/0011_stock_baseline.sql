-- What each product's stock started from, so that `static-host check-db` can hold the
-- stock against its ledger: the baseline, less what live orders took, plus what returns
-- gave back. Stock changes only through checkout, cancellations and returns (there is
-- no restocking API), so that sum is the stock.
ALTER TABLE products ADD COLUMN stock_baseline INTEGER;

-- A database made before this: the baseline that makes today's stock add up.
UPDATE products SET stock_baseline = stock
    + coalesce((SELECT sum(oi.stock_taken) FROM order_items oi JOIN orders o ON o.id = oi.order_id
                WHERE oi.product_id = products.id AND o.status NOT IN ('cancelled', 'rejected')), 0)
    - coalesce((SELECT sum(ri.qty) FROM return_items ri
                JOIN returns r ON r.id = ri.return_id
                JOIN order_items oi ON oi.id = ri.order_item_id
                WHERE oi.product_id = products.id AND r.refunded_at IS NOT NULL), 0);

-- Every product added from now on starts from the stock it is added with.
CREATE TRIGGER products_stock_baseline AFTER INSERT ON products
    WHEN NEW.stock_baseline IS NULL
BEGIN
    UPDATE products SET stock_baseline = NEW.stock WHERE id = NEW.id;
END;
