// graphql-yoga serving the Pothos schema. The context comes from the express request that
// express-session already decorated; SSR calls the same yoga in-process (no network hop).
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { createYoga, useErrorHandler } from 'graphql-yoga';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { schema } from './index.ts';
import type { Context, CurrencyCode, Language, ShopSession } from './context.ts';
import { readCookie } from '../http/cookies.ts';
import { sessionKey } from '../http/session-store.ts';
import type { RateLimiter } from '../services/rate-limit.ts';
import { useSensitiveOperationsOnce } from './sensitive-operations.ts';
import { partnerContext } from '../http/partner-auth.ts';
import { operationLimits } from './operation-limits.ts';
import { useTrustedDocuments } from './trusted-documents.ts';
import { useOperationKindForCache } from '../cache/graphql-operation.ts';

type ServerContext = { req: Request; res: Response };

/** Requests whose session a resolver changed; their session is stored before the response goes out. */
const changedSessions = new WeakSet<Request>();

function saveSession(req: Request): Promise<void> {
  // a failed save is retried (and reported) by express-session when the response ends
  return new Promise((resolve) => req.session.save(() => resolve()));
}

// The headers come from the GraphQL request itself (for SSR that is the in-process call, which
// names the page's language); the cookies from the browser's request.
export function requestLanguage(req: Request, headers: Headers): Language {
  const header = headers.get('x-shop-language');
  if (header === 'cs' || header === 'en') return header;
  const cookie = readCookie(req, 'lang');
  return cookie === 'en' ? 'en' : 'cs';
}

export function requestCurrency(req: Request, headers?: Headers): CurrencyCode {
  const header = headers?.get('x-shop-currency');
  if (header === 'CZK' || header === 'EUR') return header;
  return readCookie(req, 'currency') === 'EUR' ? 'EUR' : 'CZK';
}

export function createGraphQLServer(config: Config, prisma: Db, rateLimiter: RateLimiter) {
  return createYoga<ServerContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: config.graphiql ? { title: 'Storefront API' } : false,
    landingPage: false,
    // yoga's default CORS reflects any Origin with credentials; http/cors.ts answers instead, from CORS_ORIGINS
    cors: false,
    batching: false,
    maskedErrors: true,
    logging: config.env === 'test' ? 'error' : 'info',
    plugins: [
      ...operationLimits({ exposeSchema: config.exposeSchema, timeoutMs: config.graphqlTimeoutMs }),
      useTrustedDocuments(config), // production: browsers send only the web's persisted documents, by hash
      useSensitiveOperationsOnce(), // login, newsletter ... at most once per document (G2)
      useOperationKindForCache(), // the response cache stores only a query's answer
      // Unexpected failures reach the client masked ("Unexpected error."); the log keeps the
      // details with the request id, so a shopper's report can be matched to them.
      useErrorHandler(({ errors, context }) => {
        // envelop hands over the execution arguments here; the yoga context is their contextValue
        const requestId = (context as { contextValue?: Partial<Context> }).contextValue?.requestId ?? '-';
        for (const error of errors) {
          const original = (error as { originalError?: Error & { extensions?: unknown } }).originalError;
          if (original && original.extensions === undefined) {
            console.error(`[request ${requestId}] ${(error as { path?: readonly (string | number)[] }).path?.join('.') ?? 'request'} failed:`, original);
          }
        }
      }),
      {
        // express-session stores the session only when the response ends, and yoga has written the
        // whole body by then: the browser's next request (after login, after the first add to cart)
        // could arrive before the session exists. So a changed session is stored before sending.
        onResponse: ({ serverContext }) => {
          const req = (serverContext as Partial<ServerContext> | undefined)?.req;
          return req?.session && changedSessions.has(req) ? saveSession(req) : undefined;
        },
      },
    ],
    context: ({ req, res, request }): Context => {
      const customerId = (req.session as ShopSession | undefined)?.customerId ?? null;
      return {
        prisma,
        config,
        language: requestLanguage(req, request.headers),
        currency: requestCurrency(req, request.headers),
        // Forwards to the current req.session. Not a getter: envelop copies the context with
        // Object.assign, which would freeze the pre-login session (regenerate() replaces req.session).
        session: new Proxy({} as ShopSession, {
          get: (_target, key) => Reflect.get(req.session, key),
          set: (_target, key, value) => {
            changedSessions.add(req);
            return Reflect.set(req.session, key, value);
          },
          deleteProperty: (_target, key) => {
            changedSessions.add(req);
            return Reflect.deleteProperty(req.session, key);
          },
          has: (_target, key) => Reflect.has(req.session, key),
        }),
        regenerateSession: () =>
          new Promise<void>((resolve, reject) =>
            req.session.regenerate((error) => {
              changedSessions.add(req);
              if (error) return reject(error);
              // the new session is stored even when nothing else is put in it (logout), so the
              // browser's next request finds the session its new CSRF token is bound to
              (req.session as ShopSession).startedAt = Date.now();
              (res.locals.refreshCsrfCookie as (() => void) | undefined)?.();
              resolve();
            }),
          ),
        customerId,
        // a request without a session (none is ever stored for it) gets a key of its own
        sessionKey: sessionKey(req.sessionID ?? randomUUID()),
        clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
        rateLimiter,
        requestId: res.locals.requestId as string,
        // work that must not delay this answer (services/password-reset.ts): after the response is sent
        afterResponse: (task) => void res.once('finish', task),
        partner: null,
        // a bearer-token request: the partner, its own in-memory session and no customer
        ...partnerContext(res),
      };
    },
  });
}

export type GraphQLServer = ReturnType<typeof createGraphQLServer>;
