-- Which colour a product picture shows (issue 11: choosing a colour changes the main picture).
ALTER TABLE "ProductImage" ADD COLUMN "colourId" INTEGER;

ALTER TABLE "ProductImage" ADD CONSTRAINT "ProductImage_colourId_fkey" FOREIGN KEY ("colourId") REFERENCES "Colour"("id") ON DELETE SET NULL ON UPDATE CASCADE;
