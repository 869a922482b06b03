// Match tickets (issue 26): holding seats for a cart, releasing them, what is free, and the ticket
// lines a cart and its checkout carry.
//
// No seat is sold twice because every path that takes one writes the same row: "EventSeat" has the
// primary key (eventId, seat), and a row is either a hold (a cart until expiresAt) or a sale (an
// order). A hold is taken by one INSERT ... ON CONFLICT DO UPDATE whose WHERE lets it replace only a
// hold that has expired (or this cart's own): of parallel requests for one seat, PostgreSQL lets one
// write the row and the others find it taken. Seats are written in ascending order, so two carts
// taking overlapping seats never wait for each other crosswise. Any refusal throws inside the
// transaction: nothing of the request is kept (requirements T1).
//
// A row with neither cart nor order is a seat sold outside the shop (box office, season tickets).
// An expired hold is free at once for every read and every take (they compare expiresAt with now);
// the sweep (sweepExpiredHolds, run by the app) only deletes such rows and tells the pickers.
import type { Db } from '../db/client.ts';
import type { Currency, Language, Prisma } from '../generated/prisma/client.ts';
import { formatMessage, message } from '../i18n/messages.ts';
import { seatLocator, type SeatPlace, type SeatPlan } from '../../../schema/rules/seat-plan.ts';
import { claimSessionCart, currentCartId, lockCart, TRANSACTION_OPTIONS, type CartContext } from './cart.ts';
import { NotFoundError, ShopError, ValidationError } from './errors.ts';
import { clientKey } from '../rate-limit/rate-limit.ts';
import type { Config } from '../config.ts';
import { requireCaptcha } from './captcha.ts';
import { readSeatPlan } from './json-columns.ts';
import { inTransaction } from '../events/record.ts';
import type { SeatsChanged } from '../events/events.ts';

type Tx = Prisma.TransactionClient;

/** How long a seat stays held for a cart. */
export const HOLD_MS = 15 * 60_000;

/**
 * The shop's clock for seat holds, sales windows and ticket payment deadlines: the app's own (AppOptions.clock;
 * tests move it instead of waiting 15 minutes), reaching the services as the context's `clock`.
 */
export type Clock = () => Date;

// ------------------------------------------------------------------ errors

/** Someone else holds or has bought one of the seats; `seats` names them. */
export class SeatTakenError extends ShopError {
  constructor(
    text: string,
    public readonly seats: number[],
  ) {
    super('SEAT_TAKEN', text);
  }
}

/** The match has no such seat (an index outside its plan). */
export class UnknownSeatError extends ShopError {
  constructor(
    text: string,
    public readonly seats: number[],
  ) {
    super('UNKNOWN_SEAT', text);
  }
}

/** More seats of one match than one order may have. */
export class SeatLimitError extends ShopError {
  constructor(
    text: string,
    public readonly maxSeatsPerOrder: number,
  ) {
    super('SEAT_LIMIT', text);
  }
}

/** The client (an address, IPv6 by /64, or a partner's token) holds as many seats of the match as it may, across its carts. */
export class SeatHoldLimitError extends ShopError {
  constructor(
    text: string,
    public readonly maxHeldSeats: number,
  ) {
    super('SEAT_HOLD_LIMIT', text);
  }
}

/** The cart or client held these seats a moment ago and may not hold them again yet. */
export class SeatCooldownError extends ShopError {
  constructor(
    text: string,
    public readonly seats: number[],
    public readonly retryAfterSeconds: number,
  ) {
    super('SEAT_COOLDOWN', text);
  }
}

/** The match's ticket sales have not started or are over (also: the match has begun). */
export class SalesClosedError extends ShopError {
  constructor(text: string) {
    super('SALES_CLOSED', text);
  }
}

// ------------------------------------------------------------------ events

/** What changed on an event's plan: seats taken (held or sold) and seats freed. */
export type SeatChange = { eventId: number; taken: number[]; freed: number[] };

const eventInclude = { venue: true, categories: { orderBy: { code: 'asc' } } } as const satisfies Prisma.EventInclude;
export type EventWithPlan = Prisma.EventGetPayload<{ include: typeof eventInclude }>;

export function loadEvent(db: Db | Tx, eventId: number): Promise<EventWithPlan | null> {
  return db.event.findUnique({ where: { id: eventId }, include: eventInclude });
}

/** "SK Moravan – FC Vltavín": home – away. */
export function eventName(event: { homeTeam: string; awayTeam: string }): string {
  return `${event.homeTeam} – ${event.awayTeam}`;
}

/** The competition's name in the language (the data keeps { cs, en }). */
export function competitionName(event: { competition: Prisma.JsonValue }, language: Language): string {
  const names = (event.competition ?? {}) as Record<string, unknown>;
  const name = names[language] ?? names.cs;
  return typeof name === 'string' ? name : '';
}

export function salesOpen(event: { salesStart: Date; salesEnd: Date; kickoff: Date }, now: Date): boolean {
  return event.salesStart <= now && now < event.salesEnd && now < event.kickoff;
}

export function venuePlan(venue: { plan: Prisma.JsonValue }): SeatPlan {
  return readSeatPlan(venue.plan);
}

export function categoryPrice(category: { priceCzk: number; priceEur: number }, currency: Currency): number {
  return currency === 'CZK' ? category.priceCzk : category.priceEur;
}

/** "sektor S2, řada 5, místo 12" */
export function placeText(place: Pick<SeatPlace, 'section' | 'row' | 'number'>, language: Language): string {
  return formatMessage('seatPlace', language, { section: place.section, row: place.row, number: place.number });
}

function seatsText(event: EventWithPlan, seats: number[], language: Language): string {
  const locate = seatLocator(venuePlan(event.venue));
  return seats.map((seat) => {
    const place = locate(seat);
    return place ? placeText(place, language) : String(seat);
  }).join('; ');
}

// ------------------------------------------------------------------ holding and releasing

function checkSalesWindow(event: EventWithPlan, now: Date, language: Language) {
  if (now < event.salesStart) throw new SalesClosedError(message('salesNotStarted', language));
  if (!salesOpen(event, now)) throw new SalesClosedError(message('salesClosed', language));
}

/** The seats asked for, each once, ascending; refused when none or more than the limit. */
function requestedSeats(event: EventWithPlan, seats: number[], language: Language): number[] {
  const unique = [...new Set(seats)].sort((a, b) => a - b);
  if (unique.length === 0) {
    const text = message('seatsNoneGiven', language);
    throw new ValidationError([{ field: 'seats', message: text }], text);
  }
  if (unique.length > event.maxSeatsPerOrder) throw new SeatLimitError(formatMessage('seatLimit', language, { max: event.maxSeatsPerOrder }), event.maxSeatsPerOrder);
  const unknown = unique.filter((seat) => !Number.isSafeInteger(seat) || seat < 0 || seat >= event.venue.seatCount);
  if (unknown.length > 0) {
    throw new UnknownSeatError(formatMessage('seatUnknown', language, { seats: unknown.join(', ') }), unknown);
  }
  return unique;
}

async function findEvent(db: Db | Tx, eventId: number, language: Language): Promise<EventWithPlan> {
  const event = eventId > 0 ? await loadEvent(db, eventId) : null;
  if (!event) throw new NotFoundError(message('eventNotFound', language));
  return event;
}

/**
 * A session's first hold needs no captcha; before any later one the session solves it once (a browser
 * solves it in the background). Partners' tokens, which solve none, are bounded by clientKey instead.
 */
export async function requireHoldCaptcha(
  ctx: { prisma: Db; config: Config; language: Language; partner: unknown; session: { seatHolds?: number; seatHoldsVerified?: boolean } },
  token: string | null | undefined,
): Promise<void> {
  if (ctx.partner || ctx.session.seatHoldsVerified || (ctx.session.seatHolds ?? 0) === 0) return;
  await requireCaptcha(ctx, 'holdSeats', token);
  ctx.session.seatHoldsVerified = true;
}

/** Counts a hold the session made (the next one asks for the captcha). */
export function countSessionHold(session: { seatHolds?: number }): void {
  session.seatHolds = (session.seatHolds ?? 0) + 1;
}

/** What bounds one client's holds (config.seatHolds; decision 0048). */
export type HoldLimits = { clientOrders: number; cooldownMs: number };

/**
 * The client's live holds of the match, across all its carts, stay within clientOrders × the per-order
 * limit (seats of this request the cart holds already are not counted twice). Parallel holds of one
 * client wait for each other on a transaction lock of (client, match), so they cannot all pass.
 */
async function checkClientHolds(tx: Tx, event: EventWithPlan, holder: string, cartId: string, seats: number[], limits: HoldLimits, now: Date, language: Language) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${holder}::text), ${event.id}::int)`;
  const held = await tx.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS "count" FROM "EventSeat"
     WHERE "eventId" = ${event.id}::int AND "holder" = ${holder}::text AND "orderId" IS NULL AND "expiresAt" > ${now}::timestamptz
       AND NOT ("cartId" = ${cartId}::text AND "seat" = ANY(${seats}::int[]))`;
  const max = limits.clientOrders * event.maxSeatsPerOrder;
  if (held[0].count + seats.length > max) {
    const key = holder.startsWith('token:') ? 'seatHoldTokenLimit' : 'seatHoldAddressLimit';
    throw new SeatHoldLimitError(formatMessage(key, language, { max }), max);
  }
}

/**
 * A seat this cart or client held before (and does not hold live in this cart now) may be held by
 * them again only after the cool-down: a cart that releases and holds again, or holds again when its
 * hold ran out, does not get a fresh 15 minutes.
 */
async function checkCooldown(tx: Tx, event: EventWithPlan, holders: string[], cartId: string, seats: number[], now: Date, language: Language) {
  const cooling = await tx.$queryRaw<{ seat: number; until: Date }[]>`
    SELECT c."seat", max(c."until") AS "until" FROM "SeatHoldCooldown" c
     WHERE c."eventId" = ${event.id}::int AND c."seat" = ANY(${seats}::int[]) AND c."holder" = ANY(${holders}::text[])
       AND c."until" > ${now}::timestamptz
       AND NOT EXISTS (SELECT 1 FROM "EventSeat" e
                        WHERE e."eventId" = c."eventId" AND e."seat" = c."seat" AND e."cartId" = ${cartId}::text
                          AND e."orderId" IS NULL AND e."expiresAt" > ${now}::timestamptz)
     GROUP BY c."seat" ORDER BY c."seat"`;
  if (cooling.length === 0) return;
  const until = Math.max(...cooling.map((row) => new Date(row.until).getTime()));
  const minutes = Math.max(1, Math.ceil((until - now.getTime()) / 60_000));
  const blocked = cooling.map((row) => row.seat);
  throw new SeatCooldownError(
    formatMessage('seatHoldCooldown', language, { seats: seatsText(event, blocked, language), minutes }),
    blocked,
    Math.ceil((until - now.getTime()) / 1000),
  );
}

/** Who a cool-down binds: the client, and the cart whatever address it comes from next. */
function cooldownHolders(holder: string, cartId: string): string[] {
  return [holder, `cart:${cartId}`];
}

/**
 * Holds the seats of a match for the session's cart (starting it when it has none) for HOLD_MS; a
 * seat the cart holds already keeps its hold's end. All or nothing: a seat taken by someone else,
 * an unknown seat, the per-order limit (with the cart's other seats of the match), the client's
 * limit across its carts, a seat still in its cool-down for this cart or client, or a closed sale
 * refuses the whole request and changes nothing.
 */
export async function holdSeats(
  ctx: CartContext,
  eventId: number,
  seatsInput: number[],
  limits: HoldLimits,
  now: Date,
): Promise<{ cartId: string }> {
  const event = await findEvent(ctx.prisma, eventId, ctx.language);
  checkSalesWindow(event, now, ctx.language);
  const seats = requestedSeats(event, seatsInput, ctx.language);
  const known = await currentCartId(ctx);
  const expiresAt = new Date(now.getTime() + HOLD_MS);
  const holder = clientKey(ctx);

  const cartId = await inTransaction(ctx.prisma, async (tx, changes) => {
    const cartId = known && (await lockCart(tx, known)) ? known : await claimSessionCart(tx, ctx);
    await checkClientHolds(tx, event, holder, cartId, seats, limits, now, ctx.language);
    await checkCooldown(tx, event, cooldownHolders(holder, cartId), cartId, seats, now, ctx.language);
    const others = await tx.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS "count" FROM "EventSeat"
       WHERE "eventId" = ${event.id}::int AND "cartId" = ${cartId}::text AND "expiresAt" > ${now}::timestamptz
         AND NOT ("seat" = ANY(${seats}::int[]))`;
    if (others[0].count + seats.length > event.maxSeatsPerOrder) {
      throw new SeatLimitError(formatMessage('seatLimit', ctx.language, { max: event.maxSeatsPerOrder }), event.maxSeatsPerOrder);
    }
    // the one statement that takes seats for a cart: a free seat, an expired hold, or the cart's own
    const written = await tx.$queryRaw<{ seat: number; expiresAt: Date }[]>`
      INSERT INTO "EventSeat" ("eventId", "seat", "cartId", "expiresAt", "holder")
      SELECT ${event.id}::int, s.seat, ${cartId}::text, ${expiresAt}::timestamptz, ${holder}::text
        FROM unnest(${seats}::int[]) AS s(seat) ORDER BY s.seat
      ON CONFLICT ("eventId", "seat") DO UPDATE
         SET "cartId" = EXCLUDED."cartId",
             "holder" = EXCLUDED."holder",
             "expiresAt" = CASE WHEN "EventSeat"."cartId" = EXCLUDED."cartId" AND "EventSeat"."expiresAt" > ${now}::timestamptz
                                THEN "EventSeat"."expiresAt" ELSE EXCLUDED."expiresAt" END
       WHERE "EventSeat"."orderId" IS NULL
         AND ("EventSeat"."expiresAt" <= ${now}::timestamptz OR "EventSeat"."cartId" = EXCLUDED."cartId")
      RETURNING "seat", "expiresAt"`;
    if (written.length !== seats.length) {
      const got = new Set(written.map((row) => row.seat));
      const taken = seats.filter((seat) => !got.has(seat));
      throw new SeatTakenError(formatMessage('seatTaken', ctx.language, { seats: seatsText(event, taken, ctx.language) }), taken);
    }
    // the seats may not be held again by this client or cart before their hold's end plus the cool-down
    await tx.$executeRaw`
      INSERT INTO "SeatHoldCooldown" ("eventId", "seat", "holder", "until")
      SELECT ${event.id}::int, w.seat, h.holder, w."expiresAt" + make_interval(secs => ${limits.cooldownMs / 1000}::float8)
        FROM unnest(${written.map((row) => row.seat)}::int[], ${written.map((row) => row.expiresAt)}::timestamptz[]) AS w(seat, "expiresAt")
       CROSS JOIN unnest(${cooldownHolders(holder, cartId)}::text[]) AS h(holder)
      ON CONFLICT ("eventId", "seat", "holder") DO UPDATE SET "until" = GREATEST("SeatHoldCooldown"."until", EXCLUDED."until")`;
    changes.record({ kind: 'SeatsChanged', eventId: event.id, taken: seats, freed: [] });
    return cartId;
  }, TRANSACTION_OPTIONS);

  if (cartId !== known) ctx.session.cartId = cartId;
  return { cartId };
}

/**
 * Frees seats of a match the session's cart holds; seats it does not hold are left alone. Returns the
 * cart's id (null when the session has no cart); the seats freed are recorded as SeatsChanged.
 */
export async function releaseSeats(
  ctx: Pick<CartContext, 'prisma' | 'session' | 'language' | 'partner' | 'clientIp'>,
  eventId: number,
  seats: number[],
  limits: Pick<HoldLimits, 'cooldownMs'>,
  now: Date,
): Promise<{ cartId: string | null }> {
  const cartId = await currentCartId(ctx);
  if (!cartId || seats.length === 0) return { cartId };
  const coolUntil = new Date(now.getTime() + limits.cooldownMs);
  await inTransaction(ctx.prisma, async (tx, changes) => {
    const rows = await tx.$queryRaw<{ seat: number; holder: string | null }[]>`
      DELETE FROM "EventSeat"
       WHERE "eventId" = ${eventId}::int AND "cartId" = ${cartId}::text AND "orderId" IS NULL
         AND "seat" = ANY(${[...new Set(seats)]}::int[])
      RETURNING "seat", "holder"`;
    // released seats cool down from now on for the cart and the client that held them
    const holders = [...new Set([...cooldownHolders(clientKey(ctx), cartId), ...rows.flatMap((row) => (row.holder ? [row.holder] : []))])];
    await tx.$executeRaw`
      INSERT INTO "SeatHoldCooldown" ("eventId", "seat", "holder", "until")
      SELECT ${eventId}::int, s.seat, h.holder, ${coolUntil}::timestamptz
        FROM unnest(${rows.map((row) => row.seat)}::int[]) AS s(seat) CROSS JOIN unnest(${holders}::text[]) AS h(holder)
      ON CONFLICT ("eventId", "seat", "holder") DO UPDATE SET "until" = EXCLUDED."until"`;
    if (rows.length > 0) changes.record({ kind: 'SeatsChanged', eventId, taken: [], freed: rows.map((row) => row.seat).sort((a, b) => a - b) });
  }, TRANSACTION_OPTIONS);
  return { cartId };
}

/** Deletes holds that have expired; what each event got back (recorded as SeatsChanged: the pickers are told). */
export async function sweepExpiredHolds(db: Db, now: Date): Promise<SeatChange[]> {
  return inTransaction(db, async (tx, changes) => {
    // each row is deleted by one statement only, so instances sweeping at once never report a seat twice
    const rows = await tx.$queryRaw<{ eventId: number; seat: number }[]>`
      DELETE FROM "EventSeat" WHERE "orderId" IS NULL AND "expiresAt" <= ${now}::timestamptz
      RETURNING "eventId", "seat"`;
    await tx.$executeRaw`DELETE FROM "SeatHoldCooldown" WHERE "until" <= ${now}::timestamptz`;
    const freed = groupChanges(rows, 'freed');
    changes.record(...freed.map(seatsChanged));
    return freed;
  });
}

/** The event of a seat change. */
export function seatsChanged(change: SeatChange): SeatsChanged {
  return { kind: 'SeatsChanged', ...change };
}

export function groupChanges(rows: { eventId: number; seat: number }[], kind: 'taken' | 'freed'): SeatChange[] {
  const byEvent = new Map<number, number[]>();
  for (const row of rows) byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), row.seat]);
  return [...byEvent].map(([eventId, seats]) => {
    const sorted = seats.sort((a, b) => a - b);
    return { eventId, taken: kind === 'taken' ? sorted : [], freed: kind === 'freed' ? sorted : [] };
  });
}

// ------------------------------------------------------------------ reading

/** The event's seats others hold or bought (`taken`) and this cart's live holds (`mine`). */
export async function seatAvailability(
  db: Db,
  eventId: number,
  cartId: string | null,
  now: Date,
): Promise<{ taken: number[]; mine: number[] }> {
  const rows = await db.$queryRaw<{ seat: number; mine: boolean }[]>`
    SELECT "seat", ("orderId" IS NULL AND "cartId" = ${cartId ?? ''}::text) AS "mine"
      FROM "EventSeat"
     WHERE "eventId" = ${eventId}::int AND ("expiresAt" IS NULL OR "expiresAt" > ${now}::timestamptz)
     ORDER BY "seat"`;
  return { taken: rows.filter((row) => !row.mine).map((row) => row.seat), mine: rows.filter((row) => row.mine).map((row) => row.seat) };
}

/** A seat held in a cart, priced in the cart's currency. */
export type TicketLine = SeatPlace & {
  eventId: number;
  eventName: string;
  categoryId: number;
  unitGross: number;
  vatRate: number;
  heldUntil: Date;
  /** "Vstupenka SK Moravan – FC Vltavín, sektor S2, řada 5, místo 12" */
  name: string;
  /** The match's sales end and kick-off: an unpaid order of its seats may not outlive them (ticketsPayBy). */
  salesEnd: Date;
  kickoff: Date;
};

/** What bounds the payment of tickets by bank transfer (config; decision 0048). */
export type TicketPaymentRules = { marginHours: number; bankTransferMinHours: number };

/**
 * When an order of these seats must be paid by at the latest: the earliest of each match's sales end and
 * kick-off less the margin (an unpaid order is cancelled then, so its seats go back on sale in time).
 * Null without seats.
 */
export function ticketsPayBy(lines: Pick<TicketLine, 'salesEnd' | 'kickoff'>[], marginHours: number): Date | null {
  if (lines.length === 0) return null;
  const times = lines.flatMap((line) => [line.salesEnd.getTime(), line.kickoff.getTime() - marginHours * 3600_000]);
  return new Date(Math.min(...times));
}

/** A bank transfer's due date: the shop's days to pay, or the tickets' pay-by moment when that is sooner. */
export function bankTransferDueAt(now: Date, paymentDays: number, ticketsDeadline: Date | null): Date {
  const byDays = now.getTime() + paymentDays * 24 * 3600_000;
  return new Date(ticketsDeadline ? Math.min(byDays, ticketsDeadline.getTime()) : byDays);
}

/** Whether a bank transfer has too little time left to arrive before the tickets' pay-by moment. */
export function bankTransferTooLate(now: Date, ticketsDeadline: Date | null, minHours: number): boolean {
  return ticketsDeadline !== null && ticketsDeadline.getTime() - now.getTime() < minHours * 3600_000;
}

/** A held seat as a line of the cart's money (schema/rules/cart-money.ts): one piece at admission's VAT rate. */
export function ticketGoodsLine(line: Pick<TicketLine, 'unitGross' | 'vatRate'>): { unitGross: number; quantity: number; ratePercent: number } {
  return { unitGross: line.unitGross, quantity: 1, ratePercent: line.vatRate };
}

/**
 * What a held seat reads of its match: its columns, the venue (its plan) and the price categories. A
 * selection rather than an include, so that the client's own selection of the match (TicketLine.event)
 * can be read with it in one statement.
 */
export const heldSeatEventSelect = {
  id: true,
  slug: true,
  homeTeam: true,
  awayTeam: true,
  competition: true,
  kickoff: true,
  venueId: true,
  salesStart: true,
  salesEnd: true,
  maxSeatsPerOrder: true,
  createdAt: true,
  updatedAt: true,
  venue: true,
  categories: { orderBy: { code: 'asc' } },
} as const satisfies Prisma.EventSelect;

export type HeldSeatEvent = Prisma.EventGetPayload<{ select: typeof heldSeatEventSelect }>;

/** A held seat with the match and the price category it was priced from (the cart view's Cart.tickets). */
export type CartTicketLine = TicketLine & { event: HeldSeatEvent; category: HeldSeatEvent['categories'][number] };

/** A cart's live holds as the cart view reads them with the cart (services/cart-view.ts). */
export function liveHoldsSelect(now: Date) {
  return {
    where: { orderId: null, expiresAt: { gt: now } },
    orderBy: [{ eventId: 'asc' }, { seat: 'asc' }],
    select: { eventId: true, seat: true, expiresAt: true, event: { select: heldSeatEventSelect } },
  } as const satisfies Prisma.Cart$seatsArgs;
}

export type LiveHold = { eventId: number; seat: number; expiresAt: Date | null; event: HeldSeatEvent };

/** The cart's live holds as lines (by kick-off, then seat); an expired hold is no line. */
export async function cartTicketLines(
  db: Db | Tx,
  cartId: string,
  options: { currency: Currency; language: Language; now: Date },
): Promise<CartTicketLine[]> {
  const { now } = options;
  const holds = await db.eventSeat.findMany({ where: { cartId, ...liveHoldsSelect(now).where }, select: { eventId: true, seat: true, expiresAt: true } });
  if (holds.length === 0) return [];
  const events = await db.event.findMany({ where: { id: { in: [...new Set(holds.map((hold) => hold.eventId))] } }, select: heldSeatEventSelect });
  const byId = new Map(events.map((event) => [event.id, event]));
  return ticketLinesOf(
    holds.flatMap((hold) => {
      const event = byId.get(hold.eventId);
      return event ? [{ ...hold, event }] : [];
    }),
    { ...options, now },
  );
}

/** Held seats (with their match) as lines, by kick-off, then seat; an expired hold is no line. */
export function ticketLinesOf(holds: readonly LiveHold[], options: { currency: Currency; language: Language; now: Date }): CartTicketLine[] {
  const plans = new Map<number, ReturnType<typeof seatLocator>>();
  const lines: CartTicketLine[] = [];
  for (const hold of holds) {
    if (hold.expiresAt === null || hold.expiresAt <= options.now) continue;
    const event = hold.event;
    let locate = plans.get(event.id);
    if (!locate) plans.set(event.id, (locate = seatLocator(venuePlan(event.venue))));
    const place = locate(hold.seat);
    const category = place && event.categories.find((row) => row.code === place.categoryCode);
    if (!place || !category) continue;
    const name = formatMessage('ticketLineName', options.language, { event: eventName(event), place: placeText(place, options.language) });
    lines.push({
      ...place,
      eventId: hold.eventId,
      eventName: eventName(event),
      categoryId: category.id,
      unitGross: categoryPrice(category, options.currency),
      vatRate: category.vatRate,
      heldUntil: hold.expiresAt,
      name,
      salesEnd: event.salesEnd,
      kickoff: event.kickoff,
      event,
      category,
    });
  }
  return lines.sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime() || a.eventId - b.eventId || a.seat - b.seat);
}
