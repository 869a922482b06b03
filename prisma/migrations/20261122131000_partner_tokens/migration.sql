-- Partner API tokens (requirement G8): a public prefix to find and list a token, its scopes,
-- a per-token rate limit and when it was last used; carts remember the token that created them.

-- No code created tokens before this migration; any row there could never be verified (no
-- prefix), so it gets a placeholder prefix and is revoked.
ALTER TABLE "ApiToken" ADD COLUMN "prefix" TEXT;
UPDATE "ApiToken" SET "prefix" = 'legacy' || "id", "revokedAt" = COALESCE("revokedAt", CURRENT_TIMESTAMP);
ALTER TABLE "ApiToken" ALTER COLUMN "prefix" SET NOT NULL;
ALTER TABLE "ApiToken" ADD COLUMN "scopes" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "ApiToken" ADD COLUMN "ratePerMinute" INTEGER NOT NULL DEFAULT 120;
ALTER TABLE "ApiToken" ADD COLUMN "lastUsedAt" TIMESTAMP(3);
CREATE UNIQUE INDEX "ApiToken_prefix_key" ON "ApiToken"("prefix");

-- Only the scopes the API knows, and a limit that lets at least one request through.
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_scopes_known"
  CHECK ("scopes" <@ ARRAY['catalog:read', 'cart', 'schema:read']::TEXT[]);
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_ratePerMinute_positive" CHECK ("ratePerMinute" > 0);

ALTER TABLE "Cart" ADD COLUMN "apiTokenId" INTEGER;
CREATE INDEX "Cart_apiTokenId_idx" ON "Cart"("apiTokenId");
ALTER TABLE "Cart" ADD CONSTRAINT "Cart_apiTokenId_fkey" FOREIGN KEY ("apiTokenId") REFERENCES "ApiToken"("id") ON DELETE SET NULL ON UPDATE CASCADE;
