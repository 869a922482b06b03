-- Checkout and orders (issue 6).

-- Order numbers are YYYY + 6 digits, sequential per year (Europe/Prague). One counter row per year,
-- incremented inside the order's transaction: a rolled-back order gives its number back, so the
-- numbers (and the variable symbols derived from them) have no gaps.
CREATE TABLE "OrderNumberCounter" (
    "year" INTEGER NOT NULL,
    "last" INTEGER NOT NULL,
    CONSTRAINT "OrderNumberCounter_pkey" PRIMARY KEY ("year"),
    CONSTRAINT "OrderNumberCounter_range" CHECK ("year" BETWEEN 2000 AND 9999 AND "last" BETWEEN 1 AND 999999)
);

-- What a shopper was shown at checkout, addressed by its hash (the revision the client sends back
-- with placeOrder): lets the server say line by line what changed since then.
CREATE TABLE "CheckoutRevision" (
    "id" TEXT NOT NULL,
    "cartId" TEXT NOT NULL,
    "snapshot" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CheckoutRevision_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "CheckoutRevision_cartId_idx" ON "CheckoutRevision"("cartId");
ALTER TABLE "CheckoutRevision" ADD CONSTRAINT "CheckoutRevision_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The order keeps the codes of its delivery and payment (the methods may be renamed or removed
-- later) and its VAT recapitulation per rate, as computed when it was placed.
ALTER TABLE "Order" ADD COLUMN "deliveryCode" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Order" ADD COLUMN "paymentCode" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Order" ADD COLUMN "vatRecap" JSONB NOT NULL DEFAULT '[]';
ALTER TABLE "Order" ADD CONSTRAINT "Order_totals_nonnegative" CHECK ("totalGross" >= 0 AND "discountGross" >= 0);
