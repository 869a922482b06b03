// Match tickets (issue 26): matches and their seat plans, live availability, holding and releasing
// seats in the cart, the cart's ticket lines and an order's tickets. The contract with the web is
// docs/decisions/0041-seats-holds-and-live-changes.md and the tickets chapter of docs/partners.md.
import { createGraphQLError } from 'graphql-yoga';
import { builder, CART_ACCESS, CATALOG_READ, PUBLIC_ANSWER } from './builder.ts';
import { Price } from './catalog.ts';
import { Cart, cartView } from './cart.ts';
import { cartViewSelect } from '../../services/cart-view.ts';
import { ErrorInterface, NotFoundError, TooManyAttemptsError, ValidationError } from './errors.ts';
import { localDatabaseId } from './global-id.ts';
import { connectionFrom, pageWindow } from './pagination.ts';
import { currentCartId, limitNewCarts } from '../../services/cart.ts';
import { money } from '../../services/pricing.ts';
import {
  categoryPrice,
  competitionName,
  eventName,
  holdSeats,
  releaseSeats,
  salesOpen,
  SalesClosedError,
  SeatCooldownError,
  SeatHoldLimitError,
  countSessionHold,
  requireHoldCaptcha,
  seatAvailability,
  SeatLimitError,
  SeatTakenError,
  UnknownSeatError,
  venuePlan,
  heldSeatEventSelect,
  type CartTicketLine,
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
  fields: (t) => ({ seats: t.exposeIntList('seats', { description: 'The seat indexes the match does not have.' }) }),
});
builder.objectType(SeatLimitError, {
  name: 'SeatLimitError',
  description: 'More seats of this match than one order may have (with those already in the cart); nothing was held.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ maxSeatsPerOrder: t.exposeInt('maxSeatsPerOrder', { description: 'How many seats of this match one order may have.' }) }),
});
builder.objectType(SeatHoldLimitError, {
  name: 'SeatHoldLimitError',
  description:
    'The client (its address, IPv6 by /64, or a partner’s token) holds as many seats of this match as it may at once, across all its carts; nothing was held.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ maxHeldSeats: t.exposeInt('maxHeldSeats', { description: 'How many seats of this match one client may hold at once.' }) }),
});
builder.objectType(SeatCooldownError, {
  name: 'SeatCooldownError',
  description: 'This cart or client held these seats a moment ago (released, or the hold ran out) and may not hold them again yet; nothing was held.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    seats: t.exposeIntList('seats', { description: 'The seats (event-wide indexes) still cooling down.' }),
    retryAfterSeconds: t.exposeInt('retryAfterSeconds', { description: 'When they may be held again, in seconds.' }),
  }),
});
builder.objectType(SalesClosedError, {
  name: 'SalesClosedError',
  description: 'Ticket sales for this match have not started or are over; nothing was held.',
  interfaces: [ErrorInterface],
});

// ------------------------------------------------------------------ the seat plan

const PlanLabel = builder.objectRef<{ x: number; y: number }>('PlanLabel').implement({
  description: 'Where a section’s name is drawn.',
  fields: (t) => ({
    x: t.exposeFloat('x', { description: 'Horizontal position in plan coordinates.' }),
    y: t.exposeFloat('y', { description: 'Vertical position in plan coordinates (down).' }),
  }),
});

const PlanRowRef = builder.objectRef<PlanRow>('PlanRow').implement({
  description:
    'A row of seats on a line: seat k (0-based) stands at (x + k*dx, y + k*dy), is numbered firstNumber + k and has the ' +
    'event-wide seat index firstIndex + k, the seat’s identity in holds, availability and tickets.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The row’s name as printed on tickets ("1", "2" ...).' }),
    x: t.exposeFloat('x', { description: 'Horizontal position of the row’s first seat.' }),
    y: t.exposeFloat('y', { description: 'Vertical position of the row’s first seat.' }),
    dx: t.exposeFloat('dx', { description: 'Horizontal step from one seat to the next.' }),
    dy: t.exposeFloat('dy', { description: 'Vertical step from one seat to the next.' }),
    count: t.exposeInt('count', { description: 'How many seats the row has.' }),
    firstNumber: t.exposeInt('firstNumber', { description: 'The number on the row’s first seat.' }),
    firstIndex: t.exposeInt('firstIndex', { description: 'The event-wide seat index of the row’s first seat.' }),
    categoryCode: t.exposeString('categoryCode', { description: 'The SeatCategory.code of every seat of the row.' }),
  }),
});

const PlanSectionRef = builder.objectRef<PlanSection>('PlanSection').implement({
  description: 'A section (stand, block) of the venue: its rows of seats.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The section’s id within the plan.' }),
    name: t.exposeString('name', { description: 'The section’s name as printed on tickets.' }),
    label: t.field({ type: PlanLabel, description: 'Where the name is drawn.', resolve: (section) => section.label }),
    rows: t.field({ type: [PlanRowRef], description: 'The section’s rows.', resolve: (section) => section.rows }),
  }),
});

const PlanPitch = builder.objectRef<NonNullable<SeatPlan['pitch']>>('PlanPitch').implement({
  description: 'The playing field, drawn under the seats.',
  fields: (t) => ({
    x: t.exposeFloat('x', { description: 'Left edge in plan coordinates.' }),
    y: t.exposeFloat('y', { description: 'Top edge in plan coordinates.' }),
    width: t.exposeFloat('width', { description: 'Width in plan coordinates.' }),
    height: t.exposeFloat('height', { description: 'Height in plan coordinates.' }),
  }),
});

const SeatPlanRef = builder.objectRef<SeatPlan & { seatCount: number }>('SeatPlan').implement({
  description: 'The venue’s seats in plan coordinates (0..width, 0..height, y down). Never changes while the match is on sale: cache it.',
  fields: (t) => ({
    width: t.exposeFloat('width', { description: 'The plan’s width.' }),
    height: t.exposeFloat('height', { description: 'The plan’s height.' }),
    seatCount: t.exposeInt('seatCount', { description: 'How many seats the venue has; seat indexes run from 0 to seatCount - 1.' }),
    pitch: t.field({ type: PlanPitch, nullable: true, description: 'The playing field, if the plan draws one; else null.', resolve: (plan) => plan.pitch ?? null }),
    sections: t.field({ type: [PlanSectionRef], description: 'The venue’s sections.', resolve: (plan) => plan.sections }),
  }),
});

const SeatAvailabilityRef = builder.objectRef<{ taken: number[]; mine: number[] }>('SeatAvailability').implement({
  description: 'The seats not free now: `taken` sold or held by others, `mine` held by this cart. Poll it when the subscription is not available.',
  fields: (t) => ({
    taken: t.exposeIntList('taken', { description: 'Seat indexes sold, or held by another cart.' }),
    mine: t.exposeIntList('mine', { description: 'Seat indexes held by this cart.' }),
  }),
});

const SeatChangeRef = builder.objectRef<SeatChange>('SeatChange').implement({
  description: 'Seats of the match just taken (held or sold) or freed (released, expired, an order cancelled), by anyone.',
  fields: (t) => ({
    taken: t.exposeIntList('taken', { description: 'Seats (event-wide indexes, as Event.availability) now held or sold; empty when none.' }),
    freed: t.exposeIntList('freed', { description: 'Seats (event-wide indexes) free again; empty when none.' }),
  }),
});

// ------------------------------------------------------------------ events

builder.prismaObject('Venue', {
  description: 'Where a match is played.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The ground’s name.' }),
    city: t.exposeString('city', { description: 'The city it is in.' }),
  }),
});

const SeatCategoryRef = builder.prismaNode('SeatCategory', {
  id: { field: 'id', description: 'Global id of the price category.' },
  description: 'A price category of a match’s seats.',
  fields: (t) => ({
    code: t.exposeString('code', { description: '"A", "B" ...: what PlanRow.categoryCode names.' }),
    name: t.string({ description: 'The category’s name in the request language.', resolve: (category, _a, ctx) => (ctx.language === 'en' ? category.nameEn : category.nameCs) }),
    price: t.field({ type: Price, description: 'A seat’s price in the request currency, VAT included.', resolve: (category, _a, ctx) => money(categoryPrice(category, ctx.currency), category.vatRate, ctx.currency) }),
    vatRate: t.exposeInt('vatRate', { description: 'Admission’s VAT rate in percent.' }),
  }),
});

export const EventRef = builder.prismaNode('Event', {
  id: { field: 'id', description: 'Global id of the match.' },
  description: 'A match with tickets on sale.',
  fields: (t) => ({
    slug: t.exposeString('slug', { description: 'The match’s address part, e.g. fc-vltavin-sk-moravan (Query.event).' }),
    name: t.string({ description: '"Home – Away".', resolve: (event) => eventName(event) }),
    homeTeam: t.exposeString('homeTeam', { description: 'The home team.' }),
    awayTeam: t.exposeString('awayTeam', { description: 'The visiting team.' }),
    competition: t.string({ description: 'The competition and round, in the request language.', resolve: (event, _a, ctx) => competitionName(event, ctx.language) }),
    kickoff: t.expose('kickoff', { type: 'DateTime', description: 'An instant; shown in Europe/Prague.' }),
    venue: t.relation('venue', { description: 'Where it is played.' }),
    salesOpen: t.boolean({ description: 'Seats can be held now.', resolve: (event, _a, ctx) => salesOpen(event, ctx.clock()) }),
    salesEnd: t.expose('salesEnd', { type: 'DateTime', description: 'When ticket sales end (an instant).' }),
    maxSeatsPerOrder: t.exposeInt('maxSeatsPerOrder', { description: 'How many seats of this match one order may have.' }),
    categories: t.relation('categories', { description: 'The price categories, by code.', query: { orderBy: { code: 'asc' } } }),
    plan: t.field({
      type: SeatPlanRef,
      description: 'The venue’s seat plan.',
      select: { venue: { select: { plan: true, seatCount: true } } },
      resolve: (event) => ({ ...venuePlan(event.venue), seatCount: event.venue.seatCount }),
    }),
    availability: t.field({
      type: SeatAvailabilityRef,
      description: 'Changes all the time: never cached by the shared caches (it reads the visitor’s cart).',
      // seats are held and sold all the time, and no change of them purges a cached answer: never stored
      resolve: async (event, _a, ctx) => {
        ctx.answerIsUnique?.();
        return seatAvailability(ctx.prisma, event.id, await currentCartId(ctx), ctx.clock());
      },
    }),
  }),
});

const EventConnection = builder.objectRef<ReturnType<typeof connectionFrom<unknown>>>('EventConnection');
builder.objectType(EventConnection, {
  description: 'A page of matches (Relay connection).',
  fields: (t) => ({
    totalCount: t.exposeInt('totalCount', { description: 'How many matches there are in all.' }),
    pageInfo: t.field({ type: builder.pageInfoRef(), description: 'Cursors for the next page.', resolve: (c) => c.pageInfo }),
    edges: t.field({
      description: 'The matches of this page.',
      type: [
        builder.objectRef<{ cursor: string; node: unknown }>('EventEdge').implement({
          description: 'A match and its cursor.',
          fields: (e) => ({
            cursor: e.exposeString('cursor', { description: 'Pass it as `after` to continue after this match.' }),
            node: e.field({ type: EventRef, description: 'The match.', resolve: (edge) => edge.node as never }),
          }),
        }),
      ],
      resolve: (c) => c.edges,
    }),
  }),
});

builder.queryFields((t) => ({
  events: t.field({
    ...PUBLIC_ANSWER,
    ...CATALOG_READ,
    type: EventConnection,
    description: 'Matches not yet played, by kick-off.',
    args: {
      first: t.arg.int({ required: false, description: 'Page size, 1 to 100 (default 12).' }),
      after: t.arg.string({ required: false, description: 'A cursor from a previous page.' }),
    },
    resolve: async (_root, args, ctx) => {
      const window = pageWindow(args, ctx.language);
      const where = { kickoff: { gt: ctx.clock() } };
      const [nodes, totalCount] = await Promise.all([
        ctx.prisma.event.findMany({ where, orderBy: [{ kickoff: 'asc' }, { id: 'asc' }], skip: window.offset, take: window.limit }),
        ctx.prisma.event.count({ where }),
      ]);
      return connectionFrom(nodes, window, totalCount);
    },
  }),
  event: t.prismaField({
    ...PUBLIC_ANSWER,
    ...CATALOG_READ,
    type: 'Event',
    nullable: true,
    description: 'A match by its slug; null when there is none.',
    args: { slug: t.arg.string({ required: true, description: 'Event.slug.' }) },
    resolve: async (query, _root, args, ctx) => {
      const found = await ctx.prisma.event.findUnique({ ...query, where: { slug: args.slug.slice(0, 200) } });
      // a match's page; none found is left untagged (any change purges it)
      if (typeof found?.id === 'number') ctx.tagAnswer(`event:${found.id}`);
      return found;
    },
  }),
}));

// ------------------------------------------------------------------ the cart's seats

const TicketLineRef = builder.objectRef<CartTicketLine>('TicketLine').implement({
  description: 'A seat held in the cart until heldUntil; then it is free again and leaves the cart.',
  fields: (t) => ({
    id: t.id({ description: 'Id of the cart line.', resolve: (line) => Buffer.from(`TicketLine:${line.eventId}:${line.seat}`).toString('base64') }),
    // read with the cart (Cart.tickets selects the match as the client asks for it)
    event: t.field({ type: EventRef, description: 'The match.', resolve: (line) => line.event }),
    seat: t.exposeInt('seat', { description: 'The event-wide seat index.' }),
    section: t.exposeString('section', { description: 'The section’s name.' }),
    row: t.exposeString('row', { description: 'The row’s name.' }),
    number: t.exposeInt('number', { description: 'The number on the seat.' }),
    category: t.field({ type: SeatCategoryRef, description: 'The seat’s price category.', resolve: (line) => line.category }),
    price: t.field({ type: Price, description: 'The seat’s price in the cart’s currency, VAT included.', resolve: (line, _a, ctx) => money(line.unitGross, line.vatRate, ctx.currency) }),
    heldUntil: t.expose('heldUntil', { type: 'DateTime', description: 'When the hold ends and the seat is free again (an instant).' }),
  }),
});

builder.prismaObjectField('Cart', 'tickets', (t) =>
  t.field({
    type: [TicketLineRef],
    description: 'The seats held in the cart (goods are `lines`).',
    // the cart view's seats, each with its match as the client asks for it (TicketLine.event), read with the cart
    select: (_args, ctx, nestedSelection) => {
      const select = cartViewSelect(ctx.loaders.cartViews.now);
      const event = nestedSelection({ select: heldSeatEventSelect }, ['event']);
      return { ...select, seats: { ...select.seats, select: { ...select.seats.select, event } } };
    },
    resolve: async (cart, _a, ctx) => (await cartView(cart, ctx)).tickets,
  }),
);

builder.mutationFields((t) => ({
  holdSeats: t.prismaField({
    ...CART_ACCESS,
    type: Cart,
    description:
      'Holds seats of a match in the cart (starting the cart) for 15 minutes. All or nothing. A client holds at most ' +
      'SEAT_HOLD_CLIENT_ORDERS × maxSeatsPerOrder seats of a match at once (SeatHoldLimitError), a seat it held may be held ' +
      'by it again only after a cool-down (SeatCooldownError), and after a session’s first hold the next needs `captcha` ' +
      '(action HOLD_SEATS; a ValidationError on the field `captcha` asks for it) once per session.',
    errors: {
      types: [
        SeatTakenError,
        UnknownSeatError,
        SeatLimitError,
        SeatHoldLimitError,
        SeatCooldownError,
        SalesClosedError,
        NotFoundError,
        ValidationError,
        TooManyAttemptsError,
      ],
      directResult: true,
      union: { name: 'HoldSeatsResult', description: 'The cart with the seats held, or the error that held none.' },
    },
    args: {
      eventId: t.arg.globalID({ required: true, description: 'An Event’s id.' }),
      seats: t.arg.intList({ required: true, description: 'Event-wide seat indexes (PlanRow.firstIndex + k).' }),
      captcha: t.arg.string({ required: false, description: 'A solved captcha token (action HOLD_SEATS), needed once per session after its first hold.' }),
    },
    resolve: async (query, _root, args, ctx) => {
      await limitNewCarts(ctx);
      await requireHoldCaptcha(ctx, args.captcha);
      const { cartId } = await holdSeats(ctx, localDatabaseId(args.eventId, 'Event', ctx), args.seats, ctx.config.seatHolds, ctx.clock());
      countSessionHold(ctx.session);
      return ctx.prisma.cart.findUniqueOrThrow({ ...query, where: { id: cartId } });
    },
  }),
  releaseSeats: t.prismaField({
    ...CART_ACCESS,
    type: Cart,
    description: 'Frees seats the cart holds (others are left alone).',
    args: {
      eventId: t.arg.globalID({ required: true, description: 'An Event’s id.' }),
      seats: t.arg.intList({ required: true, description: 'Event-wide seat indexes to free.' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const { cartId } = await releaseSeats(ctx, localDatabaseId(args.eventId, 'Event', ctx), args.seats, ctx.config.seatHolds, ctx.clock());
      if (!cartId) throw createGraphQLError(message('cartEmpty', ctx.language), { extensions: { code: 'NOT_FOUND' } });
      return ctx.prisma.cart.findUniqueOrThrow({ ...query, where: { id: cartId } });
    },
  }),
}));

// ------------------------------------------------------------------ live changes

builder.subscriptionType({
  description: 'Live changes, as server-sent events (`Accept: text/event-stream`); open to browsers and to tokens with catalog:read.',
  authScopes: { catalogRead: true },
});
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
  id: { field: 'id', description: 'Global id of the ticket.' },
  description: 'A sold seat’s ticket: its QR code carries `code`, signed by the shop, checked at the gate.',
  select: { id: true, orderId: true, eventId: true, seat: true, vatRate: true, priceGross: true },
  fields: (t) => ({
    event: t.relation('event', { description: 'The match.' }),
    seat: t.exposeInt('seat', { description: 'The event-wide seat index.' }),
    section: t.exposeString('section', { description: 'The section’s name.' }),
    row: t.exposeString('row', { description: 'The row’s name.' }),
    number: t.exposeInt('number', { description: 'The number on the seat.' }),
    price: t.field({
      type: Price,
      description: 'What the seat was sold for, in the order’s currency, VAT included.',
      select: { order: { select: { currency: true } } },
      resolve: (ticket) => money(ticket.priceGross, ticket.vatRate, ticket.order.currency),
    }),
    code: t.string({
      description: 'The ticket’s signed code (what its QR code carries); `npm run ticket -- verify` checks it.',
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
