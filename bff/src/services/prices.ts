// Variant prices: the owner changes them (`npm run stock -- price`), and every page that announces a
// reduction states the lowest price of the 30 days before it (issue 42 §3, decision 0063).
//
// The history itself is written by the database (trigger "Variant_price_history", migration
// 20261129012000) in the transaction of every write of a price, this service's or anyone's; this file
// records the PriceChanged event of its own writes (so the cached pages of the product are purged), keeps
// the product's "from" price, and reads the history for the rule of schema/rules/lowest-price.ts.
import type { Db } from '../db/client.ts';
import { inTransaction } from '../events/record.ts';
import { lawfulReduction, priceHistoryIn, type LawfulReduction, type PriceHistoryRow } from '../../../schema/rules/index.ts';
import type { Currency } from '../../../schema/rules/money.ts';
import { czkToEur, lowestPrices, originalUnitPrice, unitPrice } from './pricing.ts';

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
    for (const productId of productIds) {
      const variants = await tx.variant.findMany({ where: { productId }, select: { priceCzk: true, priceEur: true, originalPriceCzk: true, originalPriceEur: true } });
      await tx.product.update({ where: { id: productId }, data: lowestPrices(variants, eurRate) });
    }
    if (productIds.length > 0) recorder.record({ kind: 'PriceChanged', productIds });
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

/** The variant columns that say whether a reduction is announced. */
export type AnnouncingVariant = { priceCzk: number; priceEur: number | null; originalPriceCzk: number | null; originalPriceEur: number | null };

/** Whether the shop announces a reduction of the variant in `currency` (its sale price columns are set). */
export function announcesReduction(variant: AnnouncingVariant, currency: Currency, eurRate: number): boolean {
  return originalUnitPrice(variant, currency, eurRate) !== null;
}

/** The reduction a page may announce for a variant in `currency` at `now` (decision 0063), or null. */
export function reductionOf(variant: AnnouncingVariant, history: readonly PriceHistoryRow[], currency: Currency, eurRate: number, now: Date): LawfulReduction | null {
  if (!announcesReduction(variant, currency, eurRate)) return null;
  const reduction = lawfulReduction(priceHistoryIn(history, currency, (czk) => czkToEur(czk, eurRate)), now, true);
  // the history ends at the price the variant has (the trigger writes both); should it not (a clock
  // behind the last change), nothing is announced rather than a figure of another price
  return reduction && reduction.price === unitPrice(variant, currency, eurRate) ? reduction : null;
}
