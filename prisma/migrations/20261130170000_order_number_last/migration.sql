-- Issue 41: an order is written with a pending number ('pending-' and its cart's id) and gets its real
-- number as the last write of its transaction, so that the year's counter row is locked only from
-- there to the commit (services/orders.ts numberOrder). The order.created webhook carries the order's
-- number: it is enqueued when the order gets its number, not when the row with the pending one is
-- inserted. An order inserted with its number at once (a script, psql) is announced at its insert, as before.
CREATE OR REPLACE FUNCTION "webhook_order_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  token_id INTEGER := (SELECT "apiTokenId" FROM "Cart" WHERE "id" = NEW."cartId");
BEGIN
  IF NEW."number" LIKE 'pending-%' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' OR OLD."number" LIKE 'pending-%' THEN
    PERFORM "webhook_enqueue"('order.created', token_id, "webhook_order_data"(NEW));
  ELSIF NEW."status" = 'PAID' AND OLD."status" IS DISTINCT FROM 'PAID' THEN
    PERFORM "webhook_enqueue"('order.paid', token_id, "webhook_order_data"(NEW));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Order_webhooks_numbered"
  AFTER UPDATE OF "number" ON "Order"
  FOR EACH ROW
  WHEN (OLD."number" LIKE 'pending-%' AND NEW."number" NOT LIKE 'pending-%')
  EXECUTE FUNCTION "webhook_order_changed"();
