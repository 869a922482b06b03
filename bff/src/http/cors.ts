// CORS for /graphql (requirement G8): an explicit allow-list from CORS_ORIGINS, never a reflected
// Origin. graphql-yoga's own CORS handling (which reflects any Origin with credentials) is turned
// off in yoga.ts; this is the only place that answers cross-origin requests.
//
// - no Origin, or the shop's own origin: untouched (same-origin requests need no CORS headers);
// - an origin on the list: Access-Control-Allow-Origin = that origin, credentials allowed, and a
//   preflight is answered 204. Partner pages call the API with their bearer token; the CSRF header
//   is deliberately not an allowed header, so a cross-origin page cannot use a shopper's cookies;
// - any other origin (another port or subdomain of the shop included): no CORS headers, so the
//   browser keeps the answer from the page.
import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config.ts';

export const CORS_ALLOWED_METHODS = 'GET, POST, OPTIONS';
export const CORS_ALLOWED_HEADERS = 'authorization, content-type, x-cart-id, x-shop-language, x-shop-currency';
/** What a partner's script may read from a response besides the simple headers. */
const EXPOSED_HEADERS = 'retry-after, x-request-id, ratelimit-limit, ratelimit-remaining, ratelimit-reset, ratelimit-policy';
/** How long a browser may reuse a preflight answer (seconds). */
const PREFLIGHT_MAX_AGE = '600';

export function cors(config: Pick<Config, 'corsOrigins' | 'publicUrl'>) {
  const allowed = new Set(config.corsOrigins);
  const publicOrigin = new URL(config.publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    // the answer depends on Origin, so caches must keep one copy per origin
    res.vary('Origin');
    const origin = req.headers.origin;
    const sameOrigin = origin === undefined || origin === publicOrigin || origin === `${req.protocol}://${req.get('host')}`;
    const listed = !sameOrigin && allowed.has(origin);
    if (listed) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    if (req.method === 'OPTIONS') {
      // A preflight. For an origin not on the list the bare 204 tells the browser nothing is allowed.
      if (listed) {
        res.setHeader('Access-Control-Allow-Methods', CORS_ALLOWED_METHODS);
        res.setHeader('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS);
        res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE);
      }
      res.status(204).end();
      return;
    }
    next();
  };
}
