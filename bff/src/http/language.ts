// Language and currency switches: remember the choice in a cookie (365 days, path /, SameSite=Lax)
// and redirect to the same page, which the page passes as `to` (its equivalent URL).
import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { isbot } from 'isbot';
import { LANGUAGE_COOKIE_MAX_AGE_DAYS } from '../../../schema/rules/index.ts';
import type { Config } from '../config.ts';
import { cookieValue } from '../../../schema/rules/cookies.ts';
import { safeLocalPath } from '../../../schema/routes.ts';

const COOKIE_MAX_AGE_MS = LANGUAGE_COOKIE_MAX_AGE_DAYS * 24 * 3600 * 1000;

function remember(res: Response, config: Config, name: string, value: string) {
  res.cookie(name, value, { maxAge: COOKIE_MAX_AGE_MS, path: '/', sameSite: 'lax', secure: config.secureCookies, httpOnly: false });
}

export function languageSwitch(config: Config) {
  return (req: Request, res: Response) => {
    const code = req.params.code === 'en' ? 'en' : 'cs';
    remember(res, config, 'lang', code);
    res.redirect(302, safeLocalPath(req.query.to, code === 'en' ? '/en' : '/'));
  };
}

export function currencySwitch(config: Config) {
  return (req: Request, res: Response) => {
    const code = req.params.code === 'EUR' ? 'EUR' : 'CZK';
    remember(res, config, 'currency', code);
    res.redirect(302, safeLocalPath(req.query.to, '/'));
  };
}

/** English first? Reads Accept-Language by weight, e.g. "en-GB,en;q=0.9,cs;q=0.8" -> true. */
export function prefersEnglish(acceptLanguage: string | undefined): boolean {
  if (!acceptLanguage) return false;
  const ranked = acceptLanguage
    .slice(0, 500)
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { language: tag.split('-')[0], weight: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => ['cs', 'sk', 'en'].includes(entry.language))
    .sort((a, b) => b.weight - a.weight);
  return ranked[0]?.language === 'en';
}

/**
 * The home page follows the shopper's language: the remembered choice, or on the first visit the
 * browser's, with a redirect to `/en` (query string kept). Each language keeps its own address, so
 * the page at `/` is always the Czech home page with its canonical and hreflang links (serving the
 * English page at `/` instead saved the round trip but made `/` a page whose canonical is another
 * language's: Lighthouse's SEO audit failed it). Deep links are left alone (their language is in the
 * URL, so they never redirect), and so are crawlers (they get the Czech home page).
 */
export function homeLanguageRedirect(req: Request, res: Response, next: NextFunction) {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/') return next();
  res.vary('Accept-Language');
  if (!homeGoesToEnglish(req.headers)) return next();
  res.redirect(302, `/en${req.url.slice(req.path.length)}`);
}

/**
 * Whether a request for `/` is redirected to `/en` (homeLanguageRedirect), from its headers alone:
 * the response cache serves the Czech home page in front of the app to every other request (app.ts).
 */
export function homeGoesToEnglish(headers: IncomingHttpHeaders): boolean {
  const remembered = cookieValue(headers.cookie, 'lang');
  if (remembered !== 'en' && (remembered !== undefined || !prefersEnglish(headers['accept-language']))) return false;
  return !isbot(headers['user-agent'] ?? '');
}
