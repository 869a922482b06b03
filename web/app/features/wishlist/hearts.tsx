// Which products have their heart pressed: the productIds of the wishlist summary that the layout's
// query put in the cache (one subscription per page, not one per card). Catalog answers hold no
// hearts, so they are the same for every shopper and the response cache can share them.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { getFragmentData, graphql } from '~/gql';
import { usePersonal } from '../personal/personal-query.ts';

/**
 * What the header and the hearts show of the shopper's wishlist; every heart's answer carries it.
 * The hearts read productIds from here, so catalog queries ask nothing of the shopper and their
 * answers can be shared by the response cache (docs/decisions/0016).
 */
export const WishlistSummaryFragment = graphql(`
  fragment WishlistSummary on Wishlist {
    id
    itemCount
    productIds
  }
`);

/** The wishlist summary as the cache holds it (the personal query fills it; WishlistButton reads it). */
export const WishlistSummaryQuery = graphql(`
  query WishlistSummary {
    wishlist {
      ...WishlistSummary
    }
  }
`);

const Hearts = createContext<ReadonlySet<string>>(new Set());

export function WishlistHeartsProvider({ children }: { children: ReactNode }) {
  // the shopper's part of the page: filled in after hydration by the one personal query (0043), and
  // asked again when a login dropped the summary (forget-hearts.ts)
  const productIds = getFragmentData(WishlistSummaryFragment, usePersonal()?.wishlist)?.productIds;
  const hearts = useMemo(() => new Set(productIds ?? []), [productIds]);
  return <Hearts.Provider value={hearts}>{children}</Hearts.Provider>;
}

/** Whether this product is in the shopper's wishlist (false outside the provider: the error layout). */
export function useHeart(productId: string): boolean {
  return useContext(Hearts).has(productId);
}
