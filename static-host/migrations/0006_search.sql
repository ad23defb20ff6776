-- Full-text search of product and shop names and descriptions (SQLite FTS5; rules in
-- static-host/src/api/catalogue/search.rs). The indexed text is `search_key(...)`: the
-- core's search folding (Arabic alef/taa marbuta/alef maqsura variants, diacritics,
-- tatweel, case), words joined by single spaces. static-host registers that SQL
-- function on every connection it opens; a connection without it cannot change
-- product or shop names (the triggers below fail loudly rather than let the index
-- drift).
--
-- The tables keep their own copy of the folded text (not external content): the
-- ranking compares folded names, and a delete needs the indexed text.
-- remove_diacritics 2 also folds Latin accents ('creme' finds 'Crème'); prefix
-- indexes make the word-prefix queries of search-as-you-type cheap.
CREATE VIRTUAL TABLE product_search USING fts5(
    name_en, name_ar, description_en, description_ar,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '1 2 3'
);

CREATE VIRTUAL TABLE branch_search USING fts5(
    name_en, name_ar, description_en, description_ar,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '1 2 3'
);

CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN
    INSERT INTO product_search (rowid, name_en, name_ar, description_en, description_ar)
    VALUES (new.id, search_key(new.name_en), search_key(new.name_ar),
            search_key(new.description_en), search_key(new.description_ar));
END;

-- Only when searched text (or the id) changes: stock and sales updates on every
-- order leave the index alone.
CREATE TRIGGER products_search_update
AFTER UPDATE OF id, name_en, name_ar, description_en, description_ar ON products BEGIN
    DELETE FROM product_search WHERE rowid = old.id;
    INSERT INTO product_search (rowid, name_en, name_ar, description_en, description_ar)
    VALUES (new.id, search_key(new.name_en), search_key(new.name_ar),
            search_key(new.description_en), search_key(new.description_ar));
END;

CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN
    DELETE FROM product_search WHERE rowid = old.id;
END;

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
INSERT INTO product_search (rowid, name_en, name_ar, description_en, description_ar)
SELECT id, search_key(name_en), search_key(name_ar), search_key(description_en),
       search_key(description_ar)
FROM products;

INSERT INTO branch_search (rowid, name_en, name_ar, description_en, description_ar)
SELECT id, search_key(name_en), search_key(name_ar), search_key(description_en),
       search_key(description_ar)
FROM branches;

INSERT INTO product_search (product_search) VALUES ('optimize');
INSERT INTO branch_search (branch_search) VALUES ('optimize');
