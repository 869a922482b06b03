// What an event makes stale (bff/src/events/purge.ts, decision 0055): the response cache is told the
// tags of events/tags.ts an event touches, and everything only for what may have changed anything.
import { describe, expect, it } from 'vitest';
import { purgeOf, tagsOf } from '../../../bff/src/events/purge.ts';
import { stockChanged } from '../../../bff/src/events/events.ts';

describe('the tags of an event', () => {
  it('a stock change touches its products; listings only where a variant flipped between in stock and sold out', () => {
    const event = stockChanged([
      { variantId: 1, productId: 10, before: 5, after: 4 },
      { variantId: 2, productId: 20, before: 1, after: 0 },
      { variantId: 3, productId: 30, before: 0, after: 2 },
    ]);
    expect(event).toEqual({ kind: 'StockChanged', variantIds: [1, 2, 3], productIds: [10, 20, 30], availabilityFlipped: [20, 30] });
    expect(tagsOf(event)).toEqual(['product:10', 'product:20', 'product:30', 'listed:20', 'listed:30']);
  });

  it('catalog and content changes touch their own answers and the lists that show them', () => {
    expect(tagsOf({ kind: 'ProductChanged', productIds: [1], categoryIds: [7] })).toEqual(['product:1', 'listed:1', 'list:7', 'search']);
    // a price or sale mark may move the product into or out of sale lists and price ranges it is not
    // listed in: its categories' lists and the whole catalog's (the home page's "Sleva", decision 0063)
    expect(tagsOf({ kind: 'PriceChanged', productIds: [1], categoryIds: [7] })).toEqual(['product:1', 'listed:1', 'list:7', 'search']);
    // recorded before the event named its categories: the whole catalog's lists at least
    expect(tagsOf({ kind: 'PriceChanged', productIds: [1] })).toEqual(['product:1', 'listed:1', 'search']);
    expect(tagsOf({ kind: 'CategoryChanged', categoryIds: [7] })).toEqual(['category:7', 'list:7', 'categories']);
    expect(tagsOf({ kind: 'ContentChanged', contentIds: ['article:3'] })).toEqual(['content:article:3', 'content']);
    expect(tagsOf({ kind: 'DeliveryChanged' })).toEqual(['delivery']);
    expect(tagsOf({ kind: 'StoresChanged' })).toEqual(['stores']);
  });

  it("a product's published reviews touch its page and the cards that show its stars, nothing else (decision 0075)", () => {
    expect(tagsOf({ kind: 'ReviewsChanged', productIds: [4] })).toEqual(['product:4', 'listed:4']);
    expect(purgeOf([{ kind: 'ReviewsChanged', productIds: [4] }, { kind: 'MailEnqueued' }])).toEqual({ tags: ['product:4', 'listed:4'] });
  });

  it("a match's seats touch no cached answer (none shows them): a hold alone purges nothing, and beside another change adds nothing", () => {
    const seats = { kind: 'SeatsChanged', eventId: 4, taken: [1], freed: [] } as const;
    expect(tagsOf(seats)).toEqual([]);
    expect(purgeOf([seats])).toBeNull();
    expect(purgeOf([seats, { kind: 'PriceChanged', productIds: [1] }])).toEqual({ tags: ['product:1', 'listed:1', 'search'] });
  });

  it('orders, their states and mail touch no public answer; the demo data touches everything', () => {
    expect(tagsOf({ kind: 'OrderPlaced', orderId: 1 })).toEqual([]);
    expect(tagsOf({ kind: 'OrderStateChanged', orderId: 1, from: 'NEW', to: 'PAID' })).toEqual([]);
    expect(tagsOf({ kind: 'MailEnqueued' })).toEqual([]);
    expect(tagsOf({ kind: 'EverythingChanged', reason: 'demo data' })).toBe('all');
  });

  it("one purge per transaction: its events' tags once each; nothing when none is public; everything for an event this code cannot read", () => {
    expect(purgeOf([{ kind: 'PriceChanged', productIds: [1] }, { kind: 'PriceChanged', productIds: [1, 2] }, { kind: 'OrderPlaced', orderId: 3 }])).toEqual({
      tags: ['product:1', 'listed:1', 'search', 'product:2', 'listed:2'],
    });
    expect(purgeOf([{ kind: 'OrderPlaced', orderId: 3 }, { kind: 'MailEnqueued' }])).toBeNull();
    expect(purgeOf([{ kind: 'PriceChanged', productIds: [1] }, null])).toEqual({ all: true });
  });
});
