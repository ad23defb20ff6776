-- Full-text search of product and shop names and descriptions (SQLite FTS5; rules in
-- static-host/src/api/catalogue/search.rs). The indexed text is `search_key(...)`: the
-- core's search folding (Arabic alef/taa marbuta/alef maqsura variants, diacritics,
-- tatweel, case), words joined by single spaces. static-host registers `search_key`
-- and `search_digest` on every connection it opens; a connection without them cannot
-- add products or change their names (the triggers below fail loudly rather than let
-- the index drift).
--
-- remove_diacritics 2 also folds Latin accents ('creme' finds 'Crème'); the prefix
-- indexes make the word-prefix queries of search-as-you-type cheap.

-- Products: one search document per distinct folded text (both names and both
-- descriptions), shared by every product with that text. In a marketplace the same
-- item is listed by many shops; ranking scores each text once, and a product's place
-- follows from its document (products.search_doc) through an index.
CREATE TABLE product_search_docs (
    id      INTEGER PRIMARY KEY,                -- the document's rowid in product_search
    digest  BLOB NOT NULL UNIQUE,               -- search_digest() of the four texts
    refs    INTEGER NOT NULL CHECK (refs > 0)   -- products using it; removed at 0
) STRICT;

CREATE VIRTUAL TABLE product_search USING fts5(
    name_en, name_ar, description_en, description_ar,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '1 2 3'
);

ALTER TABLE products ADD COLUMN search_doc INTEGER;

-- Ranking and counting a search read only this index, never the product rows.
CREATE INDEX products_by_search_doc ON products(search_doc, service_id, popularity DESC, price_minor);

CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN
    INSERT INTO product_search_docs (digest, refs)
    VALUES (search_digest(new.name_en, new.name_ar, new.description_en, new.description_ar), 1)
    ON CONFLICT (digest) DO UPDATE SET refs = refs + 1;
    UPDATE products SET search_doc = (
        SELECT id FROM product_search_docs
        WHERE digest = search_digest(new.name_en, new.name_ar, new.description_en, new.description_ar))
    WHERE id = new.id;
    -- A document just created (one reference) gets its text indexed.
    INSERT INTO product_search (rowid, name_en, name_ar, description_en, description_ar)
    SELECT id, search_key(new.name_en), search_key(new.name_ar), search_key(new.description_en),
           search_key(new.description_ar)
    FROM product_search_docs
    WHERE digest = search_digest(new.name_en, new.name_ar, new.description_en, new.description_ar)
      AND refs = 1;
END;

-- Only when searched text changes: stock and sales updates on every order leave the
-- index alone. The new text's document is taken before the old one is let go, so an
-- edit that folds to the same text keeps its document.
CREATE TRIGGER products_search_update
AFTER UPDATE OF name_en, name_ar, description_en, description_ar ON products BEGIN
    INSERT INTO product_search_docs (digest, refs)
    VALUES (search_digest(new.name_en, new.name_ar, new.description_en, new.description_ar), 1)
    ON CONFLICT (digest) DO UPDATE SET refs = refs + 1;
    UPDATE products SET search_doc = (
        SELECT id FROM product_search_docs
        WHERE digest = search_digest(new.name_en, new.name_ar, new.description_en, new.description_ar))
    WHERE id = new.id;
    INSERT INTO product_search (rowid, name_en, name_ar, description_en, description_ar)
    SELECT id, search_key(new.name_en), search_key(new.name_ar), search_key(new.description_en),
           search_key(new.description_ar)
    FROM product_search_docs
    WHERE digest = search_digest(new.name_en, new.name_ar, new.description_en, new.description_ar)
      AND refs = 1;
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

-- Shops: a few dozen, one document each (rowid = the shop's id).
CREATE VIRTUAL TABLE branch_search USING fts5(
    name_en, name_ar, description_en, description_ar,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '1 2 3'
);

CREATE TRIGGER branches_search_insert AFTER INSERT ON branches BEGIN
    INSERT INTO branch_search (rowid, name_en, name_ar, description_en, description_ar)
    VALUES (new.id, search_key(new.name_en), search_key(new.name_ar),
            search_key(new.description_en), search_key(new.description_ar));
END;

CREATE TRIGGER branches_search_update
AFTER UPDATE OF id, name_en, name_ar, description_en, description_ar ON branches BEGIN
    DELETE FROM branch_search WHERE rowid = old.id;
    INSERT INTO branch_search (rowid, name_en, name_ar, description_en, description_ar)
    VALUES (new.id, search_key(new.name_en), search_key(new.name_ar),
            search_key(new.description_en), search_key(new.description_ar));
END;

CREATE TRIGGER branches_search_delete AFTER DELETE ON branches BEGIN
    DELETE FROM branch_search WHERE rowid = old.id;
END;

-- Databases from before this migration: index what is already there.
INSERT INTO product_search_docs (digest, refs)
SELECT search_digest(name_en, name_ar, description_en, description_ar), count(*)
FROM products
GROUP BY 1;

UPDATE products SET search_doc = (
    SELECT id FROM product_search_docs
    WHERE digest = search_digest(products.name_en, products.name_ar, products.description_en,
                                 products.description_ar));

INSERT INTO product_search (rowid, name_en, name_ar, description_en, description_ar)
SELECT search_doc, search_key(name_en), search_key(name_ar), search_key(description_en),
       search_key(description_ar)
FROM products
WHERE id IN (SELECT min(id) FROM products GROUP BY search_doc);

INSERT INTO branch_search (rowid, name_en, name_ar, description_en, description_ar)
SELECT id, search_key(name_en), search_key(name_ar), search_key(description_en),
       search_key(description_ar)
FROM branches;

INSERT INTO product_search (product_search) VALUES ('optimize');
INSERT INTO branch_search (branch_search) VALUES ('optimize');
