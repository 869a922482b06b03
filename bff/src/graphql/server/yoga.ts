// graphql-yoga serving the Pothos schema. The context comes from the express request that
// express-session already decorated; SSR calls the same yoga in-process (no network hop).
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { createGraphQLError, createYoga, maskError, useErrorHandler } from 'graphql-yoga';
import { isDatabaseOutage, OUTAGE_RETRY_AFTER_S } from '../../http/server-errors.ts';
import { forgetSession, removeReplacedSession, saveSessionNow, startNewSession } from '../../http/session-save.ts';
import { message } from '../../i18n/messages.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { schema } from '../schema/index.ts';
import type { Context, ServerContext, ShopSession } from '../context.ts';
import type { Currency } from '../../../../schema/rules/money.ts';
import { errorLanguage, requestLanguage } from './request-language.ts';
import { currencyOfCookies } from '../../../../schema/rules/cookies.ts';
import { sessionKey } from '../../services/sessions.ts';
import type { RateLimiter } from '../../rate-limit/rate-limit.ts';
import { useSensitiveOperationsOnce } from './sensitive-operations.ts';
import { partnerContext } from '../../http/partner-auth.ts';
import { operationLimits } from './operation-limits.ts';
import { useLocalisedRefusals } from './request-errors.ts';
import { useTrustedDocuments } from './trusted-documents.ts';
import { useTokenCostBudget } from './token-cost.ts';
import { usePublicExplorerReadOnly } from './public-explorer.ts';
import { useResponseCacheNotes } from '../../cache/graphql-operation.ts';
import { lineLog, type Log } from '../../log.ts';
import { useOperationObserver, type FinishedOperation } from './operation-observer.ts';
import { useWebhookWarnings } from './webhook-warnings.ts';
import type { SeatChangeBus } from '../../services/seat-changes.ts';
import { createRequestLoaders } from '../loaders.ts';
import type { Clock } from '../../services/tickets.ts';
import type { PlaceOrderHooks } from '../../services/orders.ts';
import type { DeliveryTimings } from '../../services/delivery-promise.ts';
import { useStreamLimits, type StreamRegistry } from './stream-limits.ts';


/** Requests whose session a resolver changed; their session is stored before the response goes out. */
const changedSessions = new WeakSet<Request>();
/** Requests that replaced their session (login, logout): the id of the one replaced, removed once the new one is stored. */
const replacedSessions = new WeakMap<Request, string>();

/**
 * Stores the session a resolver changed, and then removes the one it replaced; null when done, else
 * the answer instead of the operation's: the shop's 503 (or 500) in the request's language, with
 * no cookie, as the session the shopper would have been given does not exist (http/session-save.ts).
 */
async function storeChangedSession(req: Request, res: Response, request: globalThis.Request, fetchAPI: { Response: typeof globalThis.Response }) {
  try {
    await saveSessionNow(req, res);
    const replaced = replacedSessions.get(req);
    if (replaced !== undefined) await removeReplacedSession(req, replaced);
    return null;
  } catch (error) {
    forgetSession(req, res);
    const outage = isDatabaseOutage(error);
    const language = requestLanguage(req, request.headers);
    const body = { errors: [outage ? { message: message('serviceUnavailable', language), extensions: { code: 'SERVICE_UNAVAILABLE' } } : { message: message('somethingWentWrong', language), extensions: { code: 'INTERNAL_SERVER_ERROR' } }] };
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
    if (outage) headers['retry-after'] = String(OUTAGE_RETRY_AFTER_S);
    return { error, response: new fetchAPI.Response(JSON.stringify(body), { status: outage ? 503 : 500, headers }) };
  }
}

export function requestCurrency(req: Request, headers?: Headers): Currency {
  const header = headers?.get('x-shop-currency');
  if (header === 'CZK' || header === 'EUR') return header;
  return currencyOfCookies(req.headers.cookie);
}

/** One of yoga's log calls (a text, maybe an error) as a log entry. */
function yogaLog(log: Log, level: 'debug' | 'info' | 'warn' | 'error') {
  return (...args: unknown[]) => {
    const error = args.find((arg) => arg instanceof Error);
    const text = args.filter((arg) => typeof arg === 'string').join(' ') || (error as Error | undefined)?.message || 'graphql-yoga';
    log[level](error ? { err: error } : {}, text);
  };
}

export type GraphQLServerOptions = {
  log: Log;
  /** Sees every executed operation (the metrics time them). */
  operationFinished?: (operation: FinishedOperation) => void;
  /** Seats taken and freed (Subscription.seatChanges and the mutations that change seats). */
  seatChanges: SeatChangeBus;
  /** The open event streams of subscriptions, counted and bounded (stream-limits.ts). */
  streams: StreamRegistry;
  /** The clock of seat holds and sales windows (Context.clock). */
  clock: Clock;
  /** Test seams of placing an order (Context.placeOrderHooks). */
  placeOrderHooks?: PlaceOrderHooks;
  /** The delivery methods' timings the app keeps for the delivery date promise (services/delivery-promise.ts). */
  deliveryTimings: DeliveryTimings;
};

export function createGraphQLServer(
  config: Config,
  prisma: Db,
  rateLimiter: RateLimiter,
  { log, operationFinished, seatChanges, streams, clock, placeOrderHooks, deliveryTimings }: GraphQLServerOptions,
) {
  const contextLog = lineLog(log);
  return createYoga<ServerContext>({
    schema,
    graphqlEndpoint: '/graphql',
    // GraphiQL is served by http/graphiql.ts from the shop's own files, under the shop's CSP
    graphiql: false,
    landingPage: false,
    // yoga's default CORS reflects any Origin with credentials; http/cors.ts answers instead, from CORS_ORIGINS
    cors: false,
    batching: false,
    // Unexpected failures reach the client as "Unexpected error."; one of a database that cannot be
    // reached now is SERVICE_UNAVAILABLE (503, Retry-After, worded by request-errors.ts): a page whose
    // data it is answers 503 with a retry hint, not 500 (issue 31, finding 25).
    maskedErrors: {
      maskError: (error, text, isDev) =>
        isDatabaseOutage(error)
          ? createGraphQLError('The shop is briefly unavailable.', {
              extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503, headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_S) } } },
            })
          : maskError(error, text, isDev),
    },
    // yoga's own messages go to the app's log, at the level LOG_LEVEL lets through
    logging: { debug: yogaLog(log, 'debug'), info: yogaLog(log, 'info'), warn: yogaLog(log, 'warn'), error: yogaLog(log, 'error') },
    plugins: [
      useLocalisedRefusals(), // transport, parser and limit refusals in the request's language
      // before the cost budget: the public explorer's mutation is refused as a whole, and charges nothing
      usePublicExplorerReadOnly(), // GRAPHIQL_PUBLIC's anonymous visitor runs queries only
      // before the limits' onExecute: a token's (or the public explorer's) operation is charged to its cost budget, and answers with extensions.cost
      useTokenCostBudget(rateLimiter),
      ...operationLimits({ exposeSchema: config.exposeSchema, timeoutMs: config.graphqlTimeoutMs }),
      useTrustedDocuments(config), // production: browsers send only the web's persisted documents, by hash
      useStreamLimits(streams), // a subscription's stream: per client and instance, its lifetime, ended by shutdown
      useSensitiveOperationsOnce(), // login, newsletter ... at most once per document (G2)
      useResponseCacheNotes(), // the response cache stores only a query's answer, and only when every field it asks is declared public
      useOperationObserver(operationFinished), // the operation's name for the request's log line, its time for the metrics
      useWebhookWarnings(), // a partner's switched-off webhook endpoint, in extensions.warnings of its answers
      // Unexpected failures reach the client masked ("Unexpected error."); the log keeps the
      // details with the request id, so a shopper's report can be matched to them.
      useErrorHandler(({ errors, context }) => {
        // envelop hands over the execution arguments here; the yoga context is their contextValue
        const requestId = (context as { contextValue?: Partial<Context> }).contextValue?.requestId ?? '-';
        for (const error of errors) {
          const original = (error as { originalError?: Error & { extensions?: unknown } }).originalError;
          if (original && original.extensions === undefined) {
            const path = (error as { path?: readonly (string | number)[] }).path?.join('.') ?? 'request';
            log.error({ err: original, requestId }, `${path} failed`);
          }
        }
      }),
      {
        // express-session stores the session only when the response ends, and yoga has written the
        // whole body by then: the browser's next request (after login, after the first add to cart)
        // could arrive before the session exists, and a session the store refused would still get its
        // cookie. So a changed session is stored before sending, and a failure is the answer.
        onResponse: async ({ serverContext, request, setResponse, fetchAPI }) => {
          const { req, res } = (serverContext ?? {}) as Partial<ServerContext>;
          if (!req?.session || !res || !changedSessions.has(req)) return;
          const failed = await storeChangedSession(req, res, request, fetchAPI);
          if (!failed) return;
          log.error({ err: failed.error, requestId: res.locals.requestId }, 'the changed session could not be stored');
          setResponse(failed.response);
        },
      },
    ],
    context: (initial): Context => {
      const { req, res, request } = initial;
      // Who is asking: read through accessors on yoga's own context object, so that a resolver's read
      // marks the answer as depending on the visitor (markVisitorRead) and the response cache never
      // hands it to another visitor (cache/response-cache.ts). Defined here rather than returned:
      // envelop merges the returned object by copying values, which would turn an accessor into a
      // plain value and read it for every request.
      const markVisitorRead = () => void (res.locals.visitorRead = true);
      const answerIsUnique = () => void (res.locals.responseCache = false);
      let customerId = (req.session as ShopSession | undefined)?.customerId ?? null;
      let key: string | undefined;
      Object.defineProperties(initial, {
        customerId: {
          get: () => (markVisitorRead(), customerId),
          set: (value: number | null) => void (customerId = value),
          enumerable: true,
          configurable: true,
        },
        // a request without a session (none is ever stored for it) gets a key of its own
        sessionKey: { get: () => (markVisitorRead(), (key ??= sessionKey(req.sessionID ?? randomUUID()))), enumerable: true, configurable: true },
        // the client's address (its rate limits): an answer made for one address is stored for no one,
        // not even for another visitor without cookies (issue 40, item 14: checkVoucher's answers)
        clientIp: { get: () => (markVisitorRead(), answerIsUnique(), req.ip ?? req.socket.remoteAddress ?? 'unknown'), enumerable: true, configurable: true },
      });
      const fields: Omit<Context, 'customerId' | 'sessionKey' | 'clientIp'> = {
        prisma,
        config,
        language: requestLanguage(req, request.headers),
        errorLanguage: errorLanguage(req, request.headers),
        currency: requestCurrency(req, request.headers),
        // Forwards to the current req.session. Not a getter: envelop copies the context with
        // Object.assign, which would freeze the pre-login session (regenerate() replaces req.session).
        session: new Proxy({} as ShopSession, {
          get: (_target, name) => (markVisitorRead(), Reflect.get(req.session, name)),
          set: (_target, name, value) => {
            changedSessions.add(req);
            return Reflect.set(req.session, name, value);
          },
          deleteProperty: (_target, name) => {
            changedSessions.add(req);
            return Reflect.deleteProperty(req.session, name);
          },
          has: (_target, name) => (markVisitorRead(), Reflect.has(req.session, name)),
        }),
        regenerateSession: async () => {
          // the old session stays stored until the new one is (onResponse above), then goes
          const previousId = startNewSession(req);
          if (!replacedSessions.has(req)) replacedSessions.set(req, previousId);
          changedSessions.add(req);
          // the new session is stored even when nothing else is put in it (logout), so the
          // browser's next request finds the session its new CSRF token is bound to
          (req.session as ShopSession).startedAt = Date.now();
          (res.locals.refreshCsrfCookie as (() => void) | undefined)?.();
        },
        rateLimiter,
        seatChanges,
        loaders: createRequestLoaders(prisma, clock(), deliveryTimings),
        clock,
        placeOrderHooks,
        requestId: res.locals.requestId as string,
        log: contextLog,
        // work that must not delay this answer (services/password-reset.ts): after the response is sent
        afterResponse: (task) => void res.once('finish', task),
        // an answer made for this one request (a captcha challenge): never stored by the response cache
        answerIsUnique,
        // the time left on the app's clock, as a moment of the machine's (the cache measures ages on it)
        answerValidUntil: (moment) => {
          const until = Date.now() + Math.max(0, moment.getTime() - clock().getTime());
          const held = res.locals.cacheExpiresAt as number | undefined;
          res.locals.cacheExpiresAt = held === undefined ? until : Math.min(held, until);
        },
        tagAnswer: (...tags) => {
          const recorded = (res.locals.cacheTags ??= new Set()) as Set<string>;
          for (const tag of tags) recorded.add(tag);
        },
        partner: null,
        // a bearer-token request: the partner, its own in-memory session and no customer
        ...partnerContext(res),
      };
      // the accessors above are the context's identity fields (the cast adds them to the type only)
      return fields as Context;
    },
  });
}

export type GraphQLServer = ReturnType<typeof createGraphQLServer>;
