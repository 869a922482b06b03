// Spec sections 4 and 8: a 401 from the API means the session is gone. The identity in the cache is
// reset (the header shows a guest at once) and, on an account page, the shopper goes to the login
// page with `next` back to where she was. The GraphQL API says it with HTTP 401 (partner tokens) or
// with the scope check's FORBIDDEN / UNAUTHENTICATED error on a customer-only field. (419 is
// apollo/csrf.ts: logged, a fresh token, one retry, no redirect.)
import { ApolloLink, type ApolloClient } from '@apollo/client';
import { tap } from 'rxjs';
import { href, routeLanguageOf } from '../../../schema/routes.ts';

const SESSION_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN']);

export function isAccountPath(pathname: string): boolean {
  return /^\/(?:ucet|en\/account)(?:\/|$)/.test(pathname);
}

export function isUnauthenticated(value: unknown): boolean {
  const candidate = value as { statusCode?: number; errors?: { extensions?: { code?: unknown } }[] } | null;
  if (candidate?.statusCode === 401) return true;
  return (candidate?.errors ?? []).some((error) => SESSION_CODES.has(String(error.extensions?.code)));
}

/** Calls onUnauthenticated for a 401 response or a session error in a result; passes everything on. */
export function createAuthErrorLink(onUnauthenticated: () => void): ApolloLink {
  return new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      tap({
        next: (result) => {
          if (isUnauthenticated(result)) onUnauthenticated();
        },
        error: (error: unknown) => {
          if (isUnauthenticated(error)) onUnauthenticated();
        },
      }),
    ),
  );
}

/** The browser's reaction: no identity in the cache; from an account page to the login page. */
export function resetIdentity(client: ApolloClient, location: Pick<Location, 'pathname' | 'search'>, go: (url: string) => void) {
  client.cache.modify({ id: 'ROOT_QUERY', fields: { me: () => null } });
  if (isAccountPath(location.pathname)) {
    const next = location.pathname + location.search;
    go(`${href('login', routeLanguageOf(location.pathname))}?next=${encodeURIComponent(next)}`);
  }
}
