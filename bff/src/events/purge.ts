// Which cached answers an event makes stale, in the vocabulary of events/tags.ts.
import type { ShopEvent } from './events.ts';
import type { CacheTag, Purge } from './tags.ts';

/** The tags an event touches; 'all' for an event that may have changed anything. */
export function tagsOf(event: ShopEvent): readonly CacheTag[] | 'all' {
  switch (event.kind) {
    case 'StockChanged':
      // an exact count shows on the product's own page; listings only show in stock or sold out
      return [...event.productIds.map((id) => `product:${id}` as const), ...event.availabilityFlipped.map((id) => `listed:${id}` as const)];
    case 'ProductChanged':
      return [
        ...event.productIds.flatMap((id) => [`product:${id}`, `listed:${id}`] as const),
        ...event.categoryIds.map((id) => `list:${id}` as const),
        'search',
      ];
    case 'PriceChanged':
      // a product that starts or stops being on sale enters or leaves sale lists it was not listed in
      // (the home page's "Sleva", a category filtered by it), as does a price moving into a price range
      return [
        ...event.productIds.flatMap((id) => [`product:${id}`, `listed:${id}`] as const),
        ...(event.categoryIds ?? []).map((id) => `list:${id}` as const),
        'search',
      ];
    case 'ReviewsChanged':
      // the product's page (its reviews, average, histogram) and the cards that show its stars; not search
      // or category membership, which a review does not change
      return event.productIds.flatMap((id) => [`product:${id}`, `listed:${id}`] as const);
    case 'CategoryChanged':
      return [...event.categoryIds.flatMap((id) => [`category:${id}`, `list:${id}`] as const), 'categories'];
    case 'ContentChanged':
      return [...event.contentIds.map((id) => `content:${id}` as const), 'content'];
    case 'DeliveryChanged':
      return ['delivery'];
    case 'StoresChanged':
      return ['stores'];
    case 'EverythingChanged':
      return 'all';
    // a match's seats: no stored answer shows them (Event.availability is never stored), and every
    // hold would otherwise touch the match's page (the seat pickers hear them: app.ts)
    case 'SeatsChanged':
      return [];
    // an order and its state, mail: no public answer shows them (their stock, seats are events of their own)
    case 'OrderPlaced':
    case 'OrderStateChanged':
    case 'MailEnqueued':
      return [];
  }
}

/** What the response cache is told for events committed together: null when they touch no cached answer. */
export function purgeOf(events: readonly (ShopEvent | null)[]): Purge | null {
  const tags = new Set<CacheTag>();
  for (const event of events) {
    // an event this code cannot read may have changed anything
    const touched = event === null ? 'all' : tagsOf(event);
    if (touched === 'all') return { all: true };
    for (const tag of touched) tags.add(tag);
  }
  return tags.size === 0 ? null : { tags: [...tags] };
}
