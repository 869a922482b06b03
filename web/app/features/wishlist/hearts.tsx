// Which products have their heart pressed: the productIds of the wishlist summary that the layout's
// query put in the cache (one subscription per page, not one per card). Catalog answers hold no
// hearts, so they are the same for every shopper and the response cache can share them.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { WishlistSummaryQuery } from './documents.ts';
import { usePageQuery } from '../../apollo/page-query.ts';

const Hearts = createContext<ReadonlySet<string>>(new Set());

export function WishlistHeartsProvider({ children }: { children: ReactNode }) {
  // from the cache; fetched only when a login dropped the summary (forget-hearts.ts)
  const { data } = usePageQuery(WishlistSummaryQuery);
  const productIds = data?.wishlist?.productIds;
  const hearts = useMemo(() => new Set(productIds ?? []), [productIds]);
  return <Hearts.Provider value={hearts}>{children}</Hearts.Provider>;
}

/** Whether this product is in the shopper's wishlist (false outside the provider: the error layout). */
export function useHeart(productId: string): boolean {
  return useContext(Hearts).has(productId);
}
