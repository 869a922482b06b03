// The header's hint before paint (docs/decisions/0043). A catalog page is the same HTML for every
// shopper, so it cannot say that this shopper has three items; the personal query says it only after
// hydration. Until then the header shows what the hint cookie says: the cart's count and total, the
// wishlist's count and whether she is signed in, written by the browser whenever the personal query's
// answer changes (the page load's query, every cart, wishlist and login change through the Apollo
// cache) and read by a small inline script in <head> before the first paint. The script puts the
// values in CSS custom properties and an attribute of <html>, which the header's empty placeholders
// show (styles.css: `.cart-link__count:empty::before`), so React's hydration finds exactly the HTML
// the server sent. The cookie holds no name, e-mail or id: counts, an amount, a currency and a flag.
import type { Currency } from '../../../../schema/rules/money.ts';

export const HINT_COOKIE = 'shopper_hint';
/** As long as a signed-in session (decision 0004); the personal query rewrites it on every page load. */
export const HINT_MAX_AGE_DAYS = 30;

export type PersonalHint = {
  /** Pieces in the cart. */
  items: number;
  /** What the goods cost after vouchers, in minor units of `currency`. */
  total: number;
  currency: Currency;
  wishlist: number;
  signedIn: boolean;
};

const FORMAT = /^1\.(\d{1,5})\.(\d{1,12})\.(CZK|EUR)\.(\d{1,5})\.([01])$/;

/** The cookie's value: `1.items.total.currency.wishlist.signedIn` (the leading 1 is the format's version). */
export function formatHint(hint: PersonalHint): string {
  return ['1', hint.items, hint.total, hint.currency, hint.wishlist, hint.signedIn ? 1 : 0].join('.');
}

/** The hint a cookie value holds, or null when it is missing or not of this format. */
export function parseHint(value: string | null | undefined): PersonalHint | null {
  const match = FORMAT.exec(value ?? '');
  if (!match) return null;
  return { items: Number(match[1]), total: Number(match[2]), currency: match[3] as Currency, wishlist: Number(match[4]), signedIn: match[5] === '1' };
}

/** What the personal query answered, as the hint. */
export function hintOf(personal: {
  cart?: { itemCount: number; goodsToPay: { withVat: number; currency: Currency } } | null;
  wishlist?: { itemCount: number } | null;
  me?: { id: string } | null;
}): PersonalHint {
  return {
    items: personal.cart?.itemCount ?? 0,
    total: personal.cart?.goodsToPay.withVat ?? 0,
    currency: personal.cart?.goodsToPay.currency ?? 'CZK',
    wishlist: personal.wishlist?.itemCount ?? 0,
    signedIn: Boolean(personal.me),
  };
}

/**
 * Writes the hint (browser only); unchanged values are not written again. A guest's (nothing in the
 * cart or the wishlist, signed out) is no cookie at all: the inline script shows the same without one,
 * and a later page then knows there is nothing of hers to ask about (personal-query.ts).
 */
export function writeHintCookie(hint: PersonalHint): void {
  const guest = hint.items === 0 && hint.wishlist === 0 && !hint.signedIn;
  const value = guest ? undefined : formatHint(hint);
  if (readHintCookie(document.cookie) === value) return;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  const lifetime = value === undefined ? 0 : HINT_MAX_AGE_DAYS * 86_400;
  document.cookie = `${HINT_COOKIE}=${value ?? ''}; max-age=${lifetime}; path=/; samesite=lax${secure}`;
}

export function readHintCookie(header: string): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${HINT_COOKIE}=([^;]*)`).exec(header);
  return match?.[1];
}

/**
 * The inline script (in <head>, with the response's nonce): reads the cookie and sets the custom
 * properties and `data-signed-in` on <html>; no cookie reads as a guest's (nothing in the cart). A
 * total kept in another currency than the page's stays blank until the query says it (zero is zero).
 * It carries its own copy of formatMoney's two formats, which tests/unit/personal-hint.test.ts
 * compares with formatMoney; any error leaves the placeholders blank (filled in after hydration).
 */
export function hintScript(): string {
  return `(function(){try{var h=document.documentElement,l=h.lang==='en'?'en':'cs',c=h.getAttribute('data-currency')==='EUR'?'EUR':'CZK',
m=/(?:^|;\\s*)${HINT_COOKIE}=1\\.(\\d{1,5})\\.(\\d{1,12})\\.(CZK|EUR)\\.(\\d{1,5})\\.([01])(?:;|$)/.exec(document.cookie),
n=m?[+m[1],+m[2],m[3],+m[4],m[5]==='1']:[0,0,c,0,false],s=h.style,q=function(t){return JSON.stringify(String(t))};
function f(a){var w=String(Math.floor(a/100)),d=String(a%100);if(d.length<2)d='0'+d;
w=w.replace(/\\B(?=(\\d{3})+$)/g,l==='cs'?'\\u00a0':',');return l==='cs'?w+','+d+'\\u00a0'+(c==='EUR'?'\\u20ac':'Kč'):c+'\\u00a0'+w+'.'+d}
s.setProperty('--hint-cart-count',q(n[0]));s.setProperty('--hint-wishlist-count',q(n[3]));
if(n[2]===c||n[1]===0)s.setProperty('--hint-cart-total',q(f(n[1])));h.setAttribute('data-signed-in',n[4]?'1':'0')}catch(e){}})();`;
}
