// Apollo clients: in the browser over HTTP to /graphql; on the server in-process through the
// executor the BFF puts into the React Router load context (no network hop). Both send the hash of
// the operation's persisted document, never its text (see persisted.ts).
import { ApolloClient, ApolloLink, HttpLink, ServerError, type NormalizedCacheObject } from '@apollo/client';
import { catchError, map, Observable, throwError } from 'rxjs';
import { data } from 'react-router';
import { createCache } from './cache.ts';
import { persistedQuery, persistedRequestBody } from './persisted.ts';
import { csrfFetch } from './csrf.ts';
import { createAuthErrorLink, resetIdentity } from '../shell/auth-errors.ts';
import type { ShopLoadContext } from '../context.ts';

declare global {
  interface Window {
    __APOLLO_STATE__?: NormalizedCacheObject;
  }
}

function ranOutOfTime(result: unknown): boolean {
  const errors = (result as { errors?: { extensions?: { code?: unknown } }[] } | null)?.errors;
  return Array.isArray(errors) && errors.some((error) => error.extensions?.code === 'TIMEOUT');
}

/**
 * A page whose data did not come in time answers 503 (try again shortly; entry.server.tsx adds
 * Retry-After), not 500. React Router turns a thrown `data()` into that status; the Error around it
 * makes Apollo pass it on to the loader unchanged (it wraps anything that is not error-like).
 */
function pageUnavailable(): Error {
  return Object.assign(new Error('The shop API ran out of time'), data(null, { status: 503 }));
}

/**
 * In the browser a query the API could not answer in time (or while it was too busy: 503) fails the
 * same way, so a page the app navigates to shows 503 like a page loaded from the server. Mutations
 * keep Apollo's own errors: their forms show them.
 */
const queryUnavailable = new ApolloLink((operation, forward) => {
  if (operation.operationType !== 'query') return forward(operation);
  return forward(operation).pipe(
    map((result) => {
      if (ranOutOfTime(result)) throw pageUnavailable();
      return result;
    }),
    catchError((error: unknown) => throwError(() => (ServerError.is(error) && error.statusCode === 503 ? pageUnavailable() : error))),
  );
});

let browserClient: ApolloClient | null = null;

export function getBrowserClient(language: 'cs' | 'en'): ApolloClient {
  if (browserClient) return browserClient;
  const headers = new ApolloLink((operation, forward) => {
    operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
      headers: { ...headers, 'x-shop-language': language },
    }));
    return forward(operation);
  });
  const persisted = new ApolloLink((operation, forward) => {
    try {
      operation.extensions.persistedQuery = persistedQuery(operation.operationName);
    } catch (error) {
      return throwError(() => error);
    }
    operation.setContext(({ http }: { http?: Record<string, unknown> }) => ({
      http: { ...http, includeQuery: false, includeExtensions: true },
    }));
    return forward(operation);
  });
  browserClient = new ApolloClient({
    link: ApolloLink.from([
      persisted,
      headers,
      // 401: no identity in the cache, and from an account page to the login page (shell/auth-errors.ts)
      createAuthErrorLink(() => resetIdentity(browserClient!, window.location, (url) => window.location.assign(url))),
      queryUnavailable,
      new HttpLink({ uri: '/graphql', credentials: 'same-origin', fetch: csrfFetch }),
    ]),
    cache: createCache().restore(window.__APOLLO_STATE__ ?? {}),
  });
  return browserClient;
}

const serverClients = new WeakMap<object, ApolloClient>();

/** One client per server request, so no shopper ever sees another's cached data. */
export function getServerClient(context: ShopLoadContext, language: 'cs' | 'en'): ApolloClient {
  const existing = serverClients.get(context);
  if (existing) return existing;
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        Promise.resolve()
          .then(() => context.executeGraphQL(persistedRequestBody(operation.operationName, operation.variables), language))
          .then((result) => {
            if (ranOutOfTime(result)) throw pageUnavailable();
            observer.next(result as ApolloLink.Result);
            observer.complete();
          })
          .catch((error) => observer.error(error));
      }),
  );
  // The cache lives for one render: remembering read results (and tracking what each depends on)
  // would cost more than the few repeated reads it saves.
  const client = new ApolloClient({ link, cache: createCache({ resultCaching: false }), ssrMode: true });
  serverClients.set(context, client);
  return client;
}
