-- Issue 10, search tolerates typos: every word of the products' search texts (letters only, 4 to 40 of
-- them) is kept once per language in "SearchWord". A search word the catalog does not know is compared
-- with this vocabulary (bff/src/services/product-search.ts): the words one edit away from it (a letter
-- missing, extra, wrong or two letters swapped) are looked up by primary key, so "slvaie" finds
-- "slavie". Triggers keep the vocabulary in step with the translations, whoever writes them; a word
-- that no product uses any more stays and simply matches nothing.
CREATE TABLE "SearchWord" (
    "language" "Language" NOT NULL,
    "word" TEXT NOT NULL,

    CONSTRAINT "SearchWord_pkey" PRIMARY KEY ("language", "word")
);

CREATE FUNCTION "search_words_collect"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "SearchWord" (language, word)
  SELECT DISTINCT changed.language, w
    FROM changed, regexp_split_to_table(changed."searchText", '[^a-z]+') AS w
   WHERE length(w) BETWEEN 4 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "ProductTranslation_search_words_insert" AFTER INSERT ON "ProductTranslation"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "search_words_collect"();
CREATE TRIGGER "ProductTranslation_search_words_update" AFTER UPDATE ON "ProductTranslation"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "search_words_collect"();

INSERT INTO "SearchWord" (language, word)
SELECT DISTINCT t.language, w
  FROM "ProductTranslation" t, regexp_split_to_table(t."searchText", '[^a-z]+') AS w
 WHERE length(w) BETWEEN 4 AND 40
ON CONFLICT DO NOTHING;
