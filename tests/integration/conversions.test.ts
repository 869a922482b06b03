// Conversion measuring and Heureka's "Ověřeno zákazníky" (issue 44 section 2, docs/decisions/0076),
// against local fakes of Heureka's order log and Zboží's backend conversion (tests/support/
// fake-conversions.ts): the calls are written in the order's transaction and sent once by the
// background sender; 5xx and no answer are retried, 400/401/415 given up at once; the checkout's
// opt-out sends nothing; a shop without keys writes and sends nothing and offers no opt-out; a hanging
// endpoint never holds placeOrder. The thank-you page's data: the session's own order, handed to the
// conversion scripts once. On PGlite and PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';
import { createCheckoutMethods, INVOICE_ADDRESS, type CheckoutMethods } from '../support/checkout.ts';
import { gid } from '../support/global-id.ts';
import {
  FAKE_HEUREKA_KEY,
  FAKE_ZBOZI_KEY,
  FAKE_ZBOZI_SHOP_ID,
  startFakeHeurekaOrderLog,
  startFakeZboziConversion,
  type FakeConversionEndpoint,
} from '../support/fake-conversions.ts';
import { loadConfig, type ConversionSettings } from '../../bff/src/config.ts';
import { CONVERSION_RETRY } from '../../bff/src/jobs/conversions.ts';

const TIMEOUT_MS = 2_000;

let heureka: FakeConversionEndpoint;
let zbozi: FakeConversionEndpoint;
let app: TestApp;
let bare: TestApp;
let methods: CheckoutMethods;
let bareMethods: CheckoutMethods;

function settings(extra: Partial<ConversionSettings>): ConversionSettings {
  return { ...loadConfig({ NODE_ENV: 'test' }).conversions, ...extra };
}

beforeAll(async () => {
  [heureka, zbozi] = await Promise.all([startFakeHeurekaOrderLog(), startFakeZboziConversion()]);
  app = await createTestApp({
    config: {
      conversions: settings({
        heurekaVerifiedKey: FAKE_HEUREKA_KEY,
        heurekaOrderLogUrl: heureka.url,
        zboziShopId: FAKE_ZBOZI_SHOP_ID,
        zboziPrivateKey: FAKE_ZBOZI_KEY,
        zboziConversionUrl: zbozi.url,
        zboziSandbox: true,
        heurekaConversionKey: 'heureka-public-key',
        timeoutMs: TIMEOUT_MS,
      }),
    },
  });
  // the same fakes' addresses, but no key: nothing may reach them
  bare = await createTestApp({ config: { conversions: settings({ heurekaOrderLogUrl: heureka.url, zboziConversionUrl: zbozi.url }) } });
  methods = await createCheckoutMethods(app.prisma);
  bareMethods = await createCheckoutMethods(bare.prisma);
});

afterAll(async () => {
  await app?.close();
  await bare?.close();
  await heureka?.close();
  await zbozi?.close();
});

beforeEach(() => {
  heureka.requests.length = 0;
  zbozi.requests.length = 0;
  heureka.failWith.length = 0;
  zbozi.failWith.length = 0;
});

const AddLine = graphql(`
  mutation ConversionsAdd($variantId: ID!, $quantity: Int) {
    addToCart(variantId: $variantId, quantity: $quantity) {
      __typename
    }
  }
`);

const Update = graphql(`
  mutation ConversionsUpdate($input: CheckoutInput!) {
    updateCheckout(input: $input) {
      __typename
      ... on Cart {
        checkout {
          revision
          canPlaceOrder
          surveyOffered
          surveyOptOut
        }
      }
    }
  }
`);

const Place = graphql(`
  mutation ConversionsPlace($revision: String!) {
    placeOrder(input: { revision: $revision }) {
      __typename
      ... on Order {
        databaseId
        number
      }
    }
  }
`);

const PlacedOrder = graphql(`
  query ConversionsPlacedOrder {
    placedOrder {
      databaseId
      number
      email
    }
  }
`);

const Claim = graphql(`
  mutation ConversionsClaim {
    claimConversion {
      orderNumber
      currency
      totalGross
      items {
        itemId
        quantity
        unitGross
      }
      heurekaKey
      zboziShopId
      googleSendTo
    }
  }
`);

let shopperCount = 0;

type Placed = { id: number; number: string; email: string; client: TestClient; placedInMs: number; surveyOffered: boolean };

/** Places an order of two jerseys by courier, cash on delivery; `surveyOptOut` ticks the opt-out. */
async function place(target: TestApp, targetMethods: CheckoutMethods, options: { surveyOptOut?: boolean } = {}): Promise<Placed> {
  const n = ++shopperCount;
  const email = `konverze-${n}@example.cz`;
  const product = await createProduct(target.prisma, { code: `KONV${n}`, variants: [{ size: 'M', priceCzk: 149_900, stock: 10 }] });
  const client = target.newClient({ 'x-shop-language': 'cs', 'x-forwarded-for': `10.79.0.${n}` });
  await client.ensureCsrfCookie();
  expect((await client.gql(AddLine, { variantId: gid('Variant', product.variants[0].id), quantity: 2 })).data!.addToCart.__typename).toBe('Cart');
  const saved = (
    await client.gql(Update, {
      input: {
        deliveryMethodId: gid('DeliveryMethod', targetMethods.delivery.courier),
        paymentMethodId: gid('PaymentMethod', targetMethods.payment['cash-on-delivery']),
        invoiceAddress: { ...INVOICE_ADDRESS, email },
        termsAccepted: true,
        ...(options.surveyOptOut === undefined ? {} : { surveyOptOut: options.surveyOptOut }),
      },
    })
  ).data!.updateCheckout;
  if (saved.__typename !== 'Cart') throw new Error(`checkout not saved: ${saved.__typename}`);
  expect(saved.checkout.canPlaceOrder).toBe(true);
  expect(saved.checkout.surveyOptOut).toBe(options.surveyOptOut ?? false);
  const started = Date.now();
  const placed = (await client.gql(Place, { revision: saved.checkout.revision })).data!.placeOrder;
  const placedInMs = Date.now() - started;
  if (placed.__typename !== 'Order') throw new Error(`order not placed: ${placed.__typename}`);
  return { id: placed.databaseId, number: placed.number, email, client, placedInMs, surveyOffered: saved.checkout.surveyOffered };
}

const rows = (orderId: number, target = app) =>
  target.prisma.conversionDelivery.findMany({ where: { orderId }, orderBy: { channel: 'asc' }, select: { channel: true, status: true, attempts: true, lastStatus: true } });
const requestsOf = (fake: FakeConversionEndpoint, email: string) => fake.requests.filter((request) => (request.body as { email?: string }).email === email);

/**
 * The sender's round that the order's commit kicked (after the commit's event is dispatched, so
 * possibly after placeOrder answered), finished: every row of the order tried once.
 */
async function afterKick(order: { id: number }) {
  await expect.poll(() => app.prisma.conversionDelivery.count({ where: { orderId: order.id, OR: [{ attempts: 0 }, { status: 'SENDING' }] } }), { timeout: 10_000 }).toBe(0);
  await app.conversions!.idle();
}

describe(`Ověřeno zákazníky and Zboží's backend conversion (${databaseKind})`, () => {
  it('writes both calls with the order and sends each once, with the documented bodies and no secret in the outbox', async () => {
    const order = await place(app, methods);
    expect(order.surveyOffered).toBe(true);
    await afterKick(order);
    expect(await rows(order.id)).toEqual([
      { channel: 'HEUREKA_ORDER_LOG', status: 'SENT', attempts: 1, lastStatus: 200 },
      { channel: 'ZBOZI_CONVERSION', status: 'SENT', attempts: 1, lastStatus: 200 },
    ]);
    const [logged] = requestsOf(heureka, order.email);
    expect(logged.contentType).toMatch(/^application\/json/);
    const line = await app.prisma.orderLine.findFirstOrThrow({ where: { orderId: order.id } });
    expect(logged.body).toEqual({ apiKey: FAKE_HEUREKA_KEY, email: order.email, orderId: Number(order.number), productItemIds: [line.variantCode] });
    const [converted] = requestsOf(zbozi, order.email);
    expect(converted.path).toBe(`/action/${FAKE_ZBOZI_SHOP_ID}/conversion/backend`);
    expect(converted.body).toMatchObject({
      PRIVATE_KEY: FAKE_ZBOZI_KEY,
      sandbox: true,
      orderId: order.number,
      email: order.email,
      deliveryType: 'PPL',
      paymentType: 'cash-on-delivery',
      cart: [{ itemId: line.variantCode, unitPrice: 1499, quantity: 2 }],
    });
    // a later round (another instance's, or the interval's) sends nothing again
    expect(await app.conversions!.sendNow({ now: new Date(Date.now() + 48 * 3600_000) })).toEqual({ done: 0, retrying: 0, failed: 0 });
    expect(requestsOf(heureka, order.email)).toHaveLength(1);
    expect(requestsOf(zbozi, order.email)).toHaveLength(1);
    const stored = JSON.stringify(await app.prisma.conversionDelivery.findMany({ where: { orderId: order.id } }));
    expect(stored).not.toContain(FAKE_HEUREKA_KEY);
    expect(stored).not.toContain(FAKE_ZBOZI_KEY);
  });

  it('the ticked opt-out sends nothing and is kept with the order', async () => {
    const order = await place(app, methods, { surveyOptOut: true });
    await afterKick(order);
    expect(await rows(order.id)).toEqual([]);
    expect(requestsOf(heureka, order.email)).toEqual([]);
    expect(requestsOf(zbozi, order.email)).toEqual([]);
    expect((await app.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).surveyOptOut).toBe(true);
  });

  it('retries a 5xx and an endpoint that does not answer, until it is taken; gives up a day after the order', async () => {
    heureka.failWith.push(503, 'hang');
    zbozi.failWith.push(500, 500, 500);
    const order = await place(app, methods);
    await afterKick(order);
    expect(await rows(order.id)).toMatchObject([
      { channel: 'HEUREKA_ORDER_LOG', status: 'PENDING', attempts: 1, lastStatus: 503 },
      { channel: 'ZBOZI_CONVERSION', status: 'PENDING', attempts: 1, lastStatus: 500 },
    ]);
    // not due before its wait is over
    expect(await app.conversions!.sendNow({ now: new Date(Date.now() + CONVERSION_RETRY.delaysMs[0] - 5_000) })).toEqual({ done: 0, retrying: 0, failed: 0 });

    // the second attempt: Heureka does not answer (timed out after TIMEOUT_MS), Zboží still fails
    const second = await app.conversions!.sendNow({ now: new Date(Date.now() + CONVERSION_RETRY.delaysMs[0] + 1_000) });
    expect(second).toEqual({ done: 0, retrying: 2, failed: 0 });
    expect(await rows(order.id)).toMatchObject([
      { channel: 'HEUREKA_ORDER_LOG', status: 'PENDING', attempts: 2, lastStatus: null },
      { channel: 'ZBOZI_CONVERSION', status: 'PENDING', attempts: 2, lastStatus: 500 },
    ]);
    const heurekaError = await app.prisma.conversionDelivery.findFirstOrThrow({ where: { orderId: order.id, channel: 'HEUREKA_ORDER_LOG' } });
    expect(heurekaError.lastError).toBe('no answer in time');

    // the third: Heureka takes it; Zboží fails once more
    const third = await app.conversions!.sendNow({ now: new Date(Date.now() + CONVERSION_RETRY.delaysMs[0] + CONVERSION_RETRY.delaysMs[1] + 2_000) });
    expect(third).toEqual({ done: 1, retrying: 1, failed: 0 });
    // a day after the order Zboží's call is given up, never retried forever
    expect(await app.conversions!.sendNow({ now: new Date(Date.now() + CONVERSION_RETRY.giveUpAfterMs + 60_000) })).toEqual({ done: 1, retrying: 0, failed: 0 });
    expect(await rows(order.id)).toMatchObject([
      { channel: 'HEUREKA_ORDER_LOG', status: 'SENT', attempts: 3, lastStatus: 200 },
      { channel: 'ZBOZI_CONVERSION', status: 'SENT', attempts: 4, lastStatus: 200 },
    ]);
    expect(requestsOf(heureka, order.email)).toHaveLength(3);
    expect(requestsOf(zbozi, order.email)).toHaveLength(4);

    // a call that keeps failing a whole day is given up
    zbozi.failWith.push(502, 502);
    const late = await place(app, methods);
    await afterKick(late);
    expect(await app.conversions!.sendNow({ now: new Date(Date.now() + CONVERSION_RETRY.giveUpAfterMs + 60_000) })).toEqual({ done: 0, retrying: 0, failed: 1 });
    expect((await rows(late.id)).find((row) => row.channel === 'ZBOZI_CONVERSION')).toMatchObject({ status: 'FAILED', attempts: 2, lastStatus: 502 });
  });

  it('gives up at once on 400, 401 and 415: the same request would be refused again', async () => {
    for (const status of [400, 401, 415]) {
      heureka.failWith.push(status);
      const order = await place(app, methods);
      await afterKick(order);
      expect((await rows(order.id)).find((row) => row.channel === 'HEUREKA_ORDER_LOG'), String(status)).toMatchObject({ status: 'FAILED', attempts: 1, lastStatus: status });
      // a later round an hour on does not try it again
      await app.conversions!.sendNow({ now: new Date(Date.now() + 3600_000) });
      expect(requestsOf(heureka, order.email)).toHaveLength(1);
      expect((await rows(order.id)).find((row) => row.channel === 'HEUREKA_ORDER_LOG')).toMatchObject({ status: 'FAILED', attempts: 1 });
    }
  });

  it('placeOrder does not wait for a hanging endpoint', async () => {
    heureka.failWith.push('hang');
    zbozi.failWith.push('hang');
    const order = await place(app, methods);
    // answered before the sender's calls ended: were placeOrder to wait for them, both would have
    // timed out (TIMEOUT_MS each, one after the other) and their rows would say so already
    const atAnswer = await app.prisma.conversionDelivery.findMany({ where: { orderId: order.id }, select: { lastError: true } });
    expect(atAnswer).toEqual([{ lastError: null }, { lastError: null }]);
    expect(order.placedInMs).toBeLessThan(10_000);
    await expect.poll(() => requestsOf(heureka, order.email).length + requestsOf(zbozi, order.email).length, { timeout: 4 * TIMEOUT_MS }).toBe(2);
    await afterKick(order);
    expect(await rows(order.id)).toMatchObject([
      { status: 'PENDING', attempts: 1, lastStatus: null },
      { status: 'PENDING', attempts: 1, lastStatus: null },
    ]);
  });

  it('without keys: no opt-out offered, nothing written, nothing sent, no sender', async () => {
    expect(bare.conversions).toBeNull();
    const order = await place(bare, bareMethods);
    expect(order.surveyOffered).toBe(false);
    expect(await rows(order.id, bare)).toEqual([]);
    expect(requestsOf(heureka, order.email)).toEqual([]);
    expect(requestsOf(zbozi, order.email)).toEqual([]);
    // nor does the thank-you page get anything for the scripts
    expect((await order.client.gql(Claim)).data?.claimConversion).toBeNull();
  });
});

describe(`the thank-you page's order and its conversion data (${databaseKind})`, () => {
  it('shows the order this session placed, to this session only, and hands its conversion data out once', async () => {
    const order = await place(app, methods);
    await afterKick(order);
    expect((await order.client.gql(PlacedOrder)).data?.placedOrder).toEqual({ databaseId: order.id, number: order.number, email: order.email });
    const stranger = app.newClient();
    expect((await stranger.gql(PlacedOrder)).data?.placedOrder).toBeNull();
    expect((await stranger.gql(Claim)).data?.claimConversion).toBeNull();

    const line = await app.prisma.orderLine.findFirstOrThrow({ where: { orderId: order.id } });
    const first = (await order.client.gql(Claim)).data?.claimConversion;
    expect(first).toEqual({
      orderNumber: order.number,
      currency: 'CZK',
      totalGross: (await app.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).totalGross,
      items: [{ itemId: line.variantCode, quantity: 2, unitGross: 149_900 }],
      heurekaKey: 'heureka-public-key',
      zboziShopId: FAKE_ZBOZI_SHOP_ID,
      googleSendTo: null,
    });
    // a reload, a second tab: never counted twice
    const again = await Promise.all([order.client.gql(Claim), order.client.gql(Claim)]);
    expect(again.map((answer) => answer.data?.claimConversion)).toEqual([null, null]);
    expect((await app.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).conversionMeasuredAt).not.toBeNull();
  });
});
