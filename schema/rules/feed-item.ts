// A variant's ITEM_ID: the one name the price comparison feeds (bff/src/services/feeds) and the
// conversion measuring (bff/src/services/conversions.ts) give it, so that Heureka and Zboží match an
// order's conversion to the feed's offer. Heureka and Zboží take [A-Za-z0-9_-], at most 36 characters
// (Google's g:id up to 50). A code that fits is itself; any other character becomes "-" and the whole
// is cut at 36. Made from the code alone: an order line keeps the variant's code, not its row.

export const FEED_ITEM_ID = /^[A-Za-z0-9_-]{1,36}$/;

export function feedItemId(variantCode: string): string {
  return variantCode.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 36);
}
