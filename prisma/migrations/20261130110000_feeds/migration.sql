-- Issue 44 section 1: the price comparison feeds (Heureka, Zboží.cz, Google; docs/decisions/0073).

-- A variant's GTIN (EAN-13, EAN-8, UPC-A, GTIN-14): optional, unique, its GS1 check digit right
-- (schema/rules/gtin.ts says the same; the database refuses what psql would slip past it).
CREATE FUNCTION "gtin_valid"(code TEXT) RETURNS BOOLEAN LANGUAGE sql IMMUTABLE AS $$
  SELECT code ~ '^([0-9]{8}|[0-9]{12,14})$'
     AND (10 - (SELECT sum(substr(reverse(code), i, 1)::int * CASE WHEN i % 2 = 0 THEN 3 ELSE 1 END)
                  FROM generate_series(2, length(code)) AS i) % 10) % 10 = right(code, 1)::int
$$;
ALTER TABLE "Variant" ADD COLUMN "gtin" TEXT;
ALTER TABLE "Variant" ADD CONSTRAINT "Variant_gtin_check" CHECK ("gtin" IS NULL OR "gtin_valid"("gtin"));
CREATE UNIQUE INDEX "Variant_gtin_key" ON "Variant"("gtin");

-- Where a category sits in Heureka's tree ("Heureka.cz | Oblečení a móda | …") and Google's product
-- taxonomy ("Apparel & Accessories > Clothing > …" or its numeric id); null: the feeds fall back to
-- the shop's own path (Heureka) or leave g:google_product_category out.
ALTER TABLE "Category" ADD COLUMN "heurekaCategory" TEXT;
ALTER TABLE "Category" ADD COLUMN "googleCategory" TEXT;
ALTER TABLE "Category" ADD CONSTRAINT "Category_heurekaCategory_check" CHECK (length("heurekaCategory") <= 255);
ALTER TABLE "Category" ADD CONSTRAINT "Category_googleCategory_check" CHECK (length("googleCategory") <= 255);

-- Who writes the feed files right now: one writer across instances, for a bounded time (a writer that
-- died leaves a lease that runs out), and when the last good run began (a change before that is in
-- its files already). See bff/src/services/feeds/lease.ts.
CREATE TABLE "FeedWriter" (
  "name"        TEXT PRIMARY KEY,
  "holder"      TEXT,
  "lockedUntil" TIMESTAMPTZ(3) NOT NULL DEFAULT '-infinity',
  "startedAt"   TIMESTAMPTZ(3)
);
INSERT INTO "FeedWriter" ("name") VALUES ('feeds');
