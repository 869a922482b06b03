// Language switch: remembers the choice in a cookie (365 days, path /, SameSite=Lax) and
// redirects to the same page in the chosen language. The page passes its own equivalent URL.
import type { Request, Response } from 'express';
import { LANGUAGE_COOKIE_MAX_AGE_DAYS } from '../../../schema/rules/index.ts';
import type { Config } from '../config.ts';

/** Only same-site paths, so the switch cannot be used as an open redirect. */
export function safeLocalPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || value.length > 2000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

export function languageSwitch(config: Config) {
  return (req: Request, res: Response) => {
    const code = req.params.code === 'en' ? 'en' : 'cs';
    const home = code === 'en' ? '/en' : '/';
    res.cookie('lang', code, {
      maxAge: LANGUAGE_COOKIE_MAX_AGE_DAYS * 24 * 3600 * 1000,
      path: '/',
      sameSite: 'lax',
      secure: config.secureCookies,
      httpOnly: false,
    });
    res.redirect(302, safeLocalPath(req.query.to, home));
  };
}
