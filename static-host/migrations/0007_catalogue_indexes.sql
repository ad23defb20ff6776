-- Indexes for the catalogue's reads at scale (100,000 products; figures and query
-- plans in docs/performance.md). A listing reads its first page straight from the
-- index of its order instead of sorting every product of the service; counts and the
-- price bounds of a category's or a shop's listing read one covering index, the
-- bounds only its two ends.
CREATE INDEX products_by_popularity ON products(service_id, popularity DESC, rating DESC, id);
CREATE INDEX products_by_price ON products(service_id, price_minor, id);
CREATE INDEX products_by_sales ON products(service_id, sales_count DESC, id);
CREATE INDEX products_by_created ON products(service_id, created_at, id);
CREATE INDEX products_by_name_en ON products(service_id, name_en COLLATE NOCASE, id);
CREATE INDEX products_by_name_ar ON products(service_id, name_ar COLLATE NOCASE, id);
CREATE INDEX products_by_category_price ON products(category_id, service_id, price_minor);
CREATE INDEX products_by_branch_price ON products(branch_id, service_id, price_minor);

-- How many products each service has, kept by triggers: the unfiltered listing (the
-- busiest catalogue read) shows its total without counting every product.
CREATE TABLE service_product_counts (
    service_id  INTEGER PRIMARY KEY,
    products    INTEGER NOT NULL
) STRICT;

CREATE TRIGGER products_count_insert AFTER INSERT ON products BEGIN
    INSERT INTO service_product_counts (service_id, products) VALUES (new.service_id, 1)
    ON CONFLICT (service_id) DO UPDATE SET products = products + 1;
END;

CREATE TRIGGER products_count_delete AFTER DELETE ON products BEGIN
    UPDATE service_product_counts SET products = products - 1 WHERE service_id = old.service_id;
END;

CREATE TRIGGER products_count_move AFTER UPDATE OF service_id ON products
WHEN new.service_id IS NOT old.service_id BEGIN
    UPDATE service_product_counts SET products = products - 1 WHERE service_id = old.service_id;
    INSERT INTO service_product_counts (service_id, products) VALUES (new.service_id, 1)
    ON CONFLICT (service_id) DO UPDATE SET products = products + 1;
END;

INSERT INTO service_product_counts (service_id, products)
SELECT service_id, count(*) FROM products GROUP BY service_id;
