// One reading of the Cookie header for the BFF, its response cache and the pages (issue 31, item 8):
// when they read one header differently, a page rendered for one reading is cached under another
// (`currency =EUR` was keyed as EUR while the page was rendered as CZK).
import type { Locale } from './locale.ts';
import type { Currency } from './money.ts';

/**
 * The value of cookie `name` in a Cookie header: the first pair of that name (names trimmed, as
 * express-session's parser reads them), URL-decoded; undefined when absent or not decodable.
 */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The names of the cookies in a Cookie header (trimmed; a part without `=` counts as a name). */
export function cookieNames(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((part) => (part.includes('=') ? part.slice(0, part.indexOf('=')) : part).trim())
    .filter((name) => name !== '');
}

/** The currency the shopper chose (the `currency` cookie): EUR only when it says exactly that. */
export function currencyOfCookies(header: string | null | undefined): Currency {
  return cookieValue(header, 'currency') === 'EUR' ? 'EUR' : 'CZK';
}

/** The language the shopper chose (the `lang` cookie): English only when it says exactly that. */
export function languageOfCookies(header: string | null | undefined): Locale {
  return cookieValue(header, 'lang') === 'en' ? 'en' : 'cs';
}
