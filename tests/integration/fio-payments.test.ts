// The Fio API poll (decision 0070) against a local fake of the documented API (tests/support/fake-fio.ts):
// new movements are paired as an import pairs them, one call per 31 s across instances, the bank's 409
// and a wrong token's 500 change nothing, and a poll cut off after the pairing and before its bookmark
// was written is finished exactly once: the next poll puts Fio's bookmark back (set-last-id, to the last
// movement whose pairing committed), the one after reads the movements again and pairs nothing twice.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createOrder } from '../support/factories.ts';
import { startFakeFio, type FakeFio } from '../support/fake-fio.ts';
import { FioApiError, pollFio, type FioOptions } from '../../bff/src/services/fio-api.ts';
import { startFioPaymentsJob } from '../../bff/src/jobs/fio-payments.ts';
import { pragueDay } from '../../schema/rules/dates.ts';

let app: TestApp;
let fio: FakeFio;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

beforeEach(async () => {
  await fio?.close();
  fio = await startFakeFio();
  await app.prisma.bankFeed.deleteMany();
});

const DAY_MS = 24 * 3600_000;
const unpaidOrder = () => createOrder(app.prisma, { createdAt: new Date(Date.now() - DAY_MS) });
let nextId = 80_000_000;
const options = (extra: Partial<FioOptions> = {}): FioOptions => ({ token: fio.token, baseUrl: fio.url, ...extra });
/** A poll at the fake's moment; the fake's clock then moves on by `after` ms. */
async function poll(extra: Partial<FioOptions> = {}, after = 31_000) {
  try {
    return await pollFio(app.prisma, options(extra), new Date(fio.now));
  } finally {
    fio.advance(after);
  }
}
const statusOf = async (id: number) => (await app.prisma.order.findUniqueOrThrow({ where: { id } })).status;

describe(`the Fio API poll (${databaseKind})`, () => {
  it('pairs new movements, records every one once, and calls at most once in 31 s', async () => {
    const [order, other] = [await unpaidOrder(), await unpaidOrder()];
    const day = pragueDay(new Date());
    const [paid, unknown, outgoing] = [nextId++, nextId++, nextId++];
    fio.movements.push(
      { id: paid, date: day, amount: order.totalGross / 100, vs: order.number, message: 'Objednávka' },
      { id: unknown, date: day, amount: 99.5, vs: '2099000009' },
      { id: outgoing, date: day, amount: -120, vs: null },
    );
    const first = await pollFio(app.prisma, options(), new Date(fio.now));
    expect(first).toMatchObject({ result: 'PAIRED', outgoing: 1 });
    expect(first.result === 'PAIRED' && first.imported.map((payment) => [payment.movementId, payment.outcome])).toEqual([
      [String(paid), 'MARKED'],
      [String(unknown), 'UNKNOWN_ORDER'],
    ]);
    expect(await statusOf(order.id)).toBe('PAID');
    expect(await app.prisma.bankTransaction.findMany({ where: { bankId: { in: [paid, unknown, outgoing].map(String) } }, orderBy: { bankId: 'asc' }, select: { state: true, source: true, amount: true } })).toEqual([
      { state: 'PAIRED', source: 'fio-api', amount: order.totalGross },
      { state: 'UNPAIRED', source: 'fio-api', amount: 9_950 },
      { state: 'IGNORED', source: 'fio-api', amount: -12_000 },
    ]);
    expect(await app.prisma.bankFeed.findUniqueOrThrow({ where: { name: 'fio' } })).toMatchObject({ lastPairedId: String(outgoing), downloading: false });

    // another instance (or round) 10 s later waits without calling the bank
    fio.advance(10_000);
    expect(await pollFio(app.prisma, options(), new Date(fio.now))).toEqual({ result: 'WAIT' });
    expect(fio.calls).toEqual(['last']);

    fio.advance(21_000);
    const second = nextId++;
    fio.movements.push({ id: second, date: day, amount: other.totalGross / 100, vs: other.number });
    expect(await poll()).toMatchObject({ result: 'PAIRED', imported: [{ movementId: String(second), outcome: 'MARKED' }] });
    expect(await statusOf(other.id)).toBe('PAID');
    expect(fio.calls).toEqual(['last', 'last']);
  });

  it('keeps the gap it is given between calls (FIO_CALL_GAP_SECONDS of a stand-in), not one less', async () => {
    // a stand-in whose rule is 2 s, as Fio's is 30 s
    await fio.close();
    fio = await startFakeFio({ callGapMs: 2000 });
    const at = (ms: number) => {
      fio.advance(ms);
      return pollFio(app.prisma, options({ callGapMs: 3000 }), new Date(fio.now));
    };
    expect(await at(0)).toMatchObject({ result: 'PAIRED' });
    expect(await at(2999)).toEqual({ result: 'WAIT' });
    expect(await at(1)).toMatchObject({ result: 'PAIRED' });
    expect(await at(1)).toEqual({ result: 'WAIT' });
    // the default gap is Fio's 30 s and a second
    expect(await pollFio(app.prisma, options(), new Date(fio.now + 30_998))).toEqual({ result: 'WAIT' });
    expect(fio.calls).toEqual(['last', 'last']);
  });

  it('of instances polling at the same moment one calls the bank', async () => {
    const now = new Date(fio.now);
    const polls = await Promise.all([pollFio(app.prisma, options(), now), pollFio(app.prisma, options(), now), pollFio(app.prisma, options(), now)]);
    expect(polls.filter((result) => result.result === 'WAIT')).toHaveLength(2);
    expect(fio.calls).toEqual(['last']);
  });

  it('the bank’s 409, a wrong token’s 500 and an answer over the limit are errors that change nothing', async () => {
    const order = await unpaidOrder();
    fio.movements.push({ id: nextId++, date: pragueDay(new Date()), amount: order.totalGross / 100, vs: order.number });
    await expect(poll({ token: 'wrong-token' })).rejects.toThrow('The Fio API answered 500: is FIO_API_TOKEN a valid token of the account?');
    // someone else used the token a moment ago: the bank says 409
    await fetch(`${fio.url}/set-last-date/${fio.token}/2000-01-01/`);
    await expect(pollFio(app.prisma, options(), new Date(fio.now + 60_000))).rejects.toThrow(FioApiError);
    expect(fio.calls).toEqual(['500', 'set-last-date 2000-01-01', '409']);
    expect(await statusOf(order.id)).toBe('NEW');
    expect(await app.prisma.bankFeed.findUniqueOrThrow({ where: { name: 'fio' } })).toMatchObject({ downloading: false });
    fio.advance(120_000);
    // an answer over the size limit is refused while it is read and pairs nothing; Fio's bookmark moved, so it is put back
    await expect(poll({ maxBytes: 100 })).rejects.toThrow(/^The Fio API answered more than 100 bytes; nothing paired\.$/);
    expect(await statusOf(order.id)).toBe('NEW');
    expect(await poll()).toEqual({ result: 'REWOUND', toId: null });
    expect(await pollFio(app.prisma, options(), new Date(fio.now))).toMatchObject({ result: 'PAIRED', imported: [{ outcome: 'MARKED' }] });
    expect(await statusOf(order.id)).toBe('PAID');
  });

  it('a poll cut off between the pairing and its bookmark is finished exactly once after the restart', async () => {
    const day = pragueDay(new Date());
    const [before, order, later] = [await unpaidOrder(), await unpaidOrder(), await unpaidOrder()];
    const ids = [nextId++, nextId++, nextId++];
    fio.movements.push({ id: ids[0], date: day, amount: before.totalGross / 100, vs: before.number });
    await poll();
    fio.movements.push({ id: ids[1], date: day, amount: order.totalGross / 100, vs: order.number });
    await expect(
      poll({
        afterPairing: async () => {
          throw new Error('killed between the pairing and the bookmark');
        },
      }),
    ).rejects.toThrow('killed');
    // Fio's bookmark moved past the movement; the shop's row still says a download is not paired
    expect(fio.bookmark()).toBe(ids[1]);
    expect(await app.prisma.bankFeed.findUniqueOrThrow({ where: { name: 'fio' } })).toMatchObject({ lastPairedId: String(ids[0]), downloading: true });
    fio.movements.push({ id: ids[2], date: day, amount: later.totalGross / 100, vs: later.number });

    expect(await poll()).toEqual({ result: 'REWOUND', toId: String(ids[0]) });
    expect(fio.bookmark()).toBe(ids[0]);
    const again = await poll();
    expect(again.result === 'PAIRED' && again.imported.map((payment) => [payment.movementId, payment.outcome])).toEqual([
      [String(ids[1]), 'RECORDED_BEFORE'],
      [String(ids[2]), 'MARKED'],
    ]);
    expect(fio.calls).toEqual(['last', 'last', `set-last-id ${ids[0]}`, 'last']);
    for (const paid of [before, order, later]) {
      expect(await statusOf(paid.id)).toBe('PAID');
      expect(await app.prisma.orderStatusChange.count({ where: { orderId: paid.id } })).toBe(1);
    }
    expect(await app.prisma.bankTransaction.count({ where: { bankId: { in: ids.map(String) } } })).toBe(3);
  });

  it('a first download lost before any pairing is fetched again from the day before', async () => {
    const order = await unpaidOrder();
    const day = pragueDay(new Date());
    fio.movements.push({ id: nextId++, date: day, amount: order.totalGross / 100, vs: order.number });
    await expect(poll({ afterPairing: () => Promise.reject(new Error('killed')) })).rejects.toThrow('killed');
    await app.prisma.bankFeed.update({ where: { name: 'fio' }, data: { lastPairedId: '' } });
    expect(await poll()).toEqual({ result: 'REWOUND', toId: null });
    expect(fio.calls.at(-1)).toMatch(/^set-last-date \d{4}-\d{2}-\d{2}$/);
    expect(await poll()).toMatchObject({ result: 'PAIRED', imported: [{ outcome: 'RECORDED_BEFORE' }] });
  });

  it('runs as a background job when a token is set, and not without one', async () => {
    const order = await unpaidOrder();
    fio.movements.push({ id: nextId++, date: pragueDay(new Date()), amount: order.totalGross / 100, vs: order.number });
    const lines: string[] = [];
    const log = { info: (line: string) => void lines.push(line), error: (line: string) => void lines.push(line) };
    expect(startFioPaymentsJob(app.prisma, { fioApiToken: null, fioApiUrl: fio.url, fioPollIntervalMs: 0, fioCallGapMs: 31_000 }, log)).toBeNull();
    const job = startFioPaymentsJob(app.prisma, { fioApiToken: fio.token, fioApiUrl: fio.url, fioPollIntervalMs: 0, fioCallGapMs: 31_000 }, log);
    job?.kick();
    await job?.idle();
    await job?.close();
    expect(await statusOf(order.id)).toBe('PAID');
    expect(lines).toEqual(['[fio] 1 incoming payment, 1 paired; 0 outgoing']);
  });
});
