// When the shopper behind the browser changes (login, registration, logout, a deleted account), the
// hearts in the cache belong to the previous one: Product.inWishlist is per session or customer.
// This drops every cached heart and the wishlist summary, so whatever shows them next reads the new
// shopper's from the server instead of showing the old ones (the cache follows the server).
import type { ApolloCache } from '@apollo/client';

/** `signedOut`: the new session certainly has no wishlist, so the header shows none at once. */
export function forgetWishlistHearts(cache: ApolloCache, options: { signedOut?: boolean } = {}): void {
  const entities = Object.keys(cache.extract() as Record<string, unknown>);
  for (const id of entities) {
    if (id.startsWith('Product:')) cache.evict({ id, fieldName: 'inWishlist' });
  }
  if (options.signedOut) cache.modify({ id: 'ROOT_QUERY', fields: { wishlist: () => null } });
  else cache.evict({ id: 'ROOT_QUERY', fieldName: 'wishlist' });
  cache.gc();
}
