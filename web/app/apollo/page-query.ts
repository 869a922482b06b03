// How components read their page's data: usePageQuery, with useQuery's options and result.
//
// In the browser it is Apollo's useQuery: a subscription to the cache, so that a mutation's answer
// (a cart line, a heart) updates the page. A server render happens once and nothing changes during
// it, so there the component gets the answer its loader fetched (ServerClient keeps them), or else
// what the request's cache holds, without building the subscription: useQuery's setup and its read
// of the cache were 11 % of a category page's CPU.
import { useApolloClient, useQuery } from '@apollo/client/react';
import type { DocumentNode } from 'graphql';
import { ServerClient } from './client.ts';

function useQueryDuringServerRender(query: DocumentNode, options: { variables?: Record<string, unknown>; skip?: boolean } = {}) {
  const client = useApolloClient();
  const variables = options.variables ?? {};
  const data = options.skip
    ? undefined
    : ((client instanceof ServerClient ? client.answerOf(query, variables) : undefined) ?? client.readQuery({ query, variables }) ?? undefined);
  // as useQuery answers during a server render: data from the cache, or loading when it has none
  return { data, loading: !options.skip && data === undefined, error: undefined, variables, client };
}

export const usePageQuery = (typeof window === 'undefined' ? useQueryDuringServerRender : useQuery) as typeof useQuery;
