-- Match tickets (issue 26): venues with a generated seat plan, matches with price categories, the one
-- seat table every hold and sale goes through, and the tickets of sold seats (docs/decisions/0041, 0042).

CREATE TABLE "Venue" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "plan" JSONB NOT NULL,
    "seatCount" INTEGER NOT NULL,
    CONSTRAINT "Venue_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Venue_seatCount_positive" CHECK ("seatCount" > 0)
);
CREATE UNIQUE INDEX "Venue_slug_key" ON "Venue"("slug");

CREATE TABLE "Event" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "homeTeam" TEXT NOT NULL,
    "awayTeam" TEXT NOT NULL,
    "competition" JSONB NOT NULL,
    "kickoff" TIMESTAMPTZ(3) NOT NULL,
    "venueId" INTEGER NOT NULL,
    "salesStart" TIMESTAMPTZ(3) NOT NULL,
    "salesEnd" TIMESTAMPTZ(3) NOT NULL,
    "maxSeatsPerOrder" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Event_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Event_sales_window" CHECK ("salesStart" < "salesEnd" AND "salesEnd" <= "kickoff"),
    CONSTRAINT "Event_maxSeatsPerOrder_range" CHECK ("maxSeatsPerOrder" BETWEEN 1 AND 50)
);
CREATE UNIQUE INDEX "Event_slug_key" ON "Event"("slug");
CREATE INDEX "Event_kickoff_idx" ON "Event"("kickoff");
ALTER TABLE "Event" ADD CONSTRAINT "Event_venueId_fkey" FOREIGN KEY ("venueId") REFERENCES "Venue"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "SeatCategory" (
    "id" SERIAL NOT NULL,
    "eventId" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "nameCs" TEXT NOT NULL,
    "nameEn" TEXT NOT NULL,
    "priceCzk" INTEGER NOT NULL,
    "priceEur" INTEGER NOT NULL,
    "vatRate" INTEGER NOT NULL,
    CONSTRAINT "SeatCategory_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "SeatCategory_prices" CHECK ("priceCzk" >= 0 AND "priceEur" >= 0 AND "vatRate" BETWEEN 0 AND 100)
);
CREATE UNIQUE INDEX "SeatCategory_eventId_code_key" ON "SeatCategory"("eventId", "code");
ALTER TABLE "SeatCategory" ADD CONSTRAINT "SeatCategory_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The one seat table: its primary key (eventId, seat) is what makes a seat go to one cart or order only.
CREATE TABLE "EventSeat" (
    "eventId" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "cartId" TEXT,
    "expiresAt" TIMESTAMPTZ(3),
    "orderId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EventSeat_pkey" PRIMARY KEY ("eventId", "seat"),
    CONSTRAINT "EventSeat_seat_nonnegative" CHECK ("seat" >= 0),
    -- a hold (a cart until a moment), a sale (an order), or, with neither, a seat sold outside the
    -- shop (box office, season tickets); never a mix
    CONSTRAINT "EventSeat_hold_or_sale" CHECK (
        ("orderId" IS NOT NULL AND "cartId" IS NULL AND "expiresAt" IS NULL)
        OR ("orderId" IS NULL AND "cartId" IS NOT NULL AND "expiresAt" IS NOT NULL)
        OR ("orderId" IS NULL AND "cartId" IS NULL AND "expiresAt" IS NULL))
);
CREATE INDEX "EventSeat_cartId_idx" ON "EventSeat"("cartId");
CREATE INDEX "EventSeat_orderId_idx" ON "EventSeat"("orderId");
CREATE INDEX "EventSeat_expiresAt_idx" ON "EventSeat"("expiresAt");
ALTER TABLE "EventSeat" ADD CONSTRAINT "EventSeat_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EventSeat" ADD CONSTRAINT "EventSeat_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EventSeat" ADD CONSTRAINT "EventSeat_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "Ticket" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "eventId" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "section" TEXT NOT NULL,
    "row" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "categoryCode" TEXT NOT NULL,
    "priceGross" INTEGER NOT NULL,
    "vatRate" INTEGER NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Ticket_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Ticket_orderId_eventId_seat_key" ON "Ticket"("orderId", "eventId", "seat");
CREATE INDEX "Ticket_eventId_seat_idx" ON "Ticket"("eventId", "seat");
ALTER TABLE "Ticket" ADD CONSTRAINT "Ticket_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Ticket" ADD CONSTRAINT "Ticket_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;
