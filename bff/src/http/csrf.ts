// CSRF for cookie-authenticated GraphQL requests (requirement G5).
// The token is an HMAC of the session id, so a token is worth nothing for any other session and
// changes when the session id does (login, logout). The server puts it in a readable cookie; the
// browser client echoes it in the X-XSRF-TOKEN header, which a cross-site page can neither read
// nor send. A mismatch answers 419, as the spec's client expects. On top of the token, a
// state-changing request that a browser marks as cross-site (Sec-Fetch-Site, Origin) is refused.
// Partner requests (Authorization: Bearer, see partner-auth.ts) carry no cookies and skip all of it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { saveSessionNow } from './session-save.ts';
import { readCookie } from './cookies.ts';
import { isPersonalPage } from './personal-pages.ts';

export const CSRF_HEADER = 'x-xsrf-token';

/** `__Host-` binds the cookie to this exact host on https (no Domain, path /, Secure). */
export function csrfCookieName(secure: boolean): string {
  return secure ? '__Host-XSRF-TOKEN' : 'XSRF-TOKEN';
}

export type CsrfOptions = {
  secret: string;
  secure: boolean;
  sessionCookie: string;
  /** The shop's own origin (PUBLIC_URL); the request's own Host is accepted too. */
  publicOrigin: string;
};

export function csrfToken(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionId}`).digest('base64url');
}

/** Sets the CSRF cookie for the request's session unless the browser already holds the right one. */
export function issueCsrfCookie(req: Request, res: Response, options: CsrfOptions): string {
  const name = csrfCookieName(options.secure);
  const token = csrfToken(options.secret, req.sessionID);
  if (readCookie(req, name) !== token) {
    res.cookie(name, token, { sameSite: 'lax', secure: options.secure, httpOnly: false, path: '/' });
  }
  return token;
}

/** Compares two tokens in constant time. */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** True when a browser says the request comes from another site (or another origin of this one). */
export function isCrossOrigin(req: Request, publicOrigin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.headers.origin;
  if (typeof origin !== 'string') return false; // not a browser's cross-site request
  if (origin === publicOrigin) return false;
  return origin !== `${req.protocol}://${req.get('host')}`;
}

/** Guards POST /graphql: JSON only, same origin, and the session's CSRF token whenever a session cookie is sent. */
export function csrfProtection(options: CsrfOptions) {
  const cookieName = csrfCookieName(options.secure);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json' && type !== 'application/graphql-response+json') {
      res.status(415).json({ errors: [{ message: 'Content-Type must be application/json' }] });
      return;
    }
    // bearer tokens (a partner's or a customer's) are no ambient credentials: no CSRF token needed
    if (res.locals.partner || res.locals.customerToken) return next();
    if (isCrossOrigin(req, options.publicOrigin)) {
      res.status(403).json({ errors: [{ message: 'Cross-origin request refused', extensions: { code: 'CROSS_ORIGIN' } }] });
      return;
    }
    if (readCookie(req, options.sessionCookie) === undefined) return next();
    const cookie = readCookie(req, cookieName);
    const header = req.headers[CSRF_HEADER];
    const expected = csrfToken(options.secret, req.sessionID);
    if (typeof header !== 'string' || !cookie || !sameToken(cookie, header) || !sameToken(header, expected)) {
      res.status(419).json({ errors: [{ message: 'CSRF token mismatch', extensions: { code: 'CSRF_TOKEN_MISMATCH' } }] });
      return;
    }
    next();
  };
}

/**
 * Guards the pages' own form POSTs (the cart, voucher and checkout forms work without JavaScript,
 * docs/decisions/0020): a state-changing page request that a browser marks as cross-site is refused
 * with 403 before React Router runs any action. The form's hidden `_csrf` field is checked by the
 * action through the load context (`verifyFormToken`), against the same session-bound token.
 */
export function pageFormProtection(options: CsrfOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    if (isCrossOrigin(req, options.publicOrigin)) {
      res.status(403).type('text/plain').send('Cross-origin form refused');
      return;
    }
    // A page form may be a visitor's first change (add to cart without JavaScript): it starts the
    // session as GET /api/csrf-cookie does, so the cart keyed by the session id is hers afterwards.
    // It is stored before the page runs the form (http/session-save.ts): the answer's cookie must
    // name a session that exists, or her next post would be refused.
    const session = req.session as (typeof req.session & { startedAt?: number }) | undefined;
    if (!session || session.startedAt !== undefined) return next();
    session.startedAt = Date.now();
    saveSessionNow(req, res).then(() => next(), next);
  };
}

/**
 * The token a page renders into its forms' hidden `_csrf` field: always the token of the request's
 * session id. For a visitor with a session that is her session's; for a first visitor it is the id
 * express-session gave this request, which becomes her session when this request starts it (her
 * first form post, pageFormProtection), so the page answered to that post already carries the token
 * her next post needs. Her first post itself needs none (verifyPageFormToken).
 */
export function pageFormToken(req: Request, options: CsrfOptions): string {
  return csrfToken(options.secret, req.sessionID);
}

/**
 * A form field's token against the session's. A visitor without a session cookie has nothing a
 * forged form could use (no cart, no login), so her first form (add to cart) needs none, as /graphql.
 * A form on a catalog page carries no token at all (that page is the same HTML for every shopper and
 * comes from the shared cache, docs/decisions/0043): an empty field is accepted when the browser
 * itself says the post comes from this shop (`Sec-Fetch-Site: same-origin`, or an `Origin` of the
 * shop); a browser that says neither gets the page back with the session's token (419) and the
 * shopper sends it again. A personal page (the cart, the checkout) renders the token: its forms need
 * it. A token that is there must be the session's.
 */
export function verifyPageFormToken(req: Request, options: CsrfOptions, value: unknown): boolean {
  if (readCookie(req, options.sessionCookie) === undefined) return true;
  if ((value === null || value === undefined || value === '') && !isPersonalPage(req.path) && saysSameOrigin(req, options.publicOrigin)) return true;
  return typeof value === 'string' && sameToken(value, pageFormToken(req, options));
}

/** True only when the browser states that the request comes from the shop's own pages. */
function saysSameOrigin(req: Request, publicOrigin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = req.headers.origin;
  return typeof origin === 'string' && !isCrossOrigin(req, publicOrigin);
}
