-- A product's size and pack, the end of its name that tells it from the item's other
-- products ("200 ml (Pack of 6)"), so a card can keep it in sight while the name wraps
-- (issue 36). NULL where a name has no such part, and for products seeded before.
ALTER TABLE products ADD COLUMN size_en TEXT;
ALTER TABLE products ADD COLUMN size_ar TEXT;
