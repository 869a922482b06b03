-- A cart of match tickets only has no delivery (docs/decisions/0047-tickets-only-checkout.md): the
-- payment methods such an order may use, bank transfer among the shop's own; and when a match's data
-- last changed, the sitemap's lastmod of its page.

ALTER TABLE "PaymentMethod" ADD COLUMN "withoutDelivery" BOOLEAN NOT NULL DEFAULT false;
UPDATE "PaymentMethod" SET "withoutDelivery" = true WHERE "code" = 'bank-transfer';

ALTER TABLE "Event" ADD COLUMN "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
