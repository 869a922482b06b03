-- Issue 43 section 2: the shop's own warehouse or ERP app (a token with orders:read) hears every order's
-- webhooks, not only those of orders placed from its own carts. An order topic now goes to the endpoints
-- of the token whose cart became the order (as before) and to those of every token with orders:read;
-- an order placed in the browser has no such cart and is heard by the latter alone. Other topics are
-- unchanged. The order triggers no longer stop at an order without a partner's cart.
CREATE OR REPLACE FUNCTION "webhook_enqueue"(event_topic TEXT, token_id INTEGER, event_data JSONB) RETURNS void LANGUAGE plpgsql AS $$
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
     AND CASE WHEN event_topic LIKE 'order.%'
              THEN e."apiTokenId" IS NOT DISTINCT FROM token_id OR 'orders:read' = ANY (t."scopes")
              ELSE token_id IS NULL OR e."apiTokenId" = token_id
         END;
END
$$;

CREATE OR REPLACE FUNCTION "webhook_order_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  token_id INTEGER := (SELECT "apiTokenId" FROM "Cart" WHERE "id" = NEW."cartId");
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "webhook_enqueue"('order.created', token_id, "webhook_order_data"(NEW));
  ELSIF NEW."status" = 'PAID' AND OLD."status" IS DISTINCT FROM 'PAID' THEN
    PERFORM "webhook_enqueue"('order.paid', token_id, "webhook_order_data"(NEW));
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "webhook_order_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o "Order";
  token_id INTEGER;
  target TEXT := NEW."toStatus"::TEXT;
BEGIN
  IF target NOT IN ('PROCESSING', 'SHIPPED', 'READY_FOR_PICKUP', 'DELIVERED', 'PICKED_UP', 'CANCELLED') THEN RETURN NULL; END IF;
  SELECT * INTO o FROM "Order" WHERE "id" = NEW."orderId";
  token_id := (SELECT "apiTokenId" FROM "Cart" WHERE "id" = o."cartId");
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

CREATE OR REPLACE FUNCTION "webhook_withdrawal_confirmed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o "Order";
  token_id INTEGER;
BEGIN
  SELECT * INTO o FROM "Order" WHERE "id" = NEW."orderId";
  token_id := (SELECT "apiTokenId" FROM "Cart" WHERE "id" = o."cartId");
  PERFORM "webhook_enqueue"('order.withdrawn', token_id, "webhook_order_data"(o) || jsonb_build_object(
    'withdrawalId', NEW."id",
    'receivedAt', to_char(NEW."receivedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'items', (SELECT coalesce(jsonb_agg(jsonb_build_object('productCode', l."productCode", 'variantCode', l."variantCode", 'quantity', i."quantity") ORDER BY l."id"), '[]'::jsonb)
                FROM "WithdrawalItem" i JOIN "OrderLine" l ON l."id" = i."orderLineId" WHERE i."withdrawalId" = NEW."id")));
  RETURN NULL;
END
$$;
