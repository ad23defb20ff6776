-- Search that finds what shoppers type (issue 25; rules in
-- static-host/src/api/catalogue/search.rs). The search indexes are rebuilt with:
--
-- - a stemmed copy of every text column (`…_stem`), through the core's
--   `search_stem_key` (Arabic light stemming: the article and its proclitics, plural,
--   dual and taa marbuta endings; English Porter 2 stems), registered as the SQL
--   function `search_stems`. Queries match a word as typed (folded, as a prefix) in
--   the folded columns or by its stem in the stem columns, so 'الحليب' finds 'حليب'
--   and 'oranges' finds 'Orange';
-- - for products, the brand and the category (the product's category and its parent)
--   in columns of their own, and the name without its leading brand
--   (`search_item(name, brand)`): 'Cleopatra Milk Chocolate Bar' is the item 'milk
--   chocolate bar' of the brand 'cleopatra'. Ranking weighs the item's own words, and
--   a query that names the category ('milk' → Milk) ranks that category's items
--   above items that only mention the word ('milk chocolate').
--
-- A search document is still one distinct text shared by the products carrying it,
-- now keyed on the brand and category names too (`search_digest` of all eight texts),
-- so renaming a brand or a category re-indexes its products (triggers below).

DROP TRIGGER products_search_insert;
DROP TRIGGER products_search_update;
DROP TRIGGER products_search_delete;
DROP TRIGGER branches_search_insert;
DROP TRIGGER branches_search_update;
DROP TRIGGER branches_search_delete;
DROP TABLE product_search;
DROP TABLE branch_search;
DELETE FROM product_search_docs;
-- How many words the item's name has (without the brand), per language: among equal
-- matches, the name the query covers best comes first ('فول مدمس' before 'فول سوداني
-- محمص' for 'فول', 'Tomatoes 1 kg' before 'Tomato Ketchup Potato Chips 40 g').
ALTER TABLE product_search_docs ADD COLUMN words_en INTEGER NOT NULL DEFAULT 0;
ALTER TABLE product_search_docs ADD COLUMN words_ar INTEGER NOT NULL DEFAULT 0;
-- Re-created at the end, after every product has its new document.
DROP INDEX products_by_search_doc;

-- The texts of a product's search document.
CREATE VIEW product_search_source AS
SELECT p.id AS id,
       p.name_en AS name_en, p.name_ar AS name_ar,
       p.description_en AS description_en, p.description_ar AS description_ar,
       coalesce(b.name_en, '') AS brand_en, coalesce(b.name_ar, '') AS brand_ar,
       coalesce(c.name_en, '') || ' ' || coalesce(pc.name_en, '') AS category_en,
       coalesce(c.name_ar, '') || ' ' || coalesce(pc.name_ar, '') AS category_ar
FROM products p
LEFT JOIN brands b ON b.id = p.brand_id
LEFT JOIN categories c ON c.id = p.category_id
LEFT JOIN categories pc ON pc.id = c.parent_id;

-- A product's document: its digest, the word counts of its item names and the
-- indexed columns.
CREATE VIEW product_search_rows AS
SELECT id,
       search_words(search_item(name_en, brand_en)) AS words_en,
       search_words(search_item(name_ar, brand_ar)) AS words_ar,
       search_digest(name_en, name_ar, description_en, description_ar, brand_en, brand_ar,
                     category_en, category_ar) AS digest,
       search_item(name_en, brand_en) AS name_en,
       search_item(name_ar, brand_ar) AS name_ar,
       search_key(brand_en) AS brand_en, search_key(brand_ar) AS brand_ar,
       search_key(category_en) AS category_en, search_key(category_ar) AS category_ar,
       search_key(description_en) AS description_en, search_key(description_ar) AS description_ar,
       search_stems(search_item(name_en, brand_en)) AS name_en_stem,
       search_stems(search_item(name_ar, brand_ar)) AS name_ar_stem,
       search_stems(brand_en) AS brand_en_stem, search_stems(brand_ar) AS brand_ar_stem,
       search_stems(category_en) AS category_en_stem, search_stems(category_ar) AS category_ar_stem,
       search_stems(description_en) AS description_en_stem,
       search_stems(description_ar) AS description_ar_stem
FROM product_search_source;

-- Column order matters: `Index::Products` in search.rs weighs them in this order.
CREATE VIRTUAL TABLE product_search USING fts5(
    name_en, name_ar, brand_en, brand_ar, category_en, category_ar, description_en, description_ar,
    name_en_stem, name_ar_stem, brand_en_stem, brand_ar_stem, category_en_stem, category_ar_stem,
    description_en_stem, description_ar_stem,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '1 2 3'
);

-- Every indexed word once, for the typo fallback of the results list.
CREATE VIRTUAL TABLE product_search_terms USING fts5vocab(product_search, 'row');

CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN
    INSERT INTO product_search_docs (digest, refs, words_en, words_ar)
    SELECT digest, 1, words_en, words_ar FROM product_search_rows WHERE id = new.id
    ON CONFLICT (digest) DO UPDATE SET refs = refs + 1;
    UPDATE products SET search_doc = (
        SELECT d.id FROM product_search_docs d
        WHERE d.digest = (SELECT digest FROM product_search_rows WHERE id = new.id))
    WHERE id = new.id;
    -- A document just created (one reference) gets its text indexed.
    INSERT INTO product_search (rowid, name_en, name_ar, brand_en, brand_ar, category_en,
        category_ar, description_en, description_ar, name_en_stem, name_ar_stem, brand_en_stem,
        brand_ar_stem, category_en_stem, category_ar_stem, description_en_stem, description_ar_stem)
    SELECT d.id, r.name_en, r.name_ar, r.brand_en, r.brand_ar, r.category_en, r.category_ar,
           r.description_en, r.description_ar, r.name_en_stem, r.name_ar_stem, r.brand_en_stem,
           r.brand_ar_stem, r.category_en_stem, r.category_ar_stem, r.description_en_stem,
           r.description_ar_stem
    FROM products p JOIN product_search_docs d ON d.id = p.search_doc
    JOIN product_search_rows r ON r.id = p.id
    WHERE p.id = new.id AND d.refs = 1;
END;

-- Only when searched text changes (the product's texts, brand or category): stock and
-- sales updates on every order leave the index alone. The new text's document is
-- taken before the old one is let go, so an edit that folds to the same text keeps its
-- document.
CREATE TRIGGER products_search_update
AFTER UPDATE OF name_en, name_ar, description_en, description_ar, brand_id, category_id
ON products BEGIN
    INSERT INTO product_search_docs (digest, refs, words_en, words_ar)
    SELECT digest, 1, words_en, words_ar FROM product_search_rows WHERE id = new.id
    ON CONFLICT (digest) DO UPDATE SET refs = refs + 1;
    UPDATE products SET search_doc = (
        SELECT d.id FROM product_search_docs d
        WHERE d.digest = (SELECT digest FROM product_search_rows WHERE id = new.id))
    WHERE id = new.id;
    INSERT INTO product_search (rowid, name_en, name_ar, brand_en, brand_ar, category_en,
        category_ar, description_en, description_ar, name_en_stem, name_ar_stem, brand_en_stem,
        brand_ar_stem, category_en_stem, category_ar_stem, description_en_stem, description_ar_stem)
    SELECT d.id, r.name_en, r.name_ar, r.brand_en, r.brand_ar, r.category_en, r.category_ar,
           r.description_en, r.description_ar, r.name_en_stem, r.name_ar_stem, r.brand_en_stem,
           r.brand_ar_stem, r.category_en_stem, r.category_ar_stem, r.description_en_stem,
           r.description_ar_stem
    FROM products p JOIN product_search_docs d ON d.id = p.search_doc
    JOIN product_search_rows r ON r.id = p.id
    WHERE p.id = new.id AND d.refs = 1;
    DELETE FROM product_search
    WHERE rowid = old.search_doc
      AND (SELECT refs FROM product_search_docs WHERE id = old.search_doc) = 1;
    DELETE FROM product_search_docs WHERE id = old.search_doc AND refs = 1;
    UPDATE product_search_docs SET refs = refs - 1 WHERE id = old.search_doc;
END;

CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN
    DELETE FROM product_search
    WHERE rowid = old.search_doc
      AND (SELECT refs FROM product_search_docs WHERE id = old.search_doc) = 1;
    DELETE FROM product_search_docs WHERE id = old.search_doc AND refs = 1;
    UPDATE product_search_docs SET refs = refs - 1 WHERE id = old.search_doc;
END;

-- A renamed brand or category is part of its products' documents: naming the column
-- in an UPDATE fires the products' trigger above, which re-indexes them.
CREATE TRIGGER brands_search_update AFTER UPDATE OF name_en, name_ar ON brands BEGIN
    UPDATE products SET brand_id = brand_id WHERE brand_id = new.id;
END;

CREATE TRIGGER categories_search_update AFTER UPDATE OF name_en, name_ar, parent_id ON categories
BEGIN
    UPDATE products SET category_id = category_id
    WHERE category_id = new.id
       OR category_id IN (SELECT id FROM categories WHERE parent_id = new.id);
END;

-- Shops: a few dozen, one document each (rowid = the shop's id).
CREATE VIRTUAL TABLE branch_search USING fts5(
    name_en, name_ar, description_en, description_ar,
    name_en_stem, name_ar_stem, description_en_stem, description_ar_stem,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '1 2 3'
);

CREATE TRIGGER branches_search_insert AFTER INSERT ON branches BEGIN
    INSERT INTO branch_search (rowid, name_en, name_ar, description_en, description_ar,
        name_en_stem, name_ar_stem, description_en_stem, description_ar_stem)
    VALUES (new.id, search_key(new.name_en), search_key(new.name_ar),
            search_key(new.description_en), search_key(new.description_ar),
            search_stems(new.name_en), search_stems(new.name_ar),
            search_stems(new.description_en), search_stems(new.description_ar));
END;

CREATE TRIGGER branches_search_update
AFTER UPDATE OF id, name_en, name_ar, description_en, description_ar ON branches BEGIN
    DELETE FROM branch_search WHERE rowid = old.id;
    INSERT INTO branch_search (rowid, name_en, name_ar, description_en, description_ar,
        name_en_stem, name_ar_stem, description_en_stem, description_ar_stem)
    VALUES (new.id, search_key(new.name_en), search_key(new.name_ar),
            search_key(new.description_en), search_key(new.description_ar),
            search_stems(new.name_en), search_stems(new.name_ar),
            search_stems(new.description_en), search_stems(new.description_ar));
END;

CREATE TRIGGER branches_search_delete AFTER DELETE ON branches BEGIN
    DELETE FROM branch_search WHERE rowid = old.id;
END;

-- What is already there: every document again.
INSERT INTO product_search_docs (digest, refs, words_en, words_ar)
SELECT digest, count(*), min(words_en), min(words_ar) FROM product_search_rows GROUP BY digest;

UPDATE products SET search_doc = (
    SELECT d.id FROM product_search_docs d
    WHERE d.digest = (SELECT digest FROM product_search_rows r WHERE r.id = products.id));

INSERT INTO product_search (rowid, name_en, name_ar, brand_en, brand_ar, category_en,
    category_ar, description_en, description_ar, name_en_stem, name_ar_stem, brand_en_stem,
    brand_ar_stem, category_en_stem, category_ar_stem, description_en_stem, description_ar_stem)
SELECT p.search_doc, r.name_en, r.name_ar, r.brand_en, r.brand_ar, r.category_en, r.category_ar,
       r.description_en, r.description_ar, r.name_en_stem, r.name_ar_stem, r.brand_en_stem,
       r.brand_ar_stem, r.category_en_stem, r.category_ar_stem, r.description_en_stem,
       r.description_ar_stem
FROM products p JOIN product_search_rows r ON r.id = p.id
WHERE p.id IN (SELECT min(id) FROM products GROUP BY search_doc);

INSERT INTO branch_search (rowid, name_en, name_ar, description_en, description_ar,
    name_en_stem, name_ar_stem, description_en_stem, description_ar_stem)
SELECT id, search_key(name_en), search_key(name_ar), search_key(description_en),
       search_key(description_ar), search_stems(name_en), search_stems(name_ar),
       search_stems(description_en), search_stems(description_ar)
FROM branches;

INSERT INTO product_search (product_search) VALUES ('optimize');
INSERT INTO branch_search (branch_search) VALUES ('optimize');

-- Ranking reads a document's products in popularity order from this index: the shop
-- (the district filter) and now the category are decided on its entries.
CREATE INDEX products_by_search_doc ON products(search_doc, service_id, popularity DESC, price_minor, branch_id, category_id);
