// The one place for Apollo cache policy (house rule 2). The cache follows the server: a field policy
// may merge what the server answered, never invent what it did not.
import { InMemoryCache, type ApolloCache } from '@apollo/client';
import type { GraphQLCodegenDataMasking } from '@apollo/client/masking';
import possibleTypes from '../gql/possible-types.json';

// The documents' types are masked by codegen (docs/decisions/0028); Apollo types what it writes and
// reads itself (optimistic answers, update callbacks, cache reads) unmasked.
declare module '@apollo/client' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface TypeOverrides extends GraphQLCodegenDataMasking.TypeOverrides {}
}

export function createCache({ resultCaching = true } = {}) {
  return new InMemoryCache({
    resultCaching,
    possibleTypes,
    typePolicies: {
      // A browser session has one cart: every Cart result (the cart query, each cart mutation)
      // lands in the same cache entry, so one answer updates the header, the cart and the checkout.
      Cart: { keyFields: [] },
      // Prices, slugs and rows have no identity of their own: they live inside their parent.
      Price: { keyFields: false },
      LocalizedSlug: { keyFields: false },
      SizeChartRow: { keyFields: false },
      ProductConnection: { keyFields: false },
      // The cart's checkout and its totals live inside the one Cart; the pages select different
      // parts of them (the cart page fewer than the checkout), so an answer merges into what is there.
      Checkout: { keyFields: false, merge: true },
      CheckoutTotals: { keyFields: false, merge: true },
      PostalAddress: { keyFields: false },
      Query: {
        fields: {
          products: { keyArgs: ['filter', 'sort', 'first', 'offset', 'after'] },
          // Query.cart is what the server last said: the session's cart, or null before anything was
          // added (and after an order or a logout). The answers that change it are in sessionCartIs.
        },
      },
    },
  });
}

/**
 * The server's answers that change whether the session has a cart, written where Query.cart is read
 * (the header): the cart an add answered with is the session's cart (the first add creates it while
 * Query.cart still holds the server's null); after a placed order or a logout there is none. Every
 * other cart answer updates the one Cart entry by itself.
 */
export function sessionCartIs(cache: ApolloCache, cart: { __typename: 'Cart' } | null): void {
  cache.modify({ id: 'ROOT_QUERY', fields: { cart: (_current, { toReference }) => (cart ? (toReference(cart) ?? null) : null) } });
}
