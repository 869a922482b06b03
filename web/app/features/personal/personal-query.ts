// The shopper's own part of every page (docs/decisions/0043): the header's cart count and total,
// whether she is signed in, her wishlist (count and hearts) and her e-mail for an availability
// watch. The pages themselves are the same HTML for every shopper and come from the shared response
// cache; this one small query fills in what is hers, in the browser after hydration. The header, the
// hearts and the watch form all read this one query from the Apollo cache (one request per page
// load), and mutations keep updating it as before (the cart entry, sessionCartIs, the hearts).
import { useEffect, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { graphql } from '~/gql';
import type { PersonalQuery as PersonalAnswer } from '~/gql/graphql';
import { usePageQuery } from '../../apollo/page-query.ts';
import { onSessionStarted, readCsrfCookie } from '../../apollo/csrf.ts';
import { readHintCookie } from './personal-hint.ts';

export const PersonalQuery = graphql(`
  query Personal {
    cart {
      id
      itemCount
      tickets {
        id
      }
      goodsToPay {
        ...PriceFields
      }
    }
    wishlist {
      itemCount
      ...WishlistSummary
    }
    me {
      id
      email
    }
  }
`);

/** A visitor without a session has no cart, wishlist or account: her part, known without asking. */
const GUEST: PersonalAnswer = { __typename: 'Query', cart: null, wishlist: null, me: null };

/**
 * Whether this browser may have a session to ask about: its CSRF cookie (the browser session's
 * token) or the hint an earlier answer left (a guest with nothing leaves none: personal-hint.ts).
 */
function sessionMayExist(): boolean {
  return readCsrfCookie() !== undefined || readHintCookie(document.cookie) !== undefined;
}

/**
 * The shopper's part, or undefined while it is not known: in the server render of a shared page (a
 * catalog page must not read the session; a personal page's root loader asked for it) and in the
 * browser until the query has answered. What shows it keeps its size meanwhile (the header reads the
 * hint cookie before paint: personal-hint.ts). A visitor without a session is not asked (a first
 * visit sent one request for nothing): she is a guest until a request of hers begins a session.
 */
export function usePersonal() {
  const client = useApolloClient();
  // in the browser from the first render on (the server always has its answer or none)
  const [asking, setAsking] = useState(() => typeof document === 'undefined' || sessionMayExist());
  // a guest is shown as one only once hydrated: the server's render did not know
  const [hydrated, setHydrated] = useState(false);
  // a session begun on this page: what the cache already holds of her part (the cart her first add
  // answered with) shows while the query is asked
  const [begunHere, setBegunHere] = useState(false);
  const { data } = usePageQuery(PersonalQuery, { skip: !asking, returnPartialData: begunHere });
  useEffect(() => {
    setHydrated(true);
    if (asking) return;
    return onSessionStarted(() => {
      setBegunHere(true);
      setAsking(true);
    });
  }, [asking]);
  // (partial only after a session began here: then the cart is whole, as every cart answer carries
  // what this query asks of it, and a missing wishlist or account reads as none)
  if (asking) return data as PersonalAnswer | undefined;
  // not asking: only what the page already holds (a personal page's own answer, from its server render)
  // (read from the cache, so not masked: the same data with its fragments' fields too)
  const held = client.readQuery({ query: PersonalQuery }) as PersonalAnswer | null;
  return held ?? (hydrated ? GUEST : undefined);
}
