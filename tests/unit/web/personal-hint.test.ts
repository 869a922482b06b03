// The header's hint before paint (docs/decisions/0043): the cookie's format, and the inline script that
// reads it before the first paint and must show the total exactly as formatMoney does after hydration
// (any difference would be a visible change of the header).
import { describe, expect, it, vi } from 'vitest';
import { formatHint, hintOf, hintScript, parseHint, writeHintCookie, type PersonalHint } from '../../../web/app/features/personal/personal-hint.ts';
import { formatMoney } from '../../../schema/rules/money.ts';

/** Runs the inline script against a page of this language and currency with this Cookie value. */
function runScript(cookie: string, language: 'cs' | 'en', currency: 'CZK' | 'EUR') {
  const properties: Record<string, string> = {};
  const attributes: Record<string, string> = { 'data-currency': currency };
  const documentElement = {
    lang: language,
    style: { setProperty: (name: string, value: string) => void (properties[name] = value) },
    getAttribute: (name: string) => attributes[name] ?? null,
    setAttribute: (name: string, value: string) => void (attributes[name] = value),
  };
  new Function('document', hintScript())({ documentElement, cookie });
  return { properties, signedIn: attributes['data-signed-in'] };
}

const css = (text: string) => JSON.stringify(text);

describe('the hint cookie', () => {
  it('holds counts, an amount, a currency and a flag, and reads back what it wrote', () => {
    const hint: PersonalHint = { items: 3, total: 123_450, currency: 'EUR', wishlist: 2, signedIn: true };
    expect(formatHint(hint)).toBe('1.3.123450.EUR.2.1');
    expect(parseHint(formatHint(hint))).toEqual(hint);
    for (const bad of ['', '1.3.1.USD.0.0', '2.3.1.CZK.0.0', '1.-3.1.CZK.0.0', '1.3.1.CZK.0.0; x', 'Eva.3.1.CZK.0.0']) expect(parseHint(bad), bad).toBeNull();
  });

  it('is made from the personal query: a guest without a cart is nothing in CZK', () => {
    expect(hintOf({ cart: null, wishlist: null, me: null })).toEqual({ items: 0, total: 0, currency: 'CZK', wishlist: 0, signedIn: false });
    expect(hintOf({ cart: { itemCount: 4, goodsToPay: { withVat: 99_900, currency: 'EUR' } }, wishlist: { itemCount: 1 }, me: { id: 'Q3VzdG9tZXI6MQ==' } })).toEqual({
      items: 4,
      total: 99_900,
      currency: 'EUR',
      wishlist: 1,
      signedIn: true,
    });
  });
});

describe('writing the hint cookie', () => {
  it("a guest's hint (nothing in the cart or the wishlist, signed out) is no cookie: one written before is removed (issue 40, item 28)", () => {
    const writes: string[] = [];
    let jar = 'shopper_hint=1.2.5000.CZK.0.0';
    vi.stubGlobal('window', { location: { protocol: 'http:' } });
    vi.stubGlobal('document', {
      get cookie() {
        return jar;
      },
      set cookie(value: string) {
        writes.push(value);
        jar = value.includes('max-age=0') ? '' : value.split(';')[0];
      },
    });
    try {
      const guest: PersonalHint = { items: 0, total: 0, currency: 'CZK', wishlist: 0, signedIn: false };
      writeHintCookie(guest);
      expect(writes).toEqual(['shopper_hint=; max-age=0; path=/; samesite=lax']);
      writeHintCookie(guest);
      expect(writes).toHaveLength(1);
      // a page of a later visit then asks nothing (personal-query.ts); her first item writes it again
      writeHintCookie({ ...guest, items: 1, total: 49_900 });
      expect(writes[1]).toBe(`shopper_hint=1.1.49900.CZK.0.0; max-age=${30 * 86_400}; path=/; samesite=lax`);
      expect(jar).toBe('shopper_hint=1.1.49900.CZK.0.0');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the inline script', () => {
  it('shows the count, the total as formatMoney writes it, the wishlist count and the sign-in state', () => {
    for (const language of ['cs', 'en'] as const) {
      for (const currency of ['CZK', 'EUR'] as const) {
        for (const total of [0, 5, 99, 100, 12_345, 123_456_789, 100_000_000_000]) {
          const cookie = `lang=${language}; shopper_hint=${formatHint({ items: 3, total, currency, wishlist: 7, signedIn: true })}; sid=s%3Ax`;
          const { properties, signedIn } = runScript(cookie, language, currency);
          expect(properties).toEqual({
            '--hint-cart-count': css('3'),
            '--hint-wishlist-count': css('7'),
            '--hint-cart-total': css(formatMoney(total, currency, language)),
          });
          expect(signedIn).toBe('1');
        }
      }
    }
  });

  it('without a cookie (or a broken one) shows what a guest has: nothing, in the page currency', () => {
    for (const cookie of ['', 'sid=s%3Ax', 'shopper_hint=1.3.x.CZK.0.1', 'xshopper_hint=1.3.100.CZK.0.1']) {
      const { properties, signedIn } = runScript(cookie, 'cs', 'EUR');
      expect(properties, cookie).toEqual({ '--hint-cart-count': css('0'), '--hint-wishlist-count': css('0'), '--hint-cart-total': css(formatMoney(0, 'EUR', 'cs')) });
      expect(signedIn).toBe('0');
    }
  });

  it('leaves the total blank when it was kept in another currency than the page shows', () => {
    const { properties } = runScript(`shopper_hint=${formatHint({ items: 1, total: 50_000, currency: 'CZK', wishlist: 0, signedIn: false })}`, 'en', 'EUR');
    expect(properties).toEqual({ '--hint-cart-count': css('1'), '--hint-wishlist-count': css('0') });
  });
});
