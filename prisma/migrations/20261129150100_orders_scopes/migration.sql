-- Issue 43 section 2: a warehouse or ERP app's token reads every order (orders:read) and moves orders on
-- (orders:write); the constraint keeps knowing exactly the scopes the API knows (bff/src/services/api-tokens.ts).
ALTER TABLE "ApiToken" DROP CONSTRAINT "ApiToken_scopes_known";
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_scopes_known"
  CHECK ("scopes" <@ ARRAY['catalog:read', 'cart', 'schema:read', 'orders:read', 'orders:write']::TEXT[]);
