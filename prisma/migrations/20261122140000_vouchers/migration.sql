-- Vouchers (issue 6): a free-shipping kind, and several vouchers per order.

-- A free-shipping voucher has no amount of its own. (ALTER TYPE ... ADD VALUE may run inside the
-- migration's transaction, but the new value cannot be used in it: the CHECK below names only the
-- old kinds.)
ALTER TYPE "VoucherKind" ADD VALUE 'FREE_SHIPPING';

-- value: an amount > 0 in the voucher's currency for AMOUNT, 1-100 % for PERCENT, unused (0) for
-- free shipping. A fixed amount without a currency could not be applied to any cart.
ALTER TABLE "Voucher" DROP CONSTRAINT "Voucher_value_valid";
ALTER TABLE "Voucher" ADD CONSTRAINT "Voucher_value_valid" CHECK (
  "value" >= 0
  AND ("kind" <> 'PERCENT' OR "value" BETWEEN 1 AND 100)
  AND ("kind" <> 'AMOUNT' OR ("value" > 0 AND "currency" IS NOT NULL))
);
ALTER TABLE "Voucher" ADD CONSTRAINT "Voucher_minimum_non_negative" CHECK (
  ("minimumCartCzk" IS NULL OR "minimumCartCzk" >= 0) AND ("minimumCartEur" IS NULL OR "minimumCartEur" >= 0)
);

-- An order may use several vouchers (docs/decisions/0010-vouchers.md), each once.
DROP INDEX "VoucherUse_orderId_key";
CREATE UNIQUE INDEX "VoucherUse_orderId_voucherId_key" ON "VoucherUse"("orderId", "voucherId");
