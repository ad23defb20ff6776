-- Reverse geocoding (issue 36, item 2: GET /map/reverse, static-host/src/location/reverse.rs).
--
-- A district knows its city and postal code, a gazetteer place its street: what an
-- address form fills from a point on the map. Nullable: a district or place added by
-- hand without them answers null for that field, never a guess.
--
-- A database seeded before this migration gets the demo data's values here (the seed,
-- static-host/src/seed/geo.rs, writes the same for a new one; seeds_districts_and_places
-- and the migration test compare them). Dokki is in Giza governorate, not Cairo: its
-- places' addresses said Cairo, and are corrected with it.

ALTER TABLE districts ADD COLUMN city_en TEXT;
ALTER TABLE districts ADD COLUMN city_ar TEXT;
ALTER TABLE districts ADD COLUMN postal_code TEXT;
ALTER TABLE places ADD COLUMN street_en TEXT;
ALTER TABLE places ADD COLUMN street_ar TEXT;

UPDATE districts SET city_en = 'Cairo', city_ar = 'القاهرة', postal_code = '11211'
WHERE id = 1 AND name_en = 'Zamalek';
UPDATE districts SET city_en = 'Giza', city_ar = 'الجيزة', postal_code = '12311'
WHERE id = 2 AND name_en = 'Dokki';
UPDATE districts SET city_en = 'Cairo', city_ar = 'القاهرة', postal_code = '11511'
WHERE id = 3 AND name_en = 'Downtown & Garden City';
UPDATE districts SET city_en = 'Cairo', city_ar = 'القاهرة', postal_code = '11431'
WHERE id = 4 AND name_en = 'Maadi';
UPDATE districts SET city_en = 'Cairo', city_ar = 'القاهرة', postal_code = '11341'
WHERE id = 5 AND name_en = 'Heliopolis';

UPDATE places
SET address_en = replace(address_en, ', Dokki, Cairo', ', Dokki, Giza'),
    address_ar = replace(address_ar, '، الدقي، القاهرة', '، الدقي، الجيزة')
WHERE address_en LIKE '%, Dokki, Cairo';

-- The seeded addresses are "street, area, city": the street is the first part.
UPDATE places
SET street_en = substr(address_en, 1, instr(address_en, ', ') - 1),
    street_ar = substr(address_ar, 1, instr(address_ar, '، ') - 1)
WHERE instr(address_en, ', ') > 0 AND instr(address_ar, '، ') > 0;
