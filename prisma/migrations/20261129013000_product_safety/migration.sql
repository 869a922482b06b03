-- Issue 42 item 4, product safety information (GPSR, Regulation (EU) 2023/988 Art. 19; decision
-- 0064): the manufacturer's postal and electronic address, an EU responsible person for a product
-- whose manufacturer is not established in the Union, and safety information per product and language.

-- The member states of the European Union (ISO 3166-1 alpha-2), for the rule below and the responsible
-- person's own address.
CREATE FUNCTION "is_eu_member_state"(code TEXT) RETURNS BOOLEAN LANGUAGE sql IMMUTABLE AS $$
  SELECT code IN ('AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
                  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK')
$$;

-- Nullable: manufacturers recorded before this migration have no address yet. A product of such a
-- manufacturer can still be sold as it is, but is refused at its next write without a responsible
-- person (the rule below), and the seed fills every address.
ALTER TABLE "Manufacturer" ADD COLUMN "street" TEXT;
ALTER TABLE "Manufacturer" ADD COLUMN "city" TEXT;
ALTER TABLE "Manufacturer" ADD COLUMN "postalCode" TEXT;
ALTER TABLE "Manufacturer" ADD COLUMN "countryCode" TEXT;
ALTER TABLE "Manufacturer" ADD COLUMN "electronicAddress" TEXT;
ALTER TABLE "Manufacturer" ADD CONSTRAINT "Manufacturer_countryCode_check" CHECK ("countryCode" ~ '^[A-Z]{2}$');

-- The economic operator established in the Union that answers for a product made outside it (GPSR
-- Art. 16): an importer or an authorised representative. Its address must be in the Union.
CREATE TABLE "ResponsiblePerson" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "street" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "postalCode" TEXT NOT NULL,
    "countryCode" TEXT NOT NULL,
    "electronicAddress" TEXT NOT NULL,
    CONSTRAINT "ResponsiblePerson_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ResponsiblePerson_countryCode_check" CHECK ("is_eu_member_state"("countryCode"))
);
CREATE UNIQUE INDEX "ResponsiblePerson_name_key" ON "ResponsiblePerson"("name");

ALTER TABLE "Product" ADD COLUMN "responsiblePersonId" INTEGER;
ALTER TABLE "Product" ADD CONSTRAINT "Product_responsiblePersonId_fkey" FOREIGN KEY ("responsiblePersonId") REFERENCES "ResponsiblePerson"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "Product_responsiblePersonId_idx" ON "Product"("responsiblePersonId");

-- Warnings and safety information in each language (plain text, paragraphs split by blank lines).
ALTER TABLE "ProductTranslation" ADD COLUMN "safetyInformation" TEXT NOT NULL DEFAULT '';

-- The rule: a product whose manufacturer is not known to be established in a member state names an EU
-- responsible person. Checked wherever a product is written (the seed, psql, a future import), as a
-- trigger because a CHECK cannot read the manufacturer's row; only when the columns it depends on change,
-- so a sale (soldCount) or a price change never pays for it.
CREATE FUNCTION "product_responsible_person_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  maker "Manufacturer";
BEGIN
  IF NEW."responsiblePersonId" IS NOT NULL THEN RETURN NULL; END IF;
  SELECT * INTO maker FROM "Manufacturer" WHERE "id" = NEW."manufacturerId";
  IF maker."countryCode" IS NULL OR NOT "is_eu_member_state"(maker."countryCode") THEN
    RAISE EXCEPTION 'Product % needs an EU responsible person: its manufacturer % is established outside the European Union (country %). Set "responsiblePersonId" (GPSR, Regulation (EU) 2023/988, Art. 16 and 19).',
      NEW."code", maker."name", coalesce(maker."countryCode", 'unknown')
      USING ERRCODE = 'check_violation', CONSTRAINT = 'Product_eu_responsible_person';
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Product_eu_responsible_person"
  AFTER INSERT OR UPDATE OF "manufacturerId", "responsiblePersonId" ON "Product"
  FOR EACH ROW
  EXECUTE FUNCTION "product_responsible_person_check"();

-- and the other side of it: a manufacturer moved outside the Union while a product of it names no one
CREATE FUNCTION "manufacturer_responsible_person_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orphan TEXT;
BEGIN
  IF NEW."countryCode" IS NOT NULL AND "is_eu_member_state"(NEW."countryCode") THEN RETURN NULL; END IF;
  SELECT "code" INTO orphan FROM "Product" WHERE "manufacturerId" = NEW."id" AND "responsiblePersonId" IS NULL LIMIT 1;
  IF orphan IS NOT NULL THEN
    RAISE EXCEPTION 'Manufacturer % cannot be established outside the European Union (country %) while its product % names no EU responsible person (GPSR, Regulation (EU) 2023/988, Art. 16 and 19).',
      NEW."name", coalesce(NEW."countryCode", 'unknown'), orphan
      USING ERRCODE = 'check_violation', CONSTRAINT = 'Product_eu_responsible_person';
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Manufacturer_eu_responsible_person"
  AFTER UPDATE OF "countryCode" ON "Manufacturer"
  FOR EACH ROW
  EXECUTE FUNCTION "manufacturer_responsible_person_check"();

-- a public page shows it: a write the app did not describe drops the cached pages (as for Manufacturer)
CREATE TRIGGER "ResponsiblePerson_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ResponsiblePerson" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
