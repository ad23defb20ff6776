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
