-- Issue 10, response cache (docs/decisions/0016-performance.md): a counter that moves whenever a row
-- a public page shows changes, by whatever process. Each shop instance reads it (a few times a second)
-- and drops its cached pages and catalog answers when it moved. A sequence, not a row: nextval never
-- waits for another transaction, so an order that changes stock is not serialised behind this counter.
CREATE SEQUENCE "response_cache_version";

CREATE FUNCTION "response_cache_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('response_cache_version');
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Category_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Category" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "CategoryTranslation_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "CategoryTranslation" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "Manufacturer_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Manufacturer" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "SizeChart_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "SizeChart" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "SizeChartTranslation_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "SizeChartTranslation" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "Product_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Product" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "ProductTranslation_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ProductTranslation" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "ProductParameter_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ProductParameter" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "ProductImage_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ProductImage" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "SimilarProduct_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "SimilarProduct" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "Colour_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Colour" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "ColourTranslation_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ColourTranslation" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "Variant_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Variant" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "Voucher_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Voucher" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "VoucherUse_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "VoucherUse" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "DeliveryMethod_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "DeliveryMethod" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "DeliveryMethodTranslation_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "DeliveryMethodTranslation" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "PaymentMethod_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "PaymentMethod" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "PaymentMethodTranslation_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "PaymentMethodTranslation" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "DeliveryPayment_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "DeliveryPayment" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "Store_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Store" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "StoreTranslation_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "StoreTranslation" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "StoreOpeningHours_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "StoreOpeningHours" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "InfoPage_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "InfoPage" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "InfoPageTranslation_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "InfoPageTranslation" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "Article_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Article" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "ArticleTranslation_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ArticleTranslation" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "InfoTile_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "InfoTile" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
CREATE TRIGGER "InfoTileTranslation_response_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "InfoTileTranslation" FOR EACH STATEMENT EXECUTE FUNCTION "response_cache_changed"();
