-- Issue 40, product pages at 100 000 products: a product without chosen similar products shows its
-- category's best sellers, which ranked every product of the category to keep five. In sales order
-- per category, the five are the first entries of the index (bff/src/graphql/schema/similar-products.ts).
-- It also serves everything the category's own index did, which it replaces.
CREATE INDEX "Product_categoryId_soldCount_id_idx" ON "Product" ("categoryId", "soldCount" DESC, "id");
DROP INDEX "Product_categoryId_idx";
