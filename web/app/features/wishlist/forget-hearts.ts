// When the shopper behind the browser changes (login, registration, logout, a deleted account), the
// wishlist summary in the cache (the header's count and every heart: WishlistButton) belongs to the
// previous one. This drops it, so whatever shows it next reads the new shopper's from the server
// instead of showing the old one (the cache follows the server).
import type { ApolloCache } from '@apollo/client';

/** `signedOut`: the new session certainly has no wishlist, so the header and hearts show none at once. */
export function forgetWishlistHearts(cache: ApolloCache, options: { signedOut?: boolean } = {}): void {
  if (options.signedOut) cache.modify({ id: 'ROOT_QUERY', fields: { wishlist: () => null } });
  else cache.evict({ id: 'ROOT_QUERY', fieldName: 'wishlist' });
  cache.gc();
}
