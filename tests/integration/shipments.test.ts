// Shipments and carriers (issue 43 section 2, decision 0068): an order's parcel is handed to the
// carrier of its delivery method exactly once. Packeta's client speaks to a local fake of its REST/XML
// API (tests/support/fake-packeta.ts), with its faults: a wrong password, a pick-up point that no longer
// exists, a slow answer, an answer that is not XML. A crash is a hook that throws at the moment the
// process would die; the retry must not create a second packet. Labels are stored with the shipment and
// written by `npm run order -- label` / `labels`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createOrder } from '../support/factories.ts';
import { createCheckoutMethods, type CheckoutMethods } from '../support/checkout.ts';
import { startFakePacketaApi, type FakePacketaApi } from '../support/fake-packeta.ts';
import { pdfText } from '../support/pdf-text.ts';
import { labelOf, labelSheet, shipOrder, type MarkShipped, type ShipOptions } from '../../bff/src/services/shipments.ts';
import { CarrierError, carrierSetup, type CarrierSetup } from '../../bff/src/carriers/index.ts';
import { createPacketaClient } from '../../bff/src/carriers/packeta-client.ts';
import { renderDemoLabels } from '../../bff/src/pdf/demo-parcel-label.ts';
import { HEUREKA_DELIVERY_IDS } from '../../schema/rules/carriers.ts';
import { runShopCommand } from '../../scripts/shop-command.ts';
import { orderCommand } from '../../scripts/order.ts';

let app: TestApp;
let fake: FakePacketaApi;
let methods: CheckoutMethods;
let dataDir: string;
let pointIds: Record<string, number>;

beforeAll(async () => {
  app = await createTestApp();
  fake = await startFakePacketaApi();
  methods = await createCheckoutMethods(app.prisma);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-shipments-'));
  pointIds = {};
  for (const [providerId, provider] of [['1001', 'packeta'], ['1002', 'packeta'], ['77', 'demo']] as const) {
    const point = await app.prisma.pickupPoint.create({
      data: { provider, providerId, name: `Brno, Kobližná ${providerId}`, type: 'POINT', street: 'Kobližná 4', city: 'Brno', postcode: '602 00', country: 'CZ', latitude: 49.19, longitude: 16.61 },
    });
    pointIds[`${provider}:${providerId}`] = point.id;
  }
});

afterAll(async () => {
  await fake?.close();
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  fake.mode = 'normal';
  fake.points = new Set(['1001', '1002', '106']);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The carriers as the shop builds them from its settings, against the fake. */
function carriers(overrides: { password?: string | null; timeoutMs?: number } = {}): CarrierSetup {
  return carrierSetup({
    packetaApiPassword: overrides.password === undefined ? fake.apiPassword : overrides.password,
    packetaApiUrl: fake.url,
    packetaApiTimeoutMs: overrides.timeoutMs ?? 5000,
    packetaEshop: 'tribuna-sport.cz',
  });
}

/** The state machine's part, for these tests: the order becomes SHIPPED in the shipment's transaction. */
const markShipped: MarkShipped = async (tx, orderId) => {
  await tx.order.update({ where: { id: orderId }, data: { status: 'SHIPPED' } });
};

/** A paid order to a Packeta point (or by courier, or picked up in the store). */
async function paidOrder(delivery: 'parcel-point' | 'courier' | 'store-pickup' = 'parcel-point', input: { point?: string; status?: 'NEW' | 'PAID'; paymentCode?: string } = {}) {
  const order = await createOrder(app.prisma, { deliveryMethod: { id: methods.delivery[delivery] }, deliveryCode: delivery, paymentCode: input.paymentCode ?? 'bank-transfer' });
  const pointId = delivery === 'parcel-point' ? pointIds[input.point ?? 'packeta:1001'] : null;
  return app.prisma.order.update({
    where: { id: order.id },
    data: {
      status: input.status ?? 'PAID',
      pickupPointId: pointId,
      deliveryAddress: { firstName: 'Jiřina', lastName: 'Šťastná', company: 'Brno, Kobližná', street: 'Kobližná 4', city: 'Brno', postcode: '602 00', country: 'CZ' },
    },
  });
}

const ship = (orderId: number, options: Partial<ShipOptions> = {}) => shipOrder(app.prisma, orderId, { carriers: carriers(), ...options }, markShipped);

async function stateOf(orderId: number) {
  const order = await app.prisma.order.findUniqueOrThrow({ where: { id: orderId }, include: { shipments: { orderBy: { id: 'asc' } } } });
  return { status: order.status, shipments: order.shipments };
}

const packetsOf = (orderNumber: string) => fake.packets.filter((packet) => packet.attributes.number === orderNumber);

async function failure(promise: Promise<unknown>): Promise<{ code: string; certain?: boolean; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, 'the call should have failed').toBeInstanceOf(Error);
  return error as { code: string; certain?: boolean; message: string };
}

describe(`shipping with Packeta (${databaseKind})`, () => {
  it('creates one packet with the order number and the chosen point, stores the label and marks the order shipped; again changes nothing', async () => {
    const order = await paidOrder();
    const result = await ship(order.id);
    expect(result.result).toBe('SHIPPED');
    const [packet] = packetsOf(order.number);
    expect(packetsOf(order.number)).toHaveLength(1);
    expect(packet.attributes).toMatchObject({
      number: order.number,
      name: 'Jiřina',
      surname: 'Šťastná',
      email: order.email,
      phone: '+420601234567',
      addressId: '1001',
      currency: 'CZK',
      value: (order.totalGross / 100).toFixed(2),
      cod: '0',
      weight: '1.000',
      eshop: 'tribuna-sport.cz',
    });
    expect(result.shipment).toMatchObject({
      carrier: 'packeta',
      state: 'CREATED',
      packetId: packet.id,
      trackingNumber: `Z${packet.id}`,
      trackingUrl: `https://tracking.packeta.com/cs/?id=${packet.id}`,
      hasLabel: true,
    });
    const after = await stateOf(order.id);
    expect(after.status).toBe('SHIPPED');
    expect(after.shipments).toHaveLength(1);
    expect(after.shipments[0].completedAt).not.toBeNull();

    const label = await labelOf(app.prisma, order.number);
    expect(Buffer.from(label).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(label)).toContain(`Z${packet.id}`);

    const calls = fake.calls.createPacket;
    const again = await ship(order.id);
    expect(again.result).toBe('ALREADY_SHIPPED');
    expect(fake.calls.createPacket).toBe(calls);
    expect((await stateOf(order.id)).shipments).toHaveLength(1);
  });

  it('collects cash on delivery in whole crowns and ships an unpaid cash-on-delivery order; an unpaid transfer is refused before Packeta is asked', async () => {
    const cod = await paidOrder('parcel-point', { status: 'NEW', paymentCode: 'cash-on-delivery' });
    await ship(cod.id);
    expect(packetsOf(cod.number)[0].attributes.cod).toBe(String(Math.round(cod.totalGross / 100)));

    const unpaid = await paidOrder('parcel-point', { status: 'NEW' });
    const refused = await failure(ship(unpaid.id));
    expect(refused.code).toBe('NOT_SHIPPABLE');
    expect(packetsOf(unpaid.number)).toHaveLength(0);
    expect((await stateOf(unpaid.id)).shipments).toHaveLength(0);
  });

  it('a wrong API password is said so; the attempt is closed and the next one with the right password ships once', async () => {
    const order = await paidOrder();
    const refused = await failure(ship(order.id, { carriers: carriers({ password: 'wrong-password-0000000000000000' }) }));
    expect(refused).toBeInstanceOf(CarrierError);
    expect(refused.code).toBe('WRONG_PASSWORD');
    expect(refused.message).toContain('PACKETA_API_PASSWORD');
    expect(refused.message).not.toContain('wrong-password');
    let state = await stateOf(order.id);
    expect(state.status).toBe('PAID');
    expect(state.shipments.map((shipment) => [shipment.state, shipment.activeOrderId])).toEqual([['FAILED', null]]);

    expect((await ship(order.id)).result).toBe('SHIPPED');
    state = await stateOf(order.id);
    expect(state.shipments.map((shipment) => shipment.state)).toEqual(['FAILED', 'CREATED']);
    expect(packetsOf(order.number)).toHaveLength(1);
  });

  it('a point that no longer exists is refused with what to do; nothing is shipped', async () => {
    const order = await paidOrder('parcel-point', { point: 'packeta:1002' });
    fake.points.delete('1002');
    const refused = await failure(ship(order.id));
    expect(refused.code).toBe('INVALID_POINT');
    expect(refused.message).toMatch(/addressId.*another point/s);
    const state = await stateOf(order.id);
    expect(state.status).toBe('PAID');
    expect(state.shipments.map((shipment) => shipment.state)).toEqual(['FAILED']);
    expect(packetsOf(order.number)).toHaveLength(0);
  });

  it('without PACKETA_API_PASSWORD nothing is sent to Packeta: the attempt is refused and closed', async () => {
    const order = await paidOrder();
    const calls = fake.calls.createPacket;
    const refused = await failure(ship(order.id, { carriers: carriers({ password: null }) }));
    expect(refused.code).toBe('NOT_CONFIGURED');
    expect(refused.message).toContain('PACKETA_API_PASSWORD');
    expect(fake.calls.createPacket).toBe(calls);
    expect((await stateOf(order.id)).shipments.map((shipment) => shipment.state)).toEqual(['FAILED']);
  });

  it("a demo point's parcel is never sent to Packeta: the demo stand-in gives it a packet id from the order number and a label marked DEMO", async () => {
    const order = await paidOrder('parcel-point', { point: 'demo:77' });
    const calls = { ...fake.calls };
    const result = await ship(order.id, { carriers: { ...carriers({ password: null }), demoLabels: renderDemoLabels } });
    expect(result.shipment).toMatchObject({
      carrier: 'packeta-demo',
      state: 'CREATED',
      packetId: `9${order.number.slice(-9)}`,
      trackingNumber: `Z9${order.number.slice(-9)}`,
      trackingUrl: null,
      hasLabel: true,
    });
    expect(fake.calls).toEqual(calls);
    expect((await stateOf(order.id)).status).toBe('SHIPPED');
    const text = await pdfText(await labelOf(app.prisma, order.number));
    expect(text).toContain('DEMO');
    expect(text).toContain(`Order ${order.number}`);
    // without a layout to draw it the demo parcel has no label, and is shipped all the same
    const bare = await paidOrder('parcel-point', { point: 'demo:77' });
    expect((await ship(bare.id, { carriers: carriers({ password: null }) })).shipment.hasLabel).toBe(false);
  });

  it('a timeout leaves the outcome unknown: the retry refuses until the operator names the packet Packeta made, then ships that one', async () => {
    const order = await paidOrder();
    fake.mode = 'slow';
    const timedOut = await failure(ship(order.id, { carriers: carriers({ timeoutMs: 300 }) }));
    expect(timedOut).toMatchObject({ code: 'TIMEOUT', certain: false });
    expect(timedOut.message).toContain('0.3 s');
    // the fake made the packet before its answer was late, as a slow Packeta may
    expect(packetsOf(order.number)).toHaveLength(1);
    fake.mode = 'normal';

    const calls = fake.calls.createPacket;
    const uncertain = await failure(ship(order.id));
    expect(uncertain.code).toBe('SHIPMENT_UNCERTAIN');
    expect(uncertain.message).toContain(order.number);
    expect(uncertain.message).toContain('did not answer');
    expect(fake.calls.createPacket).toBe(calls);
    expect((await stateOf(order.id)).status).toBe('PAID');

    expect((await failure(ship(order.id, { adoptPacketId: '999' }))).code).toBe('UNKNOWN_PACKET');
    const adopted = await ship(order.id, { adoptPacketId: packetsOf(order.number)[0].id });
    expect(adopted.result).toBe('SHIPPED');
    expect(adopted.shipment.packetId).toBe(packetsOf(order.number)[0].id);
    expect(adopted.shipment.hasLabel).toBe(true);
    expect(packetsOf(order.number)).toHaveLength(1);
    expect(fake.calls.createPacket).toBe(calls);
  });

  it('an answer that is not XML is a clear error; when the operator finds no packet, the next attempt creates exactly one', async () => {
    const order = await paidOrder();
    fake.mode = 'malformed';
    const broken = await failure(ship(order.id));
    expect(broken).toMatchObject({ code: 'MALFORMED_ANSWER', certain: false });
    expect(broken.message).toContain('not its XML answer');
    fake.mode = 'normal';
    expect((await failure(ship(order.id))).code).toBe('SHIPMENT_UNCERTAIN');
    // the fake's broken answer came before any packet was made
    expect(packetsOf(order.number)).toHaveLength(0);
    expect((await ship(order.id, { noPacketExists: true })).result).toBe('SHIPPED');
    expect(packetsOf(order.number)).toHaveLength(1);
    const state = await stateOf(order.id);
    expect(state.shipments.map((shipment) => shipment.state)).toEqual(['FAILED', 'CREATED']);
    // nothing left to resolve once shipped, or before anything was tried
    expect((await failure(ship((await paidOrder()).id, { noPacketExists: true }))).code).toBe('NOTHING_UNCERTAIN');
  });

  it('a crash after the packet was recorded: the retry finishes with the same packet, never a second', async () => {
    const order = await paidOrder();
    const crash = new Error('killed after createPacket was recorded');
    await expect(ship(order.id, { hooks: { afterParcelRecorded: () => Promise.reject(crash) } })).rejects.toBe(crash);
    let state = await stateOf(order.id);
    expect(state.status).toBe('PAID');
    expect(state.shipments.map((shipment) => [shipment.state, shipment.completedAt])).toEqual([['CREATED', null]]);

    const calls = fake.calls.createPacket;
    const retried = await ship(order.id);
    expect(retried.result).toBe('SHIPPED');
    expect(fake.calls.createPacket).toBe(calls);
    expect(packetsOf(order.number)).toHaveLength(1);
    state = await stateOf(order.id);
    expect(state.status).toBe('SHIPPED');
    expect(state.shipments).toHaveLength(1);
  });

  it('a crash between createPacket and recording its answer: the retry refuses, the operator adopts the packet, one packet in all', async () => {
    const order = await paidOrder();
    const crash = new Error('killed before the packet id was recorded');
    await expect(ship(order.id, { hooks: { beforeParcelRecorded: () => Promise.reject(crash) } })).rejects.toBe(crash);
    expect(packetsOf(order.number)).toHaveLength(1);
    expect((await stateOf(order.id)).shipments.map((shipment) => shipment.state)).toEqual(['PENDING']);
    expect((await failure(ship(order.id))).code).toBe('SHIPMENT_UNCERTAIN');
    expect((await ship(order.id, { adoptPacketId: packetsOf(order.number)[0].id })).result).toBe('SHIPPED');
    expect(packetsOf(order.number)).toHaveLength(1);
  });

  /** Ships the order in another process that SIGKILLs itself at `moment`; how it ended. */
  function shipAndDie(orderId: number, moment: 'beforeParcelRecorded' | 'afterParcelRecorded'): Promise<{ code: number | null; signal: string | null; stderr: string }> {
    const root = path.resolve(import.meta.dirname, '../..');
    return new Promise((resolve, reject) => {
      const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['tests/support/ship-and-die.ts', String(orderId), moment], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: app.databaseUrl, PACKETA_API_URL: fake.url, PACKETA_API_PASSWORD: fake.apiPassword },
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const timer = setTimeout(() => child.kill(), 60_000);
      child.on('error', reject);
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, stderr });
      });
    });
  }

  it('a process killed (SIGKILL) after the packet was recorded: after the restart the order ships once, with that packet', async () => {
    const order = await paidOrder();
    const died = await shipAndDie(order.id, 'afterParcelRecorded');
    // tsx runs the script in a child of its own and exits with 128 + 9 when that one is killed
    expect(died.signal === 'SIGKILL' || died.code === 137, `${died.code} ${died.signal} ${died.stderr}`).toBe(true);
    expect(packetsOf(order.number)).toHaveLength(1);
    expect((await stateOf(order.id)).status).toBe('PAID');
    const calls = fake.calls.createPacket;
    expect((await ship(order.id)).result).toBe('SHIPPED');
    expect(fake.calls.createPacket).toBe(calls);
    expect(packetsOf(order.number)).toHaveLength(1);
    expect((await stateOf(order.id)).status).toBe('SHIPPED');
  }, 90_000);

  it('a process killed (SIGKILL) right after createPacket answered: the restart asks the operator, never Packeta for a second packet', async () => {
    const order = await paidOrder();
    const died = await shipAndDie(order.id, 'beforeParcelRecorded');
    // tsx runs the script in a child of its own and exits with 128 + 9 when that one is killed
    expect(died.signal === 'SIGKILL' || died.code === 137, `${died.code} ${died.signal} ${died.stderr}`).toBe(true);
    expect(packetsOf(order.number)).toHaveLength(1);
    const calls = fake.calls.createPacket;
    expect((await failure(ship(order.id))).code).toBe('SHIPMENT_UNCERTAIN');
    expect((await ship(order.id, { adoptPacketId: packetsOf(order.number)[0].id })).result).toBe('SHIPPED');
    expect(fake.calls.createPacket).toBe(calls);
    expect(packetsOf(order.number)).toHaveLength(1);
  }, 90_000);

  it('two attempts at once: one creates the packet, the other is refused without asking Packeta', async () => {
    const order = await paidOrder();
    const results = await Promise.allSettled([ship(order.id), ship(order.id)]);
    const shipped = results.filter((result) => result.status === 'fulfilled');
    expect(shipped.length).toBeGreaterThanOrEqual(1);
    for (const result of results) {
      if (result.status === 'rejected') expect((result.reason as { code: string }).code).toMatch(/^(SHIPMENT_UNCERTAIN|SHIPMENT_CHANGED)$/);
    }
    expect(packetsOf(order.number)).toHaveLength(1);
    expect((await stateOf(order.id)).status).toBe('SHIPPED');
  });
});

describe(`a courier and store pickup (${databaseKind})`, () => {
  it('a courier parcel takes the typed tracking number and links to the courier; no label; once', async () => {
    const order = await paidOrder('courier');
    expect((await failure(ship(order.id))).code).toBe('TRACKING_NUMBER');
    expect((await failure(ship(order.id, { trackingNumber: '<b>' }))).code).toBe('REFUSED');
    const result = await ship(order.id, { trackingNumber: ' 4051 2345 678 ' });
    expect(result.shipment).toMatchObject({
      carrier: 'courier',
      state: 'CREATED',
      trackingNumber: '40512345678',
      trackingUrl: 'https://www.ppl.cz/vyhledat-zasilku?shipmentId=40512345678',
      hasLabel: false,
    });
    expect((await stateOf(order.id)).status).toBe('SHIPPED');
    expect((await ship(order.id, { trackingNumber: '40512345678' })).result).toBe('ALREADY_SHIPPED');
    expect((await failure(labelOf(app.prisma, order.number))).code).toBe('NO_LABEL');
  });

  it('a store pickup order is not shipped', async () => {
    const order = await paidOrder('store-pickup');
    expect((await failure(ship(order.id))).code).toBe('NOT_SHIPPED');
    expect((await stateOf(order.id)).shipments).toHaveLength(0);
  });

  it('the delivery methods carry their carrier and Heureka DELIVERY_ID; an id Heureka does not know is refused by the database', async () => {
    const rows = await app.prisma.deliveryMethod.findMany({ select: { code: true, carrier: true, heurekaDeliveryId: true }, orderBy: { position: 'asc' } });
    expect(rows).toEqual([
      { code: 'store-pickup', carrier: 'store-pickup', heurekaDeliveryId: null },
      { code: 'parcel-point', carrier: 'packeta', heurekaDeliveryId: 'ZASILKOVNA' },
      { code: 'courier', carrier: 'courier', heurekaDeliveryId: 'PPL' },
    ]);
    await expect(app.prisma.deliveryMethod.update({ where: { code: 'courier' }, data: { heurekaDeliveryId: 'PPL_EXPRESS' } })).rejects.toThrow();
    // the database's list is the rules' list
    for (const id of HEUREKA_DELIVERY_IDS) {
      await app.prisma.deliveryMethod.update({ where: { code: 'courier' }, data: { heurekaDeliveryId: id } });
    }
    await app.prisma.deliveryMethod.update({ where: { code: 'courier' }, data: { heurekaDeliveryId: 'PPL' } });
    await expect(app.prisma.deliveryMethod.update({ where: { code: 'courier' }, data: { carrier: 'ups' } })).rejects.toThrow();
  });
});

describe(`labels (${databaseKind})`, () => {
  /** Runs `npm run order -- …` with the shop's environment, Packeta's fake as its API; exit code and output. */
  async function order(args: string[], password = fake.apiPassword) {
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')));
    const env = { DATABASE_URL: app.databaseUrl, DATA_DIR: dataDir, PACKETA_API_URL: fake.url, PACKETA_API_PASSWORD: password };
    const code = await runShopCommand(orderCommand, args, env);
    vi.restoreAllMocks();
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('`ship` without a tracking number hands a Packeta parcel to Packeta: one packet, its label stored, the order SHIPPED with an OrderEvent; again changes nothing', async () => {
    const paid = await paidOrder();
    const shipped = await order(['ship', paid.number]);
    expect(shipped).toMatchObject({ code: 0, err: '' });
    const [packet] = packetsOf(paid.number);
    expect(shipped.out).toContain(`SHIPPED: order ${paid.number} with packeta, packet ${packet.id}`);
    const state = await stateOf(paid.id);
    expect(state.status).toBe('SHIPPED');
    expect(state.shipments.map((shipment) => shipment.labelPdf !== null)).toEqual([true]);
    const events = await app.prisma.orderEvent.findMany({ where: { orderId: paid.id }, orderBy: { id: 'asc' } });
    expect(events.map((event) => `${event.fromStatus}→${event.toStatus}`)).toEqual(['PAID→PROCESSING', 'PROCESSING→SHIPPED']);
    const again = await order(['ship', paid.number]);
    expect(again.out).toContain(`ALREADY SHIPPED: order ${paid.number}`);
    expect(packetsOf(paid.number)).toHaveLength(1);
    // a courier's parcel needs the typed number; the Packeta options make no sense with one
    expect((await order(['ship', (await paidOrder('courier')).number])).code).toBe(2);
    expect((await order(['ship', paid.number, '--tracking', 'X1', '--packet-id', '123'])).code).toBe(2);
    expect((await order(['ship', paid.number, '--no-packet', 'maybe'])).code).toBe(2);
  });

  it('`label` writes the stored label, also without Packeta; `labels` writes an A4 sheet of several orders from Packeta', async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    await ship(first.id);
    await ship(second.id);
    const file = path.join(dataDir, 'label.pdf');
    const calls = fake.calls.packetLabelPdf;
    const written = await order(['label', first.number, '--out', file], '');
    expect(written).toMatchObject({ code: 0, err: '' });
    expect(written.out).toContain(file);
    expect(readFileSync(file)).toEqual(Buffer.from(await labelOf(app.prisma, first.number)));
    expect(fake.calls.packetLabelPdf).toBe(calls);

    const sheet = path.join(dataDir, 'sheet.pdf');
    expect((await order(['labels', first.number, second.number, '--out', sheet])).code).toBe(0);
    const text = await pdfText(readFileSync(sheet));
    const ids = [first, second].map((one) => packetsOf(one.number)[0].id);
    expect(text).toContain(`A6 on A4 ${ids.join(' ')}`);
  });

  it('`labels` of demo parcels draws them four to an A4 page, without Packeta', async () => {
    const demo = await Promise.all([1, 2, 3, 4, 5].map(() => paidOrder('parcel-point', { point: 'demo:77' })));
    for (const one of demo) await ship(one.id, { carriers: { ...carriers({ password: null }), demoLabels: renderDemoLabels } });
    const sheet = path.join(dataDir, 'demo-sheet.pdf');
    const written = await order(['labels', ...demo.map((one) => one.number), '--out', sheet], '');
    expect(written).toMatchObject({ code: 0, err: '' });
    const text = await pdfText(readFileSync(sheet));
    for (const one of demo) expect(text).toContain(`Order ${one.number}`);
    expect(readFileSync(sheet).toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
    const mixed = await paidOrder();
    await ship(mixed.id);
    expect((await order(['labels', demo[0].number, mixed.number, '--out', sheet])).err).toContain('separate sheets');
  });

  it('refuses an order without a parcel, a courier parcel and a wrong command line, with exit code 2', async () => {
    const unshipped = await paidOrder();
    const courier = await paidOrder('courier');
    await ship(courier.id, { trackingNumber: 'DR-12345' });
    const none = await order(['label', unshipped.number]);
    expect(none.code).toBe(2);
    expect(none.err).toContain(`Order ${unshipped.number} has no parcel yet`);
    expect((await order(['labels', courier.number, '--out', path.join(dataDir, 'x.pdf')])).err).toContain('goes by courier');
    expect((await order(['labels', unshipped.number])).err).toContain('labels needs --out');
    expect((await order(['label'])).code).toBe(2);
    expect((await order(['label', '1', '--format', 'A7'])).err).toContain('Unknown option --format');
  });

  it("a label missing from the shipment is fetched from Packeta and stored; Packeta's wrong password is said in one line", async () => {
    const shipped = await paidOrder();
    await ship(shipped.id);
    await app.prisma.shipment.updateMany({ where: { orderId: shipped.id }, data: { labelPdf: null } });
    const wrong = await order(['label', shipped.number, '--out', path.join(dataDir, 'w.pdf')], 'not-the-password-000000000000000');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('IncorrectApiPasswordFault');
    expect((await order(['label', shipped.number, '--out', path.join(dataDir, 'ok.pdf')])).code).toBe(0);
    expect((await app.prisma.shipment.findFirstOrThrow({ where: { orderId: shipped.id } })).labelPdf).not.toBeNull();
  });
});

describe('the Packeta client', () => {
  const client = (password = fake.apiPassword) => createPacketaClient({ apiUrl: fake.url, apiPassword: password, timeoutMs: 2000 });

  it('reads packet status and tracking, and says an unknown packet is unknown', async () => {
    const order = await paidOrder();
    await ship(order.id);
    const id = packetsOf(order.number)[0].id;
    expect(await client().packetStatus(id)).toMatchObject({ statusCode: '1', codeText: 'received data' });
    expect((await client().packetTracking(id))[0]).toMatchObject({ statusCode: '1' });
    expect((await failure(client().packetStatus('1'))).code).toBe('UNKNOWN_PACKET');
  });

  it('escapes what it sends: a name with markup reaches Packeta as text', async () => {
    const created = await client().createPacket({
      number: 'X<1>&2',
      name: 'Jana </name><addressId>1001',
      surname: 'Nováková',
      email: 'jana@example.cz',
      addressId: '1001',
      currency: 'CZK',
      value: '10.00',
      cod: '0',
      weight: '1.000',
    });
    const packet = fake.packets.find((one) => one.id === created.id)!;
    expect(packet.attributes.number).toBe('X<1>&2');
    expect(packet.attributes.name).toBe('Jana </name><addressId>1001');
  });

  it('an unreachable endpoint certainly created nothing', async () => {
    const other = await startFakePacketaApi();
    const url = other.url;
    await other.close();
    const closed = createPacketaClient({ apiUrl: url, apiPassword: 'x', timeoutMs: 2000 });
    const refused = await failure(closed.packetStatus('1'));
    expect(refused).toMatchObject({ code: 'UNREACHABLE', certain: true });
    expect(refused.message).toContain('ECONNREFUSED');
  });
});

it('labelSheet names the first order without a Packeta parcel', async () => {
  const unshipped = await paidOrder();
  expect((await failure(labelSheet(app.prisma, [unshipped.number], carriers()))).message).toContain(unshipped.number);
});
