// What the feeds read from the catalog: the small, bounded lists once per run (categories,
// manufacturers, delivery methods), then the variants of published products in batches of
// FEED_BATCH by keyset on the variant id, each batch with its pictures and, for the variants that
// announce a reduction, their price history. Memory holds one batch, whatever the catalog's size.
//
// Read with plain SQL on one pg connection (FeedSql), not Prisma: in the writer's thread (decision 0078)
// a Prisma client of its own cost ~70 MB of RSS more to start than pg, and reading 100 000 variants
// through it ~57 MB more than through pg (~9 MB); the queries are few and fixed.
import { reductionOf, unitPrice } from '../pricing.ts';
import type { LawfulReduction, PriceHistoryRow } from '../../../../schema/rules/index.ts';
import type { Currency } from '../../../../schema/rules/money.ts';

/** One SQL statement with its parameters ($1, $2 …), answered with its rows (pg's types: int as number, timestamptz as Date). */
export type FeedSql = <Row>(text: string, values?: readonly unknown[]) => Promise<Row[]>;

export const FEED_BATCH = 1000;

type Translated = { cs: string; en: string };

export type FeedCategory = { path: Translated; heureka: string | null; google: string | null };

export type FeedManufacturer = { name: string; postalAddress: string | null; electronicAddress: string | null };

/** A delivery method as Heureka and Zboží list it (only those with a DELIVERY_ID). */
export type FeedDelivery = { heurekaId: string; priceCzk: number; freeFromCzk: number | null; cashOnDeliveryCzk: number | null };

export type FeedContext = {
  categories: ReadonlyMap<number, FeedCategory>;
  manufacturers: ReadonlyMap<number, FeedManufacturer>;
  deliveries: readonly FeedDelivery[];
};

export type FeedVariant = {
  id: number;
  code: string;
  productId: number;
  productCode: string;
  categoryId: number;
  manufacturerId: number;
  size: string | null;
  colour: Translated | null;
  stock: number;
  gtin: string | null;
  name: Translated;
  slug: Translated;
  description: Translated;
  /** The picture of the variant's colour, else the product's first; then the others (paths as stored). */
  images: string[];
  price: { CZK: number; EUR: number };
  /** The reduction the shop may announce now (decision 0063), per currency. */
  reduction: { CZK: LawfulReduction | null; EUR: LawfulReduction | null };
};

type CategoryRow = { id: number; parentId: number | null; heurekaCategory: string | null; googleCategory: string | null; nameCs: string | null; nameEn: string | null };

/** The categories with their path of names from the top (the shop's own tree) and their feed mappings. */
async function readCategories(sql: FeedSql): Promise<Map<number, FeedCategory>> {
  const rows = await sql<CategoryRow>(`
    SELECT c.id, c."parentId", c."heurekaCategory", c."googleCategory", tc.name AS "nameCs", te.name AS "nameEn"
      FROM "Category" c
      LEFT JOIN "CategoryTranslation" tc ON tc."categoryId" = c.id AND tc.language = 'cs'
      LEFT JOIN "CategoryTranslation" te ON te."categoryId" = c.id AND te.language = 'en'`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const nameOf = (id: number, language: 'cs' | 'en') => (language === 'cs' ? byId.get(id)?.nameCs : byId.get(id)?.nameEn) ?? '';
  const pathOf = (id: number, language: 'cs' | 'en') => {
    const names: string[] = [];
    for (let at: number | null = id, depth = 0; at !== null && depth < 20; at = byId.get(at)?.parentId ?? null, depth++) names.unshift(nameOf(at, language));
    return names.join(' | ');
  };
  return new Map(rows.map((row) => [row.id, { path: { cs: pathOf(row.id, 'cs'), en: pathOf(row.id, 'en') }, heureka: row.heurekaCategory, google: row.googleCategory }]));
}

type ManufacturerRow = { id: number; name: string; street: string | null; city: string | null; postalCode: string | null; countryCode: string | null; electronicAddress: string | null };

async function readManufacturers(sql: FeedSql): Promise<Map<number, FeedManufacturer>> {
  const rows = await sql<ManufacturerRow>(`SELECT id, name, street, city, "postalCode", "countryCode", "electronicAddress" FROM "Manufacturer"`);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        name: row.name,
        postalAddress: row.street && row.city ? [row.street, [row.postalCode, row.city].filter(Boolean).join(' '), row.countryCode].filter(Boolean).join(', ') : null,
        electronicAddress: row.electronicAddress,
      },
    ]),
  );
}

/**
 * The active delivery methods Heureka knows (a DELIVERY_ID), with their price and, where cash on
 * delivery may be paid with them, the price with the cheapest cash-on-delivery fee added (as the checkout adds it).
 */
async function readDeliveries(sql: FeedSql): Promise<FeedDelivery[]> {
  const methods = await sql<{ heurekaDeliveryId: string; priceCzk: number; freeFromCzk: number | null; codFeeCzk: number | null }>(`
    SELECT d."heurekaDeliveryId", d."priceCzk", d."freeFromCzk",
           (SELECT min(p."priceCzk") FROM "DeliveryPayment" dp JOIN "PaymentMethod" p ON p.id = dp."paymentMethodId"
             WHERE dp."deliveryMethodId" = d.id AND p.active AND p."isCashOnDelivery") AS "codFeeCzk"
      FROM "DeliveryMethod" d
     WHERE d.active AND d."heurekaDeliveryId" IS NOT NULL
     ORDER BY d.position, d.id`);
  return methods.map((method) => ({
    heurekaId: method.heurekaDeliveryId,
    priceCzk: method.priceCzk,
    freeFromCzk: method.freeFromCzk,
    cashOnDeliveryCzk: method.codFeeCzk === null ? null : method.priceCzk + method.codFeeCzk,
  }));
}

export async function readFeedContext(sql: FeedSql): Promise<FeedContext> {
  // one connection: one statement after the other
  const categories = await readCategories(sql);
  const manufacturers = await readManufacturers(sql);
  const deliveries = await readDeliveries(sql);
  return { categories, manufacturers, deliveries };
}

type VariantRow = {
  id: number;
  code: string;
  productId: number;
  productCode: string;
  categoryId: number;
  manufacturerId: number;
  size: string | null;
  colourId: number | null;
  colourCs: string | null;
  colourEn: string | null;
  stock: number;
  gtin: string | null;
  priceCzk: number;
  priceEur: number | null;
  originalPriceCzk: number | null;
  originalPriceEur: number | null;
  nameCs: string | null;
  nameEn: string | null;
  slugCs: string | null;
  slugEn: string | null;
  descriptionCs: string | null;
  descriptionEn: string | null;
};

/** One batch of variants of published products with an id above `after`, by id. */
async function readVariantRows(sql: FeedSql, after: number, limit: number): Promise<VariantRow[]> {
  return sql<VariantRow>(
    `
    SELECT v.id, v.code, v."productId", p.code AS "productCode", p."categoryId", p."manufacturerId", v.size, v."colourId",
           cc.name AS "colourCs", ce.name AS "colourEn", v.stock, v.gtin,
           v."priceCzk", v."priceEur", v."originalPriceCzk", v."originalPriceEur",
           tc.name AS "nameCs", te.name AS "nameEn", tc.slug AS "slugCs", te.slug AS "slugEn",
           COALESCE(NULLIF(tc.description, ''), tc."shortDescription") AS "descriptionCs",
           COALESCE(NULLIF(te.description, ''), te."shortDescription") AS "descriptionEn"
      FROM "Variant" v
      JOIN "Product" p ON p.id = v."productId" AND p.published
      LEFT JOIN "ProductTranslation" tc ON tc."productId" = p.id AND tc.language = 'cs'
      LEFT JOIN "ProductTranslation" te ON te."productId" = p.id AND te.language = 'en'
      LEFT JOIN "ColourTranslation" cc ON cc."colourId" = v."colourId" AND cc.language = 'cs'
      LEFT JOIN "ColourTranslation" ce ON ce."colourId" = v."colourId" AND ce.language = 'en'
     WHERE v.id > $1
     ORDER BY v.id
     LIMIT $2`,
    [after, limit],
  );
}

type ImageRow = { productId: number; url: string; colourId: number | null };

async function readImages(sql: FeedSql, productIds: number[]): Promise<Map<number, ImageRow[]>> {
  const rows = await sql<ImageRow>(`SELECT "productId", url, "colourId" FROM "ProductImage" WHERE "productId" = ANY($1::int[]) ORDER BY "productId", position, id`, [productIds]);
  const byProduct = new Map<number, ImageRow[]>();
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/** The price changes of the variants, oldest first (as priceHistories of services/prices.ts reads them). */
async function readPriceHistories(sql: FeedSql, variantIds: number[]): Promise<Map<number, PriceHistoryRow[]>> {
  const byVariant = new Map<number, PriceHistoryRow[]>();
  if (variantIds.length === 0) return byVariant;
  const rows = await sql<{ variantId: number; currency: Currency; price: number | null; at: Date }>(
    `SELECT "variantId", currency, price, at FROM "VariantPriceChange" WHERE "variantId" = ANY($1::int[]) ORDER BY "variantId", at, id`,
    [variantIds],
  );
  for (const row of rows) {
    const list = byVariant.get(row.variantId) ?? [];
    list.push({ at: row.at, currency: row.currency, price: row.price });
    byVariant.set(row.variantId, list);
  }
  return byVariant;
}

function imagesOf(images: readonly ImageRow[], colourId: number | null): string[] {
  const own = images.find((image) => colourId !== null && image.colourId === colourId);
  const first = own ?? images[0];
  return first ? [first.url, ...images.filter((image) => image !== first).map((image) => image.url)] : [];
}

/**
 * The variants of published products in batches of `batchSize` (by keyset on the id), ready for the
 * feeds; a product without a translation in a language is skipped (it has no page there).
 */
export async function* feedVariantBatches(sql: FeedSql, options: { eurRate: number; now: Date; batchSize?: number }): AsyncGenerator<FeedVariant[]> {
  const batchSize = options.batchSize ?? FEED_BATCH;
  let after = 0;
  for (;;) {
    const rows = await readVariantRows(sql, after, batchSize);
    if (rows.length === 0) return;
    after = rows[rows.length - 1].id;
    const images = await readImages(sql, [...new Set(rows.map((row) => row.productId))]);
    const announcing = rows.filter((row) => row.originalPriceCzk !== null).map((row) => row.id);
    const histories = await readPriceHistories(sql, announcing);
    const batch: FeedVariant[] = [];
    for (const row of rows) {
      if (row.nameCs === null || row.nameEn === null || row.slugCs === null || row.slugEn === null) continue;
      const history = histories.get(row.id) ?? [];
      batch.push({
        id: row.id,
        code: row.code,
        productId: row.productId,
        productCode: row.productCode,
        categoryId: row.categoryId,
        manufacturerId: row.manufacturerId,
        size: row.size,
        colour: row.colourCs !== null && row.colourEn !== null ? { cs: row.colourCs, en: row.colourEn } : null,
        stock: row.stock,
        gtin: row.gtin,
        name: { cs: row.nameCs, en: row.nameEn },
        slug: { cs: row.slugCs, en: row.slugEn },
        description: { cs: row.descriptionCs ?? '', en: row.descriptionEn ?? '' },
        images: imagesOf(images.get(row.productId) ?? [], row.colourId),
        price: { CZK: unitPrice(row, 'CZK', options.eurRate), EUR: unitPrice(row, 'EUR', options.eurRate) },
        reduction: {
          CZK: row.originalPriceCzk === null ? null : reductionOf(row, history, 'CZK', options.eurRate, options.now),
          EUR: row.originalPriceCzk === null ? null : reductionOf(row, history, 'EUR', options.eurRate, options.now),
        },
      });
    }
    yield batch;
  }
}
