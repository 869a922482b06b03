// The delivery date promise (issue 43 §3, decision 0069) on a variant, a delivery method and the cart:
// the same rule (schema/rules/delivery-date.ts) with the shop's dispatch cut-off, answered in the
// request language. A promise changes at the dispatch cut-off with no event to purge it, so every
// resolver here tells the response cache until when its answer holds (ctx.answerValidUntil).
import { builder } from './builder.ts';
import type { Context } from '../context.ts';
import { formatDeliveryPromise, type DeliveryPromise } from '../../../../schema/rules/delivery-date.ts';
import { goodsPromise, methodPromise } from '../../services/delivery-promise.ts';

const DeliveryPromiseKind = builder.enumType('DeliveryPromiseKind', {
  description: 'What a delivery date promise says.',
  values: {
    DELIVERY: { description: 'Delivered (to the door or a pick-up point) on `date`.' },
    PICKUP: { description: 'Ready for pickup in the store from `date`.' },
    UNAVAILABLE: { description: 'Not in stock: no date is promised.' },
  } as const,
});

type Answered = { promise: DeliveryPromise; ctx: Context };

const DeliveryPromiseRef = builder.objectRef<Answered>('DeliveryPromise').implement({
  description:
    'When the goods arrive if ordered now: goods in stock leave on the day of the order when it is placed on a working day before the dispatch cut-off ' +
    '(13:00 Prague time unless the shop sets another), else on the next working day (Czech public holidays are not working days); the delivery method’s transit days (working days) follow.',
  fields: (t) => ({
    kind: t.field({ type: DeliveryPromiseKind, description: 'A delivery, a store pickup, or nothing promised.', resolve: ({ promise }) => promise.kind }),
    date: t.string({
      nullable: true,
      description: 'The day promised (YYYY-MM-DD, a Prague calendar day); null when UNAVAILABLE.',
      resolve: ({ promise }) => promise.date,
    }),
    dispatchDate: t.string({
      nullable: true,
      description: 'The working day the goods leave the warehouse (YYYY-MM-DD); null when UNAVAILABLE.',
      resolve: ({ promise }) => promise.dispatchDate,
    }),
    orderBy: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'The promise holds for an order placed before this moment (the dispatch day’s cut-off); later orders get a later date. Null when UNAVAILABLE.',
      resolve: ({ promise }) => promise.orderBy,
    }),
    text: t.string({
      description: 'The promise as a sentence in the request language: "Doručíme ve čtvrtek 3. 12." / "Delivered on Thursday 3 Dec".',
      resolve: ({ promise, ctx }) => formatDeliveryPromise(promise, ctx.language),
    }),
  }),
});

/** The promise as the API answers it, and the answer kept by the response cache no longer than it holds. */
function answered(promise: DeliveryPromise, ctx: Context): Answered {
  ctx.answerValidUntil?.(promise.orderBy ?? nextCheck(ctx));
  return { promise, ctx };
}

// a promise of goods out of stock changes with the stock (an event purges it), never with the clock;
// the delivery methods' promises are kept with it until the same bound
const nextCheck = (ctx: Context) => new Date(ctx.clock().getTime() + 24 * 3600_000);

builder.prismaObjectField('Variant', 'deliveryPromise', (t) =>
  t.field({
    type: DeliveryPromiseRef,
    description: 'When this variant arrives if ordered now: the earliest delivery of the methods on offer (a store pickup only when nothing is delivered); UNAVAILABLE when out of stock.',
    select: { stock: true },
    resolve: async (variant, _a, ctx) => {
      ctx.tagAnswer('delivery');
      const methods = await ctx.loaders.deliveryTimings();
      return answered(goodsPromise(ctx.clock(), variant.stock > 0, methods, ctx.config.dispatchCutoff), ctx);
    },
  }),
);

builder.prismaObjectField('DeliveryMethod', 'deliveryPromise', (t) =>
  t.field({
    type: DeliveryPromiseRef,
    description: 'When goods in stock ordered now arrive with this method (a store pickup: from when they are ready in the store).',
    select: { isPickup: true, transitDays: true },
    resolve: (method, _a, ctx) => answered(methodPromise(ctx.clock(), method, ctx.config.dispatchCutoff), ctx),
  }),
);

builder.prismaObjectField('Cart', 'deliveryPromise', (t) =>
  t.field({
    type: DeliveryPromiseRef,
    nullable: true,
    description:
      'When the cart’s goods arrive if ordered now: the earliest delivery of the methods on offer; UNAVAILABLE when a line asks for more pieces than are in stock. Null without goods (match tickets only, or empty).',
    // the lines are the goods; match tickets are the cart's seats
    select: { lines: { select: { quantity: true, variant: { select: { stock: true } } } } },
    resolve: async (cart, _a, ctx) => {
      if (cart.lines.length === 0) return null;
      const inStock = cart.lines.every((line) => line.variant.stock >= line.quantity);
      const methods = await ctx.loaders.deliveryTimings();
      return answered(goodsPromise(ctx.clock(), inStock, methods, ctx.config.dispatchCutoff), ctx);
    },
  }),
);
