-- Wishlists and availability watch (issue 9 items 1 and 2; docs/decisions/0018-wishlists-and-watch.md).

-- One wishlist per owner: a customer's, or a guest session's (keyed like its cart by the SHA-256 of the
-- session id), never both and never neither. Unique keys make "one per owner" a database fact, so two
-- first hearts sent at once meet on one row.
ALTER TABLE "Wishlist" ALTER COLUMN "customerId" DROP NOT NULL;
ALTER TABLE "Wishlist" ADD COLUMN "sessionKey" TEXT;
DROP INDEX "Wishlist_customerId_idx";
-- no code created wishlists before this migration; should a customer have several, keep the oldest
DELETE FROM "Wishlist" w WHERE EXISTS (SELECT 1 FROM "Wishlist" o WHERE o."customerId" = w."customerId" AND o."id" < w."id");
CREATE UNIQUE INDEX "Wishlist_customerId_key" ON "Wishlist"("customerId");
CREATE UNIQUE INDEX "Wishlist_sessionKey_key" ON "Wishlist"("sessionKey");
ALTER TABLE "Wishlist" ADD CONSTRAINT "Wishlist_one_owner" CHECK (("customerId" IS NULL) <> ("sessionKey" IS NULL));

-- The unsubscribe link of a watch's e-mail: 244 random bits from two version-4 UUIDs for rows that
-- exist already (none did; the service gives new rows 192 bits from Node's CSPRNG).
ALTER TABLE "AvailabilityWatch" ADD COLUMN "unsubscribeToken" TEXT;
UPDATE "AvailabilityWatch" SET "unsubscribeToken" = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
ALTER TABLE "AvailabilityWatch" ALTER COLUMN "unsubscribeToken" SET NOT NULL;
CREATE UNIQUE INDEX "AvailabilityWatch_unsubscribeToken_key" ON "AvailabilityWatch"("unsubscribeToken");
CREATE INDEX "AvailabilityWatch_email_idx" ON "AvailabilityWatch"("email");

-- When a variant's stock goes from 0 to more than 0, by whatever path (the stock command, a CSV import,
-- an order cancellation, the seed, SQL typed by hand), every armed watch of that variant is marked
-- notified and gets one e-mail in the outbox, in the same transaction as the stock change. The
-- application's mail sender delivers it (bff/src/mail); the row lock of the variant serialises two
-- such updates, so a watch is never enqueued twice.
CREATE FUNCTION "availability_watch_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH due AS (
    UPDATE "AvailabilityWatch"
       SET "notifiedAt" = (CURRENT_TIMESTAMP AT TIME ZONE 'UTC')
     WHERE "variantId" = NEW."id" AND "notifiedAt" IS NULL
    RETURNING "id", "email", "language", "notifiedAt")
  INSERT INTO "MailOutbox" ("kind", "recipient", "language", "payload", "dedupeKey")
  SELECT 'availabilityWatch', due."email", due."language", jsonb_build_object('watchId', due."id"),
         'availabilityWatch:' || due."id" || ':' || to_char(due."notifiedAt", 'YYYYMMDDHH24MISSUS')
    FROM due
  ON CONFLICT ("dedupeKey") DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Variant_availability_watch"
  AFTER UPDATE OF "stock" ON "Variant"
  FOR EACH ROW
  WHEN (OLD."stock" = 0 AND NEW."stock" > 0)
  EXECUTE FUNCTION "availability_watch_notify"();
