-- Credit notes (opravný daňový doklad, VAT Act § 42; docs/decisions/0062): a note to an order's invoice
-- with its own yearly number series, its lines and VAT recap in negative amounts, in the order's
-- currency at the invoice's exchange rate, which the invoice now keeps. An accepted complaint refers to
-- the credit note that refunded it. (ALTER TYPE ... ADD VALUE may run inside the migration's
-- transaction on PostgreSQL 12+; the new value is not used in it.)

ALTER TABLE "Invoice" ADD COLUMN "eurRate" DOUBLE PRECISION;

CREATE TYPE "CreditNoteReason" AS ENUM ('WITHDRAWAL', 'COMPLAINT', 'CANCELLATION');
CREATE TYPE "CreditNoteLineKind" AS ENUM ('GOODS', 'DISCOUNT', 'DELIVERY', 'PAYMENT', 'ROUNDING');

CREATE TABLE "CreditNote" (
    "id" SERIAL NOT NULL,
    "number" TEXT NOT NULL,
    "orderId" INTEGER NOT NULL,
    "invoiceId" INTEGER NOT NULL,
    "reason" "CreditNoteReason" NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "currency" "Currency" NOT NULL,
    "eurRate" DOUBLE PRECISION NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "totalNet" INTEGER NOT NULL,
    "totalVat" INTEGER NOT NULL,
    "totalGross" INTEGER NOT NULL,
    "roundingGross" INTEGER NOT NULL DEFAULT 0,
    "vatRecap" JSONB NOT NULL DEFAULT '[]',
    "pdf" BYTEA,

    CONSTRAINT "CreditNote_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "CreditNote_number_key" ON "CreditNote"("number");
CREATE INDEX "CreditNote_orderId_idx" ON "CreditNote"("orderId");
CREATE INDEX "CreditNote_invoiceId_idx" ON "CreditNote"("invoiceId");

ALTER TABLE "CreditNote" ADD CONSTRAINT "CreditNote_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CreditNote" ADD CONSTRAINT "CreditNote_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "CreditNoteLine" (
    "id" SERIAL NOT NULL,
    "creditNoteId" INTEGER NOT NULL,
    "kind" "CreditNoteLineKind" NOT NULL,
    "orderLineId" INTEGER,
    "name" TEXT NOT NULL,
    "size" TEXT,
    "colour" TEXT,
    "variantCode" TEXT NOT NULL DEFAULT '',
    "quantity" INTEGER NOT NULL,
    "vatRate" INTEGER,
    "unitPriceGross" INTEGER NOT NULL,
    "totalGross" INTEGER NOT NULL,
    "totalNet" INTEGER NOT NULL,

    CONSTRAINT "CreditNoteLine_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "CreditNoteLine_creditNoteId_idx" ON "CreditNoteLine"("creditNoteId");
CREATE INDEX "CreditNoteLine_orderLineId_idx" ON "CreditNoteLine"("orderLineId");

ALTER TABLE "CreditNoteLine" ADD CONSTRAINT "CreditNoteLine_creditNoteId_fkey" FOREIGN KEY ("creditNoteId") REFERENCES "CreditNote"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CreditNoteLine" ADD CONSTRAINT "CreditNoteLine_orderLineId_fkey" FOREIGN KEY ("orderLineId") REFERENCES "OrderLine"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "CreditNoteNumberCounter" (
    "year" INTEGER NOT NULL,
    "last" INTEGER NOT NULL,

    CONSTRAINT "CreditNoteNumberCounter_pkey" PRIMARY KEY ("year")
);

ALTER TYPE "ComplaintStatus" ADD VALUE 'ACCEPTED';
ALTER TABLE "Complaint" ADD COLUMN "acceptedAt" TIMESTAMP(3);
ALTER TABLE "Complaint" ADD COLUMN "creditNoteId" INTEGER;
CREATE UNIQUE INDEX "Complaint_creditNoteId_key" ON "Complaint"("creditNoteId");
ALTER TABLE "Complaint" ADD CONSTRAINT "Complaint_creditNoteId_fkey" FOREIGN KEY ("creditNoteId") REFERENCES "CreditNote"("id") ON DELETE SET NULL ON UPDATE CASCADE;
