-- Issue 42 section 3, decision 0063 (addendum): "on sale" in a list is a reduction the rule allows
-- (services/prices.ts onSaleSql), read at request time from the history of the variants that carry a
-- sale mark. This index lists exactly those, so a sale list reads the few marked variants instead of
-- testing every product of the catalog.
CREATE INDEX "Variant_onSale_productId_idx" ON "Variant"("productId") WHERE "originalPriceCzk" IS NOT NULL;
