// What a service changed, said as a typed event (issue 41, docs/decisions/0055). A service records its
// events inside the transaction that makes the change (events/record.ts: inTransaction); they are
// dispatched to the subscribers of every shop instance only after that transaction committed
// (events/change-feed.ts). Ids are the database's own (numbers), as the services use them.

/** Stock of variants changed (an order, a cancellation, a hold of goods, the owner's `npm run stock`). */
export type StockChanged = {
  kind: 'StockChanged';
  variantIds: readonly number[];
  /** The products of those variants. */
  productIds: readonly number[];
  /** The products among them with a variant that went from sold out to in stock or back (listings show that). */
  availabilityFlipped: readonly number[];
};

/** The StockChanged event of variants' stock moves (`before` and `after` each variant's stock). */
export function stockChanged(moves: readonly { variantId: number; productId: number; before: number; after: number }[]): StockChanged {
  const unique = (ids: number[]) => [...new Set(ids)];
  return {
    kind: 'StockChanged',
    variantIds: unique(moves.map((move) => move.variantId)),
    productIds: unique(moves.map((move) => move.productId)),
    availabilityFlipped: unique(moves.filter((move) => (move.before > 0) !== (move.after > 0)).map((move) => move.productId)),
  };
}

/** A product's own data (name, description, pictures, parameters, published or not). */
export type ProductChanged = {
  kind: 'ProductChanged';
  productIds: readonly number[];
  /** Categories whose listing gained, lost or reordered products by the change. */
  categoryIds: readonly number[];
};

/**
 * Variant prices or sale marks: the products' pages, and, as a product may start or stop being on sale
 * or move in a price order or range, the listings of their categories and the whole catalog's.
 */
export type PriceChanged = {
  kind: 'PriceChanged';
  productIds: readonly number[];
  /** The products' categories (absent in events recorded before it was added: those purge the whole catalog's lists only). */
  categoryIds?: readonly number[];
};

/** A product's published reviews (one published, rejected after publishing, or edited): its page and its stars on cards. */
export type ReviewsChanged = { kind: 'ReviewsChanged'; productIds: readonly number[] };

/** A category's own data or its place in the tree. */
export type CategoryChanged = { kind: 'CategoryChanged'; categoryIds: readonly number[] };

/** Info pages, articles, tiles, by their cache ids (`article:12`, `info:3`, `tile:1`). */
export type ContentChanged = { kind: 'ContentChanged'; contentIds: readonly string[] };

/** Delivery and payment methods, their prices, the pick-up points. */
export type DeliveryChanged = { kind: 'DeliveryChanged' };

/** Stores and their opening hours. */
export type StoresChanged = { kind: 'StoresChanged' };

/** Anything may have changed (the demo data seeded, a bulk import): every cached answer goes. */
export type EverythingChanged = { kind: 'EverythingChanged'; reason: string };

export type OrderPlaced = { kind: 'OrderPlaced'; orderId: number };

export type OrderStateChanged = { kind: 'OrderStateChanged'; orderId: number; from: string; to: string };

/** Seats of a match taken (held or sold) and freed (released, expired, cancelled). */
export type SeatsChanged = { kind: 'SeatsChanged'; eventId: number; taken: readonly number[]; freed: readonly number[] };

/** E-mails were put into the mail outbox (the sender is woken at once rather than at its next round). */
export type MailEnqueued = { kind: 'MailEnqueued' };

export type ShopEvent =
  | StockChanged
  | ProductChanged
  | PriceChanged
  | ReviewsChanged
  | CategoryChanged
  | ContentChanged
  | DeliveryChanged
  | StoresChanged
  | EverythingChanged
  | OrderPlaced
  | OrderStateChanged
  | SeatsChanged
  | MailEnqueued;

export type ShopEventKind = ShopEvent['kind'];

/** An event as stored in the ChangeEvent table: its id says the order in which transactions recorded them. */
export type RecordedEvent = { id: number; event: ShopEvent };

const KINDS: ReadonlySet<string> = new Set<ShopEventKind>([
  'StockChanged',
  'ProductChanged',
  'PriceChanged',
  'ReviewsChanged',
  'CategoryChanged',
  'ContentChanged',
  'DeliveryChanged',
  'StoresChanged',
  'EverythingChanged',
  'OrderPlaced',
  'OrderStateChanged',
  'SeatsChanged',
  'MailEnqueued',
]);

/**
 * An event read back from the table, or null for a kind this code does not know (a row written by a
 * newer version of the shop during a rolling deploy): the caller purges everything for it, to be safe.
 */
export function parseEvent(payload: unknown): ShopEvent | null {
  if (typeof payload !== 'object' || payload === null || !('kind' in payload)) return null;
  return typeof payload.kind === 'string' && KINDS.has(payload.kind) ? (payload as ShopEvent) : null;
}
