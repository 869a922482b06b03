-- Conversion measuring and Heureka's "Ověřeno zákazníky" (issue 44 section 2, docs/decisions/0076).

-- The checkout's unticked opt-out of the satisfaction questionnaire, on the cart while the shopper
-- fills the form and on the order once placed (a ticked box: nothing is sent to Heureka or Zboží).
ALTER TABLE "Cart" ADD COLUMN "surveyOptOut" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Order" ADD COLUMN "surveyOptOut" BOOLEAN NOT NULL DEFAULT false;
-- When the thank-you page handed the order to the browser's conversion scripts: never twice.
ALTER TABLE "Order" ADD COLUMN "conversionMeasuredAt" TIMESTAMPTZ(3);

CREATE TYPE "ConversionChannel" AS ENUM ('HEUREKA_ORDER_LOG', 'ZBOZI_CONVERSION');
CREATE TYPE "ConversionDeliveryStatus" AS ENUM ('PENDING', 'SENDING', 'SENT', 'FAILED');

-- The outbox of the server-side calls, written in the order's transaction; sent by
-- bff/src/jobs/conversions.ts on the one outbox mechanism (bff/src/jobs/outbox.ts). The keys are not
-- stored: the sender adds them from the environment.
CREATE TABLE "ConversionDelivery" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "channel" "ConversionChannel" NOT NULL,
    "status" "ConversionDeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMPTZ(3),
    "leaseToken" TEXT,
    "lastStatus" INTEGER,
    "lastError" TEXT,
    "sentAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ConversionDelivery_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ConversionDelivery_attempts_nonnegative" CHECK ("attempts" >= 0)
);

CREATE UNIQUE INDEX "ConversionDelivery_orderId_channel_key" ON "ConversionDelivery"("orderId", "channel");
CREATE INDEX "ConversionDelivery_status_nextAttemptAt_idx" ON "ConversionDelivery"("status", "nextAttemptAt");

ALTER TABLE "ConversionDelivery" ADD CONSTRAINT "ConversionDelivery_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
