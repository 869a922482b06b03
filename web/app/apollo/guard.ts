// Guard for the account pages: a guest goes to the login page and comes back after logging in.
import { redirect } from 'react-router';
import { graphql } from '~/gql';
import { apolloFor } from './load.ts';
import { href, languageOfRequest } from '../language.ts';

const MeQuery = graphql(`
  query Me {
    me {
      id
      firstName
    }
  }
`);

export async function requireCustomer(args: { request: Request; context?: unknown }) {
  const { data } = await apolloFor(args).query({ query: MeQuery, fetchPolicy: 'network-only' });
  if (!data?.me) {
    const url = new URL(args.request.url);
    const next = url.pathname + url.search;
    throw redirect(`${href('login', languageOfRequest(args.request))}?next=${encodeURIComponent(next)}`);
  }
  return data.me;
}
