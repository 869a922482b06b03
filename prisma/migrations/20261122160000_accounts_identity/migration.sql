-- Accounts and identity (issue 7, docs/decisions/0014-accounts-and-identity.md).

-- The customer a stored session is signed in as, written by the session store: a password change
-- or reset ends every other session of that customer, and deleting an account ends them all.
ALTER TABLE "Session" ADD COLUMN "customerId" INTEGER;
CREATE INDEX "Session_customerId_idx" ON "Session"("customerId");

-- Personal access tokens of customers (bearer token mode) live beside the partner tokens: same
-- format, same hashing and verification; they belong to a customer and expire.
ALTER TABLE "ApiToken" ADD COLUMN "customerId" INTEGER;
ALTER TABLE "ApiToken" ADD COLUMN "expiresAt" TIMESTAMP(3);
CREATE INDEX "ApiToken_customerId_idx" ON "ApiToken"("customerId");
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- A customer's token carries no partner scopes and always expires.
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_customer_token_shape"
  CHECK ("customerId" IS NULL OR ("expiresAt" IS NOT NULL AND cardinality("scopes") = 0));
