// The response cache's key: what a cached answer may differ by (method, path with query string,
// language and currency, a page's consent choice, a /graphql body), and whether a request carries a
// cookie outside the key (then only an answer made for any visitor is served to it or stored from it).
import type { IncomingMessage } from 'node:http';
import { cookieNames, currencyOfCookies, languageOfCookies } from '../../../schema/rules/cookies.ts';
import { consentFromCookieHeader } from '../../../schema/rules/consent.ts';

/**
 * Cookies whose reading is part of the key (a page also keys the consent choice). Any other cookie
 * (the session, the CSRF token, the header's hint): only answers made for any visitor are served.
 */
const KEY_COOKIES = new Set(['lang', 'currency']);
/** A /graphql body up to this size is part of the key; a larger one is never cached. */
export const MAX_KEY_BODY = 16_384;

export type CacheKey = {
  key: string;
  /** The request carries a session or another cookie: only an answer for any visitor is served to it or stored from it. */
  identified: boolean;
};

/** A request before Express (`front`) or inside it (`originalUrl`: the middleware also runs mounted under /graphql). */
export type CacheRequest = IncomingMessage & { originalUrl?: string; body?: unknown };

/** The path and query string as the browser sent them. */
export function urlOf(req: CacheRequest): string {
  return req.originalUrl ?? req.url ?? '/';
}

export function pathOf(req: CacheRequest): string {
  const url = urlOf(req);
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function isGraphQL(req: CacheRequest): boolean {
  const path = pathOf(req);
  return path === '/graphql' || path === '/graphql/';
}

/**
 * The language and currency the `lang` and `currency` cookies choose, read as the pages and the API
 * read them (schema/rules/cookies.ts), and whether the request has any other cookie.
 */
export function keyCookiesOf(req: CacheRequest): { keyCookies: string; otherCookies: boolean } {
  const header = req.headers.cookie;
  const otherCookies = cookieNames(header).some((name) => !KEY_COOKIES.has(name));
  return { keyCookies: `lang=${languageOfCookies(header)}; currency=${currencyOfCookies(header)}`, otherCookies };
}

/**
 * The consent choice a page is rendered for (the bar shows while there is none; the tags load by it),
 * as the root loader reads it: the three categories, never the browser's own consent id or date.
 */
function consentKeyOf(req: CacheRequest): string {
  if (!req.headers.cookie) return 'consent=none';
  const consent = consentFromCookieHeader(req.headers.cookie);
  return consent ? `consent=${Number(consent.analytical)}${Number(consent.marketing)}${Number(consent.advertising)}` : 'consent=none';
}

/** The cache key for a request, or null when the request may not use the cache. */
export function cacheKeyOf(req: CacheRequest, options: { bodyLater?: boolean } = {}): CacheKey | null {
  if (req.method !== 'GET' && !(req.method === 'POST' && isGraphQL(req))) return null;
  // a token's or the public explorer's request (http/public-explorer.ts): counted and answered by the app
  if (req.headers.authorization || req.headers['x-shop-explorer']) return null;
  const { keyCookies, otherCookies } = keyCookiesOf(req);
  const language = req.headers['x-shop-language'] ?? '';
  const currency = req.headers['x-shop-currency'] ?? '';
  let body = '';
  if (req.method === 'POST' && options.bodyLater) return { key: '', identified: otherCookies };
  if (req.method === 'POST') {
    if (!Buffer.isBuffer(req.body) || req.body.length === 0 || req.body.length > MAX_KEY_BODY) return null;
    body = req.body.toString('utf8');
  }
  const pageCookies = isGraphQL(req) ? '' : consentKeyOf(req);
  return { key: [req.method, urlOf(req), keyCookies, pageCookies, language, currency, body].join('\n'), identified: otherCookies };
}

/** A cookie's value as the browser sent it (not decoded), to send it on as it came. */
export function readRawCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
