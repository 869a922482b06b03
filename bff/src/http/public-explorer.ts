// The public explorer (GRAPHIQL_PUBLIC, docs/decisions/0038): a developer may try the API in GraphiQL
// before asking for a token. Its requests say so with the X-Shop-Explorer header (GraphiQL adds it to
// every request it sends) and are then treated as an anonymous partner with a fixed, narrow view:
// - scopes catalog:read and schema:read only: the catalog, content and stores, and the schema
//   (introspection, /graphql/schema.graphql); every other field answers FORBIDDEN, and
//   graphql/server/public-explorer.ts refuses any operation that is not a query;
// - the Cookie header is dropped before the session middleware, as for a token: no shopper's session
//   is loaded, so nothing personal can be read or changed, and CSRF (which exists for cookies) has
//   nothing to protect;
// - counted per client address as a token is (rate-limit-headers.ts): a token's default rate of requests
//   (429 with Retry-After), the RateLimit-* header fields, and the query cost budget with
//   extensions.cost (graphql/server/token-cost.ts); the operation limits (depth, cost, time ...) apply
//   to it as to every request.
// It is no way around the trusted documents for the web's own clients: a request with cookies and
// without the header is a browser's as before and, in production, may send only persisted documents.
// A request with a token (Authorization) is the token's, header or not (partner-auth.ts runs first).
import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config.ts';
import { message, type MessageKey } from '../i18n/messages.ts';
import { ipKey, RATE_RULES, type RateLimiter } from '../rate-limit/rate-limit.ts';
import type { PartnerIdentity } from './partner-auth.ts';
import { countApiRequest } from './rate-limit-headers.ts';

/** The request header that names the public explorer; GraphiQL sends it when GRAPHIQL_PUBLIC is on. */
export const EXPLORER_HEADER = 'x-shop-explorer';
/** The value GraphiQL sends (any value names the explorer). */
export const EXPLORER_HEADER_VALUE = 'public';

/** The anonymous visitor's identity: the catalog:read view, and the schema. */
export const PUBLIC_EXPLORER: PartnerIdentity = Object.freeze({
  tokenId: null,
  name: 'public explorer',
  scopes: Object.freeze(['catalog:read', 'schema:read']) as PartnerIdentity['scopes'],
});

/** Whether the request is the public explorer's anonymous visitor (checked by public-explorer.ts). */
export function isPublicExplorer(res: Response | undefined): boolean {
  return res?.locals.partner === PUBLIC_EXPLORER;
}

function fail(req: Request, res: Response, status: number, key: MessageKey, code: string): void {
  const language = req.headers['x-shop-language'] === 'en' ? 'en' : 'cs';
  res.status(status).json({ errors: [{ message: message(key, language), extensions: { code } }] });
}

export function publicExplorer(options: { config: Pick<Config, 'graphiqlPublic'>; rateLimiter: RateLimiter }) {
  const { config, rateLimiter } = options;
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers[EXPLORER_HEADER];
    // a token's request (partner-auth.ts has set it up, or refused it) or a browser's
    if (header === undefined || req.headers.authorization !== undefined) return next();
    // from here on it is never a browser request: no session, whatever the answer
    delete req.headers.cookie;
    if (!config.graphiqlPublic) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      fail(req, res, 401, 'explorerOff', 'UNAUTHENTICATED');
      return;
    }
    // counted as a token is, by its client address: the same headers, and the same cost budget
    const key = `explorer:${ipKey(req.ip ?? req.socket.remoteAddress ?? 'unknown')}`;
    if (!(await countApiRequest(rateLimiter, RATE_RULES.publicExplorerPerIp, key, res, () => fail(req, res, 429, 'apiRateLimited', 'RATE_LIMITED')))) return;
    res.locals.partner = PUBLIC_EXPLORER;
    next();
  };
}
