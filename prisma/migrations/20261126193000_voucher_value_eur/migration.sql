-- Issue 24: a fixed-amount voucher issued in crowns may name its own value in euros (valueEur, cents
-- with VAT), so it applies to a cart in euros too with an amount the shopper sees, never a conversion
-- (docs/decisions/0010). NAD2000 of the demo: 300 Kč from 2 000 Kč, 12 € from 80 €.
ALTER TABLE "Voucher" ADD COLUMN "valueEur" INTEGER;
ALTER TABLE "Voucher" ADD CONSTRAINT "Voucher_valueEur_valid" CHECK ("valueEur" IS NULL OR ("valueEur" > 0 AND "kind" = 'AMOUNT' AND "currency" = 'CZK'));
