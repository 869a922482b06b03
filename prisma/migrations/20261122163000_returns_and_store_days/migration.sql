-- Return protocol and store special days (issue 9, items 3 and 4).

-- A return protocol names the order its goods came from and is answered in the shopper's language.
ALTER TABLE "Complaint" ADD COLUMN "orderId" INTEGER;
ALTER TABLE "Complaint" ADD COLUMN "language" "Language" NOT NULL DEFAULT 'cs';
CREATE INDEX "Complaint_orderId_idx" ON "Complaint"("orderId");
ALTER TABLE "Complaint" ADD CONSTRAINT "Complaint_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "ComplaintLine" ADD CONSTRAINT "ComplaintLine_quantity_check" CHECK ("quantity" BETWEEN 1 AND 99);

-- Holidays and special hours, per store or (storeId NULL) for every store.
CREATE TABLE "StoreSpecialDay" (
    "id" SERIAL NOT NULL,
    "storeId" INTEGER,
    "date" TEXT NOT NULL,
    "opens" TEXT,
    "closes" TEXT,
    CONSTRAINT "StoreSpecialDay_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "StoreSpecialDay_date_check" CHECK ("date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    CONSTRAINT "StoreSpecialDay_hours_check" CHECK (
        ("opens" IS NULL AND "closes" IS NULL)
        OR ("opens" ~ '^[0-2][0-9]:[0-5][0-9]$' AND "closes" ~ '^[0-2][0-9]:[0-5][0-9]$' AND "opens" < "closes")
    )
);
CREATE INDEX "StoreSpecialDay_date_idx" ON "StoreSpecialDay"("date");
CREATE INDEX "StoreSpecialDay_storeId_idx" ON "StoreSpecialDay"("storeId");
ALTER TABLE "StoreSpecialDay" ADD CONSTRAINT "StoreSpecialDay_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;
