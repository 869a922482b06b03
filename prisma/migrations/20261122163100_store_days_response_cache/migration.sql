-- Store pages show the special days (holidays, special hours): a change to them by any process drops
-- the anonymous response cache, like a change to the stores' other tables (migration 20261122162000).
CREATE TRIGGER "StoreSpecialDay_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "StoreSpecialDay" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
