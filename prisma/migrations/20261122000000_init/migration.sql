-- Initial schema: every entity of the storefront specification.
-- Written in the shape `prisma migrate` would write it; integrity rules that Prisma's
-- schema language cannot express are the CHECK constraints at the end.

-- CreateEnum
CREATE TYPE "Language" AS ENUM ('cs', 'en');
CREATE TYPE "Currency" AS ENUM ('CZK', 'EUR');
CREATE TYPE "AddressKind" AS ENUM ('INVOICE', 'DELIVERY');
CREATE TYPE "VoucherKind" AS ENUM ('AMOUNT', 'PERCENT');
CREATE TYPE "OrderStatus" AS ENUM ('NEW', 'PAID', 'PROCESSING', 'SHIPPED', 'READY_FOR_PICKUP', 'DELIVERED', 'CANCELLED');
CREATE TYPE "ComplaintStatus" AS ENUM ('NEW', 'IN_PROGRESS', 'RESOLVED', 'REJECTED');

-- CreateTable
CREATE TABLE "Customer" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "phone" TEXT,
    "language" "Language" NOT NULL DEFAULT 'cs',
    "newsletter" BOOLEAN NOT NULL DEFAULT false,
    "termsAcceptedAt" TIMESTAMP(3),
    "privacyAcceptedAt" TIMESTAMP(3),
    "marketingConsentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Customer_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "PasswordResetToken" (
    "id" SERIAL NOT NULL,
    "customerId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PasswordResetToken_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Session" (
    "sid" TEXT NOT NULL,
    "sess" JSONB NOT NULL,
    "expire" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Session_pkey" PRIMARY KEY ("sid")
);

CREATE TABLE "ApiToken" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),
    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Address" (
    "id" SERIAL NOT NULL,
    "customerId" INTEGER NOT NULL,
    "kind" "AddressKind" NOT NULL,
    "company" TEXT,
    "ico" TEXT,
    "dic" TEXT,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "street" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "postcode" TEXT NOT NULL,
    "country" TEXT NOT NULL DEFAULT 'CZ',
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Address_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Category" (
    "id" SERIAL NOT NULL,
    "parentId" INTEGER,
    "position" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "Category_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "CategoryTranslation" (
    "categoryId" INTEGER NOT NULL,
    "language" "Language" NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "CategoryTranslation_pkey" PRIMARY KEY ("categoryId","language")
);

CREATE TABLE "Manufacturer" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    CONSTRAINT "Manufacturer_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "SizeChart" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "rows" JSONB NOT NULL,
    CONSTRAINT "SizeChart_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "SizeChartTranslation" (
    "sizeChartId" INTEGER NOT NULL,
    "language" "Language" NOT NULL,
    "name" TEXT NOT NULL,
    "columns" JSONB NOT NULL,
    CONSTRAINT "SizeChartTranslation_pkey" PRIMARY KEY ("sizeChartId","language")
);

CREATE TABLE "Product" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "categoryId" INTEGER NOT NULL,
    "manufacturerId" INTEGER NOT NULL,
    "sizeChartId" INTEGER,
    "vatRate" INTEGER NOT NULL,
    "isNew" BOOLEAN NOT NULL DEFAULT false,
    "isSale" BOOLEAN NOT NULL DEFAULT false,
    "soldCount" INTEGER NOT NULL DEFAULT 0,
    "priceCzk" INTEGER NOT NULL DEFAULT 0,
    "priceEur" INTEGER NOT NULL DEFAULT 0,
    "published" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Product_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ProductTranslation" (
    "productId" INTEGER NOT NULL,
    "language" "Language" NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "shortDescription" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "searchText" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "ProductTranslation_pkey" PRIMARY KEY ("productId","language")
);

CREATE TABLE "ProductParameter" (
    "id" SERIAL NOT NULL,
    "productId" INTEGER NOT NULL,
    "language" "Language" NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    CONSTRAINT "ProductParameter_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ProductImage" (
    "id" SERIAL NOT NULL,
    "productId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "url" TEXT NOT NULL,
    "width" INTEGER NOT NULL DEFAULT 800,
    "height" INTEGER NOT NULL DEFAULT 800,
    CONSTRAINT "ProductImage_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "SimilarProduct" (
    "productId" INTEGER NOT NULL,
    "similarId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "SimilarProduct_pkey" PRIMARY KEY ("productId","similarId")
);

CREATE TABLE "Colour" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "hex" TEXT NOT NULL,
    CONSTRAINT "Colour_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ColourTranslation" (
    "colourId" INTEGER NOT NULL,
    "language" "Language" NOT NULL,
    "name" TEXT NOT NULL,
    CONSTRAINT "ColourTranslation_pkey" PRIMARY KEY ("colourId","language")
);

CREATE TABLE "Variant" (
    "id" SERIAL NOT NULL,
    "productId" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "size" TEXT,
    "colourId" INTEGER,
    "position" INTEGER NOT NULL DEFAULT 0,
    "stock" INTEGER NOT NULL DEFAULT 0,
    "priceCzk" INTEGER NOT NULL,
    "priceEur" INTEGER,
    "originalPriceCzk" INTEGER,
    "originalPriceEur" INTEGER,
    CONSTRAINT "Variant_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Cart" (
    "id" TEXT NOT NULL,
    "customerId" INTEGER,
    "currency" "Currency" NOT NULL DEFAULT 'CZK',
    "language" "Language" NOT NULL DEFAULT 'cs',
    "email" TEXT,
    "note" TEXT NOT NULL DEFAULT '',
    "newsletter" BOOLEAN NOT NULL DEFAULT false,
    "termsAccepted" BOOLEAN NOT NULL DEFAULT false,
    "deliveryMethodId" INTEGER,
    "paymentMethodId" INTEGER,
    "storeId" INTEGER,
    "invoiceAddress" JSONB,
    "deliveryAddress" JSONB,
    "deliverySameAsInvoice" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Cart_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "CartLine" (
    "id" SERIAL NOT NULL,
    "cartId" TEXT NOT NULL,
    "variantId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CartLine_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Voucher" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "kind" "VoucherKind" NOT NULL,
    "value" INTEGER NOT NULL,
    "currency" "Currency",
    "validFrom" TIMESTAMP(3),
    "validUntil" TIMESTAMP(3),
    "capacity" INTEGER,
    "usedCount" INTEGER NOT NULL DEFAULT 0,
    "oncePerCustomer" BOOLEAN NOT NULL DEFAULT false,
    "minimumCartCzk" INTEGER,
    "minimumCartEur" INTEGER,
    "boundEmail" TEXT,
    "customerId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Voucher_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "CartVoucher" (
    "cartId" TEXT NOT NULL,
    "voucherId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CartVoucher_pkey" PRIMARY KEY ("cartId","voucherId")
);

CREATE TABLE "VoucherUse" (
    "id" SERIAL NOT NULL,
    "voucherId" INTEGER NOT NULL,
    "orderId" INTEGER NOT NULL,
    "customerId" INTEGER,
    "onceKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "VoucherUse_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "DeliveryMethod" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "priceCzk" INTEGER NOT NULL,
    "priceEur" INTEGER NOT NULL,
    "freeFromCzk" INTEGER,
    "freeFromEur" INTEGER,
    "isPickup" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "DeliveryMethod_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "DeliveryMethodTranslation" (
    "deliveryMethodId" INTEGER NOT NULL,
    "language" "Language" NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "DeliveryMethodTranslation_pkey" PRIMARY KEY ("deliveryMethodId","language")
);

CREATE TABLE "PaymentMethod" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "priceCzk" INTEGER NOT NULL,
    "priceEur" INTEGER NOT NULL,
    "isCashOnDelivery" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "PaymentMethod_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "PaymentMethodTranslation" (
    "paymentMethodId" INTEGER NOT NULL,
    "language" "Language" NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "PaymentMethodTranslation_pkey" PRIMARY KEY ("paymentMethodId","language")
);

CREATE TABLE "DeliveryPayment" (
    "deliveryMethodId" INTEGER NOT NULL,
    "paymentMethodId" INTEGER NOT NULL,
    CONSTRAINT "DeliveryPayment_pkey" PRIMARY KEY ("deliveryMethodId","paymentMethodId")
);

CREATE TABLE "Store" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "street" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "postcode" TEXT NOT NULL,
    "country" TEXT NOT NULL DEFAULT 'CZ',
    "phone" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "Store_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "StoreTranslation" (
    "storeId" INTEGER NOT NULL,
    "language" "Language" NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "StoreTranslation_pkey" PRIMARY KEY ("storeId","language")
);

CREATE TABLE "StoreOpeningHours" (
    "id" SERIAL NOT NULL,
    "storeId" INTEGER NOT NULL,
    "dayOfWeek" INTEGER NOT NULL,
    "opens" TEXT NOT NULL,
    "closes" TEXT NOT NULL,
    CONSTRAINT "StoreOpeningHours_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Order" (
    "id" SERIAL NOT NULL,
    "number" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "cartId" TEXT,
    "customerId" INTEGER,
    "status" "OrderStatus" NOT NULL DEFAULT 'NEW',
    "currency" "Currency" NOT NULL,
    "language" "Language" NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "deliveryMethodId" INTEGER,
    "paymentMethodId" INTEGER,
    "storeId" INTEGER,
    "deliveryName" TEXT NOT NULL,
    "deliveryPrice" INTEGER NOT NULL,
    "paymentName" TEXT NOT NULL,
    "paymentPrice" INTEGER NOT NULL,
    "invoiceAddress" JSONB NOT NULL,
    "deliveryAddress" JSONB,
    "note" TEXT NOT NULL DEFAULT '',
    "productsNet" INTEGER NOT NULL,
    "productsGross" INTEGER NOT NULL,
    "discountGross" INTEGER NOT NULL DEFAULT 0,
    "roundingGross" INTEGER NOT NULL DEFAULT 0,
    "totalNet" INTEGER NOT NULL,
    "totalVat" INTEGER NOT NULL,
    "totalGross" INTEGER NOT NULL,
    "variableSymbol" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Order_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "OrderLine" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "variantId" INTEGER,
    "productCode" TEXT NOT NULL,
    "variantCode" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "size" TEXT,
    "colour" TEXT,
    "quantity" INTEGER NOT NULL,
    "vatRate" INTEGER NOT NULL,
    "unitPriceGross" INTEGER NOT NULL,
    "unitPriceNet" INTEGER NOT NULL,
    "totalGross" INTEGER NOT NULL,
    "totalNet" INTEGER NOT NULL,
    CONSTRAINT "OrderLine_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "OrderStatusChange" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "status" "OrderStatus" NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OrderStatusChange_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Invoice" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "number" TEXT NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dueAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Wishlist" (
    "id" SERIAL NOT NULL,
    "customerId" INTEGER NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "shareToken" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Wishlist_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "WishlistItem" (
    "id" SERIAL NOT NULL,
    "wishlistId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "variantId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "WishlistItem_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "AvailabilityWatch" (
    "id" SERIAL NOT NULL,
    "variantId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "language" "Language" NOT NULL DEFAULT 'cs',
    "customerId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "notifiedAt" TIMESTAMP(3),
    CONSTRAINT "AvailabilityWatch_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "NewsletterSubscription" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "language" "Language" NOT NULL DEFAULT 'cs',
    "customerId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "unsubscribedAt" TIMESTAMP(3),
    CONSTRAINT "NewsletterSubscription_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Complaint" (
    "id" SERIAL NOT NULL,
    "number" TEXT NOT NULL,
    "customerId" INTEGER,
    "orderNumber" TEXT NOT NULL,
    "bankAccount" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "street" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "postcode" TEXT NOT NULL,
    "country" TEXT NOT NULL DEFAULT 'CZ',
    "note" TEXT NOT NULL DEFAULT '',
    "status" "ComplaintStatus" NOT NULL DEFAULT 'NEW',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Complaint_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ComplaintLine" (
    "id" SERIAL NOT NULL,
    "complaintId" INTEGER NOT NULL,
    "productTitle" TEXT NOT NULL,
    "productCode" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "reason" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "ComplaintLine_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "InfoPage" (
    "id" SERIAL NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "InfoPage_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "InfoPageTranslation" (
    "infoPageId" INTEGER NOT NULL,
    "language" "Language" NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    CONSTRAINT "InfoPageTranslation_pkey" PRIMARY KEY ("infoPageId","language")
);

CREATE TABLE "Article" (
    "id" SERIAL NOT NULL,
    "publishedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "imageUrl" TEXT,
    CONSTRAINT "Article_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ArticleTranslation" (
    "articleId" INTEGER NOT NULL,
    "language" "Language" NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "perex" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    CONSTRAINT "ArticleTranslation_pkey" PRIMARY KEY ("articleId","language")
);

CREATE TABLE "InfoTile" (
    "id" SERIAL NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "imageUrl" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    CONSTRAINT "InfoTile_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "InfoTileTranslation" (
    "infoTileId" INTEGER NOT NULL,
    "language" "Language" NOT NULL,
    "title" TEXT NOT NULL,
    "subtitle" TEXT NOT NULL,
    "link" TEXT,
    CONSTRAINT "InfoTileTranslation_pkey" PRIMARY KEY ("infoTileId","language")
);

-- CreateIndex
CREATE UNIQUE INDEX "Customer_email_key" ON "Customer"("email");
CREATE UNIQUE INDEX "PasswordResetToken_tokenHash_key" ON "PasswordResetToken"("tokenHash");
CREATE INDEX "PasswordResetToken_customerId_idx" ON "PasswordResetToken"("customerId");
CREATE INDEX "Session_expire_idx" ON "Session"("expire");
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");
CREATE INDEX "Address_customerId_kind_idx" ON "Address"("customerId", "kind");
CREATE INDEX "Category_parentId_idx" ON "Category"("parentId");
CREATE UNIQUE INDEX "CategoryTranslation_language_slug_key" ON "CategoryTranslation"("language", "slug");
CREATE UNIQUE INDEX "Manufacturer_name_key" ON "Manufacturer"("name");
CREATE UNIQUE INDEX "Manufacturer_slug_key" ON "Manufacturer"("slug");
CREATE UNIQUE INDEX "SizeChart_key_key" ON "SizeChart"("key");
CREATE UNIQUE INDEX "Product_code_key" ON "Product"("code");
CREATE INDEX "Product_categoryId_idx" ON "Product"("categoryId");
CREATE INDEX "Product_createdAt_idx" ON "Product"("createdAt");
CREATE INDEX "Product_soldCount_idx" ON "Product"("soldCount");
CREATE INDEX "Product_priceCzk_idx" ON "Product"("priceCzk");
CREATE UNIQUE INDEX "ProductTranslation_language_slug_key" ON "ProductTranslation"("language", "slug");
CREATE INDEX "ProductParameter_productId_language_idx" ON "ProductParameter"("productId", "language");
CREATE INDEX "ProductImage_productId_idx" ON "ProductImage"("productId");
CREATE UNIQUE INDEX "Colour_code_key" ON "Colour"("code");
CREATE UNIQUE INDEX "Variant_code_key" ON "Variant"("code");
CREATE INDEX "Variant_productId_idx" ON "Variant"("productId");
CREATE INDEX "Cart_customerId_idx" ON "Cart"("customerId");
CREATE UNIQUE INDEX "CartLine_cartId_variantId_key" ON "CartLine"("cartId", "variantId");
CREATE UNIQUE INDEX "Voucher_code_key" ON "Voucher"("code");
CREATE UNIQUE INDEX "VoucherUse_orderId_key" ON "VoucherUse"("orderId");
CREATE UNIQUE INDEX "VoucherUse_voucherId_onceKey_key" ON "VoucherUse"("voucherId", "onceKey");
CREATE UNIQUE INDEX "DeliveryMethod_code_key" ON "DeliveryMethod"("code");
CREATE UNIQUE INDEX "PaymentMethod_code_key" ON "PaymentMethod"("code");
CREATE UNIQUE INDEX "Store_slug_key" ON "Store"("slug");
CREATE INDEX "StoreOpeningHours_storeId_idx" ON "StoreOpeningHours"("storeId");
CREATE UNIQUE INDEX "Order_number_key" ON "Order"("number");
CREATE UNIQUE INDEX "Order_hash_key" ON "Order"("hash");
CREATE UNIQUE INDEX "Order_cartId_key" ON "Order"("cartId");
CREATE INDEX "Order_customerId_createdAt_idx" ON "Order"("customerId", "createdAt");
CREATE INDEX "OrderLine_orderId_idx" ON "OrderLine"("orderId");
CREATE INDEX "OrderStatusChange_orderId_idx" ON "OrderStatusChange"("orderId");
CREATE UNIQUE INDEX "Invoice_orderId_key" ON "Invoice"("orderId");
CREATE UNIQUE INDEX "Invoice_number_key" ON "Invoice"("number");
CREATE UNIQUE INDEX "Wishlist_shareToken_key" ON "Wishlist"("shareToken");
CREATE INDEX "Wishlist_customerId_idx" ON "Wishlist"("customerId");
CREATE UNIQUE INDEX "WishlistItem_wishlistId_productId_key" ON "WishlistItem"("wishlistId", "productId");
CREATE UNIQUE INDEX "AvailabilityWatch_variantId_email_key" ON "AvailabilityWatch"("variantId", "email");
CREATE UNIQUE INDEX "NewsletterSubscription_email_key" ON "NewsletterSubscription"("email");
CREATE UNIQUE INDEX "Complaint_number_key" ON "Complaint"("number");
CREATE INDEX "Complaint_customerId_idx" ON "Complaint"("customerId");
CREATE INDEX "ComplaintLine_complaintId_idx" ON "ComplaintLine"("complaintId");
CREATE UNIQUE INDEX "InfoPageTranslation_language_slug_key" ON "InfoPageTranslation"("language", "slug");
CREATE INDEX "Article_publishedAt_idx" ON "Article"("publishedAt");
CREATE UNIQUE INDEX "ArticleTranslation_language_slug_key" ON "ArticleTranslation"("language", "slug");

-- AddForeignKey
ALTER TABLE "PasswordResetToken" ADD CONSTRAINT "PasswordResetToken_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Address" ADD CONSTRAINT "Address_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Category" ADD CONSTRAINT "Category_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Category"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "CategoryTranslation" ADD CONSTRAINT "CategoryTranslation_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "Category"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SizeChartTranslation" ADD CONSTRAINT "SizeChartTranslation_sizeChartId_fkey" FOREIGN KEY ("sizeChartId") REFERENCES "SizeChart"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Product" ADD CONSTRAINT "Product_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "Category"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Product" ADD CONSTRAINT "Product_manufacturerId_fkey" FOREIGN KEY ("manufacturerId") REFERENCES "Manufacturer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Product" ADD CONSTRAINT "Product_sizeChartId_fkey" FOREIGN KEY ("sizeChartId") REFERENCES "SizeChart"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "ProductTranslation" ADD CONSTRAINT "ProductTranslation_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ProductParameter" ADD CONSTRAINT "ProductParameter_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ProductImage" ADD CONSTRAINT "ProductImage_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SimilarProduct" ADD CONSTRAINT "SimilarProduct_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SimilarProduct" ADD CONSTRAINT "SimilarProduct_similarId_fkey" FOREIGN KEY ("similarId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ColourTranslation" ADD CONSTRAINT "ColourTranslation_colourId_fkey" FOREIGN KEY ("colourId") REFERENCES "Colour"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Variant" ADD CONSTRAINT "Variant_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Variant" ADD CONSTRAINT "Variant_colourId_fkey" FOREIGN KEY ("colourId") REFERENCES "Colour"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Cart" ADD CONSTRAINT "Cart_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Cart" ADD CONSTRAINT "Cart_deliveryMethodId_fkey" FOREIGN KEY ("deliveryMethodId") REFERENCES "DeliveryMethod"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Cart" ADD CONSTRAINT "Cart_paymentMethodId_fkey" FOREIGN KEY ("paymentMethodId") REFERENCES "PaymentMethod"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Cart" ADD CONSTRAINT "Cart_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "CartLine" ADD CONSTRAINT "CartLine_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CartLine" ADD CONSTRAINT "CartLine_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "Variant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Voucher" ADD CONSTRAINT "Voucher_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "CartVoucher" ADD CONSTRAINT "CartVoucher_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CartVoucher" ADD CONSTRAINT "CartVoucher_voucherId_fkey" FOREIGN KEY ("voucherId") REFERENCES "Voucher"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "VoucherUse" ADD CONSTRAINT "VoucherUse_voucherId_fkey" FOREIGN KEY ("voucherId") REFERENCES "Voucher"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "VoucherUse" ADD CONSTRAINT "VoucherUse_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "VoucherUse" ADD CONSTRAINT "VoucherUse_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "DeliveryMethodTranslation" ADD CONSTRAINT "DeliveryMethodTranslation_deliveryMethodId_fkey" FOREIGN KEY ("deliveryMethodId") REFERENCES "DeliveryMethod"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PaymentMethodTranslation" ADD CONSTRAINT "PaymentMethodTranslation_paymentMethodId_fkey" FOREIGN KEY ("paymentMethodId") REFERENCES "PaymentMethod"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "DeliveryPayment" ADD CONSTRAINT "DeliveryPayment_deliveryMethodId_fkey" FOREIGN KEY ("deliveryMethodId") REFERENCES "DeliveryMethod"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "DeliveryPayment" ADD CONSTRAINT "DeliveryPayment_paymentMethodId_fkey" FOREIGN KEY ("paymentMethodId") REFERENCES "PaymentMethod"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "StoreTranslation" ADD CONSTRAINT "StoreTranslation_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "StoreOpeningHours" ADD CONSTRAINT "StoreOpeningHours_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Order" ADD CONSTRAINT "Order_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Order" ADD CONSTRAINT "Order_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Order" ADD CONSTRAINT "Order_deliveryMethodId_fkey" FOREIGN KEY ("deliveryMethodId") REFERENCES "DeliveryMethod"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Order" ADD CONSTRAINT "Order_paymentMethodId_fkey" FOREIGN KEY ("paymentMethodId") REFERENCES "PaymentMethod"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Order" ADD CONSTRAINT "Order_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "OrderLine" ADD CONSTRAINT "OrderLine_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "OrderLine" ADD CONSTRAINT "OrderLine_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "Variant"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "OrderStatusChange" ADD CONSTRAINT "OrderStatusChange_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Wishlist" ADD CONSTRAINT "Wishlist_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WishlistItem" ADD CONSTRAINT "WishlistItem_wishlistId_fkey" FOREIGN KEY ("wishlistId") REFERENCES "Wishlist"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WishlistItem" ADD CONSTRAINT "WishlistItem_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WishlistItem" ADD CONSTRAINT "WishlistItem_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "Variant"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "AvailabilityWatch" ADD CONSTRAINT "AvailabilityWatch_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "Variant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "AvailabilityWatch" ADD CONSTRAINT "AvailabilityWatch_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "NewsletterSubscription" ADD CONSTRAINT "NewsletterSubscription_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Complaint" ADD CONSTRAINT "Complaint_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "ComplaintLine" ADD CONSTRAINT "ComplaintLine_complaintId_fkey" FOREIGN KEY ("complaintId") REFERENCES "Complaint"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "InfoPageTranslation" ADD CONSTRAINT "InfoPageTranslation_infoPageId_fkey" FOREIGN KEY ("infoPageId") REFERENCES "InfoPage"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ArticleTranslation" ADD CONSTRAINT "ArticleTranslation_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "InfoTileTranslation" ADD CONSTRAINT "InfoTileTranslation_infoTileId_fkey" FOREIGN KEY ("infoTileId") REFERENCES "InfoTile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Integrity rules beyond Prisma's schema language
ALTER TABLE "Variant" ADD CONSTRAINT "Variant_stock_non_negative" CHECK ("stock" >= 0);
ALTER TABLE "Variant" ADD CONSTRAINT "Variant_prices_positive" CHECK ("priceCzk" > 0 AND ("priceEur" IS NULL OR "priceEur" > 0));
ALTER TABLE "CartLine" ADD CONSTRAINT "CartLine_quantity_positive" CHECK ("quantity" > 0);
ALTER TABLE "Product" ADD CONSTRAINT "Product_vatRate_known" CHECK ("vatRate" IN (0, 10, 12, 15, 21));
ALTER TABLE "Voucher" ADD CONSTRAINT "Voucher_usedCount_within_capacity" CHECK ("usedCount" >= 0 AND ("capacity" IS NULL OR "usedCount" <= "capacity"));
ALTER TABLE "Voucher" ADD CONSTRAINT "Voucher_value_valid" CHECK ("value" > 0 AND ("kind" <> 'PERCENT' OR "value" <= 100));
ALTER TABLE "OrderLine" ADD CONSTRAINT "OrderLine_quantity_positive" CHECK ("quantity" > 0);
ALTER TABLE "StoreOpeningHours" ADD CONSTRAINT "StoreOpeningHours_day_valid" CHECK ("dayOfWeek" BETWEEN 1 AND 7);
