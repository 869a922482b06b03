-- An order of a shopper without JavaScript confirmed by a link sent to its e-mail, instead of the
-- captcha asked after an address's first order (docs/decisions/0049): the cart's goods are held
-- until the link is used or expires; the link's token is stored hashed.

CREATE TABLE "OrderConfirmation" (
    "id" SERIAL NOT NULL,
    "cartId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "revision" TEXT NOT NULL,
    "language" "Language" NOT NULL,
    "currency" "Currency" NOT NULL,
    "held" JSONB NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "confirmedAt" TIMESTAMP(3),
    "releasedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderConfirmation_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "OrderConfirmation_cartId_key" ON "OrderConfirmation"("cartId");
CREATE UNIQUE INDEX "OrderConfirmation_tokenHash_key" ON "OrderConfirmation"("tokenHash");
CREATE INDEX "OrderConfirmation_expiresAt_idx" ON "OrderConfirmation"("expiresAt");

ALTER TABLE "OrderConfirmation" ADD CONSTRAINT "OrderConfirmation_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart"("id") ON DELETE CASCADE ON UPDATE CASCADE;
