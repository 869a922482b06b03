-- Issue 44 section 3: verified product reviews. One review per author and product (a customer's
-- account, or a guest order's e-mail through the review request's secret link), written only about a
-- product of an order of hers that was DELIVERED or PICKED_UP (services/reviews.ts), shown once an
-- operator (npm run review) or the setting REVIEWS_AUTO_PUBLISH published it.
CREATE TYPE "ReviewStatus" AS ENUM ('PENDING', 'PUBLISHED', 'REJECTED');

CREATE TABLE "Review" (
    "id" SERIAL NOT NULL,
    "productId" INTEGER NOT NULL,
    "customerId" INTEGER,
    "authorKey" TEXT NOT NULL,
    "authorName" TEXT NOT NULL,
    "orderId" INTEGER,
    "language" "Language" NOT NULL,
    "rating" INTEGER NOT NULL,
    "text" TEXT NOT NULL DEFAULT '',
    "status" "ReviewStatus" NOT NULL DEFAULT 'PENDING',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "publishedAt" TIMESTAMPTZ(3),
    CONSTRAINT "Review_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Review_rating_check" CHECK ("rating" BETWEEN 1 AND 5)
);

CREATE UNIQUE INDEX "Review_authorKey_productId_key" ON "Review"("authorKey", "productId");
CREATE INDEX "Review_productId_status_updatedAt_idx" ON "Review"("productId", "status", "updatedAt");
CREATE INDEX "Review_status_updatedAt_idx" ON "Review"("status", "updatedAt");
CREATE INDEX "Review_customerId_idx" ON "Review"("customerId");
CREATE INDEX "Review_orderId_idx" ON "Review"("orderId");

ALTER TABLE "Review" ADD CONSTRAINT "Review_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Review" ADD CONSTRAINT "Review_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Review" ADD CONSTRAINT "Review_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The e-mail asking for reviews some days after delivery (jobs/review-requests.ts): one per order. Its
-- link's token is kept only as its SHA-256; the row exists once the e-mail was enqueued.
CREATE TABLE "ReviewRequest" (
    "orderId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "sentAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ReviewRequest_pkey" PRIMARY KEY ("orderId")
);
CREATE UNIQUE INDEX "ReviewRequest_tokenHash_key" ON "ReviewRequest"("tokenHash");
ALTER TABLE "ReviewRequest" ADD CONSTRAINT "ReviewRequest_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The shopper's opt-out of the review request, ticked at checkout (kept on the cart, then the order).
ALTER TABLE "Cart" ADD COLUMN "reviewRequestOptOut" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Order" ADD COLUMN "reviewRequestOptOut" BOOLEAN NOT NULL DEFAULT false;

-- Each product's published reviews counted per rating (services/reviews.ts keeps it in the transaction
-- that publishes or takes down a review): the product page and every product card read the average,
-- the count and the histogram joined to the product's own statement.
CREATE TABLE "ProductRating" (
    "productId" INTEGER NOT NULL,
    "count1" INTEGER NOT NULL DEFAULT 0,
    "count2" INTEGER NOT NULL DEFAULT 0,
    "count3" INTEGER NOT NULL DEFAULT 0,
    "count4" INTEGER NOT NULL DEFAULT 0,
    "count5" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "ProductRating_pkey" PRIMARY KEY ("productId")
);
ALTER TABLE "ProductRating" ADD CONSTRAINT "ProductRating_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
