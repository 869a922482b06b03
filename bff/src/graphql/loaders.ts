// The request's loaders: what several resolvers of one GraphQL request read, read once for all of
// them. One object per request, on its context (graphql/server/yoga.ts creates it), dropped with it.
// - cartViews: the cart's lines, seats, vouchers and money (services/cart-view.ts), for Cart.total,
//   goodsToPay, vouchers, tickets and checkout;
// - similarProducts: Product.similar of every product of a list in one batch (DataLoader), per
//   selection (the same field of the same query), by the catalog's rule (services/catalog.ts);
// - deliveryTimings: the delivery methods' transit days, kept by the app until the methods change
//   (services/delivery-promise.ts DeliveryTimings), for every delivery date promise of the answer.
import DataLoader from 'dataloader';
import type { Db } from '../db/client.ts';
import { CartViews } from '../services/cart-view.ts';
import { similarProducts, type SimilarFound, type SimilarParent } from '../services/catalog.ts';
import type { DeliveryMethodTiming, DeliveryTimings } from '../services/delivery-promise.ts';

export type RequestLoaders = {
  cartViews: CartViews;
  /** The loader of one selection of Product.similar (`selectionKey` tells the selections apart). */
  similarProducts: (selectionKey: unknown, selection: Record<string, unknown>) => DataLoader<SimilarParent, SimilarFound, number>;
  /** The active delivery methods with their transit days (no statement while the app holds them). */
  deliveryTimings: () => Promise<DeliveryMethodTiming[]>;
};

/** `now`: the moment this request reads seat holds at (the app's clock). */
export function createRequestLoaders(prisma: Db, now: Date, deliveryTimings: DeliveryTimings): RequestLoaders {
  const similarBySelection = new Map<unknown, DataLoader<SimilarParent, SimilarFound, number>>();
  let timings: Promise<DeliveryMethodTiming[]> | undefined;
  return {
    // one reading for the whole request, even when a purge makes the app read again meanwhile
    deliveryTimings: () => (timings ??= deliveryTimings.get()),
    cartViews: new CartViews(now),
    similarProducts(selectionKey, selection) {
      let loader = similarBySelection.get(selectionKey);
      if (!loader) {
        loader = new DataLoader(
          async (parents) => {
            const found = await similarProducts(prisma, parents, selection);
            return parents.map((parent) => found.get(parent.id) ?? { products: [], ids: [], bestSellersOf: null });
          },
          { cacheKeyFn: (parent) => parent.id },
        );
        similarBySelection.set(selectionKey, loader);
      }
      return loader;
    },
  };
}
