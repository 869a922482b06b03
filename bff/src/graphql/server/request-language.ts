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

/**
 * Accept-Language's choice between Czech and English (the first of them by weight, then by order; q=0
 * refuses), or null when it names neither ("*" names neither).
 */
export function acceptedLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const choices = header
    .split(',')
    .slice(0, 50)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
      return { language: tag.trim().toLowerCase().split('-')[0], weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((choice): choice is { language: Locale; weight: number; index: number } => (choice.language === 'cs' || choice.language === 'en') && choice.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return choices[0]?.language ?? null;
}

/**
 * The language of a request's errors (the `errors` of the answer, the 401 and 429 of a token). A token
 * request's are for the developer: English unless Accept-Language asks for Czech (issue 27); the
 * texts of the data (names, typed errors a shopper reads, checkout problems) keep X-Shop-Language.
 * A browser's are in the page's language, as every other text.
 */
export function errorLanguage(req: Request | undefined, headers?: Headers): Locale {
  const authorization = headers ? headers.get('authorization') : req?.get('authorization');
  if (authorization === null || authorization === undefined) return requestLanguage(req, headers);
  return acceptedLanguage(headers ? headers.get('accept-language') : req?.get('accept-language')) ?? 'en';
}

/** Yoga's context before the GraphQL context exists (parsing, validation, result processing). */
export type InitialContext = { req?: Request; request?: { headers: Headers } };

/** The language of the request's errors (errorLanguage), before the GraphQL context exists. */
export function initialContextLanguage(context: InitialContext | undefined): Locale {
  return errorLanguage(context?.req, context?.request?.headers);
}
