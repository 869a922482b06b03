import type { Request as ExpressRequest, Response } from 'express';
import type { Db } from '../db/client.ts';
import type { Config } from '../config.ts';
import type { LineLog } from '../log.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.ts';
import type { PartnerScope } from '../services/api-tokens.ts';
import type { SeatChangeBus } from '../services/seat-changes.ts';
import type { RequestLoaders } from './loaders.ts';
import type { CacheTag } from '../events/tags.ts';
import type { Clock } from '../services/tickets.ts';
import type { PlaceOrderHooks } from '../services/orders.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import type { Currency } from '../../../schema/rules/money.ts';

export type { PartnerScope };

/** What the shop keeps in the cookie session (stored server-side in PostgreSQL). */
export type ShopSession = {
  cartId?: string;
  /** Set when this guest session started its wishlist: without it a guest has none and no statement looks (services/wishlist.ts). */
  guestWishlist?: boolean;
  customerId?: number;
  /** Set when the session was started (GET /api/csrf-cookie), so an empty session is stored too. */
  startedAt?: number;
  /** Secrets of links this session opened, kept so their pages work without them in the address (services/link-secrets.ts). */
  linkSecrets?: Record<string, string>;
  /** Seat holds this session made; after the first, a hold needs a solved captcha once (services/tickets.ts). */
  seatHolds?: number;
  /** Set when the session solved the captcha for seat holds. */
  seatHoldsVerified?: boolean;
  /** The order this session placed last: the thank-you page shows it (graphql/schema/conversions.ts). */
  placedOrderId?: number;
};

/**
 * What a resolver knows of the request. `session`, `customerId`, `sessionKey` and `clientIp` say who is
 * asking: reading any of them marks the answer as the visitor's own, which the response cache then
 * never gives to anyone else (graphql/server/yoga.ts, cache/response-cache.ts).
 */
export type Context = {
  prisma: Db;
  config: Config;
  /** The language of texts in the data: catalog texts, typed errors a shopper reads (X-Shop-Language, the lang cookie). */
  language: Locale;
  /** The language of the answer's `errors` (graphql/server/request-language.ts errorLanguage): a token's are English unless Accept-Language asks for Czech. */
  errorLanguage: Locale;
  currency: Currency;
  session: ShopSession;
  /** Replaces the session id (login, logout) to prevent session fixation. */
  regenerateSession: () => Promise<void>;
  customerId: number | null;
  /** SHA-256 (hex) of the session id: keys the one cart this session may start (services/cart.ts). */
  sessionKey: string;
  /** The client's address (req.ip: the proxy's X-Forwarded-For only when the proxy is on loopback). */
  clientIp: string;
  rateLimiter: RateLimiter;
  /** Seats taken and freed, told to the seat pickers of every instance (services/seat-changes.ts). */
  seatChanges: SeatChangeBus;
  /** What several resolvers of this request read, read once: the cart view, similar products (graphql/loaders.ts). */
  loaders: RequestLoaders;
  /** The clock of seat holds, sales windows and ticket payment deadlines (AppOptions.clock; tests move it). */
  clock: Clock;
  /** Test seams of placing an order (AppOptions.placeOrderHooks); none in production. */
  placeOrderHooks?: PlaceOrderHooks;
  /**
   * The partner app of a bearer-token request (http/partner-auth.ts), or the public explorer's anonymous
   * visitor (tokenId null, http/public-explorer.ts); null for browser requests.
   */
  partner: { tokenId: number | null; name: string; scopes: PartnerScope[] } | null;
  /** The customer's personal access token of a bearer-token request (http/partner-auth.ts); else undefined. */
  accessTokenId?: number;
  requestId: string;
  /** The app's log, for work that outlives the request (e.g. a reset link issued after the answer). */
  log: LineLog;
  /** Runs a task once this request's response has been sent (work the answer must not wait for, nor be timed by). */
  afterResponse?: (task: () => void) => void;
  /** Says this answer was made for this one request (a captcha challenge): the response cache never stores it. */
  answerIsUnique?: () => void;
  /**
   * Records what this answer was built from (events/tags.ts), so that a change of it purges the cached
   * answer (cache/response-cache.ts) and a change of anything else does not. An answer that recorded
   * no tag is purged by every change. Called by the resolvers that read a product, a listing, a
   * category, content, delivery methods, stores or a match.
   */
  tagAnswer: (...tags: CacheTag[]) => void;
  /**
   * Says this answer is true only until `moment` (on the app's clock): a delivery date promise changes at
   * the dispatch cut-off with no event to purge it. The response cache keeps the answer no longer than
   * that (decision 0069).
   */
  answerValidUntil?: (moment: Date) => void;
};

/** What Express hands yoga with each request (server/yoga.ts). */
export type ServerContext = { req: ExpressRequest; res: Response };

/**
 * What yoga's plugins see as `contextValue`: the server context, yoga's Fetch `request`, and the Context
 * the factory in server/yoga.ts adds; a hook that runs before the factory sees only part of it.
 */
export type PluginContext = Partial<Context & ServerContext & { request: Request }>;
