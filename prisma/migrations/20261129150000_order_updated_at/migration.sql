-- Issue 43 section 2: a warehouse or ERP app asks "which orders changed since" (Query.orders with
-- updatedSince). Every change of an order's row stamps it, whoever writes it (services, commands, psql),
-- and the index serves the partner's keyset walk over (updatedAt, id).
ALTER TABLE "Order" ADD COLUMN "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
UPDATE "Order" SET "updatedAt" = "createdAt";

CREATE OR REPLACE FUNCTION "order_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updatedAt" := CURRENT_TIMESTAMP;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "order_updated_at" BEFORE UPDATE ON "Order"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "order_updated_at"();

CREATE INDEX "Order_updatedAt_id_idx" ON "Order"("updatedAt", "id");
