-- Issue 10, search: the catalog search looks for every word of the query inside "searchText" (lower
-- case, without diacritics), i.e. LIKE '%word%', which read every product. A trigram GIN index
-- answers such a LIKE from the index. pg_trgm ships with PostgreSQL's contrib (a trusted extension)
-- and with PGlite (loaded by bff/src/db/embedded.ts); unaccent is created beside it for the
-- full-text search still to come (docs/performance.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE INDEX "ProductTranslation_searchText_trgm_idx" ON "ProductTranslation" USING gin ("searchText" gin_trgm_ops);
