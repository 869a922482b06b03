// Orders not collected at the store (issue 43 section 1, docs/fulfilment.md "Store pickup"): once the
// pickup deadline (PICKUP_DAYS after READY_FOR_PICKUP) has passed, the uncollected-orders job cancels
// the order through the one lifecycle service, who: job: the goods back in stock, the refund and the
// credit note of an order paid beforehand, the customer's e-mail in her language, order.cancelled.
// Once, whether the job runs twice or on two instances at the same moment; an order picked up in time
// is left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createOrder, createProduct, createStore } from '../support/factories.ts';
import { mailsTo } from '../support/mailbox.ts';
import { moveOrder } from '../../bff/src/services/order-transitions.ts';
import { markOrderPaid } from '../../bff/src/services/order-payments.ts';
import { cancelUncollectedOrders } from '../../bff/src/services/uncollected-orders.ts';
import { startUncollectedOrdersJob } from '../../bff/src/jobs/uncollected-orders.ts';
import { orderInvoice } from '../../bff/src/services/invoices.ts';
import { renderInvoicePdf } from '../../bff/src/pdf/invoice-pdf.ts';
import { createApiToken } from '../../bff/src/services/api-tokens.ts';
import { formatMoney } from '../../schema/rules/money.ts';

const DAY_MS = 24 * 3600_000;
const shop = { kind: 'shop' as const, detail: 'test' };
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

/**
 * An order of one piece of a fresh variant (stock 3 before it was ordered, 2 after), collected at a
 * store, made ready for pickup at `readyAt` with a deadline PICKUP_DAYS (7) later. Paid by bank
 * transfer beforehand (and invoiced) when `paid`, else paid in the store.
 */
async function readyForPickup(options: { paid: boolean; language?: 'cs' | 'en'; readyAt: Date }) {
  const product = await createProduct(app.prisma, { variants: [{ size: 'M', stock: 2 }] });
  const [variant] = product.variants;
  const store = await createStore(app.prisma, { name: 'Prodejna Karlín' });
  const order = await createOrder(app.prisma, {
    language: options.language ?? 'cs',
    deliveryCode: 'store-pickup',
    deliveryName: 'Osobní odběr',
    deliveryPrice: 0,
    paymentCode: options.paid ? 'bank-transfer' : 'cash-in-store',
    paymentName: options.paid ? 'Bankovní převod' : 'Platba na prodejně',
    lines: [{ variant, quantity: 1 }],
    createdAt: new Date(options.readyAt.getTime() - DAY_MS),
  });
  await app.prisma.order.update({ where: { id: order.id }, data: { storeId: store.id } });
  if (options.paid) {
    await markOrderPaid(app.prisma, { orderNumber: order.number, amount: order.totalGross, currency: 'CZK', source: 'command' });
    await orderInvoice(app.prisma, order.id, { eurRate: 25, render: renderInvoicePdf });
  }
  await moveOrder(app.prisma, { orderId: order.id, to: 'PROCESSING', actor: shop, idempotencyKey: 'pack' });
  await moveOrder(app.prisma, { orderId: order.id, to: 'READY_FOR_PICKUP', actor: shop, idempotencyKey: 'ready' }, { now: options.readyAt, pickupDays: 7 });
  const { pickupDeadline } = await app.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
  return { order, variant, deadline: pickupDeadline! };
}

const stockOf = async (variantId: number) => (await app.prisma.variant.findUniqueOrThrow({ where: { id: variantId } })).stock;
const statusOf = async (id: number) => (await app.prisma.order.findUniqueOrThrow({ where: { id } })).status;

describe(`orders not collected by their pickup deadline (${databaseKind})`, () => {
  it('a paid order is cancelled by the job after the deadline, once: stock back, refund and credit note, the Czech e-mail, order.cancelled', async () => {
    const { summary } = await createApiToken(app.prisma, { name: 'Sklad', scopes: ['orders:read'] });
    const endpoint = await app.prisma.webhookEndpoint.create({
      data: { apiTokenId: summary.id, url: 'https://sklad.example.cz/hook', topics: ['order.cancelled'], secret: `whsec_${Buffer.alloc(32, 5).toString('base64')}` },
    });
    const { order, variant, deadline } = await readyForPickup({ paid: true, readyAt: new Date(Date.now() - 8 * DAY_MS) });
    expect(deadline.getTime()).toBeLessThan(Date.now());

    // a minute before the deadline nothing happens
    expect(await cancelUncollectedOrders(app.prisma, new Date(deadline.getTime() - 60_000))).not.toContain(order.id);
    expect(await statusOf(order.id)).toBe('READY_FOR_PICKUP');

    expect(await cancelUncollectedOrders(app.prisma)).toContain(order.id);
    // run again: nothing more
    expect(await cancelUncollectedOrders(app.prisma)).not.toContain(order.id);

    const saved = await app.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect({ status: saved.status, refundDue: saved.refundDue }).toEqual({ status: 'CANCELLED', refundDue: order.totalGross });
    expect(await stockOf(variant.id)).toBe(3);
    const events = await app.prisma.orderEvent.findMany({ where: { orderId: order.id, toStatus: 'CANCELLED' } });
    expect(events.map(({ fromStatus, actorKind, actorDetail, idempotencyKey }) => ({ fromStatus, actorKind, actorDetail, idempotencyKey }))).toEqual([
      { fromStatus: 'READY_FOR_PICKUP', actorKind: 'job', actorDetail: 'uncollected-orders', idempotencyKey: 'pickup-deadline' },
    ]);
    const notes = await app.prisma.creditNote.findMany({ where: { orderId: order.id } });
    expect(notes.map((note) => note.reason)).toEqual(['CANCELLATION']);
    expect(events[0].details).toMatchObject({ refundDue: String(order.totalGross), creditNote: notes[0].number, reason: 'not collected by the pickup deadline' });

    const cancelled = (await mailsTo(app, order.email)).filter((mail) => mail.subject === `Objednávka č. ${order.number} byla zrušena`);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0].text).toContain('jsme zrušili, protože jste si ji do data vyzvednutí nevyzvedli.');
    expect(cancelled[0].text.replace(/\s/g, ' ')).toContain(`Zaplacenou částku ${formatMoney(order.totalGross, 'CZK', 'cs').replace(/\s/g, ' ')} vám vrátíme nejpozději do 14 dnů`);

    const deliveries = await app.prisma.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    const mine = deliveries.map((delivery) => delivery.payload as { type: string; data: Record<string, unknown> }).filter((payload) => payload.data.orderNumber === order.number);
    expect(mine).toEqual([
      expect.objectContaining({ type: 'order.cancelled', data: expect.objectContaining({ status: 'CANCELLED', previousStatus: 'READY_FOR_PICKUP', by: 'job' }) }),
    ]);
  });

  it('an order paid in the store is cancelled with no refund, the e-mail in English; one picked up in time is left alone', async () => {
    const readyAt = new Date(Date.now() - 10 * DAY_MS);
    const uncollected = await readyForPickup({ paid: false, language: 'en', readyAt });
    const collected = await readyForPickup({ paid: false, readyAt });
    await moveOrder(app.prisma, { orderId: collected.order.id, to: 'PICKED_UP', actor: shop, idempotencyKey: 'picked' }, { now: new Date(collected.deadline.getTime() - DAY_MS) });

    const ids = await cancelUncollectedOrders(app.prisma);
    expect(ids).toContain(uncollected.order.id);
    expect(ids).not.toContain(collected.order.id);

    const saved = await app.prisma.order.findUniqueOrThrow({ where: { id: uncollected.order.id } });
    expect({ status: saved.status, refundDue: saved.refundDue }).toEqual({ status: 'CANCELLED', refundDue: 0 });
    expect(await app.prisma.creditNote.count({ where: { orderId: uncollected.order.id } })).toBe(0);
    expect(await stockOf(uncollected.variant.id)).toBe(3);
    const [mail] = (await mailsTo(app, uncollected.order.email)).filter((sent) => sent.subject === `Order No. ${uncollected.order.number} was cancelled`);
    expect(mail.text).toContain('because it was not collected by its pickup deadline.');
    expect(mail.text).not.toContain('We will return');

    expect(await statusOf(collected.order.id)).toBe('PICKED_UP');
    expect(await stockOf(collected.variant.id)).toBe(2);
    expect(await app.prisma.orderEvent.count({ where: { orderId: collected.order.id, toStatus: 'CANCELLED' } })).toBe(0);
    expect(await app.prisma.mailOutbox.count({ where: { kind: 'orderCancelled', recipient: collected.order.email } })).toBe(0);
  });

  it('two instances running the job at the same moment cancel the order once, its stock returned once', async () => {
    const { order, variant } = await readyForPickup({ paid: true, readyAt: new Date(Date.now() - 9 * DAY_MS) });
    const runs = await Promise.all([cancelUncollectedOrders(app.prisma), cancelUncollectedOrders(app.prisma), cancelUncollectedOrders(app.prisma)]);
    expect(runs.flat().filter((id) => id === order.id)).toEqual([order.id]);
    expect(await stockOf(variant.id)).toBe(3);
    expect(await app.prisma.orderEvent.count({ where: { orderId: order.id, toStatus: 'CANCELLED' } })).toBe(1);
    expect(await app.prisma.creditNote.count({ where: { orderId: order.id } })).toBe(1);
    expect(await app.prisma.mailOutbox.count({ where: { kind: 'orderCancelled', recipient: order.email } })).toBe(1);
    expect((await app.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundDue).toBe(order.totalGross);
  });

  it('a pickup and the job at the same moment: one of them wins, never both', async () => {
    const { order, variant } = await readyForPickup({ paid: false, readyAt: new Date(Date.now() - 8 * DAY_MS) });
    const [picked, cancelled] = await Promise.allSettled([
      moveOrder(app.prisma, { orderId: order.id, to: 'PICKED_UP', actor: shop, idempotencyKey: 'picked' }),
      cancelUncollectedOrders(app.prisma),
    ]);
    const status = await statusOf(order.id);
    const events = await app.prisma.orderEvent.findMany({ where: { orderId: order.id, toStatus: { in: ['PICKED_UP', 'CANCELLED'] } } });
    expect(events.map((event) => event.toStatus)).toEqual([status]);
    if (status === 'PICKED_UP') {
      expect(picked.status).toBe('fulfilled');
      expect(await stockOf(variant.id)).toBe(2);
    } else {
      expect(status).toBe('CANCELLED');
      expect(picked.status).toBe('rejected');
      expect(cancelled.status === 'fulfilled' && cancelled.value).toContain(order.id);
      expect(await stockOf(variant.id)).toBe(3);
    }
  });

  it('the job runs its round when kicked', async () => {
    const { order } = await readyForPickup({ paid: false, readyAt: new Date(Date.now() - 8 * DAY_MS) });
    const errors: unknown[] = [];
    const job = startUncollectedOrdersJob(app.prisma, 0, { error: (...parts: unknown[]) => void errors.push(parts) });
    job.kick();
    await job.idle();
    await job.close();
    expect(errors).toEqual([]);
    expect(await statusOf(order.id)).toBe('CANCELLED');
  });
});
