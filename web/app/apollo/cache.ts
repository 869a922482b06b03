// The one place for Apollo cache policy (house rule 2).
import { InMemoryCache } from '@apollo/client';

export function createCache() {
  return new InMemoryCache({
    typePolicies: {
      // Prices, slugs and rows have no identity of their own: they live inside their parent.
      Price: { keyFields: false },
      LocalizedSlug: { keyFields: false },
      SizeChartRow: { keyFields: false },
      ProductConnection: { keyFields: false },
      Query: {
        fields: {
          products: { keyArgs: ['filter', 'sort', 'first', 'offset', 'after'] },
        },
      },
    },
  });
}
