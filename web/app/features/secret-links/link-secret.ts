// A link's secret out of the address bar (requirements L3): the page that read it from its address has
// the session keep it (Mutation.keepLinkSecret), then replaces its address with the same page's address
// without the secret (schema/routes.ts KEPT_SECRET_ROUTES), which works on reload through the session.
// Without JavaScript the address keeps its secret and the page works as it always did.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import type { LinkSecretKind } from '~/gql/graphql';
import type { ApolloClient } from '@apollo/client';

const KeepLinkSecretMutation = graphql(`
  mutation KeepLinkSecret($kind: LinkSecretKind!, $key: String, $secret: String!) {
    keepLinkSecret(kind: $kind, key: $key, secret: $secret)
  }
`);

export const KeptLinkSecretQuery = graphql(`
  query KeptLinkSecret($kind: LinkSecretKind!, $key: String) {
    keptLinkSecret(kind: $kind, key: $key)
  }
`);

/** The secret the session kept for a page at its address without one (null: this browser never opened the link). */
export async function keptSecret(client: ApolloClient, kind: LinkSecretKind, key = ''): Promise<string | null> {
  const { data } = await client.query({ query: KeptLinkSecretQuery, variables: { kind, key }, fetchPolicy: 'network-only' });
  return data?.keptLinkSecret ?? null;
}

/**
 * On a page opened by its secret link (`secret` given): keeps the secret in the session, then puts
 * `cleanPath` into the address bar in place of the secret's address. Nothing when `secret` is null
 * (the page is at its clean address already).
 */
export function useSecretOutOfAddressBar(kind: LinkSecretKind, secret: string | null, cleanPath: string, key = '') {
  const [keep] = useMutation(KeepLinkSecretMutation);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!secret) return;
    let stillHere = true;
    keep({ variables: { kind, key, secret } })
      .then((result) => {
        // not kept (or the shopper went on meanwhile): the address stays as it is, so the page still works
        if (!stillHere || result.data?.keepLinkSecret !== true || window.location.pathname !== pathname) return;
        window.history.replaceState(window.history.state, '', cleanPath + window.location.search + window.location.hash);
      })
      .catch(() => {});
    return () => {
      stillHere = false;
    };
  }, [keep, kind, key, secret, cleanPath, pathname]);
}
