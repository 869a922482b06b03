// One order lifecycle (issue 43 §1, decision 0067): every move through services/order-transitions.ts,
// checked against the table of schema/rules/order-lifecycle.ts, written as an OrderEvent in the move's
// transaction with its partner webhook and the customer's e-mail, done once per idempotency key. The
// payment path and the unpaid-order job go through it; cash on delivery and paying in the store become
// paid on handover; an order waiting at a store gets one reminder; the shop owner's commands move orders.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createCustomer, createOrder, createProduct, createStore } from '../support/factories.ts';
import { mailsTo } from '../support/mailbox.ts';
import { runShopCommand } from '../../scripts/shop-command.ts';
import { orderCommand } from '../../scripts/order.ts';
import { applyMove, cancelOrderByCustomer, markOrderShipped, moveOrder, moveOrderInTx, OrderMoveError, type MoveRequest } from '../../bff/src/services/order-transitions.ts';
import { markOrderPaid } from '../../bff/src/services/order-payments.ts';
import { cancelUnpaidOrders } from '../../bff/src/services/unpaid-orders.ts';
import { sendPickupReminders } from '../../bff/src/services/order-progress.ts';
import { withdrawalOffer } from '../../bff/src/services/withdrawals.ts';
import { orderInvoice } from '../../bff/src/services/invoices.ts';
import { renderInvoicePdf } from '../../bff/src/pdf/invoice-pdf.ts';
import { createApiToken } from '../../bff/src/services/api-tokens.ts';
import { inTransaction } from '../../bff/src/events/record.ts';
import { formatMoney } from '../../schema/rules/money.ts';
import { pragueDay } from '../../schema/rules/dates.ts';

const DAY_MS = 24 * 3600_000;
let app: TestApp;
let dataDir: string;

beforeAll(async () => {
  app = await createTestApp();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-lifecycle-'));
});

afterAll(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const shop = { kind: 'shop' as const, detail: 'test' };
const yesterday = () => new Date(Date.now() - DAY_MS);

/** A bank-transfer courier order placed yesterday, paid when asked. */
async function courierOrder(options: { paid?: boolean; language?: 'cs' | 'en'; cartId?: string; variant?: { id: number; code: string } } = {}) {
  const order = await createOrder(app.prisma, {
    language: options.language,
    deliveryCode: 'courier',
    deliveryName: 'Kurýr',
    createdAt: yesterday(),
    cartId: options.cartId,
    lines: [{ variant: options.variant ?? null, quantity: 2 }],
  });
  if (options.paid) {
    await markOrderPaid(app.prisma, { orderNumber: order.number, amount: order.totalGross, currency: 'CZK', source: 'command' });
  }
  return order;
}

/** An order collected at a store, paid there (cash-in-store). */
async function storeOrder(language: 'cs' | 'en' = 'cs') {
  const store = await createStore(app.prisma, { name: 'Prodejna Vinohrady' });
  const order = await createOrder(app.prisma, {
    language,
    deliveryCode: 'store-pickup',
    deliveryName: 'Osobní odběr',
    deliveryPrice: 0,
    paymentCode: 'cash-in-store',
    paymentName: 'Platba na prodejně',
    createdAt: yesterday(),
  });
  await app.prisma.order.update({ where: { id: order.id }, data: { storeId: store.id } });
  return { order, store };
}

const statusOf = async (id: number) => (await app.prisma.order.findUniqueOrThrow({ where: { id } })).status;
const eventsOf = (orderId: number) =>
  app.prisma.orderEvent.findMany({ where: { orderId }, orderBy: { id: 'asc' }, select: { fromStatus: true, toStatus: true, actorKind: true, idempotencyKey: true, details: true } });

/** Moves an order and returns the error it was refused with (fails when it was not). */
async function refused(request: MoveRequest): Promise<OrderMoveError> {
  const error = await moveOrder(app.prisma, request).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(OrderMoveError);
  return error as OrderMoveError;
}

describe(`the order lifecycle (${databaseKind})`, () => {
  it('walks a courier order NEW → PAID → PROCESSING → SHIPPED → DELIVERED, one OrderEvent per move with who made it', async () => {
    const order = await courierOrder({ paid: true });
    await moveOrder(app.prisma, { orderId: order.id, to: 'PROCESSING', actor: shop, idempotencyKey: 'k-pack' });
    const shipped = await moveOrder(app.prisma, {
      orderNumber: order.number,
      to: 'SHIPPED',
      actor: { kind: 'partner', detail: 'abcd1234' },
      idempotencyKey: 'k-ship',
      details: { carrier: 'PPL', trackingNumber: '40991234567', trackingUrl: 'https://www.ppl.cz/vyhledat-zasilku?shipmentId=40991234567' },
    });
    expect(shipped).toMatchObject({ result: 'MOVED', from: 'PROCESSING', to: 'SHIPPED' });
    await moveOrder(app.prisma, { orderId: order.id, to: 'DELIVERED', actor: { kind: 'job', detail: 'tracking' }, idempotencyKey: 'k-delivered' });

    expect(await statusOf(order.id)).toBe('DELIVERED');
    expect(await eventsOf(order.id)).toEqual([
      { fromStatus: 'NEW', toStatus: 'PAID', actorKind: 'shop', idempotencyKey: `payment:${order.id}`, details: { reason: expect.stringContaining('paid CZK') } },
      { fromStatus: 'PAID', toStatus: 'PROCESSING', actorKind: 'shop', idempotencyKey: 'k-pack', details: {} },
      {
        fromStatus: 'PROCESSING',
        toStatus: 'SHIPPED',
        actorKind: 'partner',
        idempotencyKey: 'k-ship',
        details: { carrier: 'PPL', trackingNumber: '40991234567', trackingUrl: 'https://www.ppl.cz/vyhledat-zasilku?shipmentId=40991234567' },
      },
      { fromStatus: 'SHIPPED', toStatus: 'DELIVERED', actorKind: 'job', idempotencyKey: 'k-delivered', details: {} },
    ]);
    expect(await app.prisma.order.findUniqueOrThrow({ where: { id: order.id }, select: { carrier: true, trackingNumber: true } })).toEqual({ carrier: 'PPL', trackingNumber: '40991234567' });
    // the older status history goes on as before
    expect((await app.prisma.orderStatusChange.findMany({ where: { orderId: order.id }, orderBy: { id: 'asc' } })).map((change) => change.status)).toEqual([
      'PAID',
      'PROCESSING',
      'SHIPPED',
      'DELIVERED',
    ]);
  });

  it('refuses every move the table does not allow with a clear message in both languages, and changes nothing', async () => {
    const unpaid = await courierOrder();
    const paid = await courierOrder({ paid: true });
    const { order: atStore } = await storeOrder();
    const before = await app.prisma.mailOutbox.count();

    const notPaid = await refused({ orderId: unpaid.id, to: 'PROCESSING', actor: shop, idempotencyKey: 'x1' });
    expect(notPaid.reason).toBe('NOT_PAID');
    expect(notPaid.messageIn('cs')).toBe(`Objednávka č. ${unpaid.number} ještě není zaplacená; zabalit ji lze až po platbě (kromě dobírky a platby na prodejně).`);
    expect(notPaid.messageIn('en')).toMatch(/is not paid yet/);
    const skip = await refused({ orderId: paid.id, to: 'SHIPPED', actor: shop, idempotencyKey: 'x2', details: { trackingNumber: '1' } });
    expect(skip.reason).toBe('NOT_ALLOWED');
    expect(skip.message).toBe(`Order No. ${paid.number} cannot go from PAID to SHIPPED.`);
    expect((await refused({ orderId: paid.id, to: 'DELIVERED', actor: shop, idempotencyKey: 'x3' })).reason).toBe('NOT_ALLOWED');
    expect((await refused({ orderId: paid.id, to: 'PAID', actor: shop, idempotencyKey: 'x4' })).reason).toBe('PAID_BY_PAYMENT');
    expect((await refused({ orderNumber: '2099999999', to: 'CANCELLED', actor: shop, idempotencyKey: 'x5' })).reason).toBe('ORDER_NOT_FOUND');
    // a store order is never shipped; a courier order is never ready at a store
    await moveOrder(app.prisma, { orderId: atStore.id, to: 'PROCESSING', actor: shop, idempotencyKey: 'pack' });
    await moveOrder(app.prisma, { orderId: paid.id, to: 'PROCESSING', actor: shop, idempotencyKey: 'pack' });
    const mailsBefore = await app.prisma.mailOutbox.count();
    expect((await refused({ orderId: atStore.id, to: 'SHIPPED', actor: shop, idempotencyKey: 'x6', details: { trackingNumber: '1' } })).reason).toBe('STORE_PICKUP');
    expect((await refused({ orderId: paid.id, to: 'READY_FOR_PICKUP', actor: shop, idempotencyKey: 'x7' })).reason).toBe('NOT_STORE_PICKUP');
    // being packed: the customer can no longer cancel, the shop can
    const late = await refused({ orderId: paid.id, to: 'CANCELLED', actor: { kind: 'customer' }, idempotencyKey: 'x8' });
    expect(late.reason).toBe('NOT_FOR_ACTOR');
    expect(late.messageIn('cs')).toBe(`Objednávku č. ${paid.number} ve stavu PROCESSING už nemůžete změnit na CANCELLED.`);
    // a shipment needs its tracking number; its URL must be a web address
    expect((await refused({ orderId: paid.id, to: 'SHIPPED', actor: shop, idempotencyKey: 'x9' })).reason).toBe('BAD_DETAILS');
    expect((await refused({ orderId: paid.id, to: 'SHIPPED', actor: shop, idempotencyKey: 'x10', details: { trackingNumber: '1', trackingUrl: 'javascript:alert(1)' } })).reason).toBe(
      'BAD_DETAILS',
    );

    expect(await statusOf(unpaid.id)).toBe('NEW');
    expect(await statusOf(paid.id)).toBe('PROCESSING');
    expect(await statusOf(atStore.id)).toBe('PROCESSING');
    expect(await app.prisma.orderEvent.count({ where: { idempotencyKey: { startsWith: 'x' } } })).toBe(0);
    expect(await app.prisma.mailOutbox.count()).toBe(mailsBefore);
    expect(mailsBefore).toBe(before + 2);
  });

  it('is idempotent: the same key twice is one move (also at once), the first result returned; a key of another move is refused', async () => {
    const order = await courierOrder({ paid: true });
    const request: MoveRequest = { orderId: order.id, to: 'PROCESSING', actor: shop, idempotencyKey: 'erp-42' };
    const [first, second] = await Promise.all([moveOrder(app.prisma, request), moveOrder(app.prisma, request)]);
    expect([first.result, second.result].sort()).toEqual(['ALREADY', 'MOVED']);
    expect(second.at.getTime()).toBe(first.at.getTime());
    const third = await moveOrder(app.prisma, request);
    expect(third).toMatchObject({ result: 'ALREADY', from: 'PAID', to: 'PROCESSING' });
    expect(await app.prisma.orderEvent.count({ where: { orderId: order.id, toStatus: 'PROCESSING' } })).toBe(1);
    expect(await app.prisma.mailOutbox.count({ where: { dedupeKey: `orderProgress:${order.id}:PROCESSING` } })).toBe(1);
    const reused = await refused({ orderId: order.id, to: 'CANCELLED', actor: shop, idempotencyKey: 'erp-42' });
    expect(reused.reason).toBe('KEY_REUSED');
    expect(await statusOf(order.id)).toBe('PROCESSING');
    // a new key for a move to where the order is already: refused, not a second event
    expect((await refused({ orderId: order.id, to: 'PROCESSING', actor: shop, idempotencyKey: 'erp-43' })).reason).toBe('SAME_STATE');
  });

  it('writes the OrderEvent, the webhook and the e-mail in the move’s transaction: a transaction that fails leaves nothing', async () => {
    const { token, summary } = await createApiToken(app.prisma, { name: 'Sklad', scopes: ['cart'] });
    void token;
    const endpoint = await app.prisma.webhookEndpoint.create({
      data: { apiTokenId: summary.id, url: 'https://sklad.example.cz/hook', topics: ['order.processing'], secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}` },
    });
    const cart = await app.prisma.cart.create({ data: { apiTokenId: summary.id, currency: 'CZK' } });
    const order = await courierOrder({ paid: true, cartId: cart.id });
    const failed = inTransaction(app.prisma, async (tx, changes) => {
      await moveOrderInTx(tx, changes, { orderId: order.id, to: 'PROCESSING', actor: shop, idempotencyKey: 'in-a-shipment' });
      throw new Error('the carrier refused the packet');
    });
    await expect(failed).rejects.toThrow('the carrier refused the packet');
    expect(await statusOf(order.id)).toBe('PAID');
    expect(await app.prisma.orderEvent.count({ where: { orderId: order.id, toStatus: 'PROCESSING' } })).toBe(0);
    expect(await app.prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect(await app.prisma.mailOutbox.count({ where: { dedupeKey: `orderProgress:${order.id}:PROCESSING` } })).toBe(0);

    await inTransaction(app.prisma, (tx, changes) => moveOrderInTx(tx, changes, { orderId: order.id, to: 'PROCESSING', actor: shop, idempotencyKey: 'in-a-shipment' }));
    expect(await statusOf(order.id)).toBe('PROCESSING');
    expect(await app.prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(1);
  });

  it('writes a webhook for each move (order.processing … order.cancelled) to the ordering partner’s endpoints only, tracking included', async () => {
    const { summary } = await createApiToken(app.prisma, { name: 'ERP', scopes: ['cart'] });
    const { summary: other } = await createApiToken(app.prisma, { name: 'Jiný', scopes: ['cart'] });
    const topics = ['order.processing', 'order.shipped', 'order.ready_for_pickup', 'order.delivered', 'order.picked_up', 'order.cancelled'];
    const secret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
    const mine = await app.prisma.webhookEndpoint.create({ data: { apiTokenId: summary.id, url: 'https://erp.example.cz/hook', topics, secret } });
    const theirs = await app.prisma.webhookEndpoint.create({ data: { apiTokenId: other.id, url: 'https://jiny.example.cz/hook', topics, secret } });
    const cart = await app.prisma.cart.create({ data: { apiTokenId: summary.id, currency: 'CZK' } });
    const order = await courierOrder({ paid: true, cartId: cart.id });
    await moveOrder(app.prisma, { orderId: order.id, to: 'PROCESSING', actor: shop, idempotencyKey: 'a' });
    await moveOrder(app.prisma, { orderId: order.id, to: 'SHIPPED', actor: shop, idempotencyKey: 'b', details: { trackingNumber: 'Z123', carrier: 'Zásilkovna', trackingUrl: 'https://tracking.packeta.com/cs/?id=Z123' } });
    await moveOrder(app.prisma, { orderId: order.id, to: 'DELIVERED', actor: shop, idempotencyKey: 'c' });
    const cancelled = await courierOrder({ cartId: (await app.prisma.cart.create({ data: { apiTokenId: summary.id, currency: 'CZK' } })).id });
    await cancelOrderByCustomer(app.prisma, cancelled.id, 'guest');

    const deliveries = await app.prisma.webhookDelivery.findMany({ where: { endpointId: mine.id }, orderBy: { createdAt: 'asc' } });
    expect(deliveries.map((delivery) => delivery.payload)).toEqual([
      {
        type: 'order.processing',
        timestamp: expect.any(String),
        data: { orderNumber: order.number, status: 'PROCESSING', currency: 'CZK', totalGross: order.totalGross, previousStatus: 'PAID', at: expect.any(String), by: 'shop' },
      },
      {
        type: 'order.shipped',
        timestamp: expect.any(String),
        data: {
          orderNumber: order.number,
          status: 'SHIPPED',
          currency: 'CZK',
          totalGross: order.totalGross,
          previousStatus: 'PROCESSING',
          at: expect.any(String),
          by: 'shop',
          carrier: 'Zásilkovna',
          trackingNumber: 'Z123',
          trackingUrl: 'https://tracking.packeta.com/cs/?id=Z123',
        },
      },
      expect.objectContaining({ type: 'order.delivered' }),
      { type: 'order.cancelled', timestamp: expect.any(String), data: expect.objectContaining({ orderNumber: cancelled.number, status: 'CANCELLED', previousStatus: 'NEW', by: 'customer' }) },
    ]);
    expect(await app.prisma.webhookDelivery.count({ where: { endpointId: theirs.id } })).toBe(0);
    expect(JSON.stringify(deliveries.map((delivery) => delivery.payload))).not.toContain(order.email);
  });

  it('tells the customer of each move in her language: packed, shipped with the tracking link, delivered', async () => {
    const order = await courierOrder({ paid: true, language: 'en' });
    await moveOrder(app.prisma, { orderId: order.id, to: 'PROCESSING', actor: shop, idempotencyKey: 'a' });
    await moveOrder(app.prisma, {
      orderId: order.id,
      to: 'SHIPPED',
      actor: shop,
      idempotencyKey: 'b',
      details: { trackingNumber: 'CZ1234', carrier: 'Česká pošta', trackingUrl: 'https://www.postaonline.cz/trackandtrace/-/zasilka/cislo?parcelNumbers=CZ1234' },
    });
    await moveOrder(app.prisma, { orderId: order.id, to: 'DELIVERED', actor: shop, idempotencyKey: 'c' });
    const mails = (await mailsTo(app, order.email)).filter((mail) => !mail.subject.startsWith('Payment'));
    expect(mails.map((mail) => mail.subject)).toEqual([`We are packing order No. ${order.number}`, `Order No. ${order.number} is on its way`, `Order No. ${order.number} was delivered`]);
    expect(mails[1].text).toContain('we have handed your order No.');
    expect(mails[1].text).toContain('to Česká pošta. The tracking number is CZ1234.');
    expect(mails[1].text).toContain('Track the parcel: https://www.postaonline.cz/trackandtrace/-/zasilka/cislo?parcelNumbers=CZ1234');
    expect(mails[1].html).toContain('href="https://www.postaonline.cz/trackandtrace/-/zasilka/cislo?parcelNumbers=CZ1234"');
  });

  it('lets the customer cancel a NEW order: goods, sold count and voucher back, the e-mail says so; not twice', async () => {
    const product = await createProduct(app.prisma, { variants: [{ size: 'M', stock: 5 }] });
    const variant = product.variants[0];
    const voucher = await app.prisma.voucher.create({ data: { code: `ZPET${Date.now()}`, kind: 'AMOUNT', value: 10_000, currency: 'CZK', capacity: 1, usedCount: 1 } });
    const order = await courierOrder({ variant });
    await app.prisma.variant.update({ where: { id: variant.id }, data: { stock: 3 } });
    await app.prisma.voucherUse.create({ data: { voucherId: voucher.id, orderId: order.id } });

    const result = await cancelOrderByCustomer(app.prisma, order.id, 'customer 1');
    expect(result).toMatchObject({ result: 'MOVED', from: 'NEW', to: 'CANCELLED', refundDue: 0, creditNoteNumber: null });
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(5);
    expect((await app.prisma.voucher.findUniqueOrThrow({ where: { id: voucher.id } })).usedCount).toBe(0);
    expect(await app.prisma.voucherUse.count({ where: { orderId: order.id } })).toBe(0);
    expect((await cancelOrderByCustomer(app.prisma, order.id, 'customer 1')).result).toBe('ALREADY');
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(5);
    const [mail] = await mailsTo(app, order.email);
    expect(mail.subject).toBe(`Objednávka č. ${order.number} byla zrušena`);
    expect(mail.text).toContain(`na vaše přání jsme zrušili objednávku č. ${order.number}`);
    expect(mail.text).not.toContain('vrátíme');
  });

  it('lets the customer cancel a PAID order: the refund is recorded, a credit note issued for the invoice, the e-mail says how the money comes back', async () => {
    const order = await courierOrder({ paid: true });
    await orderInvoice(app.prisma, order.id, { eurRate: 25, render: renderInvoicePdf });
    const result = await cancelOrderByCustomer(app.prisma, order.id, 'customer 2');
    expect(result).toMatchObject({ result: 'MOVED', from: 'PAID', to: 'CANCELLED', refundDue: order.totalGross });
    expect(result.creditNoteNumber).toMatch(/^D\d{10}$/);
    const note = await app.prisma.creditNote.findFirstOrThrow({ where: { orderId: order.id } });
    expect({ reason: note.reason, totalGross: note.totalGross }).toEqual({ reason: 'CANCELLATION', totalGross: -order.totalGross });
    expect((await app.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundDue).toBe(order.totalGross);
    const mails = await mailsTo(app, order.email);
    const cancelled = mails.find((mail) => mail.subject.endsWith('byla zrušena'))!;
    expect(cancelled.text).toContain(`Zaplacenou částku ${formatMoney(order.totalGross, 'CZK', 'cs')} vám vrátíme`);
    expect(cancelled.text).toContain('vrátíme nejpozději do 14 dnů na účet, ze kterého jste platili');
    expect(mails.some((mail) => mail.subject.includes(note.number))).toBe(true);
  });

  it('cash on delivery: packed unpaid, paid when delivered (its payment recorded by the payment path)', async () => {
    const order = await createOrder(app.prisma, { deliveryCode: 'courier', paymentCode: 'cash-on-delivery', paymentName: 'Dobírka', createdAt: yesterday() });
    await moveOrder(app.prisma, { orderId: order.id, to: 'PROCESSING', actor: shop, idempotencyKey: 'a' });
    await moveOrder(app.prisma, { orderId: order.id, to: 'SHIPPED', actor: shop, idempotencyKey: 'b', details: { trackingNumber: 'DPD-1' } });
    expect(await app.prisma.orderPayment.findUnique({ where: { orderId: order.id } })).toBeNull();
    const [shipped] = (await mailsTo(app, order.email)).filter((mail) => mail.subject.includes('na cestě'));
    expect(shipped.text).toContain(`Při převzetí zaplatíte`);
    await moveOrder(app.prisma, { orderId: order.id, to: 'DELIVERED', actor: shop, idempotencyKey: 'c' });
    const payment = await app.prisma.orderPayment.findUniqueOrThrow({ where: { orderId: order.id } });
    expect({ amount: payment.amount, source: payment.source, paidOn: payment.paidOn.toISOString().slice(0, 10) }).toEqual({
      amount: order.totalGross,
      source: 'cash-on-delivery',
      paidOn: pragueDay(new Date()),
    });
    // and a bank transfer cannot skip its payment
    const transfer = await courierOrder();
    expect((await refused({ orderId: transfer.id, to: 'PROCESSING', actor: shop, idempotencyKey: 'a' })).reason).toBe('NOT_PAID');
  });

  it('store pickup: ready with a deadline of PICKUP_DAYS, one reminder a day before it, paid in the store when picked up', async () => {
    const { order, store } = await storeOrder();
    const now = new Date();
    await moveOrder(app.prisma, { orderId: order.id, to: 'PROCESSING', actor: shop, idempotencyKey: 'a' });
    await moveOrder(app.prisma, { orderId: order.id, to: 'READY_FOR_PICKUP', actor: shop, idempotencyKey: 'b' }, { now, pickupDays: 7 });
    const { pickupDeadline } = await app.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(pickupDeadline?.getTime()).toBe(now.getTime() + 7 * DAY_MS);
    const ready = (await mailsTo(app, order.email)).find((mail) => mail.subject.includes('připravená k vyzvednutí'))!;
    expect(ready.text).toContain(`na prodejně ${store.name}, ${store.street}`);

    expect(await sendPickupReminders(app.prisma, new Date(now.getTime() + 5 * DAY_MS))).not.toContain(order.id);
    expect(await sendPickupReminders(app.prisma, new Date(now.getTime() + 6.5 * DAY_MS))).toEqual([order.id]);
    expect(await sendPickupReminders(app.prisma, new Date(now.getTime() + 6.8 * DAY_MS))).toEqual([]);
    const reminders = (await mailsTo(app, order.email)).filter((mail) => mail.subject.startsWith('Připomínka'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0].text).toContain('jinak ji zrušíme');

    await moveOrder(app.prisma, { orderId: order.id, to: 'PICKED_UP', actor: shop, idempotencyKey: 'c' });
    expect((await app.prisma.orderPayment.findUniqueOrThrow({ where: { orderId: order.id } })).source).toBe('in-store');
    expect((await mailsTo(app, order.email)).some((mail) => mail.subject === `Objednávka č. ${order.number} byla vyzvednuta`)).toBe(true);
  });

  it('an order not collected may be cancelled by a job: the e-mail says it was not collected', async () => {
    const { order } = await storeOrder('en');
    for (const [to, key] of [
      ['PROCESSING', 'a'],
      ['READY_FOR_PICKUP', 'b'],
    ] as const) {
      await moveOrder(app.prisma, { orderId: order.id, to, actor: shop, idempotencyKey: key });
    }
    await moveOrder(app.prisma, { orderId: order.id, to: 'CANCELLED', actor: { kind: 'job', detail: 'uncollected' }, idempotencyKey: 'uncollected' });
    const mail = (await mailsTo(app, order.email)).find((sent) => sent.subject.endsWith('was cancelled'))!;
    expect(mail.text).toContain('because it was not collected by its pickup deadline');
  });

  it('the unpaid-order job cancels through the lifecycle: an OrderEvent by the job, the goods back, its e-mail as before', async () => {
    const product = await createProduct(app.prisma, { variants: [{ size: 'S', stock: 1 }] });
    const order = await courierOrder({ variant: product.variants[0] });
    await app.prisma.order.update({ where: { id: order.id }, data: { paymentDueAt: new Date(Date.now() - 60_000) } });
    expect(await cancelUnpaidOrders(app.prisma)).toContain(order.id);
    expect(await eventsOf(order.id)).toEqual([
      { fromStatus: 'NEW', toStatus: 'CANCELLED', actorKind: 'job', idempotencyKey: 'unpaid-deadline', details: { reason: 'unpaid after the payment deadline' } },
    ]);
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: product.variants[0].id } })).stock).toBe(3);
    const [mail] = await mailsTo(app, order.email);
    expect(mail.text).toContain('jsme neobdrželi platbu');
    // a second round finds nothing more
    expect(await cancelUnpaidOrders(app.prisma)).not.toContain(order.id);
  });

  it('the withdrawal period counts from the DELIVERED move, placed + 16 days without one', async () => {
    const order = await courierOrder({ paid: true });
    const placedOffer = await withdrawalOffer(app.prisma, order.id, 'cs', 14);
    await app.prisma.order.update({ where: { id: order.id }, data: { status: 'SHIPPED' } });
    const deliveredAt = new Date(Date.now() + 0);
    await moveOrder(app.prisma, { orderId: order.id, to: 'DELIVERED', actor: shop, idempotencyKey: 'd' }, { now: deliveredAt });
    const offer = await withdrawalOffer(app.prisma, order.id, 'cs', 14);
    expect(offer.lastDay).toBe(pragueDay(new Date(deliveredAt.getTime() + 14 * DAY_MS)));
    expect(offer.lastDay).not.toBe(placedOffer.lastDay);
  });

  it('a carrier’s shipment ships a paid order through the lifecycle (packed, then shipped with its tracking), once per shipment', async () => {
    const order = await courierOrder({ paid: true });
    const parcel = { shipmentId: 9_000_000 + order.id, carrier: 'packeta', trackingNumber: 'Z 123 4567 890', trackingUrl: 'https://tracking.packeta.com/cs/?id=Z1234567890' };
    await inTransaction(app.prisma, (tx, changes) => markOrderShipped(tx, order.id, parcel, changes));
    await inTransaction(app.prisma, (tx, changes) => markOrderShipped(tx, order.id, parcel, changes));
    expect((await eventsOf(order.id)).map((event) => [event.toStatus, event.idempotencyKey])).toEqual([
      ['PAID', `payment:${order.id}`],
      ['PROCESSING', `shipment:${parcel.shipmentId}:pack`],
      ['SHIPPED', `shipment:${parcel.shipmentId}`],
    ]);
    expect(await app.prisma.order.findUniqueOrThrow({ where: { id: order.id }, select: { carrier: true, trackingNumber: true } })).toEqual({ carrier: 'packeta', trackingNumber: 'Z 123 4567 890' });
  });

  it('keeps applyMove for the payment only: NEW → PAID through markOrderPaid writes one event keyed by the order', async () => {
    const order = await courierOrder();
    await markOrderPaid(app.prisma, { orderNumber: order.number, amount: order.totalGross, currency: 'CZK', source: 'bank-import', reference: 'X1' });
    expect((await eventsOf(order.id))[0]).toMatchObject({ fromStatus: 'NEW', toStatus: 'PAID', actorKind: 'job', idempotencyKey: `payment:${order.id}` });
    await expect(
      inTransaction(app.prisma, (tx, changes) => applyMove(tx, changes, { orderId: order.id, to: 'PAID', actor: shop, idempotencyKey: `payment:${order.id}` })),
    ).resolves.toMatchObject({ result: 'ALREADY' });
  });
});

const CancelOrder = `
  mutation LifecycleCancel($orderId: Int!, $orderHash: String) {
    cancelOrder(orderId: $orderId, orderHash: $orderHash) {
      __typename
      ... on Order { status customerMayCancel timeline { status previousStatus by } }
      ... on Error { code message }
    }
  }
`;
const Timeline = `
  query LifecycleTimeline($databaseId: Int!, $hash: String!) {
    order(databaseId: $databaseId, hash: $hash) { customerMayCancel timeline { status previousStatus by trackingNumber trackingUrl } }
  }
`;
const LifecycleLogin = `mutation LifecycleLogin($input: LoginInput!) { login(input: $input) { __typename } }`;
type CancelAnswer = { cancelOrder: { __typename: string; status?: string; customerMayCancel?: boolean; timeline?: unknown[]; code?: string; message?: string } };

describe(`the customer's side through the API (${databaseKind})`, () => {
  let ip = 0;
  const client = (language = 'cs') => app.newClient({ 'x-forwarded-for': `203.0.113.${100 + ++ip}`, 'x-shop-language': language });

  it('shows the timeline with the tracking on the summary link and lets the link’s holder cancel only while NEW or PAID', async () => {
    const order = await courierOrder({ paid: true });
    const guest = client();
    const before = await guest.gql<{ order: { customerMayCancel: boolean; timeline: unknown[] } }>(Timeline, { databaseId: order.id, hash: order.hash });
    expect(before.data?.order).toEqual({ customerMayCancel: true, timeline: [{ status: 'PAID', previousStatus: 'NEW', by: 'shop', trackingNumber: null, trackingUrl: null }] });
    // a wrong hash: as if there were no such order, nothing changed
    const wrong = await guest.gql<CancelAnswer>(CancelOrder, { orderId: order.id, orderHash: 'x'.repeat(order.hash.length) });
    expect(wrong.data?.cancelOrder).toEqual({ __typename: 'OrderCancelRefusedError', code: 'ORDER_NOT_FOUND', message: 'Taková objednávka neexistuje.' });
    expect(await statusOf(order.id)).toBe('PAID');
    const done = await guest.gql<CancelAnswer>(CancelOrder, { orderId: order.id, orderHash: order.hash });
    expect(done.data?.cancelOrder).toMatchObject({ __typename: 'Order', status: 'CANCELLED', customerMayCancel: false });
    expect(done.data?.cancelOrder.timeline).toEqual([
      { status: 'PAID', previousStatus: 'NEW', by: 'shop' },
      { status: 'CANCELLED', previousStatus: 'PAID', by: 'customer' },
    ]);

    const shipped = await courierOrder({ paid: true });
    await moveOrder(app.prisma, { orderId: shipped.id, to: 'PROCESSING', actor: shop, idempotencyKey: 'a' });
    await moveOrder(app.prisma, { orderId: shipped.id, to: 'SHIPPED', actor: shop, idempotencyKey: 'b', details: { trackingNumber: 'T-1', trackingUrl: 'https://track.example.cz/T-1' } });
    const seen = await guest.gql<{ order: { customerMayCancel: boolean; timeline: { status: string; trackingNumber: string | null; trackingUrl: string | null }[] } }>(Timeline, {
      databaseId: shipped.id,
      hash: shipped.hash,
    });
    expect(seen.data?.order.customerMayCancel).toBe(false);
    expect(seen.data?.order.timeline.at(-1)).toMatchObject({ status: 'SHIPPED', trackingNumber: 'T-1', trackingUrl: 'https://track.example.cz/T-1' });
    const late = await client('en').gql<CancelAnswer>(CancelOrder, { orderId: shipped.id, orderHash: shipped.hash });
    expect(late.data?.cancelOrder).toEqual({
      __typename: 'OrderCancelRefusedError',
      code: 'ORDER_NOT_CANCELLABLE',
      message: `Order No. ${shipped.number} in SHIPPED can no longer be set to CANCELLED by you.`,
    });
    expect(await statusOf(shipped.id)).toBe('SHIPPED');
  });

  it('lets the signed-in owner cancel her order by its id, and nobody else', async () => {
    const owner = await createCustomer(app.prisma);
    const stranger = await createCustomer(app.prisma);
    const order = await createOrder(app.prisma, { customer: owner, createdAt: yesterday() });
    const as = async (customer: { email: string; password: string }) => {
      const c = client();
      expect((await c.gql<{ login: { __typename: string } }>(LifecycleLogin, { input: { email: customer.email, password: customer.password } })).data?.login.__typename).toBe('Customer');
      return c;
    };
    expect((await (await as(stranger)).gql<CancelAnswer>(CancelOrder, { orderId: order.id })).data?.cancelOrder.code).toBe('ORDER_NOT_FOUND');
    expect((await client().gql<CancelAnswer>(CancelOrder, { orderId: order.id })).data?.cancelOrder.code).toBe('ORDER_NOT_FOUND');
    expect(await statusOf(order.id)).toBe('NEW');
    const mine = await as(owner);
    expect((await mine.gql<CancelAnswer>(CancelOrder, { orderId: order.id })).data?.cancelOrder.status).toBe('CANCELLED');
    // a second click answers the cancelled order, one move
    expect((await mine.gql<CancelAnswer>(CancelOrder, { orderId: order.id })).data?.cancelOrder.status).toBe('CANCELLED');
    expect(await app.prisma.orderEvent.count({ where: { orderId: order.id } })).toBe(1);
  });
});

describe(`npm run order -- list / pack / ship / ready / delivered / picked-up / cancel (${databaseKind})`, () => {
  const isMailerLog = (line: string) => line.startsWith('E-mails go to') || line.startsWith('[mail] ');
  async function order(args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')));
    const code = await runShopCommand(orderCommand, args, { DATABASE_URL: app.databaseUrl, DATA_DIR: dataDir });
    vi.restoreAllMocks();
    return { code, out: out.filter((line) => !isMailerLog(line)).join('\n'), err: err.join('\n') };
  }

  it('lists the day’s work, moves an order step by step (each once), refuses a forbidden move with exit code 2', async () => {
    const placed = await courierOrder({ paid: true });
    const listed = await order(['list', '--state', 'PAID']);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(new RegExp(`^${placed.number} {2}.+ {2}Jiřina Šťastná <${placed.email}> {2}CZK\\s[\\d,.]+ {2}Kurýr / Bankovní převod$`, 'm'));

    expect(await order(['pack', placed.number])).toEqual({ code: 0, out: `PROCESSING: order ${placed.number}, PAID → PROCESSING. The customer is told by e-mail.`, err: '' });
    expect(await order(['pack', placed.number])).toEqual({ code: 0, out: `ALREADY PROCESSING: order ${placed.number} was moved PAID → PROCESSING before; nothing changed.`, err: '' });
    const wrong = await order(['ready', placed.number]);
    expect(wrong).toEqual({ code: 2, out: '', err: `order: Order No. ${placed.number} is delivered; it is not collected at a store.` });
    expect((await order(['ship', placed.number])).code).toBe(2);
    const shipped = await order(['ship', placed.number, '--tracking', 'PPL-998', '--carrier', 'PPL', '--url', 'https://www.ppl.cz/?id=PPL-998']);
    expect(shipped.out).toBe(`SHIPPED: order ${placed.number}, PROCESSING → SHIPPED. The customer is told by e-mail.`);
    // the command delivered the e-mail itself
    expect((await app.prisma.mailOutbox.findUniqueOrThrow({ where: { dedupeKey: `orderProgress:${placed.id}:SHIPPED` } })).status).toBe('SENT');
    expect((await order(['delivered', placed.number])).code).toBe(0);
    expect((await order(['cancel', placed.number])).err).toBe(`order: Order No. ${placed.number} cannot go from DELIVERED to CANCELLED.`);
    expect(await statusOf(placed.id)).toBe('DELIVERED');

    const { order: atStore } = await storeOrder();
    for (const verb of ['pack', 'ready', 'picked-up']) expect((await order([verb, atStore.number])).code).toBe(0);
    expect(await statusOf(atStore.id)).toBe('PICKED_UP');

    const toCancel = await courierOrder({ paid: true });
    const cancelled = await order(['cancel', toCancel.number, '--reason', 'zákazník volal']);
    expect(cancelled.out).toMatch(new RegExp(`^CANCELLED: order ${toCancel.number}, PAID → CANCELLED\\. The customer is told by e-mail\\. REFUND CZK`));
    expect((await eventsOf(toCancel.id))[1]).toMatchObject({ actorKind: 'shop', details: { reason: 'zákazník volal', refundDue: String(toCancel.totalGross) } });
    expect((await order(['list', '--state', 'SOLD'])).code).toBe(2);
    expect((await order(['frobnicate', '1'])).code).toBe(2);
  });
});

describe(`docs/fulfilment.md (${databaseKind})`, () => {
  const guide = readFileSync(path.resolve(import.meta.dirname, '../../docs/fulfilment.md'), 'utf8');
  const blocks = [...guide.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map(([, lang, body]) => ({ lang, body: body.trim() }));
  const isMailerLog = (line: string) => line.startsWith('E-mails go to') || line.startsWith('[mail] ');

  it('its commands run as written and print what it shows', async () => {
    await app.prisma.order.deleteMany({ where: { number: { in: ['2026000200', '2026000201'] } } });
    const courier = await createOrder(app.prisma, {
      number: '2026000200',
      email: 'jirina@example.cz',
      deliveryCode: 'courier',
      deliveryName: 'Kurýr',
      lines: [{ unitPriceGross: 123_450 }],
      deliveryPrice: 0,
      createdAt: new Date('2026-11-27T09:15:00Z'),
    });
    await markOrderPaid(app.prisma, { orderNumber: courier.number, amount: courier.totalGross, currency: 'CZK', source: 'command', paidOn: '2026-11-27' });
    const { order: atStore } = await storeOrder();
    await app.prisma.order.update({ where: { id: atStore.id }, data: { number: '2026000201' } });
    // only the guide's orders are PAID in the list it shows
    await app.prisma.order.updateMany({ where: { status: 'PAID', number: { not: '2026000200' } }, data: { status: 'DELIVERED' } });

    let steps = 0;
    for (let index = 0; index < blocks.length; index++) {
      const block = blocks[index];
      if (block.lang !== 'sh') continue;
      const expected = blocks[index + 1];
      expect(expected?.lang).toBe('text');
      for (const line of block.body.split('\n')) expect(line).toMatch(/^npm run order -- /);
      const outputs: string[] = [];
      let code = 0;
      for (const line of block.body.split('\n')) {
        const args = [...line.replace(/^npm run order -- /, '').matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]);
        const out: string[] = [];
        vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
        vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
        code = Math.max(code, await runShopCommand(orderCommand, args, { DATABASE_URL: app.databaseUrl, DATA_DIR: dataDir }));
        vi.restoreAllMocks();
        outputs.push(...out.filter((text) => !isMailerLog(text)));
      }
      expect(outputs.join('\n').replaceAll('\u00a0', ' ')).toBe(expected.body);
      steps++;
    }
    expect(steps).toBeGreaterThanOrEqual(4);
  });
});
