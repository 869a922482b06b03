// Issue 41 §1, the event seam (docs/decisions/0055): a service's events are recorded in its transaction
// and reach the subscribers of every instance only after the commit (never after a rollback); a
// command's events reach a running shop; a row whose transaction commits after a higher id's is not
// lost; a write the app did not describe (psql) still purges everything through the counter.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';
import { inTransaction, pruneChangeEvents } from '../../bff/src/events/record.ts';
import type { ShopEvent } from '../../bff/src/events/events.ts';
import type { Purge } from '../../bff/src/events/tags.ts';
import type { Origin } from '../../bff/src/events/change-feed.ts';
import { runShopCommand } from '../../scripts/shop-command.ts';
import { stockCommand } from '../../scripts/stock.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** One of each kind of event. */
const EVERY_KIND: ShopEvent[] = [
  { kind: 'StockChanged', variantIds: [1], productIds: [2], availabilityFlipped: [] },
  { kind: 'ProductChanged', productIds: [2], categoryIds: [3] },
  { kind: 'PriceChanged', productIds: [2] },
  { kind: 'CategoryChanged', categoryIds: [3] },
  { kind: 'ContentChanged', contentIds: ['article:4'] },
  { kind: 'DeliveryChanged' },
  { kind: 'StoresChanged' },
  { kind: 'EverythingChanged', reason: 'test' },
  { kind: 'OrderPlaced', orderId: 5 },
  { kind: 'OrderStateChanged', orderId: 5, from: 'NEW', to: 'PAID' },
  { kind: 'SeatsChanged', eventId: 6, taken: [1, 2], freed: [3] },
  { kind: 'MailEnqueued' },
];

let app: TestApp;
const heard: { event: ShopEvent; origin: Origin }[] = [];
const purges: Purge[] = [];

beforeAll(async () => {
  app = await createTestApp();
  app.changes.subscribe((event, origin) => heard.push({ event, origin }));
  app.changes.onPurge((purge) => purges.push(purge));
  await app.changes.polled();
});

afterAll(async () => {
  await app?.close();
});

/** A client of the database outside the app (psql, another process). */
async function outside<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe(`the event seam (${databaseKind})`, () => {
  it('each kind of event reaches the subscribers after its commit, once, and never after a rollback', async () => {
    heard.length = 0;
    await inTransaction(app.prisma, async (tx, changes) => {
      await tx.$queryRaw`SELECT 1`;
      changes.record(...EVERY_KIND);
      await tx.$queryRaw`SELECT 1`;
      expect(heard).toEqual([]); // recorded, not yet committed
    });
    expect(heard).toEqual(EVERY_KIND.map((event) => ({ event, origin: 'here' })));
    await app.changes.polled();
    expect(heard).toHaveLength(EVERY_KIND.length); // the poll reads the rows, and knows they were dispatched

    heard.length = 0;
    const failed = inTransaction(app.prisma, async (_tx, changes) => {
      changes.record(...EVERY_KIND);
      throw new Error('rolled back');
    });
    await expect(failed).rejects.toThrow('rolled back');
    await app.changes.polled();
    expect(heard).toEqual([]);
  });

  it('a stock change through the shop purges its product (and its listings only when availability flips), not everything', async () => {
    const product = await createProduct(app.prisma, { variants: [{ stock: 5 }] });
    await app.changes.polled(); // the factory's writes moved the counter: a purge of everything, seen now
    purges.length = 0;
    const [variant] = product.variants;
    const { setStock } = await import('../../bff/src/services/stock.ts');
    await setStock(app.prisma, [{ code: variant.code, quantity: 4 }]);
    await setStock(app.prisma, [{ code: variant.code, quantity: 0 }]);
    await app.changes.polled();
    expect(purges).toEqual([{ tags: [`product:${product.id}`] }, { tags: [`product:${product.id}`, `listed:${product.id}`] }]);
  });

  it('a write from outside the app (plain SQL on Variant) purges everything through the counter; so does an app transaction that recorded nothing', async () => {
    const product = await createProduct(app.prisma, { variants: [{ stock: 5 }] });
    await app.changes.polled();
    purges.length = 0;
    await outside((client) => client.query('UPDATE "Variant" SET "stock" = 7 WHERE "id" = $1', [product.variants[0].id]));
    await app.changes.polled();
    expect(purges).toEqual([{ all: true, counter: expect.any(Number) }]);

    purges.length = 0;
    await inTransaction(app.prisma, async (tx) => {
      await tx.variant.update({ where: { id: product.variants[0].id }, data: { priceCzk: 12_300 } });
    });
    await app.changes.polled();
    expect(purges).toEqual([{ all: true, counter: expect.any(Number) }]);
  });

  it('events recorded by a command (npm run stock, another process) reach the running shop', async () => {
    const product = await createProduct(app.prisma, { variants: [{ stock: 5 }] });
    await app.changes.polled();
    heard.length = 0;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-change-events-'));
    try {
      const env = { DATABASE_URL: app.databaseUrl, DATA_DIR: dataDir, SESSION_SECRET: 'change-events-test-session-secret-0123456789' };
      expect(await runShopCommand(stockCommand, ['set', product.variants[0].code, '2'], env)).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    await app.changes.polled();
    expect(heard).toEqual([
      { event: { kind: 'StockChanged', variantIds: [product.variants[0].id], productIds: [product.id], availabilityFlipped: [] }, origin: 'outside' },
    ]);
  });

  it('a row whose transaction commits after one with a higher id is not lost', async () => {
    heard.length = 0;
    // two ids taken in order; the higher one commits first, as two transactions inserting at once would
    const [lower, higher] = await outside(async (client) => {
      const { rows } = await client.query<{ id: string }>(`SELECT nextval('"ChangeEvent_id_seq"')::text AS id FROM generate_series(1, 2)`);
      return rows.map((row) => Number(row.id));
    });
    const insert = (id: number, orderId: number) =>
      outside((client) =>
        client.query(`INSERT INTO "ChangeEvent" ("id", "kind", "payload") VALUES ($1, 'OrderPlaced', $2)`, [id, JSON.stringify({ kind: 'OrderPlaced', orderId })]),
      );
    await insert(higher, 2);
    await app.changes.polled();
    expect(heard.map(({ event }) => event)).toEqual([{ kind: 'OrderPlaced', orderId: 2 }]);
    await insert(lower, 1);
    await app.changes.polled();
    expect(heard.map(({ event }) => event)).toEqual([
      { kind: 'OrderPlaced', orderId: 2 },
      { kind: 'OrderPlaced', orderId: 1 },
    ]);
  });

  // PGlite is one session: two transactions cannot be open at once there
  if (databaseKind === 'postgres') it('two transactions at once: the one with the lower id committed second is still delivered', async () => {
    heard.length = 0;
    const first = new pg.Client({ connectionString: app.databaseUrl });
    await first.connect();
    try {
      await first.query('BEGIN');
      await first.query(`INSERT INTO "ChangeEvent" ("kind", "payload") VALUES ('OrderPlaced', '{"kind":"OrderPlaced","orderId":11}')`);
      await inTransaction(app.prisma, async (_tx, changes) => changes.record({ kind: 'OrderPlaced', orderId: 12 }));
      await app.changes.polled();
      await first.query('COMMIT');
      await app.changes.polled();
      expect(heard.map(({ event }) => event)).toEqual([
        { kind: 'OrderPlaced', orderId: 12 },
        { kind: 'OrderPlaced', orderId: 11 },
      ]);
    } finally {
      await first.end();
    }
  });

  it('old rows are pruned', async () => {
    await outside((client) => client.query(`INSERT INTO "ChangeEvent" ("kind", "payload", "at") VALUES ('MailEnqueued', '{"kind":"MailEnqueued"}', now() - interval '2 hours')`));
    expect(await pruneChangeEvents(app.prisma, 3600_000)).toBeGreaterThanOrEqual(1);
    const left = await outside((client) => client.query(`SELECT count(*)::int AS n FROM "ChangeEvent" WHERE "at" < now() - interval '1 hour'`));
    expect(left.rows[0].n).toBe(0);
  });
});

describe(`two instances on one database, with Redis (${databaseKind})`, () => {
  let second: TestApp;

  beforeAll(async () => {
    await app.close();
    app = await createTestApp({ config: { redisUrl: REDIS_URL, responseCache: true } });
    second = await createTestApp({ databaseUrl: app.databaseUrl, config: { redisUrl: REDIS_URL, responseCache: true } });
    await Promise.all([app.cachesReady(), second.cachesReady(), app.changes.polled(), second.changes.polled()]);
  });

  afterAll(async () => {
    await second?.close();
  });

  it('both receive each event within a second: the one that made it at once, the other told', async () => {
    type Seen = { event: ShopEvent; origin: Origin; at: number }[];
    const seen = { first: [] as Seen, second: [] as Seen };
    app.changes.subscribe((event, origin) => seen.first.push({ event, origin, at: Date.now() }));
    second.changes.subscribe((event, origin) => seen.second.push({ event, origin, at: Date.now() }));
    for (const [index, event] of EVERY_KIND.entries()) {
      // made through each instance in turn
      const [maker, told] = index % 2 === 0 ? [app, seen.second] : [second, seen.first];
      const made = index % 2 === 0 ? seen.first : seen.second;
      await inTransaction(maker.prisma, async (_tx, changes) => changes.record(event));
      // the instance that made it has it right after the commit; the other within a second of that
      expect(made.at(-1)).toEqual({ event, origin: 'here', at: expect.any(Number) });
      await vi.waitFor(() => expect(told.at(-1)?.event).toEqual(event), { timeout: 1_000, interval: 5 });
      expect(told.at(-1)!.origin).toBe('elsewhere');
      expect(told.at(-1)!.at - made.at(-1)!.at).toBeLessThan(1_000);
    }
    expect(seen.first).toHaveLength(EVERY_KIND.length);
    expect(seen.second).toHaveLength(EVERY_KIND.length);
  });
});
