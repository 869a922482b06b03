// The language of a GraphQL request: the x-shop-language header (SSR's in-process calls name the
// page's language; partner apps may send it), then the shopper's lang cookie, then Czech.
import type { Request } from 'express';
import type { Locale } from '../../../../schema/rules/locale.ts';
import { languageOfCookies } from '../../../../schema/rules/cookies.ts';

/** `headers` are the GraphQL request's own (SSR's in-process call); without them, the express request's. */
export function requestLanguage(req: Request | undefined, headers?: Headers): Locale {
  const header = headers ? headers.get('x-shop-language') : req?.get('x-shop-language');
  if (header === 'cs' || header === 'en') return header;
  return languageOfCookies(req?.headers.cookie);
}

/** Yoga's context before the GraphQL context exists (parsing, validation, result processing). */
export type InitialContext = { req?: Request; request?: { headers: Headers } };

export function initialContextLanguage(context: InitialContext | undefined): Locale {
  return requestLanguage(context?.req, context?.request?.headers);
}
