// The delivery date promise's data (decision 0069): the active delivery methods' transit days, read
// once per request, and the promise for goods in or out of stock, by the rule of
// schema/rules/delivery-date.ts with the shop's dispatch cut-off (config.dispatchCutoff). The pages,
// the API and the feeds all come here, so they all promise the same day.
import type { Db } from '../db/client.ts';
import { deliveryPromise, earliestPromise, type DeliveryPromise, type DeliveryTiming } from '../../../schema/rules/delivery-date.ts';

export type DeliveryMethodTiming = DeliveryTiming & { id: number; code: string };

/** The delivery methods on offer with what they take, in display order. */
export function activeDeliveryTimings(db: Db): Promise<DeliveryMethodTiming[]> {
  return db.deliveryMethod.findMany({
    where: { active: true },
    select: { id: true, code: true, isPickup: true, transitDays: true },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  });
}

/**
 * The delivery methods' timings, read once and kept until a change of the delivery methods purges
 * them (app.ts forgets them when the change feed purges the tag `delivery` or everything, as it purges
 * the response cache): a promise on a product page, in the cart or a list costs no statement (the
 * product page's budget of 10 and the cart's of 4 hold). A reading that began before a purge may still
 * answer the request that asked; the response cache does not store an answer begun before a purge.
 */
export class DeliveryTimings {
  private held: Promise<DeliveryMethodTiming[]> | null = null;

  constructor(private readonly db: Db) {}

  get(): Promise<DeliveryMethodTiming[]> {
    if (!this.held) {
      const reading = activeDeliveryTimings(this.db);
      this.held = reading;
      // a failed reading is not kept: the next request reads again
      reading.catch(() => {
        if (this.held === reading) this.held = null;
      });
    }
    return this.held;
  }

  forget(): void {
    this.held = null;
  }
}

/**
 * What a product page or the cart promises for goods ordered at `now`: the earliest delivery of the
 * methods on offer (a store pickup only when nothing is delivered), or none when the goods are not in stock.
 */
export function goodsPromise(now: Date, inStock: boolean, methods: readonly DeliveryTiming[], cutoff: string): DeliveryPromise {
  return earliestPromise({ now, inStock, methods, cutoff });
}

/** What one delivery method promises for goods in stock ordered at `now` (the checkout's choice). */
export function methodPromise(now: Date, method: DeliveryTiming, cutoff: string): DeliveryPromise {
  return deliveryPromise({ now, inStock: true, method, cutoff });
}
