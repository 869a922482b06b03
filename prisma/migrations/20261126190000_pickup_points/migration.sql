-- Pick-up points for the 'parcel-point' delivery (issue 24, item 1; docs/decisions/0032-pickup-points.md):
-- the carrier's points (the Packeta feed, or the demo list), the cart's chosen one, and the order's
-- snapshot of it (its address at placement, also written as the order's delivery address).
CREATE TYPE "PickupPointType" AS ENUM ('POINT', 'BOX');

CREATE TABLE "PickupPoint" (
    "id" SERIAL NOT NULL,
    "provider" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" "PickupPointType" NOT NULL,
    "street" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "postcode" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "openingHours" JSONB NOT NULL DEFAULT '[]',
    "open" BOOLEAN NOT NULL DEFAULT true,
    "searchText" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PickupPoint_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "PickupPoint_provider_providerId_key" ON "PickupPoint"("provider", "providerId");
CREATE INDEX "PickupPoint_latitude_longitude_idx" ON "PickupPoint"("latitude", "longitude");

ALTER TABLE "Cart" ADD COLUMN "pickupPointId" INTEGER;
ALTER TABLE "Cart" ADD CONSTRAINT "Cart_pickupPointId_fkey" FOREIGN KEY ("pickupPointId") REFERENCES "PickupPoint"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "Order" ADD COLUMN "pickupPointId" INTEGER;
ALTER TABLE "Order" ADD COLUMN "pickupPointSnapshot" JSONB;
ALTER TABLE "Order" ADD CONSTRAINT "Order_pickupPointId_fkey" FOREIGN KEY ("pickupPointId") REFERENCES "PickupPoint"("id") ON DELETE SET NULL ON UPDATE CASCADE;
