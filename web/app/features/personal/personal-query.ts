// The shopper's own part of every page (docs/decisions/0043): the header's cart count and total,
// whether she is signed in, her wishlist (count and hearts) and her e-mail for an availability
// watch. The pages themselves are the same HTML for every shopper and come from the shared response
// cache; this one small query fills in what is hers, in the browser after hydration. The header, the
// hearts and the watch form all read this one query from the Apollo cache (one request per page
// load), and mutations keep updating it as before (the cart entry, sessionCartIs, the hearts).
import { graphql } from '~/gql';
import { usePageQuery } from '../../apollo/page-query.ts';

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

/**
 * The shopper's part, or undefined while it is not known: in the server render of a shared page (a
 * catalog page must not read the session; a personal page's root loader asked for it) and in the
 * browser until the query has answered. What shows it keeps its size meanwhile (the header reads the
 * hint cookie before paint: personal-hint.ts).
 */
export function usePersonal() {
  return usePageQuery(PersonalQuery).data;
}
