-- Cart integrity (issue 8, finding 5) and sessions hashed at rest (finding 6).

-- One cart per session as a database fact: the cart remembers (a hash of) the session that started
-- it, and a second cart for the same session cannot exist. Parallel first adds of one browser meet
-- on this unique key and share the cart (INSERT ... ON CONFLICT in bff/src/services/cart.ts).
ALTER TABLE "Cart" ADD COLUMN "sessionKey" TEXT;
CREATE UNIQUE INDEX "Cart_sessionKey_key" ON "Cart"("sessionKey");

-- The Session table now keys rows by SHA-256 (64 hex digits) of the session id. Rows written
-- before hold the id in clear; no cookie can reach them any more, so they only leak ids: remove them.
DELETE FROM "Session" WHERE "sid" !~ '^[0-9a-f]{64}$';

-- Stock never below zero is enforced since the first migration ("Variant_stock_non_negative").
