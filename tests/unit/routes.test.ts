import { describe, expect, it } from 'vitest';
import { ROUTES, href, matchRoute, routeLanguageOf, safeLocalPath } from '../../schema/routes.ts';

describe('route table', () => {
  it('has the spec paths in both languages', () => {
    expect(href('accountAddresses', 'cs')).toBe('/ucet/dodaci-adresy');
    expect(href('accountAddresses', 'en')).toBe('/en/account/addresses');
    expect(href('orderSummary', 'cs', { id: 12, hash: 'ab' })).toBe('/objednavka/shrnuti/12/ab');
    expect(href('orderSummary', 'en', { id: 12, hash: 'ab' })).toBe('/en/order/summary/12/ab');
    expect(href('registration', 'en')).toBe('/en/registrace');
    expect(href('info', 'cs', { id: 1, slug: 'obchodni-podminky' })).toBe('/info/1/obchodni-podminky');
    expect(href('store', 'cs', { id: 5282 })).toBe('/prodejny/5282');
  });

  it('puts every English path under /en and no Czech one there', () => {
    for (const route of Object.values(ROUTES)) {
      expect(route.en === '/en' || route.en.startsWith('/en/'), route.en).toBe(true);
      expect(routeLanguageOf(route.cs), route.cs).toBe('cs');
    }
  });

  it('finds a path back in the table with its parameters', () => {
    expect(matchRoute('/en/account/order/42')).toEqual({ name: 'orderDetail', language: 'en', params: { id: '42' } });
    expect(matchRoute('/zmena-hesla/a%20b')).toEqual({ name: 'changePassword', language: 'cs', params: { hash: 'a b' } });
    expect(matchRoute('/nic-takoveho/1/2/3')).toBeNull();
    // broken percent-encoding is kept as it came, as React Router keeps it, not a URIError (issue 40, item 10)
    expect(matchRoute('/produkt/%E0%A4%A')).toEqual({ name: 'product', language: 'cs', params: { slug: '%E0%A4%A' } });
  });

  it('escapes parameters and demands the ones a path needs', () => {
    expect(href('product', 'cs', { slug: 'a/b?c' })).toBe('/produkt/a%2Fb%3Fc');
    expect(() => href('product', 'cs')).toThrow(/slug/);
  });

  it('accepts only local paths for redirects', () => {
    expect(safeLocalPath('/en/cart?x=1', '/')).toBe('/en/cart?x=1');
    for (const hostile of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', null, 42, '/'.repeat(2001)]) {
      expect(safeLocalPath(hostile, '/home')).toBe('/home');
    }
  });

  it('judges a path as the browser reads it: tabs, line breaks and backslashes cannot make it leave the site', () => {
    const hostile = [
      '/\t/evil.example/',
      '/\n/evil.example',
      '/\r/evil.example',
      '/\t\\evil.example',
      '/\\evil.example',
      '\\/evil.example',
      '//evil',
      '///evil.example',
      '/\\/evil.example',
      ' //evil.example',
      'javascript:alert(1)',
      '/javascript:alert(1)//\t/evil.example',
      'http:evil.example',
      '/.//evil.example',
      '/a/..//evil.example',
      '/%2e//evil.example',
    ];
    for (const value of hostile) {
      const result = safeLocalPath(value, '/home');
      expect(new URL(result, 'https://shop.example').origin, JSON.stringify(value)).toBe('https://shop.example');
      expect(result === '/home' || result.startsWith('/'), JSON.stringify(value)).toBe(true);
    }
    for (const value of ['/\t/evil.example/', '/\\evil.example', '//evil', '/\n/evil.example', 'javascript:alert(1)', '/.//evil.example']) {
      expect(safeLocalPath(value, '/home'), JSON.stringify(value)).toBe('/home');
    }
    // a ?next= value after URLSearchParams decoded %09, %0a or %0d
    for (const escaped of ['%09', '%0a', '%0d', '%0D%0A']) {
      const next = new URLSearchParams(`next=/${escaped}/evil.example/`).get('next');
      expect(safeLocalPath(next, '/ucet'), escaped).toBe('/ucet');
    }
    // still encoded, it is a path on this site (its first segment is "%09")
    expect(safeLocalPath('/%09/evil', '/home')).toBe('/%09/evil');
    expect(safeLocalPath('/en/account?tab=orders#list', '/')).toBe('/en/account?tab=orders#list');
  });
});
