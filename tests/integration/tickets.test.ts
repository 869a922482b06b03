// Match tickets (issue 26): the API of matches, seat holds and availability, on both databases.
// No seat sold twice (requirements T1): parallel shoppers, holds against expiry, bad input.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { asksForHoldCaptcha, createMatch, fanAddress, subscribeToSeatChanges } from '../support/tickets.ts';
import { captchaToken } from '../support/captcha.ts';
import { createApiToken } from '../../bff/src/services/api-tokens.ts';
import { createCustomer, createProduct } from '../support/factories.ts';
import { gid } from '../support/global-id.ts';
import { HOLD_MS, sweepExpiredHolds } from '../../bff/src/services/tickets.ts';

const EVENT = `
  query TicketEvent($slug: String!) {
    event(slug: $slug) {
      id name homeTeam awayTeam competition kickoff salesOpen salesEnd maxSeatsPerOrder
      venue { name city }
      categories { id code name vatRate price { currency withVat withoutVat vat } }
      plan { width height seatCount sections { id name label { x y } rows { name x y dx dy count firstNumber firstIndex categoryCode } } }
      availability { taken mine }
    }
  }`;

const HOLD = `
  mutation HoldSeats($eventId: ID!, $seats: [Int!]!, $captcha: String) {
    holdSeats(eventId: $eventId, seats: $seats, captcha: $captcha) {
      __typename
      ... on Cart { id tickets { seat section row number heldUntil price { withVat vat } category { code } event { slug } } total { withVat } }
      ... on Error { code message }
      ... on ValidationError { fieldErrors { field message } }
      ... on SeatHoldLimitError { maxHeldSeats }
      ... on SeatCooldownError { seats retryAfterSeconds }
      ... on SeatTakenError { seats }
      ... on UnknownSeatError { seats }
      ... on SeatLimitError { maxSeatsPerOrder }
    }
  }`;

const RELEASE = `
  mutation ReleaseSeats($eventId: ID!, $seats: [Int!]!) {
    releaseSeats(eventId: $eventId, seats: $seats) { id tickets { seat } }
  }`;

const AVAILABILITY = `query Availability($slug: String!) { event(slug: $slug) { availability { taken mine } } }`;

type HoldAnswer = {
  holdSeats: {
    __typename: string;
    code?: string;
    message?: string;
    seats?: number[];
    maxSeatsPerOrder?: number;
    maxHeldSeats?: number;
    retryAfterSeconds?: number;
    fieldErrors?: { field: string; message: string }[];
    tickets?: { seat: number; section: string; row: string; number: number; heldUntil: string; price: { withVat: number; vat: number } }[];
    total?: { withVat: number };
  };
};

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

afterEach(() => {
  app.clock.now = () => new Date();
});

/** A fan: a browser session from an address of its own (held seats are capped per address). */
async function shopper(address = fanAddress()): Promise<TestClient> {
  const client = app.newClient({ 'x-forwarded-for': address });
  await client.ensureCsrfCookie();
  return client;
}

/** Holds as the picker does: when the answer asks for the captcha (a session's later holds), solves it and holds again. */
async function hold(client: TestClient, eventId: string, seats: number[], headers: Record<string, string> = {}) {
  let response = await client.gql<HoldAnswer>(HOLD, { eventId, seats }, headers);
  if (asksForHoldCaptcha(response.data?.holdSeats)) {
    response = await client.gql<HoldAnswer>(HOLD, { eventId, seats, captcha: await captchaToken(client, 'HOLD_SEATS') }, headers);
  }
  expect(response.errors).toBeUndefined();
  return response.data!.holdSeats;
}

async function seatRows(eventId: number) {
  return app.prisma.eventSeat.findMany({ where: { eventId }, orderBy: { seat: 'asc' } });
}

describe('a match and its plan', () => {
  it('serves the match, its categories with prices and VAT, the plan and what is taken', async () => {
    const match = await createMatch(app.prisma);
    const response = await app.gql<{ event: Record<string, unknown> & { plan: { seatCount: number; sections: unknown[] }; categories: { code: string; price: { withVat: number; withoutVat: number; vat: number } }[] } }>(EVENT, { slug: match.slug });
    expect(response.errors).toBeUndefined();
    const event = response.data!.event;
    expect(event).toMatchObject({ id: match.id, name: 'FC Vltavín – SK Moravan', competition: '1. liga', salesOpen: true, maxSeatsPerOrder: 4 });
    expect(event.plan.seatCount).toBe(60);
    expect(event.plan.sections).toHaveLength(2);
    expect(event.categories[0]).toMatchObject({ code: 'A', price: { withVat: 40_000, withoutVat: 35_714, vat: 4_286 } });
    expect(event.availability).toEqual({ taken: [], mine: [] });
  });
});

describe('holding seats', () => {
  it('holds seats for 15 minutes as cart lines; the shopper sees them as hers, others as taken', async () => {
    const match = await createMatch(app.prisma);
    const now = new Date();
    app.clock.now = () => now;
    const fan = await shopper();
    const held = await hold(fan, match.id, [12, 11]);
    expect(held.__typename).toBe('Cart');
    expect(held.tickets!.map((line) => [line.seat, line.section, line.row, line.number])).toEqual([
      [11, 'L', '2', 2],
      [12, 'L', '2', 3],
    ]);
    expect(held.tickets![0].heldUntil).toBe(new Date(now.getTime() + HOLD_MS).toISOString());
    expect(held.tickets![0].price).toEqual({ withVat: 40_000, vat: 4_286 });
    expect(held.total!.withVat).toBe(80_000);

    const mine = await fan.gql<{ event: { availability: { taken: number[]; mine: number[] } } }>(AVAILABILITY, { slug: match.slug });
    expect(mine.data!.event.availability).toEqual({ taken: [], mine: [11, 12] });
    const other = await (await shopper()).gql<{ event: { availability: { taken: number[]; mine: number[] } } }>(AVAILABILITY, { slug: match.slug });
    expect(other.data!.event.availability).toEqual({ taken: [11, 12], mine: [] });
  });

  it('refuses a seat someone else holds, naming it, and keeps nothing of the request', async () => {
    const match = await createMatch(app.prisma);
    await hold(await shopper(), match.id, [5]);
    const second = await shopper();
    const refused = await hold(second, match.id, [4, 5, 6]);
    expect(refused).toMatchObject({ __typename: 'SeatTakenError', code: 'SEAT_TAKEN', seats: [5] });
    expect(refused.message).toBe('Místo už je obsazené: sektor L, řada 1, místo 6.');
    expect((await seatRows(match.event.id)).map((row) => row.seat)).toEqual([5]);
    const english = await second.gql<HoldAnswer>(HOLD, { eventId: match.id, seats: [5] }, { 'x-shop-language': 'en' });
    expect(english.data!.holdSeats.message).toBe('This seat is already taken: section L, row 1, seat 6.');
  });

  it('releasing frees the seats at once; leaving the cart (deleting it) frees them too', async () => {
    const match = await createMatch(app.prisma);
    const fan = await shopper();
    const held = await hold(fan, match.id, [1, 2, 3]);
    const released = await fan.gql<{ releaseSeats: { tickets: { seat: number }[] } }>(RELEASE, { eventId: match.id, seats: [2, 40] });
    expect(released.errors).toBeUndefined();
    expect(released.data!.releaseSeats.tickets.map((line) => line.seat)).toEqual([1, 3]);
    expect((await seatRows(match.event.id)).map((row) => row.seat)).toEqual([1, 3]);
    await app.prisma.cart.delete({ where: { id: (await app.prisma.eventSeat.findFirstOrThrow({ where: { eventId: match.event.id } })).cartId! } });
    expect(await seatRows(match.event.id)).toEqual([]);
    expect(held.__typename).toBe('Cart');
  });
});

describe('signing in', () => {
  it('carries the guest’s held seats into the customer’s earlier cart', async () => {
    const match = await createMatch(app.prisma);
    const product = await createProduct(app.prisma);
    const customer = await createCustomer(app.prisma);
    const login = (client: TestClient) =>
      client.gql('mutation($e: String!, $p: String!) { login(input: { email: $e, password: $p }) { __typename } }', { e: customer.email, p: customer.password });
    const earlier = await shopper();
    await login(earlier);
    await earlier.gql('mutation($v: ID!) { addToCart(variantId: $v) { __typename } }', { v: gid('Variant', product.variants[0].id) });
    const guest = await shopper();
    await hold(guest, match.id, [8, 9]);
    await login(guest);
    const cart = await guest.gql<{ cart: { lines: unknown[]; tickets: { seat: number }[] } }>('{ cart { lines { quantity } tickets { seat } } }');
    expect(cart.data!.cart.lines).toHaveLength(1);
    expect(cart.data!.cart.tickets.map((line) => line.seat)).toEqual([8, 9]);
  });
});

describe('bad input changes nothing', () => {
  it('refuses unknown seats, more than the per-order limit, a closed sale, a past match, an unknown event', async () => {
    const match = await createMatch(app.prisma, { maxSeatsPerOrder: 3 });
    const fan = await shopper();
    expect(await hold(fan, match.id, [60])).toMatchObject({ __typename: 'UnknownSeatError', code: 'UNKNOWN_SEAT', seats: [60] });
    expect(await hold(fan, match.id, [-1, 3])).toMatchObject({ __typename: 'UnknownSeatError', seats: [-1] });
    expect(await hold(fan, match.id, [1, 2, 3, 4])).toMatchObject({ __typename: 'SeatLimitError', code: 'SEAT_LIMIT', maxSeatsPerOrder: 3 });
    expect(await hold(fan, match.id, [])).toMatchObject({ __typename: 'ValidationError' });
    // two now and two more: the limit counts the cart's seats of the match
    expect((await hold(fan, match.id, [1, 2])).__typename).toBe('Cart');
    const limit = await hold(fan, match.id, [3, 4]);
    expect(limit).toMatchObject({ __typename: 'SeatLimitError', message: 'Na jednu objednávku lze koupit nejvýše 3 vstupenek na tento zápas.' });
    expect((await seatRows(match.event.id)).map((row) => row.seat)).toEqual([1, 2]);

    const notYet = await createMatch(app.prisma, { salesStart: new Date(Date.now() + 3600_000) });
    expect(await hold(fan, notYet.id, [1])).toMatchObject({ __typename: 'SalesClosedError', code: 'SALES_CLOSED', message: 'Prodej vstupenek na tento zápas ještě nezačal.' });
    const past = await createMatch(app.prisma, {
      kickoff: new Date(Date.now() - 3600_000),
      salesStart: new Date(Date.now() - 10 * 24 * 3600_000),
      salesEnd: new Date(Date.now() - 2 * 3600_000),
    });
    expect(await hold(fan, past.id, [1])).toMatchObject({ __typename: 'SalesClosedError', message: 'Prodej vstupenek na tento zápas už skončil.' });
    expect(await seatRows(notYet.event.id)).toEqual([]);
    expect(await seatRows(past.event.id)).toEqual([]);
  });

  it('refuses a seat of another event by its id, and a seat sold at the box office', async () => {
    const small = await createMatch(app.prisma);
    await app.prisma.eventSeat.create({ data: { eventId: small.event.id, seat: 7 } });
    const fan = await shopper();
    expect(await hold(fan, small.id, [7])).toMatchObject({ __typename: 'SeatTakenError', seats: [7] });
    const missing = await fan.gql<HoldAnswer>(HOLD, { eventId: Buffer.from('Event:999999').toString('base64'), seats: [1] });
    expect(missing.data!.holdSeats).toMatchObject({ __typename: 'NotFoundError' });
    const wrongType = await fan.gql<HoldAnswer>(HOLD, { eventId: Buffer.from('Product:1').toString('base64'), seats: [1] });
    expect(wrongType.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(await seatRows(small.event.id)).toHaveLength(1);
  });
});

describe('expiry', () => {
  it('a hold expires after 15 minutes by the clock: the seat is free for others and the sweep deletes it', async () => {
    const match = await createMatch(app.prisma);
    const start = new Date();
    app.clock.now = () => start;
    const first = await shopper();
    await hold(first, match.id, [20]);
    const second = await shopper();
    app.clock.now = () => new Date(start.getTime() + HOLD_MS - 1);
    expect(await hold(second, match.id, [20])).toMatchObject({ __typename: 'SeatTakenError' });
    const ofMatch = async () => (await sweepExpiredHolds(app.prisma, app.clock.now())).filter((change) => change.eventId === match.event.id);
    expect(await ofMatch()).toEqual([]);

    app.clock.now = () => new Date(start.getTime() + HOLD_MS);
    const availability = await second.gql<{ event: { availability: { taken: number[] } } }>(AVAILABILITY, { slug: match.slug });
    expect(availability.data!.event.availability.taken).toEqual([]);
    const cart = await first.gql<{ cart: { tickets: unknown[] } }>(`query { cart { tickets { seat } } }`);
    expect(cart.data!.cart.tickets).toEqual([]);
    expect(await ofMatch()).toEqual([{ eventId: match.event.id, taken: [], freed: [20] }]);
    expect(await seatRows(match.event.id)).toEqual([]);
  });

  it('an expired hold is taken over by the next shopper before any sweep', async () => {
    const match = await createMatch(app.prisma);
    const start = new Date();
    app.clock.now = () => start;
    await hold(await shopper(), match.id, [21]);
    app.clock.now = () => new Date(start.getTime() + HOLD_MS + 1);
    const second = await shopper();
    expect((await hold(second, match.id, [21])).__typename).toBe('Cart');
    const rows = await seatRows(match.event.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].expiresAt!.getTime()).toBe(start.getTime() + 2 * HOLD_MS + 1);
  });

  it('a hold and the sweep racing for one seat: the seat ends with exactly one of them', async () => {
    const match = await createMatch(app.prisma);
    const start = new Date();
    app.clock.now = () => start;
    for (let round = 0; round < 5; round++) {
      await hold(await shopper(), match.id, [30 + round]);
    }
    app.clock.now = () => new Date(start.getTime() + HOLD_MS);
    const fans = await Promise.all([0, 1, 2, 3, 4].map(() => shopper()));
    const [holds, swept] = await Promise.all([
      Promise.all(fans.map((fan, round) => hold(fan, match.id, [30 + round]))),
      sweepExpiredHolds(app.prisma, app.clock.now()),
    ]);
    expect(holds.every((answer) => answer.__typename === 'Cart')).toBe(true);
    const rows = await seatRows(match.event.id);
    expect(rows.map((row) => row.seat)).toEqual([30, 31, 32, 33, 34]);
    expect(rows.every((row) => row.expiresAt!.getTime() === start.getTime() + 2 * HOLD_MS)).toBe(true);
    // the sweep freed only holds that were expired when it ran; what it reports was really deleted then
    const sweptHere = swept.filter((change) => change.eventId === match.event.id).flatMap((change) => change.freed);
    expect(sweptHere.every((seat) => seat >= 30 && seat <= 34)).toBe(true);
  });
});

describe('no seat sold twice', () => {
  it('20 shoppers race for the same 4 seats: each seat goes to exactly one, the others are told it is taken', async () => {
    const match = await createMatch(app.prisma, { maxSeatsPerOrder: 4 });
    const fans = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    // each wants two of the four seats, in different combinations and orders
    const wanted = fans.map((_fan, index) => [[40, 41], [42, 43], [41, 42], [43, 40], [40, 43], [42, 41]][index % 6]);
    const answers = await Promise.all(fans.map((fan, index) => hold(fan, match.id, wanted[index])));
    const winners = answers.flatMap((answer, index) => (answer.__typename === 'Cart' ? [wanted[index]] : []));
    const taken = winners.flat().sort();
    expect(new Set(taken).size).toBe(taken.length);
    expect(winners.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((answer) => answer.__typename !== 'Cart')) {
      expect(answer.__typename).toBe('SeatTakenError');
      expect(answer.message).toMatch(/^Místo už je obsazené: /);
    }
    const rows = await seatRows(match.event.id);
    expect(rows.map((row) => row.seat).sort()).toEqual(taken);
    // every held seat belongs to the cart of the shopper who was told she has it
    const carts = new Set(rows.map((row) => row.cartId));
    expect(carts.size).toBe(winners.length);
  });
});

describe('live seat changes (Subscription.seatChanges over server-sent events)', () => {
  it('tells a subscriber of the match the seats held and released, not those of other matches', async () => {
    const match = await createMatch(app.prisma);
    const other = await createMatch(app.prisma);
    const picker = await subscribeToSeatChanges(app, match.id);
    await app.seatChanges.ready();
    const fan = await shopper();
    await hold(fan, other.id, [1]);
    await hold(fan, match.id, [3, 2]);
    expect(await picker.next()).toEqual({ taken: [2, 3], freed: [] });
    await fan.gql(RELEASE, { eventId: match.id, seats: [3] });
    expect(await picker.next()).toEqual({ taken: [], freed: [3] });
    picker.close();
  });

  it('tells a subscriber the seats a customer held when she deletes her account', async () => {
    const match = await createMatch(app.prisma);
    const customer = await createCustomer(app.prisma);
    const fan = await shopper();
    const login = await fan.gql<{ login: { __typename: string } }>('mutation($e: String!, $p: String!) { login(input: { email: $e, password: $p }) { __typename } }', {
      e: customer.email,
      p: customer.password,
    });
    expect(login.data?.login.__typename).toBe('Customer');
    // subscribed before the hold: on PostgreSQL the hold's own news travels through NOTIFY and could
    // otherwise reach a subscriber who joined just after it
    const picker = await subscribeToSeatChanges(app, match.id);
    await app.seatChanges.ready();
    await hold(fan, match.id, [5, 4]);
    expect(await picker.next()).toEqual({ taken: [4, 5], freed: [] });
    const deleted = await fan.gql<{ deleteAccount: { __typename: string } }>('mutation($p: String!) { deleteAccount(input: { password: $p }) { __typename } }', {
      p: customer.password,
    });
    expect(deleted.data?.deleteAccount.__typename).toBe('AccountDeleted');
    expect(await app.prisma.eventSeat.count({ where: { eventId: match.event.id } })).toBe(0);
    // another fan's hold comes after: were the freed seats not told, it would be the picker's first news
    await hold(await shopper(), match.id, [6]);
    expect(await picker.next()).toEqual({ taken: [], freed: [4, 5] });
    expect(await picker.next()).toEqual({ taken: [6], freed: [] });
    picker.close();
  });

  it('tells a subscriber of another app instance on the same database (LISTEN/NOTIFY on PostgreSQL; PGlite has one process)', async () => {
    const match = await createMatch(app.prisma);
    if (databaseKind === 'pglite') {
      // PGlite is opened by one process only: its changes go from publisher to subscribers in the process
      expect(app.seatChanges.mode).toBe('in-process');
      return;
    }
    expect(app.seatChanges.mode).toBe('postgres');
    const second = await createTestApp({ databaseUrl: app.databaseUrl });
    try {
      await Promise.all([app.seatChanges.ready(), second.seatChanges.ready()]);
      const picker = await subscribeToSeatChanges(second, match.id);
      // another instance's hold, and an expired hold swept by the first instance
      const fan = app.newClient();
      await fan.ensureCsrfCookie();
      const start = new Date();
      app.clock.now = () => start;
      await hold(fan, match.id, [7, 8]);
      expect(await picker.next()).toEqual({ taken: [7, 8], freed: [] });
      // the sweep records SeatsChanged; the first instance's subscriber tells every instance's pickers
      await sweepExpiredHolds(app.prisma, new Date(start.getTime() + HOLD_MS));
      const freed = await picker.next();
      expect(freed.freed).toEqual(expect.arrayContaining([7, 8]));
      picker.close();
    } finally {
      await second.close();
    }
  });
});

describe('seat hoarding (issue 40, requirements L4)', () => {
  const HELD_CAP = 8; // createMatch's 4 seats an order, twice (SEAT_HOLD_CLIENT_ORDERS 2)

  it('throw-away sessions from one address hold at most twice the per-order limit; IPv6 counts by /64; a fan elsewhere still holds', async () => {
    const match = await createMatch(app.prisma);
    const answers = [];
    for (let i = 0; i < 6; i++) {
      // a new session each time, as the hoarding script did: each is its first hold, so no captcha is asked
      answers.push(await hold(await shopper('203.0.113.40'), match.id, [i * 4, i * 4 + 1, i * 4 + 2, i * 4 + 3]));
    }
    expect(answers.map((answer) => answer.__typename)).toEqual(['Cart', 'Cart', 'SeatHoldLimitError', 'SeatHoldLimitError', 'SeatHoldLimitError', 'SeatHoldLimitError']);
    expect(answers[2]).toMatchObject({
      code: 'SEAT_HOLD_LIMIT',
      maxHeldSeats: HELD_CAP,
      message: 'Z jednoho připojení lze na tento zápas držet nejvýše 8 míst najednou. Dokončete objednávku, nebo některá místa uvolněte.',
    });
    expect(await app.prisma.eventSeat.count({ where: { eventId: match.event.id } })).toBe(HELD_CAP);
    const english = await (await shopper('203.0.113.40')).gql<HoldAnswer>(HOLD, { eventId: match.id, seats: [40] }, { 'x-shop-language': 'en' });
    expect(english.data!.holdSeats.message).toBe('At most 8 seats of this match can be held from one connection at a time. Finish your order or release some seats.');

    // addresses of one IPv6 /64 are one client
    const v6 = [];
    for (const address of ['2001:db8:99:1::1', '2001:db8:99:1::2', '2001:db8:99:1:abcd::3']) v6.push((await hold(await shopper(address), match.id, [30 + v6.length * 4, 31 + v6.length * 4, 32 + v6.length * 4, 33 + v6.length * 4])).__typename);
    expect(v6).toEqual(['Cart', 'Cart', 'SeatHoldLimitError']);

    // another fan is not affected, and the cap is per match
    expect((await hold(await shopper(), match.id, [50, 51, 52, 53])).__typename).toBe('Cart');
    const other = await createMatch(app.prisma);
    expect((await hold(await shopper('203.0.113.40'), other.id, [1, 2, 3, 4])).__typename).toBe('Cart');
  });

  it('parallel holds of one address cannot all pass the cap', async () => {
    const match = await createMatch(app.prisma);
    const sessions = await Promise.all(Array.from({ length: 8 }, () => shopper('203.0.113.41')));
    const answers = await Promise.all(sessions.map((session, i) => hold(session, match.id, [i * 4, i * 4 + 1, i * 4 + 2, i * 4 + 3])));
    expect(answers.filter((answer) => answer.__typename === 'Cart')).toHaveLength(2);
    expect(await app.prisma.eventSeat.count({ where: { eventId: match.event.id } })).toBe(HELD_CAP);
  });

  it('release-and-rehold and rehold at expiry are refused for the cart and its client within the cool-down; others may take the seats', async () => {
    const match = await createMatch(app.prisma);
    const start = new Date();
    app.clock.now = () => start;
    const churner = await shopper('203.0.113.42');
    expect((await hold(churner, match.id, [1, 2])).__typename).toBe('Cart');
    expect((await churner.gql(RELEASE, { eventId: match.id, seats: [1, 2] })).errors).toBeUndefined();
    const again = await hold(churner, match.id, [2, 3]);
    expect(again).toMatchObject({
      __typename: 'SeatCooldownError',
      code: 'SEAT_COOLDOWN',
      seats: [2],
      retryAfterSeconds: 15 * 60,
      message: 'Tato místa jste před chvílí drželi: sektor L, řada 1, místo 3. Znovu je můžete podržet za 15 min, nebo si vyberte jiná.',
    });
    // nothing of the request was kept, not even seat 3
    expect(await app.prisma.eventSeat.count({ where: { eventId: match.event.id } })).toBe(0);
    // a new session from the same address is the same client
    expect((await hold(await shopper('203.0.113.42'), match.id, [1])).__typename).toBe('SeatCooldownError');
    const english = await churner.gql<HoldAnswer>(HOLD, { eventId: match.id, seats: [1] }, { 'x-shop-language': 'en' });
    expect(english.data!.holdSeats.message).toBe('You held these seats a moment ago: section L, row 1, seat 2. You can hold them again in 15 min, or choose other seats.');

    // holding again when the hold runs out gives no fresh 15 minutes
    expect((await hold(churner, match.id, [7])).__typename).toBe('Cart');
    app.clock.now = () => new Date(start.getTime() + HOLD_MS);
    expect(await hold(churner, match.id, [7])).toMatchObject({ __typename: 'SeatCooldownError', seats: [7] });
    // another fan takes it at once
    expect((await hold(await shopper(), match.id, [7])).__typename).toBe('Cart');
    // after the cool-down the churner may hold seats 1 and 2 again
    app.clock.now = () => new Date(start.getTime() + HOLD_MS + 1000);
    expect((await hold(churner, match.id, [1, 2])).__typename).toBe('Cart');
  });

  it('a partner token is one client across its carts and addresses', async () => {
    const match = await createMatch(app.prisma);
    const { token } = await createApiToken(app.prisma, { name: 'Přeprodejce', scopes: ['cart'] });
    const partnerHold = async (seats: number[], address: string) => {
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        // no X-Cart-Id: every request starts a cart of its own
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': address, 'x-shop-language': 'en' },
        body: JSON.stringify({ query: HOLD, variables: { eventId: match.id, seats } }),
      });
      return ((await response.json()) as { data: HoldAnswer }).data.holdSeats;
    };
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await partnerHold([i * 4, i * 4 + 1, i * 4 + 2, i * 4 + 3], `198.51.100.${i + 1}`));
    expect(answers.map((answer) => answer.__typename)).toEqual(['Cart', 'Cart', 'SeatHoldLimitError', 'SeatHoldLimitError']);
    expect(answers[2].message).toBe('At most 8 seats of this match can be held with one access token at a time, across all its carts.');
    expect(await app.prisma.eventSeat.count({ where: { eventId: match.event.id } })).toBe(HELD_CAP);
  });

  it('a session’s second hold asks for the captcha once; a fan who solves it goes on holding', async () => {
    const match = await createMatch(app.prisma);
    const fan = await shopper();
    expect((await fan.gql<HoldAnswer>(HOLD, { eventId: match.id, seats: [1] })).data!.holdSeats.__typename).toBe('Cart');
    const asked = (await fan.gql<HoldAnswer>(HOLD, { eventId: match.id, seats: [2] })).data!.holdSeats;
    expect(asked).toMatchObject({ __typename: 'ValidationError', fieldErrors: [{ field: 'captcha', message: expect.any(String) }] });
    const wrong = (await fan.gql<HoldAnswer>(HOLD, { eventId: match.id, seats: [2], captcha: await captchaToken(fan, 'PLACE_ORDER') })).data!.holdSeats;
    expect(wrong.__typename).toBe('ValidationError');
    expect(await app.prisma.eventSeat.count({ where: { eventId: match.event.id } })).toBe(1);
    const solved = (await fan.gql<HoldAnswer>(HOLD, { eventId: match.id, seats: [2], captcha: await captchaToken(fan, 'HOLD_SEATS') })).data!.holdSeats;
    expect(solved.__typename).toBe('Cart');
    // once per session
    const third = (await fan.gql<HoldAnswer>(HOLD, { eventId: match.id, seats: [3, 4] })).data!.holdSeats;
    expect(third.tickets!.map((line) => line.seat)).toEqual([1, 2, 3, 4]);
  });

  it('a churning client’s changes reach a picker gathered, not one event per change', async () => {
    const batching = await createTestApp({ config: { seatHolds: { clientOrders: 2, cooldownMs: 15 * 60_000, announceMs: 1000 } } });
    try {
      const match = await createMatch(batching.prisma);
      const picker = await subscribeToSeatChanges(batching, match.id);
      await batching.seatChanges.ready();
      const churner = batching.newClient({ 'x-forwarded-for': fanAddress() });
      await churner.ensureCsrfCookie();
      const started = Date.now();
      for (let seat = 0; seat < 10; seat++) {
        let held = await churner.gql<HoldAnswer>(HOLD, { eventId: match.id, seats: [seat] });
        if (asksForHoldCaptcha(held.data?.holdSeats)) held = await churner.gql<HoldAnswer>(HOLD, { eventId: match.id, seats: [seat], captcha: await captchaToken(churner, 'HOLD_SEATS') });
        expect(held.data!.holdSeats.__typename).toBe('Cart');
        await churner.gql(RELEASE, { eventId: match.id, seats: [seat] });
      }
      await churner.gql(HOLD, { eventId: match.id, seats: [20] });
      // 21 changes in all; the picker hears their outcome in few events, the last state of each seat
      const seen: { taken: number[]; freed: number[] }[] = [];
      const state = new Map<number, boolean>();
      while (state.get(20) !== true) {
        const change = await picker.next();
        seen.push(change);
        for (const seat of change.taken) state.set(seat, true);
        for (const seat of change.freed) state.set(seat, false);
      }
      // at most one event per second of churn (and one more for the window that was open), not 21
      expect(seen.length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000) + 1);
      expect(seen.length).toBeLessThan(21);
      expect([...state].filter(([, taken]) => taken).map(([seat]) => seat)).toEqual([20]);
      picker.close();
    } finally {
      await batching.close();
    }
  });
});
