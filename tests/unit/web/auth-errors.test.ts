// @vitest-environment jsdom
// 401 and 419 in the browser (spec sections 4 and 8): a session error resets the identity in the
// cache and sends an account page to the login page with `next`; a 419 is logged as a CSRF
// mismatch and retried once with a fresh token, with no redirect.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { parse } from 'graphql';
import { Observable } from 'rxjs';
import { createAuthErrorLink, isAccountPath, resetIdentity } from '../../../web/app/shell/auth-errors.ts';
import { csrfFetch } from '../../../web/app/apollo/csrf.ts';

// parse(), not a gql tag: these documents run against a fake link, not the shop's schema (codegen skips them)
const Orders = parse('query TestAuthOrders { me { id firstName } }');
const Me = parse('query TestAuthMe { me { id firstName } }');

function clientAnswering(result: ApolloLink.Result, onUnauthenticated: () => void) {
  const terminal = new ApolloLink(
    () =>
      new Observable((observer) => {
        observer.next(result);
        observer.complete();
      }),
  );
  const cache = new InMemoryCache();
  cache.writeQuery({ query: Me, data: { me: { __typename: 'Customer', id: 'Q3VzdG9tZXI6MQ==', firstName: 'Jana' } } });
  return new ApolloClient({ cache, link: ApolloLink.from([createAuthErrorLink(onUnauthenticated), terminal]) });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('401: the session is gone', () => {
  it('a FORBIDDEN/UNAUTHENTICATED answer calls the handler; other errors do not', async () => {
    const onUnauthenticated = vi.fn();
    const forbidden = clientAnswering({ data: { me: null }, errors: [{ message: 'Not allowed', extensions: { code: 'FORBIDDEN' } }] }, onUnauthenticated);
    await forbidden.query({ query: Orders, errorPolicy: 'all', fetchPolicy: 'network-only' }).catch(() => {});
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    const other = clientAnswering({ data: null, errors: [{ message: 'Bad', extensions: { code: 'BAD_USER_INPUT' } }] }, onUnauthenticated);
    await other.query({ query: Orders, errorPolicy: 'all', fetchPolicy: 'network-only' }).catch(() => {});
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('resets the identity in the cache and sends an account page to login with next', () => {
    const client = clientAnswering({ data: {} }, () => {});
    const go = vi.fn();
    resetIdentity(client, { pathname: '/ucet/objednavky', search: '?strana=2' }, go);
    expect((client.cache.extract() as { ROOT_QUERY?: { me?: unknown } }).ROOT_QUERY?.me).toBeNull();
    expect(go).toHaveBeenCalledWith('/prihlaseni?next=%2Fucet%2Fobjednavky%3Fstrana%3D2');
    resetIdentity(client, { pathname: '/en/account', search: '' }, go);
    expect(go).toHaveBeenLastCalledWith('/en/login?next=%2Fen%2Faccount');
  });

  it('elsewhere it only resets the identity', () => {
    const client = clientAnswering({ data: {} }, () => {});
    const go = vi.fn();
    resetIdentity(client, { pathname: '/kosik', search: '' }, go);
    expect(go).not.toHaveBeenCalled();
    expect(isAccountPath('/ucetni')).toBe(false);
    expect(isAccountPath('/en/account/orders')).toBe(true);
  });
});

describe('419: CSRF mismatch', () => {
  it('is logged, the token fetched again, the request retried once, and nothing redirected', async () => {
    document.cookie = 'XSRF-TOKEN=old';
    const calls: { url: string; token: string | null }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      calls.push({ url, token: new Headers(init?.headers).get('x-xsrf-token') });
      if (url === '/api/csrf-cookie') {
        document.cookie = 'XSRF-TOKEN=fresh';
        return new Response(null, { status: 204 });
      }
      return new Response('{}', { status: calls.filter((call) => call.url === '/graphql').length === 1 ? 419 : 200 });
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await csrfFetch('/graphql', { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(calls).toEqual([
      { url: '/graphql', token: 'old' },
      { url: '/api/csrf-cookie', token: null },
      { url: '/graphql', token: 'fresh' },
    ]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('CSRF token mismatch (419)'));
  });

  it('a second 419 is returned as it is (one retry only)', async () => {
    document.cookie = 'XSRF-TOKEN=old';
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input) === '/api/csrf-cookie' ? new Response(null, { status: 204 }) : new Response('{}', { status: 419 }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await csrfFetch('/graphql', { method: 'POST', body: '{}' });
    expect(response.status).toBe(419);
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/graphql')).toHaveLength(2);
  });
});
