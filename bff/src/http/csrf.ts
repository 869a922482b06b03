// CSRF for cookie-authenticated GraphQL requests: a double-submit token. The server sets a
// readable XSRF-TOKEN cookie; the browser client echoes it in the X-XSRF-TOKEN header, which a
// cross-site page can neither read nor send. A mismatch answers 419, as the spec's client expects.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { readCookie } from './cookies.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

export function issueCsrfCookie(req: Request, res: Response, secure: boolean): string {
  const existing = readCookie(req, CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  res.cookie(CSRF_COOKIE, token, { sameSite: 'lax', secure, httpOnly: false, path: '/' });
  return token;
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Guards POST /graphql: JSON only, and the CSRF token whenever a session cookie is sent. */
export function csrfProtection(sessionCookieName: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json' && type !== 'application/graphql-response+json') {
      res.status(415).json({ errors: [{ message: 'Content-Type must be application/json' }] });
      return;
    }
    const usesCookies = readCookie(req, sessionCookieName) !== undefined;
    if (!usesCookies) return next();
    const cookie = readCookie(req, CSRF_COOKIE);
    const header = req.headers[CSRF_HEADER];
    if (typeof header !== 'string' || !cookie || !same(cookie, header)) {
      res.status(419).json({ errors: [{ message: 'CSRF token mismatch', extensions: { code: 'CSRF_TOKEN_MISMATCH' } }] });
      return;
    }
    next();
  };
}
