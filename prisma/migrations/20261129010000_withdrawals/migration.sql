-- Withdrawal from the contract (odstoupení od smlouvy; issue 42, docs/decisions/0061): one row per
-- declaration with its order lines and pieces, and the partner webhook order.withdrawn.

-- CreateEnum
CREATE TYPE "WithdrawalState" AS ENUM ('PENDING_CONFIRMATION', 'CONFIRMED', 'GOODS_RECEIVED', 'REFUNDED');

CREATE TABLE "Withdrawal" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "customerId" INTEGER,
    "state" "WithdrawalState" NOT NULL,
    "language" "Language" NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "refundAccount" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "tokenHash" TEXT,
    "tokenExpiresAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "receivedAt" TIMESTAMPTZ(3),
    "goodsReceivedAt" TIMESTAMPTZ(3),
    "refundedAt" TIMESTAMPTZ(3),
    "refundAmount" INTEGER,
    CONSTRAINT "Withdrawal_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Withdrawal_refund_nonnegative" CHECK ("refundAmount" IS NULL OR "refundAmount" >= 0)
);

CREATE TABLE "WithdrawalItem" (
    "id" SERIAL NOT NULL,
    "withdrawalId" INTEGER NOT NULL,
    "orderLineId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    CONSTRAINT "WithdrawalItem_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "WithdrawalItem_quantity_positive" CHECK ("quantity" > 0)
);

-- CreateIndex
CREATE UNIQUE INDEX "Withdrawal_tokenHash_key" ON "Withdrawal"("tokenHash");
CREATE INDEX "Withdrawal_orderId_idx" ON "Withdrawal"("orderId");
CREATE INDEX "Withdrawal_state_idx" ON "Withdrawal"("state");
CREATE UNIQUE INDEX "WithdrawalItem_withdrawalId_orderLineId_key" ON "WithdrawalItem"("withdrawalId", "orderLineId");
CREATE INDEX "WithdrawalItem_orderLineId_idx" ON "WithdrawalItem"("orderLineId");

-- AddForeignKey
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WithdrawalItem" ADD CONSTRAINT "WithdrawalItem_withdrawalId_fkey" FOREIGN KEY ("withdrawalId") REFERENCES "Withdrawal"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WithdrawalItem" ADD CONSTRAINT "WithdrawalItem_orderLineId_fkey" FOREIGN KEY ("orderLineId") REFERENCES "OrderLine"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The webhook order.withdrawn (needs the cart scope, as the other order topics): written by a trigger
-- when a declaration becomes CONFIRMED, in its transaction, for the token whose cart became the order.
ALTER TABLE "WebhookEndpoint" DROP CONSTRAINT "WebhookEndpoint_topics_known";
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_topics_known" CHECK (
  cardinality("topics") > 0 AND "topics" <@ ARRAY['product.updated', 'stock.changed', 'order.created', 'order.paid', 'order.withdrawn']::TEXT[]);

CREATE FUNCTION "webhook_withdrawal_confirmed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o "Order";
  token_id INTEGER;
BEGIN
  SELECT * INTO o FROM "Order" WHERE "id" = NEW."orderId";
  token_id := (SELECT "apiTokenId" FROM "Cart" WHERE "id" = o."cartId");
  IF token_id IS NULL THEN RETURN NULL; END IF;
  PERFORM "webhook_enqueue"('order.withdrawn', token_id, "webhook_order_data"(o) || jsonb_build_object(
    'withdrawalId', NEW."id",
    'receivedAt', to_char(NEW."receivedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'items', (SELECT coalesce(jsonb_agg(jsonb_build_object('productCode', l."productCode", 'variantCode', l."variantCode", 'quantity', i."quantity") ORDER BY l."id"), '[]'::jsonb)
                FROM "WithdrawalItem" i JOIN "OrderLine" l ON l."id" = i."orderLineId" WHERE i."withdrawalId" = NEW."id")));
  RETURN NULL;
END
$$;

-- Constraint triggers, deferred to the commit: the declaration's items are written after its row.
CREATE CONSTRAINT TRIGGER "Withdrawal_webhooks_confirmed_insert"
  AFTER INSERT ON "Withdrawal"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (NEW."state" = 'CONFIRMED')
  EXECUTE FUNCTION "webhook_withdrawal_confirmed"();

CREATE CONSTRAINT TRIGGER "Withdrawal_webhooks_confirmed_update"
  AFTER UPDATE OF "state" ON "Withdrawal"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (NEW."state" = 'CONFIRMED' AND OLD."state" = 'PENDING_CONFIRMATION')
  EXECUTE FUNCTION "webhook_withdrawal_confirmed"();
