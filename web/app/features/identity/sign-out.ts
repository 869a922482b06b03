// After the server has signed the shopper out (logout, a deleted account), the Apollo cache follows
// its answer at once: no identity and no cart (the session that held them is gone), so the header
// shows an empty cart without waiting for a refetch.
import type { ApolloCache } from '@apollo/client';
import { sessionCartIs } from '../../apollo/cache.ts';
import { matchRoute, ROUTES } from '../../../../schema/routes.ts';
import { forgetWishlistHearts } from '../wishlist/forget-hearts.ts';

export function forgetSignedInShopper(cache: ApolloCache): void {
  cache.modify({ id: 'ROOT_QUERY', fields: { me: () => null } });
  sessionCartIs(cache, null);
  // the hearts and the wishlist were the signed-in customer's
  forgetWishlistHearts(cache, { signedOut: true });
  cache.gc();
}

/** Whether a path is a page for signed-in customers only (where a signed-out shopper cannot stay). */
export function isCustomerOnlyPath(pathname: string): boolean {
  const match = matchRoute(pathname);
  if (!match) return false;
  const route = ROUTES[match.name] as { guard?: string };
  return route.guard === 'customer' || match.name === 'orderDetail';
}
