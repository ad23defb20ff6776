-- Where each shop delivers, materialised from the one delivery rule
-- (static-host/src/api/orders/delivery.rs, `reaches`): a shop delivers to its own
-- district and to every district whose centre is within 5 km of its district's
-- centre. The rule reads district outlines, so it runs in Rust, as the SQL function
-- `district_reaches(home_id, home_polygon, to_id, to_polygon)` that static-host
-- registers on every connection it opens; the triggers below call it whenever shops or
-- districts change, so the table never drifts from the rule. (A connection without the
-- function cannot add or move shops or change districts: it gets "no such function".)
--
-- The catalogue filters by district through this table's key: the shops delivering to
-- a district are one range of (district_id, branch_id). Cart, checkout and returns ask
-- it too, so listings and orders can never disagree.
CREATE TABLE branch_delivery_districts (
    district_id  INTEGER NOT NULL,
    branch_id    INTEGER NOT NULL,
    PRIMARY KEY (district_id, branch_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX branch_delivery_districts_by_branch ON branch_delivery_districts(branch_id);

CREATE TRIGGER branches_delivery_insert AFTER INSERT ON branches BEGIN
    INSERT OR IGNORE INTO branch_delivery_districts (district_id, branch_id)
    SELECT d.id, new.id FROM districts home CROSS JOIN districts d
    WHERE home.id = new.district_id AND district_reaches(home.id, home.polygon, d.id, d.polygon);
END;

CREATE TRIGGER branches_delivery_update AFTER UPDATE OF id, district_id ON branches BEGIN
    DELETE FROM branch_delivery_districts WHERE branch_id = old.id;
    INSERT OR IGNORE INTO branch_delivery_districts (district_id, branch_id)
    SELECT d.id, new.id FROM districts home CROSS JOIN districts d
    WHERE home.id = new.district_id AND district_reaches(home.id, home.polygon, d.id, d.polygon);
END;

CREATE TRIGGER branches_delivery_delete AFTER DELETE ON branches BEGIN
    DELETE FROM branch_delivery_districts WHERE branch_id = old.id;
END;

-- A new district: the shops whose district reaches it deliver there, and the shops
-- based in it (none, while foreign keys hold) deliver where it reaches.
CREATE TRIGGER districts_delivery_insert AFTER INSERT ON districts BEGIN
    INSERT OR IGNORE INTO branch_delivery_districts (district_id, branch_id)
    SELECT new.id, b.id FROM branches b JOIN districts home ON home.id = b.district_id
    WHERE district_reaches(home.id, home.polygon, new.id, new.polygon);
    INSERT OR IGNORE INTO branch_delivery_districts (district_id, branch_id)
    SELECT d.id, b.id FROM branches b CROSS JOIN districts d
    WHERE b.district_id = new.id AND district_reaches(new.id, new.polygon, d.id, d.polygon);
END;

-- A moved outline: every pair involving the district is decided again.
CREATE TRIGGER districts_delivery_update AFTER UPDATE OF id, polygon ON districts BEGIN
    DELETE FROM branch_delivery_districts
    WHERE district_id = old.id
       OR branch_id IN (SELECT id FROM branches WHERE district_id IN (old.id, new.id));
    INSERT OR IGNORE INTO branch_delivery_districts (district_id, branch_id)
    SELECT new.id, b.id FROM branches b JOIN districts home ON home.id = b.district_id
    WHERE district_reaches(home.id, home.polygon, new.id, new.polygon);
    INSERT OR IGNORE INTO branch_delivery_districts (district_id, branch_id)
    SELECT d.id, b.id FROM branches b CROSS JOIN districts d
    WHERE b.district_id = new.id AND district_reaches(new.id, new.polygon, d.id, d.polygon);
END;

CREATE TRIGGER districts_delivery_delete AFTER DELETE ON districts BEGIN
    DELETE FROM branch_delivery_districts
    WHERE district_id = old.id
       OR branch_id IN (SELECT id FROM branches WHERE district_id = old.id);
END;

-- Databases from before this migration: decide every pair there is.
INSERT INTO branch_delivery_districts (district_id, branch_id)
SELECT d.id, b.id FROM branches b JOIN districts home ON home.id = b.district_id
CROSS JOIN districts d
WHERE district_reaches(home.id, home.polygon, d.id, d.polygon);

-- Indexes for the district filter at scale (100,000 products; query plans in
-- docs/performance.md). A listing filtered by district keeps `p.branch_id IN (the
-- district's shops)`. With the shop (and the category, the other filter of every
-- browsing page) at the end of each listing-order index, a page is read in index
-- order with both filters decided on the index entries: rows are read only for the
-- products shown. The covering indexes of counts and price bounds get the shop too,
-- so a district's counts and bounds read no rows at all.
DROP INDEX products_by_popularity;
CREATE INDEX products_by_popularity ON products(service_id, popularity DESC, rating DESC, id, branch_id, category_id);
DROP INDEX products_by_price;
CREATE INDEX products_by_price ON products(service_id, price_minor, id, branch_id, category_id);
DROP INDEX products_by_sales;
CREATE INDEX products_by_sales ON products(service_id, sales_count DESC, id, branch_id, category_id);
DROP INDEX products_by_created;
CREATE INDEX products_by_created ON products(service_id, created_at, id, branch_id, category_id);
DROP INDEX products_by_name_en;
CREATE INDEX products_by_name_en ON products(service_id, name_en COLLATE NOCASE, id, branch_id, category_id);
DROP INDEX products_by_name_ar;
CREATE INDEX products_by_name_ar ON products(service_id, name_ar COLLATE NOCASE, id, branch_id, category_id);
-- A category's count and bounds in a district (a category page, the category-shopping
-- block) are index seeks per (category, shop) pair, and so are a shop page's category
-- filters. (Without a district, bounds still read the two ends of
-- products_by_category_price.)
CREATE INDEX products_by_category_branch ON products(category_id, service_id, branch_id, price_minor);
DROP INDEX products_by_search_doc;
CREATE INDEX products_by_search_doc ON products(search_doc, service_id, popularity DESC, price_minor, branch_id);
-- A brand's products (the brands block asks, per brand, whether a shop of the
-- district sells it; the listing's brand filter counts and bounds them).
CREATE INDEX products_by_brand ON products(brand_id, service_id, branch_id, price_minor);
-- Hot deals: the home block's order (biggest relative discount first) and the
-- `on_sale` listing's count and bounds, over the products on sale only.
CREATE INDEX products_by_discount ON products(
    service_id, CAST(old_price_minor - price_minor AS REAL) / old_price_minor DESC, id, branch_id)
WHERE old_price_minor > price_minor;
CREATE INDEX products_on_sale ON products(service_id, branch_id, price_minor)
WHERE old_price_minor > price_minor;

-- How many products each shop has per service, kept by triggers: a district's
-- unfiltered listing shows its total as the sum over the district's shops, without
-- counting their products (as service_product_counts does without a district).
CREATE TABLE branch_product_counts (
    branch_id   INTEGER NOT NULL,
    service_id  INTEGER NOT NULL,
    products    INTEGER NOT NULL,
    PRIMARY KEY (service_id, branch_id)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER products_branch_count_insert AFTER INSERT ON products BEGIN
    INSERT INTO branch_product_counts (branch_id, service_id, products)
    VALUES (new.branch_id, new.service_id, 1)
    ON CONFLICT (service_id, branch_id) DO UPDATE SET products = products + 1;
END;

CREATE TRIGGER products_branch_count_delete AFTER DELETE ON products BEGIN
    UPDATE branch_product_counts SET products = products - 1
    WHERE service_id = old.service_id AND branch_id = old.branch_id;
END;

CREATE TRIGGER products_branch_count_move AFTER UPDATE OF branch_id, service_id ON products
WHEN new.branch_id IS NOT old.branch_id OR new.service_id IS NOT old.service_id BEGIN
    UPDATE branch_product_counts SET products = products - 1
    WHERE service_id = old.service_id AND branch_id = old.branch_id;
    INSERT INTO branch_product_counts (branch_id, service_id, products)
    VALUES (new.branch_id, new.service_id, 1)
    ON CONFLICT (service_id, branch_id) DO UPDATE SET products = products + 1;
END;

INSERT INTO branch_product_counts (branch_id, service_id, products)
SELECT branch_id, service_id, count(*) FROM products GROUP BY branch_id, service_id;
