-- Issue 41, the event seam (docs/decisions/0055): what the app changed, as typed events recorded in the
-- writing transaction (bff/src/events/record.ts). Every shop instance reads the new rows (a few times a
-- second, and at once when another instance nudges it through Redis) and hands them to its subscribers
-- (the response cache's purge per tag, the seat pickers, the mail sender); old rows are pruned.
CREATE TABLE "ChangeEvent" (
    "id" BIGSERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "instance" TEXT,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ChangeEvent_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "ChangeEvent_at_idx" ON "ChangeEvent"("at");

-- The coarse fallback stays for writes the app did not describe (psql, an old script): they move the
-- counter and every instance drops its whole cache. A transaction of the app that records its changes
-- sets shop.changes_recorded first; its catalog writes then only note that they happened
-- (shop.catalog_written), and inTransaction moves the counter itself if it recorded no event.
CREATE OR REPLACE FUNCTION "response_cache_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.changes_recorded', true) = 'on' THEN
    PERFORM set_config('shop.catalog_written', 'on', true);
  ELSE
    PERFORM nextval('response_cache_version');
  END IF;
  RETURN NULL;
END;
$$;

-- public tables added after the counter, whose writes only the statement watcher saw (it is gone)
CREATE TRIGGER "PickupPoint_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "PickupPoint" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "Venue_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Venue" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "Event_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Event" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "SeatCategory_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "SeatCategory" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
