-- One order lifecycle (issue 43 §1, docs/decisions/0067): every move of an order's status is one row of
-- "OrderEvent" (from, to, when, who, the mover's idempotency key, details such as the carrier and the
-- tracking number), written by services/order-transitions.ts in the move's transaction, and the partner
-- webhook of each move (order.processing, order.shipped …) written by a trigger on that row.
-- (ALTER TYPE ... ADD VALUE runs inside the migration's transaction, but the new value cannot be used in
-- it: the trigger below compares the status as text, which it reads only when a row is inserted.)
ALTER TYPE "OrderStatus" ADD VALUE 'PICKED_UP';

CREATE TYPE "OrderActorKind" AS ENUM ('customer', 'shop', 'partner', 'job');

CREATE TABLE "OrderEvent" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "fromStatus" "OrderStatus" NOT NULL,
    "toStatus" "OrderStatus" NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorKind" "OrderActorKind" NOT NULL,
    "actorDetail" TEXT NOT NULL DEFAULT '',
    "idempotencyKey" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    CONSTRAINT "OrderEvent_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "OrderEvent_key_length" CHECK (char_length("idempotencyKey") BETWEEN 1 AND 200)
);

-- the same move asked twice with one key is done once: the second finds the first's row
CREATE UNIQUE INDEX "OrderEvent_orderId_idempotencyKey_key" ON "OrderEvent"("orderId", "idempotencyKey");
CREATE INDEX "OrderEvent_orderId_at_idx" ON "OrderEvent"("orderId", "at");
ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The shipment of a courier order (the carrier and tracking of its SHIPPED move), the store pickup's
-- deadline and its one reminder, and what a cancelled paid order owes the customer back.
ALTER TABLE "Order" ADD COLUMN "carrier" TEXT;
ALTER TABLE "Order" ADD COLUMN "trackingNumber" TEXT;
ALTER TABLE "Order" ADD COLUMN "trackingUrl" TEXT;
ALTER TABLE "Order" ADD COLUMN "pickupDeadline" TIMESTAMPTZ(3);
ALTER TABLE "Order" ADD COLUMN "pickupReminderSentAt" TIMESTAMPTZ(3);
ALTER TABLE "Order" ADD COLUMN "refundDue" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD CONSTRAINT "Order_refundDue_nonnegative" CHECK ("refundDue" >= 0);
-- the pickup reminder job reads the orders waiting at a store by their deadline
CREATE INDEX "Order_status_pickupDeadline_idx" ON "Order"("status", "pickupDeadline");
CREATE INDEX "Order_status_createdAt_idx" ON "Order"("status", "createdAt");

-- An order paid on handover (cash on delivery, paying in the store) has its payment recorded by the
-- DELIVERED / PICKED_UP move.
ALTER TABLE "OrderPayment" DROP CONSTRAINT "OrderPayment_source_known";
ALTER TABLE "OrderPayment" ADD CONSTRAINT "OrderPayment_source_known" CHECK ("source" IN ('command', 'bank-import', 'cash-on-delivery', 'in-store'));

-- The webhooks of the moves (needs the cart scope, as the other order topics), for the token whose
-- cart became the order. order.paid stays written by the Order trigger of 20261127020000_webhooks.
ALTER TABLE "WebhookEndpoint" DROP CONSTRAINT "WebhookEndpoint_topics_known";
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_topics_known" CHECK (
  cardinality("topics") > 0 AND "topics" <@ ARRAY['product.updated', 'stock.changed', 'order.created', 'order.paid', 'order.withdrawn',
    'order.processing', 'order.shipped', 'order.ready_for_pickup', 'order.delivered', 'order.picked_up', 'order.cancelled']::TEXT[]);

CREATE FUNCTION "webhook_order_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o "Order";
  token_id INTEGER;
  target TEXT := NEW."toStatus"::TEXT;
BEGIN
  IF target NOT IN ('PROCESSING', 'SHIPPED', 'READY_FOR_PICKUP', 'DELIVERED', 'PICKED_UP', 'CANCELLED') THEN RETURN NULL; END IF;
  SELECT * INTO o FROM "Order" WHERE "id" = NEW."orderId";
  token_id := (SELECT "apiTokenId" FROM "Cart" WHERE "id" = o."cartId");
  IF token_id IS NULL THEN RETURN NULL; END IF;
  PERFORM "webhook_enqueue"('order.' || lower(target), token_id, "webhook_order_data"(o) || jsonb_build_object(
    'previousStatus', NEW."fromStatus"::TEXT,
    'at', to_char(NEW."at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'by', NEW."actorKind"::TEXT) ||
    CASE target
      WHEN 'SHIPPED' THEN jsonb_build_object('carrier', o."carrier", 'trackingNumber', o."trackingNumber", 'trackingUrl', o."trackingUrl")
      WHEN 'READY_FOR_PICKUP' THEN jsonb_build_object('pickupDeadline', to_char(o."pickupDeadline" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      ELSE '{}'::jsonb
    END);
  RETURN NULL;
END
$$;

CREATE TRIGGER "OrderEvent_webhooks"
  AFTER INSERT ON "OrderEvent"
  FOR EACH ROW
  EXECUTE FUNCTION "webhook_order_moved"();
