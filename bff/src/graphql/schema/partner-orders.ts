// Every order of the shop for a warehouse or ERP app (issue 43 section 2): a partner token with
// 'orders:read' walks the orders that changed since a moment, oldest change first, page by page. The
// cursor is the last order's (updatedAt, id), so a page never repeats or skips an order that stays
// unchanged while the app walks; an order that changes meanwhile comes again later with its new state.
import type { OrderStatus, Prisma } from '../../generated/prisma/client.ts';
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder, ORDERS_READ, ORDERS_WRITE, PERSONAL_ANSWER } from './builder.ts';
import { ErrorInterface, ShopError } from './errors.ts';
import { moveOrder, OrderMoveError } from '../../services/order-transitions.ts';
import { OrderRef, OrderStatusEnum } from './order.ts';
import { badInput, MAX_PAGE_SIZE } from './pagination.ts';
import { formatMessage, message } from '../../i18n/messages.ts';

const DEFAULT_ORDERS_PAGE = 50;

type OrderCursor = { updatedAt: Date; id: number };

function encodeOrderCursor(order: OrderCursor): string {
  return Buffer.from(`orders:${order.updatedAt.getTime()}:${order.id}`).toString('base64url');
}

/** The position a cursor names; null for a cursor this shop never made. */
function decodeOrderCursor(cursor: string): OrderCursor | null {
  const match = /^orders:(\d{1,15}):(\d{1,10})$/.exec(Buffer.from(cursor.slice(0, 80), 'base64url').toString());
  if (!match) return null;
  const id = Number(match[2]);
  return id > 0 && id <= 2_147_483_647 ? { updatedAt: new Date(Number(match[1])), id } : null;
}

type PartnerOrderPage = { edges: { cursor: string; node: unknown }[]; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null } };

const PartnerOrderConnection = builder.objectRef<PartnerOrderPage>('PartnerOrderConnection').implement({
  description: 'A page of the shop’s orders, oldest change first.',
  fields: (t) => ({
    pageInfo: t.field({ type: builder.pageInfoRef(), description: 'Whether more follow, and the cursors.', resolve: (page) => page.pageInfo }),
    edges: t.field({
      description: 'The orders of this page, oldest change first.',
      type: [
        builder.objectRef<{ cursor: string; node: unknown }>('PartnerOrderEdge').implement({
          description: 'An order on a page, with its cursor.',
          fields: (e) => ({
            cursor: e.exposeString('cursor', { description: 'This position in the walk: `after` takes it.' }),
            node: e.field({ type: OrderRef, description: 'The order.', resolve: (edge) => edge.node as never }),
          }),
        }),
      ],
      resolve: (page) => page.edges,
    }),
  }),
});

builder.queryField('orders', (t) =>
  t.field({
    ...PERSONAL_ANSWER,
    ...ORDERS_READ,
    type: PartnerOrderConnection,
    description:
      'Every order of the shop, oldest change first (partner tokens with orders:read only). Ask with `updatedSince` for what ' +
      'changed since your last walk, and page with `after: pageInfo.endCursor`. Keep the last `updatedAt` you saw and start ' +
      'the next walk a minute before it: an order written by a transaction that was still open carries the moment it began.',
    args: {
      states: t.arg({ type: [OrderStatusEnum], required: false, description: 'Only orders now in one of these states.' }),
      updatedSince: t.arg({ type: 'DateTime', required: false, description: 'Only orders changed at or after this moment.' }),
      first: t.arg.int({ required: false, description: `Page size, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_ORDERS_PAGE}).` }),
      after: t.arg.string({ required: false, description: 'The `endCursor` of the previous page: the page after it.' }),
    },
    resolve: async (_root, args, ctx, info) => {
      const first = args.first ?? DEFAULT_ORDERS_PAGE;
      if (first < 1 || first > MAX_PAGE_SIZE) throw badInput(formatMessage('pageSizeOutOfRange', ctx.errorLanguage, { max: MAX_PAGE_SIZE }));
      const after = args.after ? decodeOrderCursor(args.after) : undefined;
      if (after === null) throw badInput(message('pagePositionInvalid', ctx.errorLanguage));
      const where: Prisma.OrderWhereInput[] = [];
      if (args.states && args.states.length > 0) where.push({ status: { in: args.states as OrderStatus[] } });
      if (args.updatedSince) where.push({ updatedAt: { gte: args.updatedSince } });
      if (after) where.push({ OR: [{ updatedAt: { gt: after.updatedAt } }, { updatedAt: after.updatedAt, id: { gt: after.id } }] });
      // what the asked fields need, and always the cursor's columns
      const query = queryFromInfo({ context: ctx, info, typeName: 'Order', path: ['edges', 'node'] }) as { select?: Prisma.OrderSelect; include?: Prisma.OrderInclude };
      const selection = query.select ? { select: { ...query.select, id: true, updatedAt: true } } : query;
      const rows = await ctx.prisma.order.findMany({
        ...selection,
        where: { AND: where },
        orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }],
        take: first + 1,
      });
      const page = rows.slice(0, first);
      const edges = page.map((order) => ({ cursor: encodeOrderCursor(order), node: order }));
      return {
        edges,
        pageInfo: { hasNextPage: rows.length > first, hasPreviousPage: after !== undefined, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null },
      };
    },
  }),
);

// ------------------------------------------------------------------ moving an order on (orders:write)

/** A move the lifecycle refused (services/order-transitions.ts); nothing changed. */
export class OrderMoveRefusedError extends ShopError {}

builder.objectType(OrderMoveRefusedError, {
  name: 'OrderMoveRefusedError',
  description:
    'The move is refused and nothing changed (code ORDER_MOVE_…: NOT_ALLOWED from this state, NOT_PAID, STORE_PICKUP, NOT_STORE_PICKUP, ' +
    'KEY_REUSED for another move, BAD_DETAILS, NOT_FOUND …); `message` says why, in the request language.',
  interfaces: [ErrorInterface],
});

const MoveOrderInput = builder.inputType('MoveOrderInput', {
  description: 'One move of an order’s status by a warehouse or ERP app.',
  fields: (t) => ({
    orderNumber: t.string({ required: true, description: 'Order.number, e.g. 2026000123.' }),
    to: t.field({ type: OrderStatusEnum, required: true, description: 'The status to move to: PROCESSING, SHIPPED, READY_FOR_PICKUP, DELIVERED, PICKED_UP or CANCELLED.' }),
    idempotencyKey: t.string({
      required: true,
      description: 'Your key of this move (1 to 100 characters, e.g. your job’s id): the same move sent again with the same key is done once and answered alike.',
    }),
    trackingNumber: t.string({ required: false, description: 'SHIPPED: the carrier’s tracking number (required then).' }),
    carrier: t.string({ required: false, description: 'SHIPPED: the carrier’s name, e.g. PPL.' }),
    trackingUrl: t.string({ required: false, description: 'SHIPPED: the http(s) address where the customer tracks the parcel.' }),
    reason: t.string({ required: false, description: 'CANCELLED: why, kept with the order’s history.' }),
  }),
});

builder.mutationField('moveOrder', (t) =>
  t.prismaField({
    ...ORDERS_WRITE,
    type: 'Order',
    description:
      'Moves an order on in its lifecycle (partner tokens with orders:write): packed, shipped with its tracking, ready for pickup, delivered, ' +
      'picked up or cancelled. The customer gets the e-mail of the move, and the webhook of the move is sent. A move the order’s state does not ' +
      'allow is refused and changes nothing; the same move with the same idempotencyKey is done once.',
    errors: { types: [OrderMoveRefusedError], directResult: true, union: { description: 'The moved order, or why nothing changed.' } },
    args: { input: t.arg({ type: MoveOrderInput, required: true, description: 'The order, where to, your key and the move’s details.' }) },
    resolve: async (query, _root, { input }, ctx) => {
      const { partner } = ctx;
      const details = {
        ...(input.trackingNumber != null ? { trackingNumber: input.trackingNumber } : {}),
        ...(input.carrier != null ? { carrier: input.carrier } : {}),
        ...(input.trackingUrl != null ? { trackingUrl: input.trackingUrl } : {}),
        ...(input.reason != null ? { reason: input.reason } : {}),
      };
      try {
        const moved = await moveOrder(
          ctx.prisma,
          {
            orderNumber: input.orderNumber.trim().slice(0, 20),
            to: input.to as OrderStatus,
            actor: { kind: 'partner', detail: partner ? `${partner.name} (token ${partner.tokenId ?? '-'})`.slice(0, 200) : '' },
            idempotencyKey: `partner:${partner?.tokenId ?? 0}:${input.idempotencyKey}`,
            details,
          },
          { pickupDays: ctx.config.pickupDays },
        );
        return ctx.prisma.order.findUniqueOrThrow({ ...query, where: { id: moved.orderId } });
      } catch (error) {
        if (error instanceof OrderMoveError) throw new OrderMoveRefusedError(error.code, error.messageIn(ctx.language));
        throw error;
      }
    },
  }),
);
