-- Issue 41: a stock change that sells nothing out and restocks nothing sold out rewrites only the feed
-- that shows exact stock (Heureka's availability feed), not all five (services/feeds/formats.ts
-- FeedScope). Such a run covers the stock changes before it, not the others: it keeps when it began in
-- a column of its own (services/feeds/lease.ts). A run of every feed sets both.
ALTER TABLE "FeedWriter" ADD COLUMN "stockStartedAt" TIMESTAMPTZ(3);
UPDATE "FeedWriter" SET "stockStartedAt" = "startedAt";
