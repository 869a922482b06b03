-- Issue 41, searches of several words at a million products: each word's postings were collected and
-- joined ("dres sparty domaci": 62 500, 83 000 and 125 000 postings for 2 976 products), 350-600 ms of
-- database time. "SearchDocument" holds each translation's tokens as one array with the product's
-- sales and publication, and a GIN index on the array intersects the words' lists inside the index
-- (~8 ms); only the matching rows are then read, ~55 ms for the same search
-- (bff/src/services/catalog.ts `documentMatches`, docs/decisions/0021-search.md).
--
-- The postings stay: a search of one word is read from their sales-order index. The same triggers
-- keep both in step with the translations and the products, whoever writes them.
CREATE TABLE "SearchDocument" (
    "language" "Language" NOT NULL,
    "productId" INTEGER NOT NULL,
    "tokens" TEXT[] NOT NULL,
    "soldCount" INTEGER NOT NULL,
    "published" BOOLEAN NOT NULL,

    CONSTRAINT "SearchDocument_pkey" PRIMARY KEY ("language", "productId")
);

ALTER TABLE "SearchDocument" ADD CONSTRAINT "SearchDocument_productId_fkey"
  FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- fastupdate off: a renamed product is found by its new words at once, not after the next vacuum
CREATE INDEX "SearchDocument_tokens_idx" ON "SearchDocument" USING gin ("tokens") WITH (fastupdate = off);

-- a translation written: its postings again, its tokens, and its document
CREATE OR REPLACE FUNCTION "search_postings_collect"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "SearchPosting" s USING changed
   WHERE s."productId" = changed."productId" AND s.language = changed.language;
  WITH posted AS (
    INSERT INTO "SearchPosting" (language, token, "productId", "soldCount", published)
    SELECT DISTINCT changed.language, token, changed."productId", p."soldCount", p.published
      FROM changed
      JOIN "Product" p ON p.id = changed."productId",
           regexp_split_to_table(changed."searchText", ' ') AS token
     WHERE token <> ''
    RETURNING language, token
  )
  INSERT INTO "SearchToken" (language, token)
  SELECT DISTINCT language, token FROM posted
  ON CONFLICT DO NOTHING;
  INSERT INTO "SearchDocument" (language, "productId", tokens, "soldCount", published)
  SELECT changed.language, changed."productId", array_remove(string_to_array(changed."searchText", ' '), ''), p."soldCount", p.published
    FROM changed
    JOIN "Product" p ON p.id = changed."productId"
  ON CONFLICT (language, "productId") DO UPDATE
    SET tokens = EXCLUDED.tokens, "soldCount" = EXCLUDED."soldCount", published = EXCLUDED.published;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION "search_postings_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "SearchPosting" s USING gone
   WHERE s."productId" = gone."productId" AND s.language = gone.language;
  DELETE FROM "SearchDocument" d USING gone
   WHERE d."productId" = gone."productId" AND d.language = gone.language;
  RETURN NULL;
END;
$$;

-- a product's sales (every order) or publication changed: its postings and documents follow
CREATE OR REPLACE FUNCTION "search_postings_product"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "SearchPosting" s
     SET "soldCount" = changed."soldCount", published = changed.published
    FROM changed
   WHERE s."productId" = changed.id
     AND (s."soldCount" <> changed."soldCount" OR s.published <> changed.published);
  UPDATE "SearchDocument" d
     SET "soldCount" = changed."soldCount", published = changed.published
    FROM changed
   WHERE d."productId" = changed.id
     AND (d."soldCount" <> changed."soldCount" OR d.published <> changed.published);
  RETURN NULL;
END;
$$;

INSERT INTO "SearchDocument" (language, "productId", tokens, "soldCount", published)
SELECT t.language, t."productId", array_remove(string_to_array(t."searchText", ' '), ''), p."soldCount", p.published
  FROM "ProductTranslation" t
  JOIN "Product" p ON p.id = t."productId";
