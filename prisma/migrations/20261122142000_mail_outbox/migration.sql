-- Mail outbox and stored invoices (issues 6 and 7).

-- The invoice PDF is generated once and kept with its row, so re-downloads get the same bytes on
-- every instance. No code created invoices before this migration; a row without a PDF could not be
-- served, so any such row is dropped (it is generated again, with the same number, on first download).
ALTER TABLE "Invoice" ADD COLUMN "pdf" BYTEA;
DELETE FROM "Invoice" WHERE "pdf" IS NULL;
ALTER TABLE "Invoice" ALTER COLUMN "pdf" SET NOT NULL;

-- CreateEnum
CREATE TYPE "MailStatus" AS ENUM ('PENDING', 'SENDING', 'SENT', 'FAILED');

-- E-mails are written in the transaction of what they announce (an order, a password reset request)
-- and sent after it commits. A sender claims PENDING rows (FOR UPDATE SKIP LOCKED) by setting them
-- SENDING with a lease; timestamptz, because the schedule is compared across instances.
CREATE TABLE "MailOutbox" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "language" "Language" NOT NULL,
    "payload" JSONB NOT NULL,
    "dedupeKey" TEXT,
    "status" "MailStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMPTZ(3),
    "lastError" TEXT,
    "messageId" TEXT,
    "sentAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MailOutbox_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "MailOutbox_attempts_nonnegative" CHECK ("attempts" >= 0)
);

-- CreateIndex
CREATE UNIQUE INDEX "MailOutbox_dedupeKey_key" ON "MailOutbox"("dedupeKey");
CREATE INDEX "MailOutbox_status_nextAttemptAt_idx" ON "MailOutbox"("status", "nextAttemptAt");
