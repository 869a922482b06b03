// The lowest price of the last 30 days (Consumer Protection Act § 12a, Omnibus; issue 42, decision 0063).
// An announced reduction (a struck-through price, a "−20 %" badge, the sale badge) must state the lowest
// price the variant had in the 30 days BEFORE the reduction, and its percentage is computed from that price.
//
// - A variant's price history in one currency is a list of points: the price from `at` on, in the order
//   the changes were made. Consecutive points of the same price are one price (a write that changed nothing).
// - "The reduction" is the latest change to the current price: the moment the price shown now took effect.
// - The lowest price is the lowest of the prices in effect at any time of [reduction − 30 days, reduction).
// - Without history that reaches back 30 days before the reduction (the variant is newer, or the history
//   started later), the lowest price is not known: no reduction may be announced, so none is shown.
// - When the lowest price is not above the current price (a raise that was taken back, a "sale" price the
//   variant already had within 30 days) there is no reduction to announce either.
// - The percentage is (lowest − current) / lowest, rounded down to a whole percent: never more than it is.
// These are pure functions of their inputs, the clock included, so both sides and the tests share them.

export const LOWEST_PRICE_DAYS = 30;

const DAY_MS = 86_400_000;

/** The price (minor units, VAT included) in effect from `at` on. */
export type PricePoint = { at: Date; price: number };

/** An announced reduction as it may be shown: the lowest price of the 30 days before it and the percentage. */
export type LawfulReduction = {
  /** The current price. */
  price: number;
  /** The lowest price in the 30 days before `reducedAt`: what is struck through and stated. */
  lowestPrice: number;
  /** Whole percent, from `lowestPrice`, rounded down. */
  percent: number;
  /** When the current price took effect. */
  reducedAt: Date;
};

/** The points up to `now`, in change order, without points that repeat the price before them. */
function changesUpTo(history: readonly PricePoint[], now: Date): PricePoint[] {
  const points = history.filter((point) => point.at.getTime() <= now.getTime());
  // stable: points of the same moment keep the order in which they were written
  points.sort((a, b) => a.at.getTime() - b.at.getTime());
  const changes: PricePoint[] = [];
  for (const point of points) {
    if (changes.length === 0 || changes[changes.length - 1].price !== point.price) changes.push(point);
  }
  return changes;
}

/**
 * The reduction a shop may announce for one variant in one currency at `now`, or null when it may not
 * announce one: `announced` is whether the shop marks the variant as reduced (its sale price columns);
 * `history` its prices in that currency.
 */
export function lawfulReduction(history: readonly PricePoint[], now: Date, announced: boolean): LawfulReduction | null {
  if (!announced) return null;
  const changes = changesUpTo(history, now);
  if (changes.length < 2) return null;
  const current = changes[changes.length - 1];
  const reducedAt = current.at;
  const windowStart = reducedAt.getTime() - LOWEST_PRICE_DAYS * DAY_MS;
  // the history must say which price was in effect when the 30 days began
  if (changes[0].at.getTime() > windowStart) return null;
  let lowest = Infinity;
  for (let index = 0; index < changes.length - 1; index++) {
    const until = changes[index + 1].at.getTime();
    // the price of changes[index] was in effect over [its at, until): does that meet the 30 days?
    if (until > windowStart) lowest = Math.min(lowest, changes[index].price);
  }
  if (!(lowest > current.price)) return null;
  return { price: current.price, lowestPrice: lowest, percent: discountPercent(lowest, current.price), reducedAt };
}

/** The discount from `from` to `to` in whole percent, rounded down (a badge never claims more than it is). */
export function discountPercent(from: number, to: number): number {
  if (!(from > 0) || to >= from) return 0;
  return Math.floor(((from - to) * 100) / from);
}

/** A history row as the database keeps it: the price of one currency, null for a euro price that follows CZK. */
export type PriceHistoryRow = { at: Date; currency: 'CZK' | 'EUR'; price: number | null };

/**
 * The history of one currency from a variant's rows of both (in the order written). A euro price of its
 * own counts as it is; while the variant had none (null), the euro price followed the crown price and is
 * converted by `czkToEur` (the shop's rate today, the same rate that converts the current price: a change
 * of the rate alone is never a reduction).
 */
export function priceHistoryIn(rows: readonly PriceHistoryRow[], currency: 'CZK' | 'EUR', czkToEur: (czk: number) => number): PricePoint[] {
  if (currency === 'CZK') return rows.flatMap((row) => (row.currency === 'CZK' && row.price !== null ? [{ at: row.at, price: row.price }] : []));
  const points: PricePoint[] = [];
  let czk: number | null = null;
  let eur: number | null | undefined;
  const ordered = [...rows].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const row of ordered) {
    if (row.currency === 'CZK') czk = row.price;
    else eur = row.price;
    const price = eur ?? (czk === null ? null : czkToEur(czk));
    if (price !== null) points.push({ at: row.at, price });
  }
  return points;
}
