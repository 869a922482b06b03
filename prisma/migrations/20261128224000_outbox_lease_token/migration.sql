-- One outbox mechanism for mail and webhooks (bff/src/jobs/outbox.ts, docs/decisions/0057): a claim
-- carries a token of its own, and only the claim's holder may renew its lease or finish the row.
ALTER TABLE "MailOutbox" ADD COLUMN "leaseToken" TEXT;
ALTER TABLE "WebhookDelivery" ADD COLUMN "leaseToken" TEXT;
