-- Shipments and carriers (issue 43 section 2, docs/decisions/0068): which carrier carries each delivery
-- method's parcels, Heureka's DELIVERY_ID of each method as data, and the Shipment table that records a
-- parcel before its carrier is asked, so that a retry after a crash never creates a second one.

ALTER TABLE "DeliveryMethod" ADD COLUMN "carrier" TEXT NOT NULL DEFAULT 'courier';
ALTER TABLE "DeliveryMethod" ADD COLUMN "carrierAddressId" INTEGER;
ALTER TABLE "DeliveryMethod" ADD COLUMN "trackingUrlTemplate" TEXT;
ALTER TABLE "DeliveryMethod" ADD COLUMN "heurekaDeliveryId" TEXT;
ALTER TABLE "DeliveryMethod" ADD CONSTRAINT "DeliveryMethod_carrier_check" CHECK ("carrier" IN ('packeta', 'courier', 'store-pickup'));
-- Heureka drops an unknown DELIVERY_ID without a word, so the database refuses one (the list of
-- schema/rules/carriers.ts HEUREKA_DELIVERY_IDS; czech-market.md section 2)
ALTER TABLE "DeliveryMethod" ADD CONSTRAINT "DeliveryMethod_heurekaDeliveryId_check" CHECK (
  "heurekaDeliveryId" IN ('ZASILKOVNA', 'Z_BOX', 'PPL', 'PPL_PARCELSHOP', 'DPD', 'DPD_PICKUP', 'CESKA_POSTA', 'BALIKOVNA_DEPOTAPI', 'VLASTNI_PREPRAVA')
);
ALTER TABLE "DeliveryMethod" ADD CONSTRAINT "DeliveryMethod_trackingUrlTemplate_check" CHECK (
  "trackingUrlTemplate" ~ '^https://[^\s"<>]+$' AND strpos("trackingUrlTemplate", '{trackingNumber}') > 0
);

-- the demo shop's methods, as the seed now writes them
UPDATE "DeliveryMethod" SET "carrier" = 'store-pickup' WHERE "code" = 'store-pickup';
UPDATE "DeliveryMethod" SET "carrier" = 'packeta', "heurekaDeliveryId" = 'ZASILKOVNA' WHERE "code" = 'parcel-point';
UPDATE "DeliveryMethod" SET "carrier" = 'courier', "heurekaDeliveryId" = 'PPL',
       "trackingUrlTemplate" = 'https://www.ppl.cz/vyhledat-zasilku?shipmentId={trackingNumber}'
 WHERE "code" = 'courier';

CREATE TYPE "ShipmentState" AS ENUM ('PENDING', 'CREATED', 'FAILED');

CREATE TABLE "Shipment" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "activeOrderId" INTEGER,
    "carrier" TEXT NOT NULL,
    "state" "ShipmentState" NOT NULL DEFAULT 'PENDING',
    "packetId" TEXT,
    "trackingNumber" TEXT,
    "trackingUrl" TEXT,
    "labelPdf" BYTEA,
    "error" TEXT NOT NULL DEFAULT '',
    "completedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Shipment_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Shipment_carrier_check" CHECK ("carrier" IN ('packeta', 'packeta-demo', 'courier')),
    -- one active parcel per order: the unique activeOrderId is the order's id until the shipment failed
    CONSTRAINT "Shipment_active_check" CHECK (
      CASE WHEN "state" = 'FAILED' THEN "activeOrderId" IS NULL ELSE "activeOrderId" IS NOT DISTINCT FROM "orderId" END
    ),
    CONSTRAINT "Shipment_created_check" CHECK ("state" <> 'CREATED' OR ("packetId" IS NOT NULL AND "trackingNumber" IS NOT NULL)),
    CONSTRAINT "Shipment_completed_check" CHECK ("completedAt" IS NULL OR "state" = 'CREATED')
);

CREATE UNIQUE INDEX "Shipment_activeOrderId_key" ON "Shipment"("activeOrderId");
CREATE INDEX "Shipment_orderId_idx" ON "Shipment"("orderId");

ALTER TABLE "Shipment" ADD CONSTRAINT "Shipment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
