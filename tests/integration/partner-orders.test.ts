// A warehouse or ERP app reads every order of the shop with an 'orders:read' token (issue 43 section 2):
// Query.orders by state and by what changed since a moment, page by page with a cursor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createOrder } from '../support/factories.ts';
import { createApiToken, type PartnerScope } from '../../bff/src/services/api-tokens.ts';
import { markOrderPaid } from '../../bff/src/services/order-payments.ts';
import { addWebhookEndpoint } from '../../bff/src/services/webhooks.ts';
import { deliverWebhooks } from '../../bff/src/jobs/webhook-deliveries.ts';
import { startWebhookReceiver, verifyStandardWebhook, type WebhookReceiver } from '../support/webhook-receiver.ts';

let app: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [app, receiver] = await Promise.all([createTestApp({ config: { webhookAllowHosts: ['127.0.0.1'] } }), startWebhookReceiver()]);
});

afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

async function tokenWith(scopes: PartnerScope[]) {
  return (await createApiToken(app.prisma, { name: `Warehouse ${Math.random().toString(36).slice(2, 8)}`, scopes })).token;
}

type Page = { edges: { cursor: string; node: { number: string; status: string; updatedAt: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
type Answer = { data?: { orders: Page } | null; errors?: { message: string; extensions?: { code?: string } }[] };

const ORDERS = `query ($states: [OrderStatus!], $since: DateTime, $first: Int, $after: String) {
  orders(states: $states, updatedSince: $since, first: $first, after: $after) {
    edges { cursor node { number status updatedAt } }
    pageInfo { hasNextPage endCursor }
  }
}`;

async function ask(token: string | null, variables: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: ORDERS, variables }),
  });
  return (await response.json()) as Answer;
}

/** Every order of a walk from `since`, page by page. */
async function walk(token: string, variables: Record<string, unknown>) {
  const numbers: string[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 20; pages++) {
    const answer = await ask(token, { ...variables, after });
    expect(answer.errors).toBeUndefined();
    numbers.push(...answer.data!.orders.edges.map((edge) => edge.node.number));
    if (!answer.data!.orders.pageInfo.hasNextPage) return numbers;
    after = answer.data!.orders.pageInfo.endCursor;
  }
  throw new Error('the walk did not end');
}

describe(`Query.orders for a warehouse app (${databaseKind})`, () => {
  it('walks the orders changed since a moment, oldest change first, page by page, and by state', async () => {
    const token = await tokenWith(['orders:read']);
    const since = new Date(Date.now() - 1000);
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await createOrder(app.prisma));
    const numbers = orders.map((order) => order.number);

    const all = await walk(token, { since: since.toISOString(), first: 2 });
    expect(all.filter((number) => numbers.includes(number))).toEqual(numbers);
    expect(new Set(all).size).toBe(all.length);

    // one of them is paid: it is the newest change now, and the only one of them in PAID
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = new Date();
    await app.prisma.$executeRaw`UPDATE "Order" SET "status" = 'PAID' WHERE "id" = ${orders[1].id}`;
    const changed = await walk(token, { since: before.toISOString() });
    expect(changed).toEqual([orders[1].number]);
    const paid = await walk(token, { since: since.toISOString(), states: ['PAID'] });
    expect(paid.filter((number) => numbers.includes(number))).toEqual([orders[1].number]);
    const walked = await walk(token, { since: since.toISOString(), first: 3 });
    expect(walked.filter((number) => numbers.includes(number)).at(-1)).toBe(orders[1].number);
  });

  it('is closed to browsers and to tokens without orders:read', async () => {
    for (const token of [null, await tokenWith(['cart', 'catalog:read']), await tokenWith(['orders:write'])]) {
      const answer = await ask(token, {});
      expect(answer.data?.orders ?? null).toBeNull();
      expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });

  it('refuses a cursor it never made and a page too large, with a clear message', async () => {
    const token = await tokenWith(['orders:read']);
    for (const variables of [{ after: 'bm90IGEgY3Vyc29y' }, { after: Buffer.from('orders:1:0').toString('base64url') }, { first: 101 }, { first: 0 }]) {
      const answer = await ask(token, variables);
      expect(answer.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe('BAD_USER_INPUT');
      expect(answer.errors?.[0]?.message).toMatch(/\S{4,}/);
    }
  });
});

const MOVE = `mutation ($input: MoveOrderInput!) {
  moveOrder(input: $input) {
    __typename
    ... on Order { number status timeline { status by trackingNumber trackingUrl } }
    ... on Error { code message }
  }
}`;

type Moved = { data?: { moveOrder: { __typename: string; number?: string; status?: string; code?: string; message?: string; timeline?: { status: string; by: string; trackingNumber: string | null }[] } } | null; errors?: { extensions?: { code?: string } }[] };

async function move(token: string | null, input: Record<string, unknown>, language = 'cs'): Promise<Moved> {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shop-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: MOVE, variables: { input } }),
  });
  return (await response.json()) as Moved;
}

describe(`Mutation.moveOrder for a warehouse app (${databaseKind})`, () => {
  it('packs and ships a paid order with its tracking, once per key; the customer is told and the timeline says a partner did it', async () => {
    const token = await tokenWith(['orders:read', 'orders:write']);
    const order = await createOrder(app.prisma);
    await app.prisma.$executeRaw`UPDATE "Order" SET "status" = 'PAID' WHERE "id" = ${order.id}`;
    const packed = await move(token, { orderNumber: order.number, to: 'PROCESSING', idempotencyKey: 'job-1' });
    expect(packed.data!.moveOrder).toMatchObject({ __typename: 'Order', status: 'PROCESSING' });
    // the same move again with the same key: answered alike, done once
    expect((await move(token, { orderNumber: order.number, to: 'PROCESSING', idempotencyKey: 'job-1' })).data!.moveOrder).toMatchObject({ status: 'PROCESSING' });
    const shipped = await move(token, { orderNumber: order.number, to: 'SHIPPED', idempotencyKey: 'job-2', trackingNumber: 'PPL-77', carrier: 'PPL', trackingUrl: 'https://www.ppl.cz/?id=PPL-77' });
    expect(shipped.data!.moveOrder).toMatchObject({ status: 'SHIPPED' });
    expect(shipped.data!.moveOrder.timeline!.slice(-2)).toEqual([
      { status: 'PROCESSING', by: 'partner', trackingNumber: null, trackingUrl: null },
      { status: 'SHIPPED', by: 'partner', trackingNumber: 'PPL-77', trackingUrl: 'https://www.ppl.cz/?id=PPL-77' },
    ]);
    expect(await app.prisma.orderEvent.count({ where: { orderId: order.id } })).toBe(2);
    expect(await app.prisma.mailOutbox.count({ where: { dedupeKey: { startsWith: `orderProgress:${order.id}:` } } })).toBe(2);
  });

  it('refuses a move the state does not allow, a shipment without tracking and a key used for another move, in the request language; nothing changes', async () => {
    const token = await tokenWith(['orders:write']);
    const order = await createOrder(app.prisma);
    const refused = await move(token, { orderNumber: order.number, to: 'DELIVERED', idempotencyKey: 'a' });
    expect(refused.data!.moveOrder).toMatchObject({ __typename: 'OrderMoveRefusedError', code: expect.stringMatching(/^ORDER_MOVE_/) });
    expect(refused.data!.moveOrder.message).toMatch(/objednávk/i);
    expect((await move(token, { orderNumber: order.number, to: 'DELIVERED', idempotencyKey: 'a' }, 'en')).data!.moveOrder.message).toMatch(/order/i);
    await app.prisma.$executeRaw`UPDATE "Order" SET "status" = 'PROCESSING' WHERE "id" = ${order.id}`;
    expect((await move(token, { orderNumber: order.number, to: 'SHIPPED', idempotencyKey: 'b' })).data!.moveOrder.code).toBe('ORDER_MOVE_BAD_DETAILS');
    expect((await move(token, { orderNumber: order.number, to: 'SHIPPED', idempotencyKey: 'c', trackingNumber: 'T1', trackingUrl: 'javascript:alert(1)' })).data!.moveOrder.code).toBe('ORDER_MOVE_BAD_DETAILS');
    expect((await move(token, { orderNumber: '9999000000', to: 'PROCESSING', idempotencyKey: 'd' })).data!.moveOrder.__typename).toBe('OrderMoveRefusedError');
    expect((await app.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('PROCESSING');
    expect(await app.prisma.orderEvent.count({ where: { orderId: order.id } })).toBe(0);
  });

  it('is closed to browsers and to tokens without orders:write', async () => {
    const order = await createOrder(app.prisma);
    for (const token of [null, await tokenWith(['orders:read', 'cart'])]) {
      const answer = await move(token, { orderNumber: order.number, to: 'CANCELLED', idempotencyKey: 'x' });
      expect(answer.data?.moveOrder ?? null).toBeNull();
      expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await app.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('NEW');
  });
});

describe(`a warehouse app walks the day's work through the API (${databaseKind})`, () => {
  it('lists the paid orders page by page, packs, ships and delivers one once per key, is refused a forbidden move, and hears each move by a signed webhook, in order', async () => {
    const { token, summary } = await createApiToken(app.prisma, { name: 'Sklad Brno', scopes: ['orders:read', 'orders:write'] });
    const topics = ['order.paid', 'order.processing', 'order.shipped', 'order.delivered', 'order.cancelled'] as const;
    const { secret } = await addWebhookEndpoint(app.prisma, { tokenPrefix: summary.prefix, url: receiver.url, topics: [...topics] }, { allowHosts: ['127.0.0.1'] });
    const since = new Date(Date.now() - 1000);
    // two orders paid by the bank, one left unpaid
    const paid: Awaited<ReturnType<typeof createOrder>>[] = [];
    for (let i = 0; i < 2; i++) {
      const order = await createOrder(app.prisma, { deliveryCode: 'courier', deliveryName: 'Kurýr' });
      await markOrderPaid(app.prisma, { orderNumber: order.number, amount: order.totalGross, currency: 'CZK', source: 'command' });
      paid.push(order);
    }
    const unpaid = await createOrder(app.prisma);
    const listed = await walk(token, { since: since.toISOString(), states: ['PAID'], first: 1 });
    expect(listed.filter((number) => [...paid, unpaid].some((order) => order.number === number))).toEqual(paid.map((order) => order.number));
    const [order] = paid;

    const moves = [
      { to: 'PROCESSING', idempotencyKey: 'wms-pack-1' },
      { to: 'SHIPPED', idempotencyKey: 'wms-ship-1', trackingNumber: '40991234567', carrier: 'PPL', trackingUrl: 'https://www.ppl.cz/vyhledat-zasilku?shipmentId=40991234567' },
      { to: 'DELIVERED', idempotencyKey: 'wms-delivered-1' },
    ];
    for (const input of moves) {
      // a retry after a lost answer: the same key twice, done once, answered alike
      for (let attempt = 0; attempt < 2; attempt++) {
        const moved = await move(token, { orderNumber: order.number, ...input });
        expect(moved.data!.moveOrder, `${input.to} #${attempt + 1}`).toMatchObject({ __typename: 'Order', status: input.to });
      }
    }
    const events = await app.prisma.orderEvent.findMany({ where: { orderId: order.id }, orderBy: { id: 'asc' } });
    expect(events.map((event) => `${event.fromStatus}→${event.toStatus} ${event.actorKind}`)).toEqual([
      'NEW→PAID shop',
      'PAID→PROCESSING partner',
      'PROCESSING→SHIPPED partner',
      'SHIPPED→DELIVERED partner',
    ]);
    expect(await app.prisma.mailOutbox.count({ where: { dedupeKey: { startsWith: `orderProgress:${order.id}:` } } })).toBe(3);

    // a delivered order cannot be cancelled: refused in the request language, nothing changed
    const before = await app.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    const refused = await move(token, { orderNumber: order.number, to: 'CANCELLED', idempotencyKey: 'wms-cancel-1' }, 'en');
    expect(refused.data!.moveOrder).toEqual({
      __typename: 'OrderMoveRefusedError',
      code: 'ORDER_MOVE_NOT_ALLOWED',
      message: `Order No. ${order.number} cannot go from DELIVERED to CANCELLED.`,
    });
    expect(await app.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toEqual(before);
    expect(await app.prisma.orderEvent.count({ where: { orderId: order.id } })).toBe(4);
    expect(await app.prisma.mailOutbox.count({ where: { kind: 'orderCancelled', recipient: order.email } })).toBe(0);

    // the next walk: the delivered order is no longer among the paid ones
    const stillPaid = await walk(token, { since: since.toISOString(), states: ['PAID'] });
    expect(stillPaid.filter((number) => number === order.number || number === paid[1].number)).toEqual([paid[1].number]);

    // the webhooks of its moves, each signed, in the order of the moves
    expect(await deliverWebhooks({ db: app.prisma, policy: { allowHosts: ['127.0.0.1'] }, log: { info: () => undefined, error: () => undefined } })).toMatchObject({ failed: 0 });
    for (const delivery of receiver.received) expect(verifyStandardWebhook(secret, delivery.headers, delivery.body)).toBe(true);
    const tampered = receiver.received[0];
    expect(verifyStandardWebhook(secret, tampered.headers, tampered.body.replace('"type"', '"typ"'))).toBe(false);
    const bodies = receiver.received.map((delivery) => JSON.parse(delivery.body) as { type: string; data: Record<string, unknown> });
    const ofOrder = bodies.filter((body) => body.data.orderNumber === order.number);
    expect(ofOrder.map((body) => [body.type, body.data.previousStatus ?? null, body.data.status])).toEqual([
      ['order.paid', null, 'PAID'],
      ['order.processing', 'PAID', 'PROCESSING'],
      ['order.shipped', 'PROCESSING', 'SHIPPED'],
      ['order.delivered', 'SHIPPED', 'DELIVERED'],
    ]);
    expect(ofOrder[2].data).toMatchObject({ by: 'partner', carrier: 'PPL', trackingNumber: '40991234567' });
    expect(bodies.some((body) => body.data.orderNumber === unpaid.number)).toBe(false);
  });
});
