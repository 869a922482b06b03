-- Seat hoarding (issue 40, decision 0048): who holds a seat, and whom a seat may not be held by again yet.

-- the client a hold was taken for (an API token, else the client's address, IPv6 by /64): live holds are capped per client
ALTER TABLE "EventSeat" ADD COLUMN "holder" TEXT;
CREATE INDEX "EventSeat_eventId_holder_idx" ON "EventSeat"("eventId", "holder");

-- a seat a client or a cart held may not be held by the same client or cart again before "until"
-- (the hold's end plus the cool-down; a release moves it to the release plus the cool-down)
CREATE TABLE "SeatHoldCooldown" (
    "eventId" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "holder" TEXT NOT NULL,
    "until" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "SeatHoldCooldown_pkey" PRIMARY KEY ("eventId", "seat", "holder")
);
CREATE INDEX "SeatHoldCooldown_until_idx" ON "SeatHoldCooldown"("until");
ALTER TABLE "SeatHoldCooldown" ADD CONSTRAINT "SeatHoldCooldown_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;
