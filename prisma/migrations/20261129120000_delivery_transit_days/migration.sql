-- Issue 43 §3, decision 0069: the delivery date promise counts each delivery method's transit days
-- (working days from dispatch to the shopper's door, pick-up point or store) after the dispatch day.
-- One working day is what the courier and a store pickup take; the shop owner sets the others.
ALTER TABLE "DeliveryMethod" ADD COLUMN "transitDays" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "DeliveryMethod" ADD CONSTRAINT "DeliveryMethod_transitDays_check" CHECK ("transitDays" BETWEEN 0 AND 30);

-- A database seeded before this migration gets the demo's own figure for pick-up points (two working
-- days, as the method's description says); the seed writes the same.
UPDATE "DeliveryMethod" SET "transitDays" = 2 WHERE "code" = 'parcel-point';
