// Match tickets (issue 26): matches and their seat plans, live availability, holding and releasing
// seats in the cart, the cart's ticket lines and an order's tickets. The contract with the web is
// docs/decisions/0041-seats-holds-and-live-changes.md and the tickets chapter of docs/partners.md.
import { createGraphQLError } from 'graphql-yoga';
import { builder, CART_ACCESS, CATALOG_READ } from './builder.ts';
import { Price } from './catalog.ts';
import { Cart } from './cart.ts';
import { ErrorInterface, NotFoundError, TooManyAttemptsError, ValidationError } from './errors.ts';
import { localDatabaseId } from './global-id.ts';
import { connectionFrom, pageWindow } from './pagination.ts';
import { currentCartId, limitNewCarts } from '../../services/cart.ts';
import { money } from '../../services/pricing.ts';
import {
  cartTicketLines,
  categoryPrice,
  competitionName,
  eventName,
  holdSeats,
  releaseSeats,
  salesOpen,
  SalesClosedError,
  seatAvailability,
  SeatLimitError,
  SeatTakenError,
  ticketClock,
  UnknownSeatError,
  venuePlan,
  type TicketLine,
} from '../../services/tickets.ts';
import { orderPaid, ticketCode } from '../../services/ticket-codes.ts';
import { qrSvg } from '../../services/qr.ts';
import type { SeatChange } from '../../services/tickets.ts';
import type { PlanRow, PlanSection, SeatPlan } from '../../../../schema/rules/seat-plan.ts';
import { message } from '../../i18n/messages.ts';
import { OrderRef } from './order.ts';

// ------------------------------------------------------------------ errors

builder.objectType(SeatTakenError, {
  name: 'SeatTakenError',
  description: 'Someone else holds or has bought these seats (“Místo už je obsazené”); nothing was held. Refresh the availability.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ seats: t.exposeIntList('seats', { description: 'The seats (event-wide indexes) that are taken.' }) }),
});
builder.objectType(UnknownSeatError, {
  name: 'UnknownSeatError',
  description: 'The match has no such seats; nothing was held.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ seats: t.exposeIntList('seats') }),
});
builder.objectType(SeatLimitError, {
  name: 'SeatLimitError',
  description: 'More seats of this match than one order may have (with those already in the cart); nothing was held.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ maxSeatsPerOrder: t.exposeInt('maxSeatsPerOrder') }),
});
builder.objectType(SalesClosedError, {
  name: 'SalesClosedError',
  description: 'Ticket sales for this match have not started or are over; nothing was held.',
  interfaces: [ErrorInterface],
});

// ------------------------------------------------------------------ the seat plan

const PlanLabel = builder.objectRef<{ x: number; y: number }>('PlanLabel').implement({
  description: 'Where a section’s name is drawn.',
  fields: (t) => ({ x: t.exposeFloat('x'), y: t.exposeFloat('y') }),
});

const PlanRowRef = builder.objectRef<PlanRow>('PlanRow').implement({
  description:
    'A row of seats on a line: seat k (0-based) stands at (x + k*dx, y + k*dy), is numbered firstNumber + k and has the ' +
    'event-wide seat index firstIndex + k, the seat’s identity in holds, availability and tickets.',
  fields: (t) => ({
    name: t.exposeString('name'),
    x: t.exposeFloat('x'),
    y: t.exposeFloat('y'),
    dx: t.exposeFloat('dx'),
    dy: t.exposeFloat('dy'),
    count: t.exposeInt('count'),
    firstNumber: t.exposeInt('firstNumber'),
    firstIndex: t.exposeInt('firstIndex'),
    categoryCode: t.exposeString('categoryCode', { description: 'The SeatCategory.code of every seat of the row.' }),
  }),
});

const PlanSectionRef = builder.objectRef<PlanSection>('PlanSection').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    label: t.field({ type: PlanLabel, resolve: (section) => section.label }),
    rows: t.field({ type: [PlanRowRef], resolve: (section) => section.rows }),
  }),
});

const PlanPitch = builder.objectRef<NonNullable<SeatPlan['pitch']>>('PlanPitch').implement({
  description: 'The playing field, drawn under the seats.',
  fields: (t) => ({ x: t.exposeFloat('x'), y: t.exposeFloat('y'), width: t.exposeFloat('width'), height: t.exposeFloat('height') }),
});

const SeatPlanRef = builder.objectRef<SeatPlan & { seatCount: number }>('SeatPlan').implement({
  description: 'The venue’s seats in plan coordinates (0..width, 0..height, y down). Never changes while the match is on sale: cache it.',
  fields: (t) => ({
    width: t.exposeFloat('width'),
    height: t.exposeFloat('height'),
    seatCount: t.exposeInt('seatCount'),
    pitch: t.field({ type: PlanPitch, nullable: true, resolve: (plan) => plan.pitch ?? null }),
    sections: t.field({ type: [PlanSectionRef], resolve: (plan) => plan.sections }),
  }),
});

const SeatAvailabilityRef = builder.objectRef<{ taken: number[]; mine: number[] }>('SeatAvailability').implement({
  description: 'The seats not free now: `taken` sold or held by others, `mine` held by this cart. Poll it when the subscription is not available.',
  fields: (t) => ({ taken: t.exposeIntList('taken'), mine: t.exposeIntList('mine') }),
});

const SeatChangeRef = builder.objectRef<SeatChange>('SeatChange').implement({
  description: 'Seats of the match just taken (held or sold) or freed (released, expired, an order cancelled), by anyone.',
  fields: (t) => ({ taken: t.exposeIntList('taken'), freed: t.exposeIntList('freed') }),
});

// ------------------------------------------------------------------ events

builder.prismaObject('Venue', {
  fields: (t) => ({ name: t.exposeString('name'), city: t.exposeString('city') }),
});

builder.prismaNode('SeatCategory', {
  id: { field: 'id' },
  description: 'A price category of a match’s seats.',
  fields: (t) => ({
    code: t.exposeString('code', { description: '"A", "B" ...: what PlanRow.categoryCode names.' }),
    name: t.string({ resolve: (category, _a, ctx) => (ctx.language === 'en' ? category.nameEn : category.nameCs) }),
    price: t.field({ type: Price, resolve: (category, _a, ctx) => money(categoryPrice(category, ctx.currency), category.vatRate, ctx.currency) }),
    vatRate: t.exposeInt('vatRate', { description: 'Admission’s VAT rate in percent.' }),
  }),
});

export const EventRef = builder.prismaNode('Event', {
  id: { field: 'id' },
  description: 'A match with tickets on sale.',
  fields: (t) => ({
    slug: t.exposeString('slug'),
    name: t.string({ description: '"Home – Away".', resolve: (event) => eventName(event) }),
    homeTeam: t.exposeString('homeTeam'),
    awayTeam: t.exposeString('awayTeam'),
    competition: t.string({ resolve: (event, _a, ctx) => competitionName(event, ctx.language) }),
    kickoff: t.expose('kickoff', { type: 'DateTime', description: 'An instant; shown in Europe/Prague.' }),
    venue: t.relation('venue'),
    salesOpen: t.boolean({ description: 'Seats can be held now.', resolve: (event) => salesOpen(event, ticketClock.now()) }),
    salesEnd: t.expose('salesEnd', { type: 'DateTime' }),
    maxSeatsPerOrder: t.exposeInt('maxSeatsPerOrder'),
    categories: t.relation('categories', { query: { orderBy: { code: 'asc' } } }),
    plan: t.field({
      type: SeatPlanRef,
      select: { venue: { select: { plan: true, seatCount: true } } },
      resolve: (event) => ({ ...venuePlan(event.venue), seatCount: event.venue.seatCount }),
    }),
    availability: t.field({
      type: SeatAvailabilityRef,
      description: 'Changes all the time: never cached by the shared caches (it reads the visitor’s cart).',
      resolve: async (event, _a, ctx) => seatAvailability(ctx.prisma, event.id, await currentCartId(ctx)),
    }),
  }),
});

const EventConnection = builder.objectRef<ReturnType<typeof connectionFrom<unknown>>>('EventConnection');
builder.objectType(EventConnection, {
  fields: (t) => ({
    totalCount: t.exposeInt('totalCount'),
    pageInfo: t.field({ type: builder.pageInfoRef(), resolve: (c) => c.pageInfo }),
    edges: t.field({
      type: [
        builder.objectRef<{ cursor: string; node: unknown }>('EventEdge').implement({
          fields: (e) => ({
            cursor: e.exposeString('cursor'),
            node: e.field({ type: EventRef, resolve: (edge) => edge.node as never }),
          }),
        }),
      ],
      resolve: (c) => c.edges,
    }),
  }),
});

builder.queryFields((t) => ({
  events: t.field({
    ...CATALOG_READ,
    type: EventConnection,
    description: 'Matches not yet played, by kick-off.',
    args: {
      first: t.arg.int({ required: false, description: 'Page size, 1 to 100 (default 12).' }),
      after: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const window = pageWindow(args, ctx.language);
      const where = { kickoff: { gt: ticketClock.now() } };
      const [nodes, totalCount] = await Promise.all([
        ctx.prisma.event.findMany({ where, orderBy: [{ kickoff: 'asc' }, { id: 'asc' }], skip: window.offset, take: window.limit }),
        ctx.prisma.event.count({ where }),
      ]);
      return connectionFrom(nodes, window, totalCount);
    },
  }),
  event: t.prismaField({
    ...CATALOG_READ,
    type: 'Event',
    nullable: true,
    args: { slug: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.event.findUnique({ ...query, where: { slug: args.slug.slice(0, 200) } }),
  }),
}));

// ------------------------------------------------------------------ the cart's seats

const TicketLineRef = builder.objectRef<TicketLine>('TicketLine').implement({
  description: 'A seat held in the cart until heldUntil; then it is free again and leaves the cart.',
  fields: (t) => ({
    id: t.id({ resolve: (line) => Buffer.from(`TicketLine:${line.eventId}:${line.seat}`).toString('base64') }),
    event: t.prismaField({ type: 'Event', resolve: (query, line, _a, ctx) => ctx.prisma.event.findUniqueOrThrow({ ...query, where: { id: line.eventId } }) }),
    seat: t.exposeInt('seat', { description: 'The event-wide seat index.' }),
    section: t.exposeString('section'),
    row: t.exposeString('row'),
    number: t.exposeInt('number'),
    category: t.prismaField({
      type: 'SeatCategory',
      resolve: (query, line, _a, ctx) => ctx.prisma.seatCategory.findUniqueOrThrow({ ...query, where: { id: line.categoryId } }),
    }),
    price: t.field({ type: Price, resolve: (line, _a, ctx) => money(line.unitGross, line.vatRate, ctx.currency) }),
    heldUntil: t.expose('heldUntil', { type: 'DateTime' }),
  }),
});

builder.prismaObjectField('Cart', 'tickets', (t) =>
  t.field({
    type: [TicketLineRef],
    description: 'The seats held in the cart (goods are `lines`).',
    resolve: (cart, _a, ctx) => cartTicketLines(ctx.prisma, cart.id, { currency: ctx.currency, language: ctx.language }),
  }),
);

builder.mutationFields((t) => ({
  holdSeats: t.prismaField({
    ...CART_ACCESS,
    type: Cart,
    description: `Holds seats of a match in the cart (starting the cart) for 15 minutes. All or nothing.`,
    errors: {
      types: [SeatTakenError, UnknownSeatError, SeatLimitError, SalesClosedError, NotFoundError, ValidationError, TooManyAttemptsError],
      directResult: true,
      union: { name: 'HoldSeatsResult' },
    },
    args: {
      eventId: t.arg.globalID({ required: true, description: 'An Event’s id.' }),
      seats: t.arg.intList({ required: true, description: 'Event-wide seat indexes (PlanRow.firstIndex + k).' }),
    },
    resolve: async (query, _root, args, ctx) => {
      await limitNewCarts(ctx);
      const { cartId, change } = await holdSeats(ctx, localDatabaseId(args.eventId, 'Event', ctx), args.seats);
      ctx.seatChanges.publish(change);
      return ctx.prisma.cart.findUniqueOrThrow({ ...query, where: { id: cartId } });
    },
  }),
  releaseSeats: t.prismaField({
    ...CART_ACCESS,
    type: Cart,
    description: 'Frees seats the cart holds (others are left alone).',
    args: {
      eventId: t.arg.globalID({ required: true, description: 'An Event’s id.' }),
      seats: t.arg.intList({ required: true }),
    },
    resolve: async (query, _root, args, ctx) => {
      const { cartId, change } = await releaseSeats(ctx, localDatabaseId(args.eventId, 'Event', ctx), args.seats);
      if (!cartId) throw createGraphQLError(message('cartEmpty', ctx.language), { extensions: { code: 'NOT_FOUND' } });
      if (change.freed.length > 0) ctx.seatChanges.publish(change);
      return ctx.prisma.cart.findUniqueOrThrow({ ...query, where: { id: cartId } });
    },
  }),
}));

// ------------------------------------------------------------------ live changes

builder.subscriptionType({ authScopes: { catalogRead: true } });
builder.subscriptionField('seatChanges', (t) =>
  t.field({
    ...CATALOG_READ,
    type: SeatChangeRef,
    description:
      'Seats of the match taken or freed by anyone, from the moment of subscribing (server-sent events: ' +
      '`Accept: text/event-stream`). A lost connection may miss changes: read Event.availability after reconnecting.',
    args: { eventId: t.arg.globalID({ required: true, description: 'An Event’s id.' }) },
    subscribe: (_root, args, ctx) => {
      // the field's scope is checked when each event is resolved; a token without it is refused now
      if (ctx.partner && !ctx.partner.scopes.includes('catalog:read')) {
        throw createGraphQLError(message('notAllowed', ctx.language), { extensions: { code: 'FORBIDDEN' } });
      }
      return ctx.seatChanges.subscribe(localDatabaseId(args.eventId, 'Event', ctx));
    },
    resolve: (change) => change,
  }),
);

// ------------------------------------------------------------------ an order's tickets

builder.prismaNode('Ticket', {
  id: { field: 'id' },
  description: 'A sold seat’s ticket: its QR code carries `code`, signed by the shop, checked at the gate.',
  select: { id: true, orderId: true, eventId: true, seat: true, vatRate: true, priceGross: true },
  fields: (t) => ({
    event: t.relation('event'),
    seat: t.exposeInt('seat'),
    section: t.exposeString('section'),
    row: t.exposeString('row'),
    number: t.exposeInt('number'),
    price: t.field({
      type: Price,
      select: { order: { select: { currency: true } } },
      resolve: (ticket) => money(ticket.priceGross, ticket.vatRate, ticket.order.currency),
    }),
    code: t.string({
      resolve: (ticket, _a, ctx) => ticketCode(ctx.config, { ticketId: ticket.id, eventId: ticket.eventId, seat: ticket.seat, orderId: ticket.orderId }),
    }),
    qrSvg: t.string({
      description: 'The QR code of `code`, an SVG document.',
      resolve: (ticket, _a, ctx) => qrSvg(ticketCode(ctx.config, { ticketId: ticket.id, eventId: ticket.eventId, seat: ticket.seat, orderId: ticket.orderId })),
    }),
    paid: t.boolean({
      description: 'False while a bank-transfer order is unpaid (or the order was cancelled): the ticket lets no one in then.',
      select: { order: { select: { status: true, paymentCode: true } } },
      resolve: (ticket) => orderPaid(ticket.order),
    }),
  }),
});

builder.prismaObjectField(OrderRef, 'tickets', (t) =>
  t.relation('tickets', { description: 'The order’s match tickets, by seat.', query: { orderBy: [{ eventId: 'asc' }, { seat: 'asc' }] } }),
);
