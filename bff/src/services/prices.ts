// Variant prices: the owner changes them (`npm run stock -- price`), and every page that announces a
// reduction states the lowest price of the 30 days before it (issue 42 §3, decision 0063).
//
// The history itself is written by the database (trigger "Variant_price_history", migration
// 20261129012000) in the transaction of every write of a price, this service's or anyone's; this file
// records the PriceChanged event of its own writes (so the cached pages of the product are purged), keeps
// the product's "from" price, and reads the history for the rule of schema/rules/lowest-price.ts.
import type { Db } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { inTransaction } from '../events/record.ts';
import { LOWEST_PRICE_DAYS, type PriceHistoryRow } from '../../../schema/rules/index.ts';
import type { Currency } from '../../../schema/rules/money.ts';
import { lowestPrices } from './pricing.ts';

/** A price change the owner asked for that cannot be made (unknown code, bad amount). */
export class PriceInputError extends Error {}

/** Minor units, VAT included; at most 10 million crowns. */
const MAX_PRICE = 1_000_000_000;

/**
 * A change of one variant's prices by its code. `priceEur` null: the euro price follows the crown price
 * at the shop's rate. `originalPriceCzk`/`originalPriceEur`: the shop announces a reduction (its sale
 * price columns) while set; undefined keeps what the variant has.
 */
export type PriceChange = {
  code: string;
  priceCzk: number;
  priceEur?: number | null;
  originalPriceCzk?: number | null;
  originalPriceEur?: number | null;
};

export type PriceChangeDone = { code: string; previousCzk: number; priceCzk: number; productId: number };

function checkAmount(amount: number | null | undefined, name: string): void {
  if (amount === null || amount === undefined) return;
  if (!Number.isInteger(amount) || amount < 0 || amount > MAX_PRICE) throw new PriceInputError(`${name} must be a whole number of minor units from 0 to ${MAX_PRICE}.`);
}

/**
 * Sets the prices of variants by their codes, all or none (one transaction): the history rows (by the
 * trigger), the products' "from" prices and one PriceChanged event for the products touched.
 */
export async function setPrices(db: Db, changes: readonly PriceChange[], eurRate: number): Promise<PriceChangeDone[]> {
  for (const change of changes) {
    checkAmount(change.priceCzk, 'The price');
    checkAmount(change.priceEur, 'The euro price');
    checkAmount(change.originalPriceCzk, 'The price before the sale');
    checkAmount(change.originalPriceEur, 'The euro price before the sale');
  }
  return inTransaction(db, async (tx, recorder) => {
    const done: PriceChangeDone[] = [];
    for (const change of changes) {
      const before = await tx.variant.findUnique({ where: { code: change.code }, select: { id: true, productId: true, priceCzk: true } });
      if (!before) throw new PriceInputError(`No variant has the code "${change.code}".`);
      await tx.variant.update({
        where: { id: before.id },
        data: {
          priceCzk: change.priceCzk,
          ...(change.priceEur !== undefined ? { priceEur: change.priceEur } : {}),
          ...(change.originalPriceCzk !== undefined ? { originalPriceCzk: change.originalPriceCzk } : {}),
          ...(change.originalPriceEur !== undefined ? { originalPriceEur: change.originalPriceEur } : {}),
        },
      });
      done.push({ code: change.code, previousCzk: before.priceCzk, priceCzk: change.priceCzk, productId: before.productId });
    }
    const productIds = [...new Set(done.map((row) => row.productId))];
    const categoryIds = new Set<number>();
    for (const productId of productIds) {
      const variants = await tx.variant.findMany({ where: { productId }, select: { priceCzk: true, priceEur: true, originalPriceCzk: true, originalPriceEur: true } });
      const product = await tx.product.update({ where: { id: productId }, data: lowestPrices(variants, eurRate), select: { categoryId: true } });
      categoryIds.add(product.categoryId);
    }
    // the categories too: a product that starts or stops being on sale enters or leaves their sale lists
    if (productIds.length > 0) recorder.record({ kind: 'PriceChanged', productIds, categoryIds: [...categoryIds] });
    return done;
  });
}

/** The price history rows of variants, in the order written, by variant id: one statement for them all. */
export async function priceHistories(db: Db, variantIds: readonly number[]): Promise<Map<number, PriceHistoryRow[]>> {
  const byVariant = new Map<number, PriceHistoryRow[]>(variantIds.map((id) => [id, []]));
  if (variantIds.length === 0) return byVariant;
  const rows = await db.variantPriceChange.findMany({
    where: { variantId: { in: [...new Set(variantIds)] } },
    select: { variantId: true, currency: true, price: true, at: true },
    orderBy: [{ variantId: 'asc' }, { at: 'asc' }, { id: 'asc' }],
  });
  for (const row of rows) byVariant.get(row.variantId)?.push({ at: row.at, currency: row.currency, price: row.price });
  return byVariant;
}

/** The rate as whole millionths of a crown per euro, as `convertCzkToEur` divides by it. */
function rateMillionths(eurRate: number): number {
  return Math.round(eurRate * 1_000_000);
}

/** SQL: a crown amount in euro cents, rounded half up exactly as `convertCzkToEur` rounds it. */
function czkToEurSql(czk: Prisma.Sql, eurRate: number): Prisma.Sql {
  const rate = rateMillionths(eurRate);
  return Prisma.sql`((2::bigint * ${czk} * 1000000 + ${rate}::bigint) / (2 * ${rate}::bigint))`;
}

/** SQL: a variant's price in `currency`, as `unitPrice` gives it. */
function unitPriceSql(variant: Prisma.Sql, currency: Currency, eurRate: number): Prisma.Sql {
  if (currency === 'CZK') return Prisma.sql`${variant}."priceCzk"::bigint`;
  return Prisma.sql`COALESCE(${variant}."priceEur"::bigint, ${czkToEurSql(Prisma.sql`${variant}."priceCzk"`, eurRate)})`;
}

/**
 * SQL: whether product `product` (an alias of "Product") is on sale in `currency` at `now`, meaning
 * exactly that its `lowestPriceLast30Days` is not null (decision 0063 and its addendum): its cheapest
 * variant in that currency (the one that gives `price`; the lower id among equal prices) announces a
 * reduction (`originalPriceCzk` set; the euro mark falls back to it) and the rule of
 * schema/rules/lowest-price.ts allows it, computed from the variant's history rows up to `now`:
 * consecutive equal prices are one price, the reduction is the start of the last one, the history must
 * reach 30 days before it, the lowest price in effect in those 30 days must be above the current price,
 * and the current price must be the variant's own. In euros, a row's price is the euro price of its
 * own, else the crown price at the rate (priceHistoryIn). The only variants whose history is read are
 * those with a sale mark ("Variant_onSale_productId_idx" lists them), so the condition costs a list
 * of products a lookup of the few variants on sale, not of every variant.
 */
export function onSaleSql(product: Prisma.Sql, currency: Currency, eurRate: number, now: Date): Prisma.Sql {
  const window = Prisma.sql`make_interval(hours => ${LOWEST_PRICE_DAYS * 24}::int)`;
  const points =
    currency === 'CZK'
      ? Prisma.sql`SELECT h.at, h.id, h.price::bigint AS price FROM "VariantPriceChange" h
                    WHERE h."variantId" = cheapest.id AND h.currency = 'CZK' AND h.at <= ${now} AND h.price IS NOT NULL`
      : Prisma.sql`SELECT h.at, h.id, COALESCE(
                          (SELECT e.price::bigint FROM "VariantPriceChange" e
                            WHERE e."variantId" = h."variantId" AND e.currency = 'EUR' AND (e.at, e.id) <= (h.at, h.id)
                            ORDER BY e.at DESC, e.id DESC LIMIT 1),
                          ${czkToEurSql(
                            Prisma.sql`(SELECT k.price FROM "VariantPriceChange" k
                                         WHERE k."variantId" = h."variantId" AND k.currency = 'CZK' AND (k.at, k.id) <= (h.at, h.id)
                                         ORDER BY k.at DESC, k.id DESC LIMIT 1)`,
                            eurRate,
                          )}) AS price
                     FROM "VariantPriceChange" h
                    WHERE h."variantId" = cheapest.id AND h.at <= ${now}`;
  return Prisma.sql`${product}.id IN (
    SELECT cheapest."productId" FROM "Variant" marked
     CROSS JOIN LATERAL (
       SELECT v.id, v."productId", v."originalPriceCzk", ${unitPriceSql(Prisma.sql`v`, currency, eurRate)} AS price
         FROM "Variant" v WHERE v."productId" = marked."productId"
        ORDER BY 4 ASC, v.id ASC LIMIT 1
     ) cheapest
    WHERE marked."originalPriceCzk" IS NOT NULL AND cheapest.id = marked.id
      AND EXISTS (
        WITH points AS (${points}),
        marked_points AS (SELECT at, id, price, lag(price) OVER (ORDER BY at, id) AS before FROM points WHERE price IS NOT NULL),
        changes AS (
          SELECT at, price, lead(at) OVER (ORDER BY at, id) AS next_at, row_number() OVER (ORDER BY at DESC, id DESC) AS from_end
            FROM marked_points WHERE before IS NULL OR before <> price
        ),
        reduction AS (
          SELECT min(at) AS first_at, count(*) AS n,
                 max(at) FILTER (WHERE from_end = 1) AS reduced_at, max(price) FILTER (WHERE from_end = 1) AS current
            FROM changes
        )
        SELECT 1 FROM reduction r
         WHERE r.n >= 2 AND r.current = cheapest.price AND r.first_at <= r.reduced_at - ${window}
           AND (SELECT min(c.price) FROM changes c WHERE c.from_end > 1 AND c.next_at > r.reduced_at - ${window}) > r.current
      )
  )`;
}
