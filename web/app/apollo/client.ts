// Apollo clients: in the browser over HTTP to /graphql; on the server in-process through the
// executor the BFF puts into the React Router load context (no network hop). Both send the hash of
// the operation's persisted document, never its text (see persisted.ts).
import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, ServerError, type NormalizedCacheObject } from '@apollo/client';
import { canonicalStringify } from '@apollo/client/utilities';
import { getOperationAST, type DocumentNode } from 'graphql';
import { catchError, map, Observable, throwError } from 'rxjs';
import { data } from 'react-router';
import { createCache } from './cache.ts';
import { persistedQuery, persistedRequestBody } from './persisted.ts';
import { csrfFetch } from './csrf.ts';
import { createPersonalFirstLink } from './personal-first.ts';
import { createAuthErrorLink, resetIdentity } from '../shell/auth-errors.ts';
import type { ShopLoadContext } from '../context.ts';

declare global {
  interface Window {
    __APOLLO_STATE__?: NormalizedCacheObject;
  }
}

/** The API could not answer now: it ran out of time, or its database cannot be reached. */
function apiUnavailable(result: unknown): boolean {
  const errors = (result as { errors?: { extensions?: { code?: unknown } }[] } | null)?.errors;
  return Array.isArray(errors) && errors.some((error) => error.extensions?.code === 'TIMEOUT' || error.extensions?.code === 'SERVICE_UNAVAILABLE');
}

/**
 * A page whose data did not come in time (or whose database is briefly away) answers 503 (try again shortly; entry.server.tsx adds
 * Retry-After), not 500. React Router turns a thrown `data()` into that status; the Error around it
 * makes Apollo pass it on to the loader unchanged (it wraps anything that is not error-like).
 */
function pageUnavailable(): Error {
  return Object.assign(new Error('The shop API ran out of time'), data(null, { status: 503 }));
}

/**
 * A page's query whose every error is BAD_USER_INPUT was refused for what the address carried (a slug
 * with a NUL byte, one too long ...): no page has that address, so 404 in the shop's layout, not 500.
 */
function inputRefused(result: ApolloLink.Result): boolean {
  const errors = result.errors ?? [];
  return errors.length > 0 && errors.every((error) => error.extensions?.code === 'BAD_USER_INPUT');
}

function pageNotFound(): Error {
  return Object.assign(new Error('The shop API refused what the page address carries'), data(null, { status: 404 }));
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
      if (apiUnavailable(result)) throw pageUnavailable();
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
      // a change waits for the page's personal query in flight, whose older answer would undo it
      createPersonalFirstLink('Personal'),
      new HttpLink({ uri: '/graphql', credentials: 'same-origin', fetch: csrfFetch }),
    ]),
    cache: createCache().restore(window.__APOLLO_STATE__ ?? {}),
  });
  return browserClient;
}

const serverClients = new WeakMap<object, ApolloClient>();

type ServerQuery = (options: { query: DocumentNode; variables?: Record<string, unknown>; fetchPolicy?: string; errorPolicy?: string }) => Promise<{ data: unknown; error?: Error }>;

/**
 * A server request's client. A loader's query runs the API in-process; its answer is written to the
 * request's cache and kept for the page's components (usePageQuery). Apollo's own query() goes
 * through its query manager, which reads every answer back out of the cache to return it: one of
 * three passes over the same data (pages took 9-13 % less CPU without it). The answer is returned
 * as it came (the stored documents select __typename, so it is the data the cache holds).
 * Mutations are Apollo's own; one (a form's action) changes the cache, so the answers kept before
 * it are dropped and components read the cache instead.
 */
export class ServerClient extends ApolloClient {
  /** This request's answers by document and variables, for the render (usePageQuery). */
  private readonly answers = new Map<DocumentNode, Map<string, unknown>>();

  constructor(
    private readonly execute: (operationName: string, variables: Record<string, unknown>) => Promise<ApolloLink.Result>,
  ) {
    // The cache lives for one render: remembering read results (and tracking what each depends on)
    // would cost more than the few repeated reads it saves.
    const link = new ApolloLink((operation) => whenSubscribed(() => execute(operation.operationName!, operation.variables)));
    super({ link, cache: createCache({ resultCaching: false }), ssrMode: true });
    const apolloMutate = this.mutate;
    this.mutate = ((options: Parameters<ApolloClient['mutate']>[0]) => apolloMutate(options).finally(() => this.answers.clear())) as ApolloClient['mutate'];
  }

  override query = (async ({ query, variables = {}, fetchPolicy = 'cache-first', errorPolicy = 'none' }) => {
    if (fetchPolicy === 'cache-first' || fetchPolicy === 'cache-only') {
      const cached = this.cache.diff({ query, variables, returnPartialData: false, optimistic: false });
      if (cached.complete) this.rememberAnswer(query, variables, cached.result);
      if (cached.complete || fetchPolicy === 'cache-only') return { data: cached.result ?? undefined };
    }
    const operationName = getOperationAST(query)?.name?.value;
    if (!operationName) throw new Error('A server query needs a named operation (its persisted document is found by name).');
    const result = await this.execute(operationName, variables);
    if (result.errors?.length && errorPolicy === 'none') throw inputRefused(result) ? pageNotFound() : new CombinedGraphQLErrors(result);
    if (result.data && fetchPolicy !== 'no-cache') {
      this.cache.writeQuery({ query, variables, data: result.data });
      if (!result.errors?.length) this.rememberAnswer(query, variables, result.data);
    }
    const data = result.data ?? undefined;
    return result.errors?.length && errorPolicy === 'all' ? { data, error: new CombinedGraphQLErrors(result) } : { data };
  }) as ServerQuery as ApolloClient['query'];

  /** The answer a loader got for this document and these variables, if it asked. */
  answerOf(query: DocumentNode, variables: Record<string, unknown> = {}): unknown {
    return this.answers.get(query)?.get(canonicalStringify(variables));
  }

  private rememberAnswer(query: DocumentNode, variables: Record<string, unknown>, data: unknown) {
    const byVariables = this.answers.get(query) ?? new Map<string, unknown>();
    byVariables.set(canonicalStringify(variables), data);
    this.answers.set(query, byVariables);
  }
}

/** An observable of one result, asked for when something subscribes (as Apollo's links do). */
function whenSubscribed(run: () => Promise<ApolloLink.Result>) {
  return new Observable<ApolloLink.Result>((observer) => {
    run().then(
      (result) => {
        observer.next(result);
        observer.complete();
      },
      (error: unknown) => observer.error(error),
    );
  });
}

/** One client per server request, so no shopper ever sees another's cached data. */
export function getServerClient(context: ShopLoadContext, language: 'cs' | 'en'): ApolloClient {
  const existing = serverClients.get(context);
  if (existing) return existing;
  const client = new ServerClient(async (operationName, variables) => {
    const result = await context.executeGraphQL(persistedRequestBody(operationName, variables), language);
    if (apiUnavailable(result)) throw pageUnavailable();
    return result as ApolloLink.Result;
  });
  serverClients.set(context, client);
  return client;
}
