// Issue 41, item 3 (decision 0060): a list of more products than the shop counts says "more than".
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../web/app/i18n/index.ts';
import { listingCount } from '../../../web/app/features/catalog/listing-count.ts';

describe('the count line of a product list', () => {
  it('counts exactly below the cap, in both languages', () => {
    expect(listingCount(createI18n('cs').t, 'cs', { from: 1, to: 12, total: 57, capped: false })).toBe('Zobrazeno 1 až 12 z 57 výsledků');
    expect(listingCount(createI18n('en').t, 'en', { from: 13, to: 24, total: 57, capped: false })).toBe('Showing 13–24 of 57 results');
  });

  it('says "more than 10 000" beyond the cap, in both languages', () => {
    expect(listingCount(createI18n('cs').t, 'cs', { from: 1, to: 12, total: 10_000, capped: true })).toBe('Zobrazeno 1 až 12 z více než 10\u00a0000 výsledků');
    expect(listingCount(createI18n('en').t, 'en', { from: 1, to: 12, total: 10_000, capped: true })).toBe('Showing 1–12 of more than 10,000 results');
  });
});
