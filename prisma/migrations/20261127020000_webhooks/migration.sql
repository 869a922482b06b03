-- Webhooks for partner tokens (issue 27, requirements W1, W2, F1, F2; docs/decisions/0040).

-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('PENDING', 'SENDING', 'DELIVERED', 'FAILED');

-- Set while one of the token's endpoints is switched off after 24 hours of failures (extensions.warnings).
ALTER TABLE "ApiToken" ADD COLUMN "webhooksDisabledAt" TIMESTAMPTZ(3);

CREATE TABLE "WebhookEndpoint" (
    "id" SERIAL NOT NULL,
    "apiTokenId" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "topics" TEXT[] NOT NULL,
    "secret" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "failingSince" TIMESTAMPTZ(3),
    "disabledAt" TIMESTAMPTZ(3),
    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "WebhookEndpoint_topics_known" CHECK (
      cardinality("topics") > 0 AND "topics" <@ ARRAY['product.updated', 'stock.changed', 'order.created', 'order.paid']::TEXT[]),
    CONSTRAINT "WebhookEndpoint_secret_format" CHECK ("secret" ~ '^whsec_[A-Za-z0-9+/]{43}=$')
);

-- The outbox: one row per event and subscribed endpoint; its id is the webhook-id of every attempt.
CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL,
    "endpointId" INTEGER NOT NULL,
    "topic" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMPTZ(3),
    "lastStatus" INTEGER,
    "lastError" TEXT,
    "deliveredAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "WebhookDelivery_attempts_nonnegative" CHECK ("attempts" >= 0)
);

-- CreateIndex
CREATE INDEX "WebhookEndpoint_apiTokenId_idx" ON "WebhookEndpoint"("apiTokenId");
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_idx" ON "WebhookDelivery"("status", "nextAttemptAt");
CREATE INDEX "WebhookDelivery_endpointId_createdAt_idx" ON "WebhookDelivery"("endpointId", "createdAt");

-- AddForeignKey
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_apiTokenId_fkey" FOREIGN KEY ("apiTokenId") REFERENCES "ApiToken"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Events are written by triggers, so every path that changes stock, prices or orders (the stock command,
-- a CSV import, placing or cancelling an order, SQL typed by hand) writes its deliveries in its own
-- transaction: a change that rolls back sends nothing, one that commits is never missed.
-- One row per live endpoint (not switched off, its token not revoked) subscribed to the topic; for
-- order topics only the endpoints of the token whose cart became the order (a partner hears about its
-- own orders, never another's).
CREATE FUNCTION "webhook_enqueue"(event_topic TEXT, token_id INTEGER, event_data JSONB) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- createdAt from the clock, not the transaction's start: two events of one transaction keep their order
  INSERT INTO "WebhookDelivery" ("id", "endpointId", "topic", "payload", "createdAt")
  SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), e."id", event_topic,
         jsonb_build_object('type', event_topic,
                            'timestamp', to_char(CURRENT_TIMESTAMP AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                            'data', event_data),
         clock_timestamp()
    FROM "WebhookEndpoint" e
    JOIN "ApiToken" t ON t."id" = e."apiTokenId"
   WHERE e."disabledAt" IS NULL AND t."revokedAt" IS NULL
     AND event_topic = ANY (e."topics")
     AND (token_id IS NULL OR e."apiTokenId" = token_id);
END
$$;

CREATE FUNCTION "webhook_variant_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product_code TEXT := (SELECT "code" FROM "Product" WHERE "id" = NEW."productId");
  changed TEXT[] := ARRAY[]::TEXT[];
BEGIN
  IF OLD."stock" IS DISTINCT FROM NEW."stock" THEN
    PERFORM "webhook_enqueue"('stock.changed', NULL, jsonb_build_object(
      'productCode', product_code, 'variantCode', NEW."code", 'stock', NEW."stock", 'previousStock', OLD."stock"));
  END IF;
  IF OLD."priceCzk" IS DISTINCT FROM NEW."priceCzk" THEN changed := changed || 'priceCzk'::TEXT; END IF;
  IF OLD."priceEur" IS DISTINCT FROM NEW."priceEur" THEN changed := changed || 'priceEur'::TEXT; END IF;
  IF OLD."originalPriceCzk" IS DISTINCT FROM NEW."originalPriceCzk" THEN changed := changed || 'originalPriceCzk'::TEXT; END IF;
  IF OLD."originalPriceEur" IS DISTINCT FROM NEW."originalPriceEur" THEN changed := changed || 'originalPriceEur'::TEXT; END IF;
  IF cardinality(changed) > 0 THEN
    PERFORM "webhook_enqueue"('product.updated', NULL, jsonb_build_object(
      'productCode', product_code, 'variantCode', NEW."code", 'changed', to_jsonb(changed)));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Variant_webhooks"
  AFTER UPDATE OF "stock", "priceCzk", "priceEur", "originalPriceCzk", "originalPriceEur" ON "Variant"
  FOR EACH ROW
  EXECUTE FUNCTION "webhook_variant_changed"();

CREATE FUNCTION "webhook_product_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed TEXT[] := ARRAY[]::TEXT[];
BEGIN
  IF OLD."published" IS DISTINCT FROM NEW."published" THEN changed := changed || 'published'::TEXT; END IF;
  IF OLD."isNew" IS DISTINCT FROM NEW."isNew" THEN changed := changed || 'isNew'::TEXT; END IF;
  IF OLD."isSale" IS DISTINCT FROM NEW."isSale" THEN changed := changed || 'isSale'::TEXT; END IF;
  IF OLD."vatRate" IS DISTINCT FROM NEW."vatRate" THEN changed := changed || 'vatRate'::TEXT; END IF;
  IF cardinality(changed) > 0 THEN
    PERFORM "webhook_enqueue"('product.updated', NULL, jsonb_build_object(
      'productCode', NEW."code", 'variantCode', NULL, 'changed', to_jsonb(changed)));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Product_webhooks"
  AFTER UPDATE OF "published", "isNew", "isSale", "vatRate" ON "Product"
  FOR EACH ROW
  EXECUTE FUNCTION "webhook_product_changed"();

-- Orders: what a partner needs to match its own records, and no personal data.
CREATE FUNCTION "webhook_order_data"(o "Order") RETURNS JSONB LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('orderNumber', o."number", 'status', o."status"::TEXT, 'currency', o."currency"::TEXT,
                            'totalGross', o."totalGross")
$$;

CREATE FUNCTION "webhook_order_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  token_id INTEGER := (SELECT "apiTokenId" FROM "Cart" WHERE "id" = NEW."cartId");
BEGIN
  IF token_id IS NULL THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM "webhook_enqueue"('order.created', token_id, "webhook_order_data"(NEW));
  ELSIF NEW."status" = 'PAID' AND OLD."status" IS DISTINCT FROM 'PAID' THEN
    PERFORM "webhook_enqueue"('order.paid', token_id, "webhook_order_data"(NEW));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Order_webhooks_created"
  AFTER INSERT ON "Order"
  FOR EACH ROW
  EXECUTE FUNCTION "webhook_order_changed"();

CREATE TRIGGER "Order_webhooks_paid"
  AFTER UPDATE OF "status" ON "Order"
  FOR EACH ROW
  WHEN (NEW."status" = 'PAID' AND OLD."status" IS DISTINCT FROM 'PAID')
  EXECUTE FUNCTION "webhook_order_changed"();
