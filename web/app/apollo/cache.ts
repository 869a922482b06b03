// The one place for Apollo cache policy (house rule 2).
import { InMemoryCache } from '@apollo/client';
import possibleTypes from '../gql/possible-types.json';

export function createCache({ resultCaching = true } = {}) {
  return new InMemoryCache({
    resultCaching,
    possibleTypes,
    typePolicies: {
      // A browser session has one cart: every Cart result (the cart query, each cart mutation)
      // lands in the same cache entry, so the first "add to cart" also fills Query.cart.
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
          cart: {
            read(existing, { toReference, canRead }) {
              const cart = toReference({ __typename: 'Cart' });
              return canRead(cart) ? cart : existing;
            },
          },
        },
      },
    },
  });
}
