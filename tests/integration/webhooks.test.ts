// Webhooks for partners (issue 27; requirements W1, W2, F1, F2; docs/decisions/0040): a receiver in
// this test verifies every delivery with its own implementation of Standard Webhooks 1.0 (not the
// shop's signWebhook); a failed attempt is retried on the schedule, driven by the sender's clock (no
// sleeps); a change that rolls back sends nothing; URLs into private networks are refused at
// registration and at delivery (after DNS resolution, against rebinding), and redirects are not
// followed; an endpoint failing for 24 hours is switched off and its token's answers say so; the
// token command's webhook verbs; and the guide's Node example verifies a real delivery.
import { lookup } from 'node:dns/promises';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createOrder, createProduct } from '../support/factories.ts';
import { createCheckoutMethods, INVOICE_ADDRESS } from '../support/checkout.ts';
import { gid } from '../support/global-id.ts';
import { verifyStandardWebhook } from '../support/webhook-receiver.ts';
import { cancelUnpaidOrders } from '../../bff/src/services/unpaid-orders.ts';
import { createApiToken, type PartnerScope } from '../../bff/src/services/api-tokens.ts';
import { addWebhookEndpoint, WebhookInputError, type WebhookTopic } from '../../bff/src/services/webhooks.ts';
import { isPublicAddress, type Resolver, type WebhookUrlPolicy } from '../../bff/src/services/webhook-addresses.ts';
import { deliverWebhooks, WEBHOOK_RETRY, type WebhookSenderDeps } from '../../bff/src/jobs/webhook-deliveries.ts';
import { setStock, StockInputError } from '../../bff/src/services/stock.ts';
import { markOrderPaid, PaymentRefusedError } from '../../bff/src/services/order-payments.ts';
import { moveOrder } from '../../bff/src/services/order-transitions.ts';
import { pragueDay } from '../../schema/rules/dates.ts';
import { runShopCommand } from '../../scripts/shop-command.ts';
import { tokenCommand } from '../../scripts/token.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

let app: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  app = await createTestApp({ config: { webhookAllowHosts: ['127.0.0.1'] } });
  receiver = await startReceiver();
});

afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

// every test starts with no endpoints (stock and price events go to every subscribed endpoint)
beforeEach(async () => {
  receiver.reset();
  await app.prisma.webhookEndpoint.deleteMany();
});

// ------------------------------------------------------------------ the receiver, from the spec

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

type Receiver = {
  url: (path?: string) => string;
  received: Received[];
  /** Bytes of endless answers written so far. */
  endlessBytes: () => number;
  /**
   * The next answers, in order (200 when the list is empty): `hang` never answers; `endless` answers
   * with a body that does not end.
   */
  answers: { status: number; headers?: Record<string, string>; hang?: boolean; endless?: boolean }[];
  reset: () => void;
  close: () => Promise<void>;
};

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers: Receiver['answers'] = [];
  let endlessBytes = 0;
  const server: Server = createServer({ requestTimeout: 0 }, (req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body });
      const answer = answers.shift() ?? { status: 200 };
      if (answer.hang) return;
      res.writeHead(answer.status, answer.headers);
      if (!answer.endless) return void res.end('ok');
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) endlessBytes += chunk.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (p = '/hooks') => `http://127.0.0.1:${port}${p}`,
    received,
    answers,
    endlessBytes: () => endlessBytes,
    reset() {
      received.length = 0;
      answers.length = 0;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// ------------------------------------------------------------------ helpers

const allowLocal: WebhookUrlPolicy = { allowHosts: ['127.0.0.1'] };
const quiet = { info: () => undefined, error: () => undefined };

function sender(policy: WebhookUrlPolicy = allowLocal): WebhookSenderDeps {
  return { db: app.prisma, policy, log: quiet };
}

async function partner(scopes: PartnerScope[] = ['catalog:read', 'cart']) {
  const { token, summary } = await createApiToken(app.prisma, { name: `Partner ${Math.random().toString(36).slice(2, 8)}`, scopes });
  return { token, prefix: summary.prefix, id: summary.id };
}

async function endpoint(prefix: string, topics: WebhookTopic[], url = receiver.url(), policy = allowLocal) {
  return addWebhookEndpoint(app.prisma, { tokenPrefix: prefix, url, topics }, policy);
}

function deliveriesOf(endpointId: number) {
  return app.prisma.webhookDelivery.findMany({ where: { endpointId }, orderBy: { createdAt: 'asc' } });
}

/** A public address for host names in tests that must not depend on the internet's DNS. */
const publicResolver: Resolver = async () => [{ address: '93.184.215.14', family: 4 }];

// ------------------------------------------------------------------ tests

describe(`webhooks (${databaseKind})`, () => {
  it('a stock change is delivered signed as Standard Webhooks 1.0; the receiver verifies it, and a tampered body fails', async () => {
    const { prefix } = await partner();
    const { secret, endpoint: hook } = await endpoint(prefix, ['stock.changed', 'product.updated']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const product = await createProduct(app.prisma, { variants: [{ size: 'M', stock: 2 }] });
    const [variant] = product.variants;

    await setStock(app.prisma, [{ code: variant.code, quantity: 7 }]);
    await app.prisma.variant.update({ where: { id: variant.id }, data: { priceCzk: 129_900 } });
    const now = new Date();
    const report = await deliverWebhooks(sender(), { now });
    expect(report).toMatchObject({ delivered: 2, retrying: 0, failed: 0 });

    expect(receiver.received).toHaveLength(2);
    const [stock, price] = receiver.received;
    for (const delivery of receiver.received) {
      expect(verifyStandardWebhook(secret, delivery.headers, delivery.body, Math.floor(now.getTime() / 1000))).toBe(true);
      expect(delivery.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(delivery.headers['content-type']).toBe('application/json');
      // another secret, a changed body or a stale timestamp: refused
      expect(verifyStandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, delivery.headers, delivery.body, now.getTime() / 1000)).toBe(false);
      expect(verifyStandardWebhook(secret, delivery.headers, delivery.body.replace('}', ',"x":1}'), now.getTime() / 1000)).toBe(false);
      expect(verifyStandardWebhook(secret, delivery.headers, delivery.body, now.getTime() / 1000 + 301)).toBe(false);
    }
    expect(JSON.parse(stock.body)).toMatchObject({
      type: 'stock.changed',
      data: { productCode: product.code, variantCode: variant.code, stock: 7, previousStock: 2 },
    });
    expect(JSON.parse(price.body)).toMatchObject({ type: 'product.updated', data: { productCode: product.code, variantCode: variant.code, changed: ['priceCzk'] } });
    expect(new Date(JSON.parse(stock.body).timestamp).getTime()).toBeGreaterThan(now.getTime() - 60_000);
    const rows = await deliveriesOf(hook.id);
    expect(rows.map((row) => [row.id, row.status, row.attempts, row.lastStatus])).toEqual([
      [stock.headers['webhook-id'], 'DELIVERED', 1, 200],
      [price.headers['webhook-id'], 'DELIVERED', 1, 200],
    ]);
    // nothing is sent twice
    expect(await deliverWebhooks(sender())).toMatchObject({ delivered: 0 });
  });

  it('a 500 is retried on the schedule with the same webhook-id and a fresh signature; the log shows the attempts', async () => {
    const { prefix } = await partner();
    const { secret, endpoint: hook } = await endpoint(prefix, ['stock.changed']);
    const product = await createProduct(app.prisma, { variants: [{ size: 'L', stock: 0 }] });
    await setStock(app.prisma, [{ code: product.variants[0].code, quantity: 5 }]);
    const t0 = new Date((await deliveriesOf(hook.id))[0].createdAt.getTime() + 1000);

    receiver.answers.push({ status: 500 });
    expect(await deliverWebhooks(sender(), { now: t0 })).toMatchObject({ delivered: 0, retrying: 1 });
    let [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastStatus: 500, lastError: 'HTTP 500' });
    expect(row.nextAttemptAt.getTime() - t0.getTime()).toBe(WEBHOOK_RETRY.delaysMs[0]);

    // not due a moment before the delay is over
    expect(await deliverWebhooks(sender(), { now: new Date(t0.getTime() + WEBHOOK_RETRY.delaysMs[0] - 1) })).toMatchObject({ delivered: 0, retrying: 0 });
    expect(receiver.received).toHaveLength(1);

    const t1 = new Date(t0.getTime() + WEBHOOK_RETRY.delaysMs[0]);
    expect(await deliverWebhooks(sender(), { now: t1 })).toMatchObject({ delivered: 1 });
    [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'DELIVERED', attempts: 2, lastStatus: 200, lastError: null });
    const [first, second] = receiver.received;
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    expect(Number(second.headers['webhook-timestamp']) - Number(first.headers['webhook-timestamp'])).toBe(WEBHOOK_RETRY.delaysMs[0] / 1000);
    expect(verifyStandardWebhook(secret, second.headers, second.body, t1.getTime() / 1000)).toBe(true);
    // the endpoint's failing streak ended with the success
    expect(await app.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).toMatchObject({ failingSince: null, disabledAt: null });
  });

  it('a change that rolls back sends nothing: a stock import with one unknown code, an order whose transaction fails', async () => {
    const { prefix, id: tokenId } = await partner();
    const { endpoint: hook } = await endpoint(prefix, ['stock.changed', 'order.created']);
    const product = await createProduct(app.prisma, { variants: [{ size: 'S', stock: 1 }] });

    await expect(
      setStock(app.prisma, [
        { code: product.variants[0].code, quantity: 9 },
        { code: 'NO-SUCH-VARIANT', quantity: 1 },
      ]),
    ).rejects.toBeInstanceOf(StockInputError);
    const cart = await app.prisma.cart.create({ data: { apiTokenId: tokenId, currency: 'CZK' } });
    await expect(
      app.prisma.$transaction(async (tx) => {
        await createOrder(tx as never, { cartId: cart.id });
        throw new Error('the payment provider refused');
      }),
    ).rejects.toThrow('refused');

    expect(await deliveriesOf(hook.id)).toEqual([]);
    expect(await deliverWebhooks(sender())).toMatchObject({ delivered: 0, retrying: 0, failed: 0 });
    expect(receiver.received).toEqual([]);
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: product.variants[0].id } })).stock).toBe(1);
  });

  it('order.created and order.paid go to the ordering token’s endpoints only, without personal data', async () => {
    const ordering = await partner();
    const other = await partner();
    const { secret, endpoint: mine } = await endpoint(ordering.prefix, ['order.created', 'order.paid']);
    const { endpoint: theirs } = await endpoint(other.prefix, ['order.created', 'order.paid']);
    const cart = await app.prisma.cart.create({ data: { apiTokenId: ordering.id, currency: 'CZK' } });
    const order = await createOrder(app.prisma, { cartId: cart.id });
    // a shopper's own order (no partner's cart) goes to nobody
    await createOrder(app.prisma);
    await app.prisma.order.update({ where: { id: order.id }, data: { status: 'PAID' } });

    await deliverWebhooks(sender());
    expect(await deliveriesOf(theirs.id)).toEqual([]);
    expect(receiver.received.map((r) => JSON.parse(r.body))).toEqual([
      { type: 'order.created', timestamp: expect.any(String), data: { orderNumber: order.number, status: 'NEW', currency: 'CZK', totalGross: order.totalGross } },
      { type: 'order.paid', timestamp: expect.any(String), data: { orderNumber: order.number, status: 'PAID', currency: 'CZK', totalGross: order.totalGross } },
    ]);
    for (const r of receiver.received) expect(verifyStandardWebhook(secret, r.headers, r.body, Date.now() / 1000)).toBe(true);
    expect(receiver.received.map((r) => r.body).join()).not.toContain(order.email);
    expect((await deliveriesOf(mine.id)).map((row) => row.status)).toEqual(['DELIVERED', 'DELIVERED']);
  });

  it('order.paid fires once when the shop records the payment (markOrderPaid): marking again or a refused payment sends nothing more', async () => {
    const ordering = await partner();
    const { secret, endpoint: mine } = await endpoint(ordering.prefix, ['order.paid']);
    const cart = await app.prisma.cart.create({ data: { apiTokenId: ordering.id, currency: 'CZK' } });
    const order = await createOrder(app.prisma, { cartId: cart.id, createdAt: new Date(Date.now() - 24 * 3600_000) });
    const payment = { orderNumber: order.number, amount: order.totalGross, currency: 'CZK' as const, source: 'command' as const };
    await expect(markOrderPaid(app.prisma, { ...payment, amount: order.totalGross - 1 })).rejects.toBeInstanceOf(PaymentRefusedError);
    expect(await deliveriesOf(mine.id)).toEqual([]);
    expect(await markOrderPaid(app.prisma, payment)).toMatchObject({ result: 'MARKED' });
    expect(await markOrderPaid(app.prisma, { ...payment, reference: 'a second one' })).toMatchObject({ result: 'ALREADY_PAID' });

    await deliverWebhooks(sender());
    expect(receiver.received.map((r) => JSON.parse(r.body))).toEqual([
      { type: 'order.paid', timestamp: expect.any(String), data: { orderNumber: order.number, status: 'PAID', currency: 'CZK', totalGross: order.totalGross } },
    ]);
    expect(verifyStandardWebhook(secret, receiver.received[0].headers, receiver.received[0].body, Date.now() / 1000)).toBe(true);
    expect((await deliveriesOf(mine.id)).map((row) => [row.topic, row.status])).toEqual([['order.paid', 'DELIVERED']]);
  });

  it('two senders at once deliver each event once; a sender that dies mid-item leaves a claim that lapses, and the event goes out again with its webhook-id', async () => {
    const { prefix } = await partner();
    const { endpoint: hook } = await endpoint(prefix, ['stock.changed']);
    const product = await createProduct(app.prisma, { variants: ['S', 'M', 'L', 'XL'].map((size) => ({ size, stock: 1 })) });
    for (const quantity of [2, 3, 4]) await setStock(app.prisma, product.variants.map((v) => ({ code: v.code, quantity })));
    const [a, b] = await Promise.all([deliverWebhooks(sender()), deliverWebhooks(sender())]);
    expect(a.delivered + b.delivered).toBe(12);
    expect(receiver.received).toHaveLength(12);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(12);
    expect((await deliveriesOf(hook.id)).every((row) => row.status === 'DELIVERED' && row.attempts === 1)).toBe(true);

    // a sender that claimed the next event and then hung (or was killed) before marking it
    receiver.reset();
    await setStock(app.prisma, [{ code: product.variants[0].code, quantity: 9 }]);
    const t0 = new Date(Date.now() + 1000);
    let finishHungPost: (answer: { status: number }) => void = () => undefined;
    const hung = deliverWebhooks({ ...sender(), post: () => new Promise((resolve) => (finishHungPost = resolve)) }, { now: t0 });
    await vi.waitFor(async () => expect((await deliveriesOf(hook.id)).find((row) => row.status === 'SENDING')).toBeDefined());
    // its claim holds for the lease …
    expect(await deliverWebhooks(sender(), { now: new Date(t0.getTime() + WEBHOOK_RETRY.leaseMs - 1) })).toMatchObject({ delivered: 0 });
    // … then another sender takes the event over
    expect(await deliverWebhooks(sender(), { now: new Date(t0.getTime() + WEBHOOK_RETRY.leaseMs) })).toMatchObject({ delivered: 1 });
    const taken = (await deliveriesOf(hook.id)).at(-1)!;
    expect(taken).toMatchObject({ status: 'DELIVERED', attempts: 2 });
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([taken.id]);
    // the first sender coming back cannot mark a row it no longer holds
    finishHungPost({ status: 200 });
    expect(await hung).toMatchObject({ delivered: 0 });
    expect((await deliveriesOf(hook.id)).at(-1)).toMatchObject({ status: 'DELIVERED', attempts: 2 });
  });

  it('an order a partner places through the API announces order.created and the stock it took; its expiry unpaid gives the stock back', async () => {
    const { prefix, token } = await partner();
    const { secret, endpoint: hook } = await endpoint(prefix, ['order.created', 'stock.changed']);
    const methods = await createCheckoutMethods(app.prisma);
    const product = await createProduct(app.prisma, { variants: [{ size: 'M', stock: 5, priceCzk: 199_900 }] });
    const [variant] = product.variants;
    const cart = { id: '' }; // the X-Cart-Id once addToCart made the cart
    const call = async (query: string, variables: Record<string, unknown> = {}) => {
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(cart.id ? { 'x-cart-id': cart.id } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return ((await response.json()) as { data: Record<string, Record<string, unknown>> }).data;
    };
    const added = await call('mutation ($v: ID!) { addToCart(variantId: $v, quantity: 2) { __typename ... on Cart { id } } }', { v: gid('Variant', variant.id) });
    cart.id = added.addToCart.id as string;
    const checkout = await call(
      'mutation ($input: CheckoutInput!) { updateCheckout(input: $input) { __typename ... on Cart { checkout { canPlaceOrder revision } } } }',
      {
        input: {
          deliveryMethodId: gid('DeliveryMethod', methods.delivery.courier),
          paymentMethodId: gid('PaymentMethod', methods.payment['bank-transfer']),
          termsAccepted: true,
          invoiceAddress: INVOICE_ADDRESS,
        },
      },
    );
    const { canPlaceOrder, revision } = checkout.updateCheckout.checkout as { canPlaceOrder: boolean; revision: string };
    expect(canPlaceOrder).toBe(true);
    const placed = await call('mutation ($r: String!) { placeOrder(input: { revision: $r }) { __typename ... on Order { number } } }', { r: revision });
    expect(placed.placeOrder.__typename).toBe('Order');

    await deliverWebhooks(sender());
    const events = receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(events).toEqual([
      { type: 'stock.changed', timestamp: expect.any(String), data: { productCode: product.code, variantCode: variant.code, stock: 3, previousStock: 5 } },
      { type: 'order.created', timestamp: expect.any(String), data: expect.objectContaining({ orderNumber: placed.placeOrder.number, status: 'NEW' }) },
    ]);
    for (const r of receiver.received) expect(verifyStandardWebhook(secret, r.headers, r.body, Date.now() / 1000)).toBe(true);

    // unpaid after its deadline: cancelled, and its stock back on sale is announced too. The app's own
    // after-commit work of the order (its confirmation e-mail) ends first: the cancellation skips an
    // order whose row another transaction holds, as it should (the next run takes it)
    receiver.reset();
    await app.mailer.idle();
    const order = await app.prisma.order.findUniqueOrThrow({ where: { number: placed.placeOrder.number as string }, select: { id: true } });
    expect(await cancelUnpaidOrders(app.prisma, new Date(Date.now() + 60 * 24 * 3600_000))).toContain(order.id);
    await deliverWebhooks(sender());
    expect(receiver.received.map((r) => JSON.parse(r.body))).toEqual([
      { type: 'stock.changed', timestamp: expect.any(String), data: { productCode: product.code, variantCode: variant.code, stock: 5, previousStock: 3 } },
    ]);
    expect((await deliveriesOf(hook.id)).map((row) => row.status)).toEqual(['DELIVERED', 'DELIVERED', 'DELIVERED']);
  });

  it("a warehouse app's token (orders:read) hears every order, also one placed in the browser, and its moves; a cart token hears only its own", async () => {
    const warehouse = await partner(['orders:read']);
    const shopPartner = await partner(['cart']);
    await endpoint(warehouse.prefix, ['order.created', 'order.paid', 'order.processing']);
    const { endpoint: other } = await endpoint(shopPartner.prefix, ['order.created', 'order.processing']);
    const order = await createOrder(app.prisma);
    await markOrderPaid(app.prisma, { orderNumber: order.number, amount: order.totalGross, currency: 'CZK', paidOn: pragueDay(new Date()), reference: 'test', source: 'command' });
    await moveOrder(app.prisma, { orderId: order.id, to: 'PROCESSING', actor: { kind: 'shop' }, idempotencyKey: 'pack' });
    await deliverWebhooks(sender());
    const heard = receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: { orderNumber: string; status: string } });
    expect(heard.map((event) => [event.type, event.data.orderNumber, event.data.status])).toEqual([
      ['order.created', order.number, 'NEW'],
      ['order.paid', order.number, 'PAID'],
      ['order.processing', order.number, 'PROCESSING'],
    ]);
    expect(await deliveriesOf(other.id)).toEqual([]);
    // the scope is checked when the endpoint is added: orders:read or cart, not catalog:read alone
    const catalogOnly = await partner(['catalog:read']);
    await expect(endpoint(catalogOnly.prefix, ['order.shipped'])).rejects.toThrow(/needs the token's scope cart or orders:read/);
  });

  it('SSRF: registration refuses http, credentials and every private, loopback, link-local, CGNAT, multicast and IPv6 local address', async () => {
    const { prefix } = await partner();
    const strict: WebhookUrlPolicy = { allowHosts: [], resolve: publicResolver };
    const refused = [
      'http://partner.example/hooks',
      'ftp://partner.example/hooks',
      'https://user:secret@partner.example/hooks',
      'https://127.0.0.1/hooks',
      'https://127.1.2.3/hooks',
      'https://10.0.0.8/hooks',
      'https://172.16.5.4/hooks',
      'https://192.168.1.1/hooks',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/hooks',
      'https://0.0.0.0/hooks',
      'https://224.0.0.251/hooks',
      'https://255.255.255.255/hooks',
      'https://2130706433/hooks', // 127.0.0.1 written as one number
      'https://0x7f.1/hooks',
      'https://[::1]/hooks',
      'https://[::]/hooks',
      'https://[fd12:3456::1]/hooks',
      'https://[fe80::1]/hooks',
      'https://[ff02::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[::ffff:a9fe:a9fe]/hooks',
      'https://[64:ff9b::a00:1]/hooks',
      'not a url',
    ];
    for (const url of refused) {
      await expect(endpoint(prefix, ['stock.changed'], url, strict), url).rejects.toBeInstanceOf(WebhookInputError);
    }
    // a host name that resolves to a private address, here and through the system's resolver
    const toLoopback: WebhookUrlPolicy = { allowHosts: [], resolve: async () => [{ address: '127.0.0.1', family: 4 }] };
    await expect(endpoint(prefix, ['stock.changed'], 'https://partner.example/hooks', toLoopback)).rejects.toThrow(/resolves to 127\.0\.0\.1/);
    const mixed: WebhookUrlPolicy = { allowHosts: [], resolve: async () => [{ address: '93.184.215.14', family: 4 }, { address: '10.1.1.1', family: 4 }] };
    await expect(endpoint(prefix, ['stock.changed'], 'https://partner.example/hooks', mixed)).rejects.toThrow(/10\.1\.1\.1/);
    await expect(endpoint(prefix, ['stock.changed'], 'https://localhost/hooks', { allowHosts: ['127.0.0.1'] })).rejects.toThrow(/not a public address/);
    // a public one is accepted; nothing refused was stored
    const { endpoint: ok } = await endpoint(prefix, ['stock.changed'], 'https://partner.example/hooks', strict);
    expect(ok.url).toBe('https://partner.example/hooks');
    expect((await app.prisma.webhookEndpoint.findMany({ where: { apiToken: { prefix } } })).map((e) => e.url)).toEqual(['https://partner.example/hooks']);
    expect(['93.184.215.14', '2a00:1450:4001::200e', '8.8.8.8'].every(isPublicAddress)).toBe(true);
  });

  it('SSRF at delivery: a name that now resolves to 127.0.0.1 (DNS rebinding), localhost outside the allow-list and a redirect are never followed', async () => {
    const { prefix } = await partner();
    const port = new URL(receiver.url()).port;
    // registered while the name pointed to a public address …
    let answer = '93.184.215.14';
    const rebinding: WebhookUrlPolicy = {
      allowHosts: ['127.0.0.1'],
      // rebind.example is the attacker's name; any other name goes to the system's resolver
      resolve: async (host) =>
        host === 'rebind.example'
          ? [{ address: answer, family: 4 }]
          : (await lookup(host, { all: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 })),
    };
    const { endpoint: rebound } = await endpoint(prefix, ['stock.changed'], `https://rebind.example:${port}/hooks`, rebinding);
    // … and one stored when localhost was allowed; and one that redirects into the shop's network
    const { endpoint: local } = await endpoint(prefix, ['stock.changed'], `https://localhost:${port}/hooks`, { allowHosts: ['127.0.0.1', 'localhost'] });
    const { endpoint: redirecting } = await endpoint(prefix, ['stock.changed'], receiver.url('/moved'));
    receiver.answers.push({ status: 302, headers: { location: receiver.url('/internal-admin') } });
    const product = await createProduct(app.prisma, { variants: [{ size: 'M', stock: 0 }] });
    await setStock(app.prisma, [{ code: product.variants[0].code, quantity: 1 }]);

    answer = '127.0.0.1'; // the name points to the shop's own machine now
    await deliverWebhooks(sender(rebinding));
    const [rebindRow] = await deliveriesOf(rebound.id);
    const [localRow] = await deliveriesOf(local.id);
    const [redirectRow] = await deliveriesOf(redirecting.id);
    expect(rebindRow).toMatchObject({ status: 'PENDING', attempts: 1, lastStatus: null });
    expect(rebindRow.lastError).toMatch(/rebind\.example resolves to 127\.0\.0\.1, which is not a public address/);
    expect(localRow).toMatchObject({ status: 'PENDING', attempts: 1, lastStatus: null });
    expect(localRow.lastError).toMatch(/localhost resolves to (127\.0\.0\.1|::1), which is not a public address/);
    expect(redirectRow).toMatchObject({ status: 'PENDING', attempts: 1, lastStatus: 302, lastError: 'HTTP 302: redirects are not followed' });
    // only the redirecting request reached the receiver; its Location was not visited
    expect(receiver.received.map((r) => r.path)).toEqual(['/moved']);
  });

  it('a host name is connected to at the address its check resolved; a revoked token’s events are not sent', async () => {
    const { prefix, id: tokenId } = await partner();
    const port = new URL(receiver.url()).port;
    const resolved: string[] = [];
    // hooks.test is allow-listed here and resolves (through the sender's own lookup) to the receiver
    const policy: WebhookUrlPolicy = {
      allowHosts: ['hooks.test'],
      resolve: async (host) => (resolved.push(host), [{ address: '127.0.0.1', family: 4 }]),
    };
    await endpoint(prefix, ['stock.changed'], `http://hooks.test:${port}/by-name`, policy);
    const product = await createProduct(app.prisma, { variants: [{ size: 'M', stock: 1 }] });
    await setStock(app.prisma, [{ code: product.variants[0].code, quantity: 2 }]);
    resolved.length = 0;
    expect(await deliverWebhooks(sender(policy))).toMatchObject({ delivered: 1 });
    expect(resolved).toEqual(['hooks.test']);
    expect(receiver.received.map((r) => [r.path, r.headers.host])).toEqual([['/by-name', `hooks.test:${port}`]]);

    // revoked: what was written before stays unsent, and nothing new is written
    await setStock(app.prisma, [{ code: product.variants[0].code, quantity: 3 }]);
    await app.prisma.apiToken.update({ where: { id: tokenId }, data: { revokedAt: new Date() } });
    await setStock(app.prisma, [{ code: product.variants[0].code, quantity: 4 }]);
    expect(await deliverWebhooks(sender(policy))).toMatchObject({ delivered: 0, retrying: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
    expect(await app.prisma.webhookDelivery.count({ where: { endpoint: { apiTokenId: tokenId } } })).toBe(2);
  });

  it('an endpoint that never answers is given up after the time limit, and an endless answer is cut after its first 64 KiB', async () => {
    const { prefix } = await partner();
    const { endpoint: hook } = await endpoint(prefix, ['stock.changed']);
    const product = await createProduct(app.prisma, { variants: [{ size: 'M', stock: 1 }, { size: 'L', stock: 1 }] });
    await setStock(app.prisma, product.variants.map((v) => ({ code: v.code, quantity: 2 })));
    const timeoutMs = WEBHOOK_RETRY.timeoutMs;
    WEBHOOK_RETRY.timeoutMs = 300; // the test's own limit, instead of 10 s
    try {
      receiver.answers.push({ status: 200, hang: true }, { status: 200, endless: true });
      const started = performance.now();
      expect(await deliverWebhooks(sender())).toMatchObject({ delivered: 1, retrying: 1 });
      expect(performance.now() - started).toBeLessThan(5000);
      // the sender stopped reading: far less than the loopback would carry in the time limit
      expect(receiver.endlessBytes()).toBeLessThan(8 * 1024 * 1024);
    } finally {
      WEBHOOK_RETRY.timeoutMs = timeoutMs;
    }
    const rows = await deliveriesOf(hook.id);
    expect(rows.map((row) => [row.status, row.lastStatus, row.lastError])).toEqual([
      ['PENDING', null, 'no answer within 300 ms'],
      ['DELIVERED', 200, null],
    ]);
  });

  it('an endpoint failing for 24 hours is retried on the schedule, then switched off; its token’s answers warn until it is switched on', async () => {
    const { prefix, token } = await partner();
    const { endpoint: hook } = await endpoint(prefix, ['stock.changed'], receiver.url('/down'));
    const product = await createProduct(app.prisma, { variants: [{ size: 'XL', stock: 3 }] });
    await setStock(app.prisma, [{ code: product.variants[0].code, quantity: 4 }]);
    const created = (await deliveriesOf(hook.id))[0].createdAt.getTime();

    const attemptsAt: number[] = [];
    for (let now = created; attemptsAt.length < 20; ) {
      receiver.answers.push({ status: 503 });
      await deliverWebhooks(sender(), { now: new Date(now) });
      attemptsAt.push(now - created);
      const [row] = await deliveriesOf(hook.id);
      if (row.status !== 'PENDING') break;
      now = row.nextAttemptAt.getTime();
    }
    const HOUR = 3600_000;
    // 5 s, 5 min, 30 min, 2 h, 5 h, 10 h apart, the last at the 24-hour mark
    expect(attemptsAt).toEqual([0, 5_000, 305_000, 2_105_000, 9_305_000, 27_305_000, 63_305_000, 24 * HOUR]);
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 8, lastStatus: 503 });
    const switchedOff = await app.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } });
    expect(switchedOff.disabledAt?.getTime()).toBe(created + 24 * HOUR);
    expect(switchedOff.failingSince?.getTime()).toBe(created);

    // nothing more goes to it
    await setStock(app.prisma, [{ code: product.variants[0].code, quantity: 5 }]);
    receiver.reset();
    await deliverWebhooks(sender(), { now: new Date(created + 25 * HOUR) });
    expect(receiver.received).toEqual([]);

    const ask = async (language: string) => {
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': language, 'x-shop-language': language },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      return (await response.json()) as { data: unknown; extensions?: { warnings?: unknown[] } };
    };
    const answer = await ask('en');
    expect(answer.data).toEqual({ __typename: 'Query' });
    expect(answer.extensions?.warnings).toEqual([
      {
        code: 'WEBHOOK_DISABLED',
        message: `The webhook ${receiver.url('/down')} was switched off because nothing could be delivered to it for 24 hours. Once it answers again, ask the shop to switch it back on.`,
        endpointId: hook.id,
        url: receiver.url('/down'),
        disabledAt: new Date(created + 24 * HOUR).toISOString(),
      },
    ]);
    expect((await ask('cs')).extensions?.warnings).toEqual([expect.objectContaining({ message: expect.stringContaining('jsme vypnuli') })]);

    // switched on again by the shop: no more warnings
    const { code } = await runToken(['webhook', 'enable', String(hook.id)]);
    expect(code).toBe(0);
    expect((await ask('en')).extensions?.warnings).toBeUndefined();
  });

  it('npm run token -- webhook add, list, test, log and remove; bad topics, scopes and URLs are refused with the reason', async () => {
    const { prefix } = await partner(['catalog:read']);
    const added = await runToken(['webhook', 'add', prefix, receiver.url('/shop'), '--topics', 'stock.changed,product.updated']);
    expect(added.code, added.stderr).toBe(0);
    const secret = /whsec_[A-Za-z0-9+/]{43}=/.exec(added.stdout)![0];
    const id = /Added webhook endpoint (\d+)/.exec(added.stdout)![1];
    expect(added.stdout).toMatch(/not shown again/);

    const listed = await runToken(['webhook', 'list', prefix]);
    expect(listed.stdout).toMatch(new RegExp(`^${id}\\s+${prefix}\\s+${receiver.url('/shop').replace(/[.?]/g, '\\$&')}\\s+stock.changed,product.updated\\s+.*\\bon$`, 'm'));
    expect(listed.stdout).not.toContain(secret);

    const tested = await runToken(['webhook', 'test', id]);
    expect(tested.code, tested.stderr).toBe(0);
    expect(tested.stdout).toMatch(/Ping msg_[0-9a-f]{32} delivered to .*: HTTP 200\./);
    const [ping] = receiver.received;
    expect(JSON.parse(ping.body)).toMatchObject({ type: 'webhook.ping', data: { endpointId: Number(id) } });
    expect(verifyStandardWebhook(secret, ping.headers, ping.body, Date.now() / 1000)).toBe(true);

    receiver.answers.push({ status: 500 });
    const failedPing = await runToken(['webhook', 'test', id]);
    expect(failedPing.code).toBe(2);
    expect(failedPing.stderr).toMatch(/failed: HTTP 500/);

    const log = await runToken(['webhook', 'log', id]);
    expect(log.code).toBe(0);
    expect(log.stdout).toMatch(/webhook\.ping\s+FAILED\s+1\s+500\s+–\s+HTTP 500/);
    expect(log.stdout).toMatch(/webhook\.ping\s+DELIVERED\s+1\s+200/);

    const refusals: [string[], RegExp][] = [
      [['webhook', 'add', prefix, receiver.url(), '--topics', 'order.teleported'], /Unknown topic "order\.teleported"/],
      [['webhook', 'add', prefix, receiver.url(), '--topics', 'order.paid'], /order\.paid needs the token's scope cart/],
      [['webhook', 'add', prefix, 'https://10.0.0.1/hooks', '--topics', 'stock.changed'], /10\.0\.0\.1 is a private/],
      [['webhook', 'add', prefix, 'http://192.168.0.10/hooks', '--topics', 'stock.changed'], /must start with https/],
      [['webhook', 'add', 'ffffffff', receiver.url(), '--topics', 'stock.changed'], /No token has the prefix ffffffff/],
      [['webhook', 'add', prefix, receiver.url()], /needs --topics/],
      [['webhook', 'remove', 'abc'], /not an endpoint id/],
      [['webhook', 'log', '999999'], /No webhook endpoint has the id 999999/],
      [['webhook', 'fly'], /Unknown webhook command "fly"/],
    ];
    for (const [args, reason] of refusals) {
      const result = await runToken(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(reason);
    }
    expect(await app.prisma.webhookEndpoint.count({ where: { apiToken: { prefix } } })).toBe(1);

    const removed = await runToken(['webhook', 'remove', id]);
    expect(removed.stdout).toMatch(new RegExp(`Removed webhook endpoint ${id}`));
    expect(await app.prisma.webhookEndpoint.count({ where: { apiToken: { prefix } } })).toBe(0);
    expect(await app.prisma.webhookDelivery.count({ where: { endpointId: Number(id) } })).toBe(0);
  });

  it('the guide’s Node example verifies a delivery of the shop and refuses a forged or stale one', async () => {
    const guide = readFileSync(path.join(ROOT, 'docs/partners.md'), 'utf8');
    const chapter = guide.slice(guide.indexOf('## 13. Webhooks'));
    const code = /```js\n([\s\S]*?)^```/m.exec(chapter)![1];
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-webhook-doc-'));
    try {
      const file = path.join(dir, 'verify-webhook.mjs');
      writeFileSync(file, code);
      const { verifyWebhook } = (await import(pathToFileURL(file).href)) as {
        verifyWebhook: (secret: string, headers: Record<string, string | string[] | undefined>, body: string) => unknown;
      };
      const { prefix } = await partner();
      const { secret } = await endpoint(prefix, ['stock.changed']);
      const product = await createProduct(app.prisma, { variants: [{ size: 'M', stock: 1 }] });
      await setStock(app.prisma, [{ code: product.variants[0].code, quantity: 2 }]);
      await deliverWebhooks(sender());
      const [delivery] = receiver.received;
      expect(verifyWebhook(secret, delivery.headers, delivery.body)).toMatchObject({ type: 'stock.changed', data: { stock: 2 } });
      expect(() => verifyWebhook(secret, delivery.headers, delivery.body.replace('"stock": 2', '"stock": 200'))).toThrow();
      const stale = { ...delivery.headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 301) };
      expect(() => verifyWebhook(secret, stale, delivery.body)).toThrow();
      // the guide's topics are the ones the shop knows
      expect(chapter).toContain('--topics product.updated,stock.changed,order.created,order.paid');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The token command in this process (console captured), with the server's settings for this app's database. */
async function runToken(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')));
  try {
    const code = await runShopCommand(tokenCommand, args, {
      DATABASE_URL: app.databaseUrl,
      NODE_ENV: 'test',
      WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    });
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}
