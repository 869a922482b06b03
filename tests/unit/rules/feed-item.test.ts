import { describe, expect, it } from 'vitest';
import { FEED_ITEM_ID, feedItemId } from '../../../schema/rules/feed-item.ts';
import { itemId } from '../../../bff/src/services/feeds/formats.ts';

describe("a variant's ITEM_ID", () => {
  it('is the code where it fits, and otherwise the code with "-" for what Heureka refuses, cut at 36', () => {
    expect(feedItemId('DRES-DOMACI-M')).toBe('DRES-DOMACI-M');
    expect(feedItemId('DRES/Č 1.M')).toBe('DRES---1-M');
    expect(feedItemId('X'.repeat(40))).toBe('X'.repeat(36));
    for (const code of ['DRES/Č 1.M', 'ŠÁLA+2026', 'A'.repeat(50)]) expect(feedItemId(code)).toMatch(FEED_ITEM_ID);
  });

  it('is the same in the feeds as in the conversion measuring', () => {
    for (const code of ['SALA-01', 'DRES/Č 1.M', 'ŠÁLA+2026']) expect(itemId({ code })).toBe(feedItemId(code));
  });
});
