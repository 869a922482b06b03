-- Issue 42 section 3, the lowest price of the last 30 days (Consumer Protection Act § 12a, decision 0063):
-- every variant's price per currency from the moment it took effect. A trigger writes it, so a price
-- written by any path (the shop's services, `npm run stock -- price`, the seed, the bench catalog, a
-- psql UPDATE) is recorded by the same transaction, and a rollback leaves no row.
CREATE TABLE "VariantPriceChange" (
    "id" SERIAL NOT NULL,
    "variantId" INTEGER NOT NULL,
    "currency" "Currency" NOT NULL,
    "price" INTEGER,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "VariantPriceChange_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "VariantPriceChange_variantId_at_idx" ON "VariantPriceChange"("variantId", "at");

ALTER TABLE "VariantPriceChange" ADD CONSTRAINT "VariantPriceChange_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "Variant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A row per currency whose column changed (the euro column may be NULL: the euro price then follows the
-- crown price at the shop's rate, which services/lowest-price.ts applies when it reads the history).
CREATE OR REPLACE FUNCTION "variant_price_history"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."priceCzk" IS DISTINCT FROM OLD."priceCzk" THEN
    INSERT INTO "VariantPriceChange" ("variantId", "currency", "price") VALUES (NEW."id", 'CZK', NEW."priceCzk");
  END IF;
  IF TG_OP = 'INSERT' OR NEW."priceEur" IS DISTINCT FROM OLD."priceEur" THEN
    INSERT INTO "VariantPriceChange" ("variantId", "currency", "price") VALUES (NEW."id", 'EUR', NEW."priceEur");
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Variant_price_history" AFTER INSERT OR UPDATE OF "priceCzk", "priceEur" ON "Variant" FOR EACH ROW EXECUTE FUNCTION "variant_price_history"();

-- The variants that exist today start their history now: nothing older is known, so no reduction of
-- theirs shows a struck-through price until 30 days have passed (decision 0063).
INSERT INTO "VariantPriceChange" ("variantId", "currency", "price")
SELECT "id", 'CZK'::"Currency", "priceCzk" FROM "Variant"
UNION ALL
SELECT "id", 'EUR'::"Currency", "priceEur" FROM "Variant";
