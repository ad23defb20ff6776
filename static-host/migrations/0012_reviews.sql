-- Product reviews with ratings (issue 36). Rules: the core's `reviews` module; the
-- server's side: static-host/src/reviews/.
--
-- A customer reviews a product once (they edit that review afterwards), and only a
-- product one of their orders delivered. A review the operator hides
-- (`static-host review hide ID`) leaves the product's lists and its rating.

CREATE TABLE reviews (
    id             INTEGER PRIMARY KEY,
    user_id        INTEGER NOT NULL REFERENCES users(id),     -- the customer who wrote it
    product_id     INTEGER NOT NULL REFERENCES products(id),
    rating         INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    comment        TEXT,                                      -- trimmed, NULL when none
    language       TEXT NOT NULL CHECK (language IN ('en', 'ar')),  -- the request's when written
    hidden         INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
    helpful_count  INTEGER NOT NULL DEFAULT 0 CHECK (helpful_count >= 0),  -- kept: its votes
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL,
    UNIQUE (user_id, product_id)
) STRICT;

-- A product's visible reviews in each order of the list (newest, most helpful, by
-- rating), read in index order; and its per-star counts, for the kept aggregate.
CREATE INDEX reviews_newest ON reviews(product_id, created_at DESC, id DESC) WHERE hidden = 0;
CREATE INDEX reviews_helpful ON reviews(product_id, helpful_count DESC, created_at DESC, id DESC)
    WHERE hidden = 0;
CREATE INDEX reviews_by_rating ON reviews(product_id, rating, created_at DESC, id DESC) WHERE hidden = 0;
-- A customer's own reviews, newest first (`GET /my-reviews`).
CREATE INDEX reviews_by_user ON reviews(user_id, created_at DESC, id DESC);

-- Reports of a review (abuse, spam), once per customer; kept for the operator.
CREATE TABLE review_reports (
    id          INTEGER PRIMARY KEY,
    review_id   INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL REFERENCES users(id),
    created_at  INTEGER NOT NULL,
    UNIQUE (review_id, user_id)
) STRICT;

-- "Helpful" votes, once per customer; `reviews.helpful_count` is their count.
CREATE TABLE review_helpful_votes (
    id          INTEGER PRIMARY KEY,
    review_id   INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL REFERENCES users(id),
    created_at  INTEGER NOT NULL,
    UNIQUE (review_id, user_id)
) STRICT;

-- Each product's rating, kept in the same transaction as every write to its reviews
-- (create, edit, delete, hide, show), from its visible reviews only: the count per
-- star, their total, and the average in tenths of a star (the core's rounding, 43 is
-- 4.3; NULL without reviews). `static-host check-db` holds them against the reviews.
-- The older `rating` column is the demo catalogue's own figure and stays as it is.
ALTER TABLE products ADD COLUMN rating_1 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN rating_2 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN rating_3 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN rating_4 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN rating_5 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN rating_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN rating_average_tenths INTEGER;

-- "4 stars & up" (`min_rating`) and the `top_rated` order read this index: a range of
-- the average within the service, best first, ties by the number of reviews. As the
-- other listing indexes (migration 0008) it ends with the shop and the category, so
-- the district and category filters are decided on its entries. NULLs sort last in a
-- descending order: products without reviews come after every rated one.
CREATE INDEX products_by_top_rated ON products(
    service_id, rating_average_tenths DESC, rating_count DESC, id, branch_id, category_id);
