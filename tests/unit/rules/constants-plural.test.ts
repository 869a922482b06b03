import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import * as rules from '../../../schema/rules/index.ts';

describe('constants of spec section 9', () => {
  it('match the spec', () => {
    expect(rules.FREE_SHIPPING_THRESHOLD_CZK_MINOR).toBe(300_000);
    expect(rules.LANGUAGE_COOKIE_MAX_AGE_DAYS).toBe(365);
    expect(rules.LANGUAGE_COOKIE_MAX_AGE_SECONDS).toBe(31_536_000);
    expect(rules.BUILD_CHECK_INTERVAL_MS).toBe(3_600_000);
    expect(rules.CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    expect(rules.PREFETCH_QUEUE_MAX).toBe(5);
    expect(rules.NOTIFICATION_TIMEOUT_MS).toBe(3000);
    expect(rules.TOAST_TIMEOUT_MS).toBe(5000);
    expect(rules.MAX_NOTIFICATIONS).toBe(10);
    expect(rules.LOADING_BAR).toEqual({
      throttleMs: 200,
      durationMs: 2000,
      hideDelayMs: 500,
      resetDelayMs: 400,
      color: '#0a5096',
      heightPx: 1,
    });
    expect(rules.VALIDATION_DEBOUNCE_MS).toBe(5);
    expect(rules.CLIENT_RETRY_COUNT).toBe(1);
    expect(rules.LOG_THROTTLE_MS).toBe(1000);
    expect(rules.DEFAULT_LOCALE).toBe('cs');
    expect(rules.TIME_ZONE).toBe('Europe/Prague');
  });

  it('list the two languages', () => {
    expect(rules.LOCALES).toEqual([
      { code: 'cs', locale: 'cs-CZ', name: 'Čeština' },
      { code: 'en', locale: 'en-US', name: 'English' },
    ]);
    for (const { code, locale } of rules.LOCALES) expect(rules.localeTag(code)).toBe(locale);
    expect(rules.isLocale('cs')).toBe(true);
    expect(rules.isLocale('de')).toBe(false);
  });
});

describe('czechPluralCategory', () => {
  it.each([
    [1, 'one'], // 1 kus
    [2, 'few'], // 2 kusy
    [4, 'few'],
    [5, 'other'], // 5 kusů
    [0, 'other'],
    [22, 'other'],
    [1.5, 'many'], // 1,5 kusu
  ])('%s is %s', (count, category) => {
    expect(rules.czechPluralCategory(count)).toBe(category);
  });

  it('picks the i18next key suffix for any count', () => {
    const keys: Record<string, string> = { one: 'kus', few: 'kusy', many: 'kusu', other: 'kusů' };
    const label = (count: number) => `${count} ${keys[rules.czechPluralCategory(count)]}`;
    expect([1, 2, 3, 4, 5, 11, 21].map(label)).toEqual(['1 kus', '2 kusy', '3 kusy', '4 kusy', '5 kusů', '11 kusů', '21 kusů']);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (count) => {
        const expected = count === 1 ? 'one' : count >= 2 && count <= 4 ? 'few' : 'other';
        expect(rules.czechPluralCategory(count)).toBe(expected);
      }),
    );
  });
});

describe('piecesText', () => {
  it("writes 'ks' for any Czech quantity, and 'pc' only for one piece in English", () => {
    expect([1, 2, 5].map((quantity) => rules.piecesText(quantity, 'cs'))).toEqual(['1 ks', '2 ks', '5 ks']);
    expect([1, 2, 5].map((quantity) => rules.piecesText(quantity, 'en'))).toEqual(['1 pc', '2 pcs', '5 pcs']);
  });
});
