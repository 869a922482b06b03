// Partner requests (requirement G8): `Authorization: Bearer shp_…` on /graphql. Mounted before the
// session middleware, so that such a request:
// - is refused with 401 when the token is malformed, unknown or revoked (never silently treated as a
//   browser request),
// - carries no cookies: the Cookie header is dropped, so no shopper's session can be loaded or
//   changed through it, and the CSRF check (which exists for cookies) is skipped (csrf.ts checks
//   res.locals.partner),
// - is counted against the token's own rate limit (429 with Retry-After),
// - names its cart with X-Cart-Id, accepted only for a cart this token created.
// What the request may do then is decided per field by the scopes (graphql/schema/builder.ts).
import type { NextFunction, Request, Response } from 'express';
import { decodeGlobalID } from '@pothos/plugin-relay';
import type { Db } from '../db/client.ts';
import type { Context, ShopSession } from '../graphql/context.ts';
import { message, type MessageKey } from '../i18n/messages.ts';
import { createUsageRecorder, verifyApiToken, type PartnerScope } from '../services/api-tokens.ts';
import { RATE_RULES, type RateLimiter } from '../rate-limit/rate-limit.ts';
import { disabledWebhookEndpoints } from '../services/webhooks.ts';
import { errorLanguage } from '../graphql/server/request-language.ts';
import { countApiRequest } from './rate-limit-headers.ts';

/**
 * What res.locals.partner (and ctx.partner) holds for a request with a valid token; tokenId is null
 * for the public explorer's anonymous visitor (http/public-explorer.ts).
 */
export type PartnerIdentity = { tokenId: number | null; name: string; scopes: PartnerScope[] };

const CART_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What res.locals.customerToken holds for a request with a customer's personal token. */
export type CustomerTokenIdentity = { tokenId: number; customerId: number };

/** The customer token of this request, or null. */
export function customerTokenOf(res: Response): CustomerTokenIdentity | null {
  return (res.locals.customerToken as CustomerTokenIdentity | undefined) ?? null;
}

/** The partner of this request, or null for a browser request. */
export function partnerOf(res: Response): PartnerIdentity | null {
  return (res.locals.partner as PartnerIdentity | undefined) ?? null;
}

/** The cart named by X-Cart-Id when it belongs to the request's token (checked by the middleware). */
export function partnerCartIdOf(res: Response): string | undefined {
  return res.locals.partnerCartId as string | undefined;
}

/**
 * What a partner request's GraphQL context has instead of the browser's: the partner, a session
 * that lives only for this request (holding the X-Cart-Id cart, or the cart addToCart creates) and
 * no customer. Empty for a browser request.
 */
export function partnerContext(res: Response): Partial<Context> {
  const customerToken = customerTokenOf(res);
  if (customerToken) {
    // A customer's token: her identity, no cookie session (so no CSRF), and nothing that would
    // replace a session (login, logout and registration answer with an error).
    return {
      session: {},
      customerId: customerToken.customerId,
      accessTokenId: customerToken.tokenId,
      regenerateSession: () => Promise.reject(new Error('A token request has no session to replace.')),
    };
  }
  const partner = partnerOf(res);
  if (!partner) return {};
  const session: ShopSession = { cartId: partnerCartIdOf(res) };
  return {
    partner,
    session,
    customerId: null,
    // login and logout are refused by their scopes before this could run
    regenerateSession: () => Promise.reject(new Error('A partner request has no session to replace.')),
  };
}

function fail(req: Request, res: Response, status: number, key: MessageKey, code: string): void {
  // a token's errors are English unless Accept-Language asks for Czech (as its GraphQL errors)
  const language = errorLanguage(req);
  res.status(status).json({ errors: [{ message: message(key, language), extensions: { code } }] });
}

/**
 * The token of an Authorization header of exactly `Bearer <token>` (one space, nothing before or after);
 * null for anything else. Spaces HTTP itself trims around a header's value never get here; whatever
 * whitespace does (a second space, a tab or line break inside, a space a proxy kept) is refused rather
 * than cut off: a token is accepted only as it was issued (issue 40, item 14).
 */
export function bearerToken(header: string): string | null {
  return /^Bearer ([\x21-\x7e]+)$/i.exec(header)?.[1] ?? null;
}

export function partnerAuth(options: { prisma: Db; rateLimiter: RateLimiter }) {
  const { prisma, rateLimiter } = options;
  const recordUse = createUsageRecorder(prisma);
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization;
    if (header === undefined) return next();
    // From here on the request is a partner's: it never falls back to the shopper's cookies.
    delete req.headers.cookie;
    const given = bearerToken(header);
    const token = given ? await verifyApiToken(prisma, given) : null;
    if (!token) {
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      fail(req, res, 401, 'apiTokenInvalid', 'UNAUTHENTICATED');
      return;
    }
    // any valid token's (a partner's or a customer's), with the rate-limit headers on every answer, the
    // 429 included (decision 0039); its query cost budget (graphql/server/token-cost.ts) follows its rate
    const rule = RATE_RULES.partnerToken(token.ratePerMinute);
    if (!(await countApiRequest(rateLimiter, rule, `token:${token.tokenId}`, res, () => fail(req, res, 429, 'apiRateLimited', 'RATE_LIMITED')))) return;
    void recordUse(token.tokenId);
    if (token.customerId !== null) {
      // a customer's personal token (bearer token mode): the request acts as that customer
      res.locals.customerToken = { tokenId: token.tokenId, customerId: token.customerId } satisfies CustomerTokenIdentity;
      return next();
    }
    res.locals.partner = { tokenId: token.tokenId, name: token.name, scopes: token.scopes } satisfies PartnerIdentity;
    // a switched-off webhook endpoint: the answer warns (graphql/server/webhook-warnings.ts); a query only then
    if (token.webhooksDisabledAt) res.locals.webhookWarnings = await disabledWebhookEndpoints(prisma, token.tokenId);

    // A cart the partner keeps for one shopper. Another token's cart, or a browser's, is treated
    // as no cart at all (the next addToCart starts a new one), exactly like an expired session.
    const cartId = token.scopes.includes('cart') ? cartIdFromHeader(req.headers['x-cart-id']) : null;
    if (cartId) {
      const cart = await prisma.cart.findFirst({
        where: { id: cartId, apiTokenId: token.tokenId },
        select: { id: true },
      });
      if (cart) res.locals.partnerCartId = cart.id;
    }
    next();
  };
}

/** X-Cart-Id carries the Cart's global id as the API returned it; anything else names no cart. */
function cartIdFromHeader(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string' || header.length > 200) return null;
  try {
    const { typename, id } = decodeGlobalID(header.trim());
    return typename === 'Cart' && CART_ID_PATTERN.test(id) ? id.toLowerCase() : null;
  } catch {
    return null;
  }
}
