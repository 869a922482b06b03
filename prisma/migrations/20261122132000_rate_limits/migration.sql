-- Rate limit counters (bff/src/services/rate-limit.ts): one row per rule and subject, a fixed
-- window that ends at "expiresAt". timestamptz, because the window is computed by the database's
-- clock (now()) and must not depend on the session's time zone.

-- CreateTable
CREATE TABLE "RateLimit" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "RateLimit_expiresAt_idx" ON "RateLimit"("expiresAt");
