// What the feeds read from the catalog: the small, bounded lists once per run (categories,
// manufacturers, delivery methods), then the variants of published products in batches of
// FEED_BATCH by keyset on the variant id, each batch with its pictures and, for the variants that
// announce a reduction, their price history. Memory holds one batch, whatever the catalog's size.
import type { Db } from '../../db/client.ts';
import { priceHistories, reductionOf } from '../prices.ts';
import { unitPrice } from '../pricing.ts';
import type { LawfulReduction } from '../../../../schema/rules/index.ts';

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

/** The categories with their path of names from the top (the shop's own tree) and their feed mappings. */
async function readCategories(db: Db): Promise<Map<number, FeedCategory>> {
  const rows = await db.category.findMany({
    select: { id: true, parentId: true, heurekaCategory: true, googleCategory: true, translations: { select: { language: true, name: true } } },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const nameOf = (id: number, language: 'cs' | 'en') => byId.get(id)?.translations.find((t) => t.language === language)?.name ?? '';
  const pathOf = (id: number, language: 'cs' | 'en') => {
    const names: string[] = [];
    for (let at: number | null = id, depth = 0; at !== null && depth < 20; at = byId.get(at)?.parentId ?? null, depth++) names.unshift(nameOf(at, language));
    return names.join(' | ');
  };
  return new Map(rows.map((row) => [row.id, { path: { cs: pathOf(row.id, 'cs'), en: pathOf(row.id, 'en') }, heureka: row.heurekaCategory, google: row.googleCategory }]));
}

async function readManufacturers(db: Db): Promise<Map<number, FeedManufacturer>> {
  const rows = await db.manufacturer.findMany({ select: { id: true, name: true, street: true, city: true, postalCode: true, countryCode: true, electronicAddress: true } });
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
 * delivery may be paid with them, the price with the cash-on-delivery fee added (as the checkout adds it).
 */
async function readDeliveries(db: Db): Promise<FeedDelivery[]> {
  const methods = await db.deliveryMethod.findMany({
    where: { active: true, heurekaDeliveryId: { not: null } },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
    select: {
      heurekaDeliveryId: true,
      priceCzk: true,
      freeFromCzk: true,
      payments: { where: { paymentMethod: { active: true, isCashOnDelivery: true } }, select: { paymentMethod: { select: { priceCzk: true } } } },
    },
  });
  return methods.map((method) => {
    const cod = method.payments.map((link) => link.paymentMethod.priceCzk);
    return {
      heurekaId: method.heurekaDeliveryId!,
      priceCzk: method.priceCzk,
      freeFromCzk: method.freeFromCzk,
      cashOnDeliveryCzk: cod.length > 0 ? method.priceCzk + Math.min(...cod) : null,
    };
  });
}

export async function readFeedContext(db: Db): Promise<FeedContext> {
  const [categories, manufacturers, deliveries] = await Promise.all([readCategories(db), readManufacturers(db), readDeliveries(db)]);
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
async function readVariantRows(db: Db, after: number, limit: number): Promise<VariantRow[]> {
  return db.$queryRaw<VariantRow[]>`
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
     WHERE v.id > ${after}
     ORDER BY v.id
     LIMIT ${limit}`;
}

type ImageRow = { productId: number; url: string; colourId: number | null };

async function readImages(db: Db, productIds: number[]): Promise<Map<number, ImageRow[]>> {
  const rows = await db.productImage.findMany({
    where: { productId: { in: productIds } },
    orderBy: [{ productId: 'asc' }, { position: 'asc' }, { id: 'asc' }],
    select: { productId: true, url: true, colourId: true },
  });
  const byProduct = new Map<number, ImageRow[]>();
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
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
export async function* feedVariantBatches(db: Db, options: { eurRate: number; now: Date; batchSize?: number }): AsyncGenerator<FeedVariant[]> {
  const batchSize = options.batchSize ?? FEED_BATCH;
  let after = 0;
  for (;;) {
    const rows = await readVariantRows(db, after, batchSize);
    if (rows.length === 0) return;
    after = rows[rows.length - 1].id;
    const images = await readImages(db, [...new Set(rows.map((row) => row.productId))]);
    const announcing = rows.filter((row) => row.originalPriceCzk !== null).map((row) => row.id);
    const histories = await priceHistories(db, announcing);
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
