-- Issue 31, stock hoarding: a bank-transfer order must be paid by its deadline (Order.paymentDueAt,
-- BANK_TRANSFER_PAYMENT_DAYS after it was placed); the unpaid-orders job (services/unpaid-orders.ts)
-- cancels a NEW one past it and returns its stock. The partial index holds only the orders it looks at.
ALTER TABLE "Order" ADD COLUMN "paymentDueAt" TIMESTAMP(3);
CREATE INDEX "Order_unpaid_paymentDueAt_idx" ON "Order" ("paymentDueAt") WHERE "status" = 'NEW' AND "paymentDueAt" IS NOT NULL;
