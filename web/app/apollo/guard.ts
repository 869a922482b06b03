// Guards: a guest on an account page goes to the login page and comes back after logging in; a
// customer on a guest-only page (login, registration: the spec's guest-only guard) goes to her account.
import { redirect } from 'react-router';
import { safeLocalPath } from '../../../schema/routes.ts';
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

/** For the login and registration pages: a logged-in customer goes where the login would have led her, her account by default. */
export async function requireGuest(args: { request: Request; context?: unknown }): Promise<void> {
  const { data } = await apolloFor(args).query({ query: MeQuery, fetchPolicy: 'network-only' });
  if (!data?.me) return;
  const next = new URL(args.request.url).searchParams.get('next');
  throw redirect(safeLocalPath(next, href('account', languageOfRequest(args.request))));
}
