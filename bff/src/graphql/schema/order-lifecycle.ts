// The order lifecycle on Order (decision 0067): its timeline (every move: from, to, when, who, the
// shipment's tracking) and whether the customer may still cancel it, and her own cancellation from the
// account's order detail or the summary link (services/order-transitions.ts).
import { builder } from './builder.ts';
import { ErrorInterface } from './errors.ts';
import { OrderRef, OrderStatusEnum } from './order.ts';
import { cancelOwnOrder, OrderCancelRefusedError, type OrderTimelineEntry } from '../../services/order-transitions.ts';
import { customerMayCancel } from '../../../../schema/rules/index.ts';

builder.objectType(OrderCancelRefusedError, {
  name: 'OrderCancelRefusedError',
  description: 'The cancellation is refused and nothing changed: no such order for this visitor, or it is being packed already. `message` says which, in the shopper’s language.',
  interfaces: [ErrorInterface],
});

const OrderActorEnum = builder.enumType('OrderActor', {
  description: 'Who moved an order.',
  values: {
    customer: { description: 'The customer herself.' },
    shop: { description: 'The shop.' },
    partner: { description: 'A partner app of the shop (its warehouse or ERP).' },
    job: { description: 'The shop’s own automatic step (an unpaid order cancelled, a bank statement paired).' },
  } as const,
});

const TimelineEntryRef = builder.objectRef<OrderTimelineEntry>('OrderTimelineEntry').implement({
  description: 'One move of an order’s status.',
  fields: (t) => ({
    status: t.field({ type: OrderStatusEnum, description: 'The status it moved to.', resolve: (entry) => entry.to }),
    previousStatus: t.field({ type: OrderStatusEnum, description: 'The status it moved from.', resolve: (entry) => entry.from }),
    at: t.expose('at', { type: 'DateTime', description: 'When.' }),
    by: t.field({ type: OrderActorEnum, description: 'Who moved it.', resolve: (entry) => entry.actorKind }),
    trackingNumber: t.exposeString('trackingNumber', { nullable: true, description: 'SHIPPED: the carrier’s tracking number.' }),
    trackingUrl: t.exposeString('trackingUrl', { nullable: true, description: 'SHIPPED: where to track the parcel.' }),
  }),
});

builder.prismaObjectFields(OrderRef, (t) => ({
  timeline: t.field({
    type: [TimelineEntryRef],
    description: 'Every move of the order’s status, oldest first.',
    select: { events: { orderBy: [{ at: 'asc' }, { id: 'asc' }] } },
    resolve: (order) =>
      order.events.map((event) => {
        const details = (event.details ?? {}) as Record<string, unknown>;
        return {
          from: event.fromStatus,
          to: event.toStatus,
          at: event.at,
          actorKind: event.actorKind,
          trackingNumber: typeof details.trackingNumber === 'string' ? details.trackingNumber : null,
          trackingUrl: typeof details.trackingUrl === 'string' ? details.trackingUrl : null,
        };
      }),
  }),
  customerMayCancel: t.boolean({
    description: 'Whether the customer may still cancel it herself (cancelOrder): while it is NEW or PAID.',
    select: { status: true },
    resolve: (order) => customerMayCancel(order.status),
  }),
}));

builder.mutationFields((t) => ({
  cancelOrder: t.prismaField({
    type: 'Order',
    description:
      'The customer cancels her own order while it is NEW or PAID: the signed-in owner by the order’s databaseId, anyone with the summary link by its hash. ' +
      'Its goods and vouchers come back; a paid order’s refund is recorded (and a credit note issued when it has an invoice); she is told by e-mail. ' +
      'A second call answers the cancelled order and changes nothing.',
    errors: { types: [OrderCancelRefusedError], directResult: true, union: { description: 'The cancelled order, or why nothing changed.' } },
    args: {
      orderId: t.arg.int({ required: true, description: 'The order’s databaseId.' }),
      orderHash: t.arg.string({ required: false, description: 'The summary link’s secret; leave out for the signed-in owner’s order.' }),
    },
    resolve: async (query, _root, { orderId, orderHash }, ctx) => {
      const result = await cancelOwnOrder(ctx.prisma, { orderId, orderHash: orderHash ?? null, customerId: ctx.customerId }, ctx.language);
      return ctx.prisma.order.findUniqueOrThrow({ ...query, where: { id: result.orderId } });
    },
  }),
}));
