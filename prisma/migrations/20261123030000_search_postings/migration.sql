-- Issue 10, search at 100 000 products: a search for one broad word ("dres" in 6 250 of 100 000
-- products) read every translation (LIKE through the trigram index is no cheaper when a word is
-- everywhere) and joined every product for its sales, ~40 ms of database time. These tables answer
-- it from indexes alone, ~8 ms (bff/src/services/catalog.ts, docs/decisions/0021-search.md):
--
-- "SearchToken": every distinct token of the search texts per language, a token being what lies
--   between spaces ("dres", "slavie,", "100%"). A search word has no space, so it occurs in a search
--   text exactly when it occurs inside one of its tokens; the trigram index finds those tokens.
-- "SearchPosting": which product has which token, with the product's sales and whether it is
--   published, so that the matches are counted and ranked from the primary key alone
--   (an index-only scan).
--
-- Triggers keep both in step with the translations and the products, whoever writes them. A token
-- that no product uses any more stays in "SearchToken" and simply matches no posting.
CREATE TABLE "SearchToken" (
    "language" "Language" NOT NULL,
    "token" TEXT NOT NULL,

    CONSTRAINT "SearchToken_pkey" PRIMARY KEY ("language", "token")
);

-- fastupdate off: new tokens go into the index at once instead of a pending list that every search
-- would read through until the next vacuum (new tokens are rare; searches are not)
CREATE INDEX "SearchToken_token_trgm_idx" ON "SearchToken" USING gin ("token" gin_trgm_ops) WITH (fastupdate = off);

-- the same for the search texts' own trigram index (searches with a filter go through it)
ALTER INDEX "ProductTranslation_searchText_trgm_idx" SET (fastupdate = off);

CREATE TABLE "SearchPosting" (
    "language" "Language" NOT NULL,
    "token" TEXT NOT NULL,
    "productId" INTEGER NOT NULL,
    "soldCount" INTEGER NOT NULL,
    "published" BOOLEAN NOT NULL,

    CONSTRAINT "SearchPosting_pkey" PRIMARY KEY ("language", "token", "productId") INCLUDE ("soldCount", "published")
);

CREATE INDEX "SearchPosting_productId_idx" ON "SearchPosting"("productId");

ALTER TABLE "SearchPosting" ADD CONSTRAINT "SearchPosting_productId_fkey"
  FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- a translation written: its postings again, and its tokens
CREATE FUNCTION "search_postings_collect"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END;
$$;

CREATE TRIGGER "ProductTranslation_search_postings_insert" AFTER INSERT ON "ProductTranslation"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "search_postings_collect"();
CREATE TRIGGER "ProductTranslation_search_postings_update" AFTER UPDATE ON "ProductTranslation"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "search_postings_collect"();

CREATE FUNCTION "search_postings_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "SearchPosting" s USING gone
   WHERE s."productId" = gone."productId" AND s.language = gone.language;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "ProductTranslation_search_postings_delete" AFTER DELETE ON "ProductTranslation"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "search_postings_forget"();

-- a product's sales (every order) or publication changed: its postings follow
CREATE FUNCTION "search_postings_product"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "SearchPosting" s
     SET "soldCount" = changed."soldCount", published = changed.published
    FROM changed
   WHERE s."productId" = changed.id
     AND (s."soldCount" <> changed."soldCount" OR s.published <> changed.published);
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Product_search_postings" AFTER UPDATE ON "Product"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "search_postings_product"();

INSERT INTO "SearchPosting" (language, token, "productId", "soldCount", published)
SELECT DISTINCT t.language, token, t."productId", p."soldCount", p.published
  FROM "ProductTranslation" t
  JOIN "Product" p ON p.id = t."productId",
       regexp_split_to_table(t."searchText", ' ') AS token
 WHERE token <> '';

INSERT INTO "SearchToken" (language, token)
SELECT DISTINCT language, token FROM "SearchPosting";
