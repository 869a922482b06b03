-- Recording payments (decision 0046): the payment that paid an order, at most one per order, written in
-- the transaction that sets the order PAID (which fires the order.paid webhook of 20261127020000_webhooks).
CREATE TABLE "OrderPayment" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" "Currency" NOT NULL,
    "paidOn" DATE NOT NULL,
    "reference" TEXT NOT NULL DEFAULT '',
    "source" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OrderPayment_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "OrderPayment_amount_positive" CHECK ("amount" > 0),
    CONSTRAINT "OrderPayment_source_known" CHECK ("source" IN ('command', 'bank-import'))
);

CREATE UNIQUE INDEX "OrderPayment_orderId_key" ON "OrderPayment"("orderId");

ALTER TABLE "OrderPayment" ADD CONSTRAINT "OrderPayment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
