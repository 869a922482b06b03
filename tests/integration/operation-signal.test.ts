// The connection pool and an aborted operation (db/operation-signal.ts): a statement still waiting
// for a connection when its operation times out or loses its client never runs; statements of
// operations that go on, and of code outside any operation, run as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../bff/src/db/client.ts';
import { withOperationSignal } from '../../bff/src/db/operation-signal.ts';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';

let app: TestApp;
let db: Database;
let productId: number;

beforeAll(async () => {
  app = await createTestApp();
  productId = (await createProduct(app.prisma)).id;
  db = createDatabase(app.databaseUrl, { poolSize: 1 });
});

afterAll(async () => {
  await db?.prisma.$disconnect();
  await app?.close();
});

const soldCount = async () => (await app.prisma.product.findUniqueOrThrow({ where: { id: productId } })).soldCount;
// awaited here: a Prisma query starts when it is awaited, and must start inside the operation
const countSale = async () => await db.prisma.$executeRaw`UPDATE "Product" SET "soldCount" = "soldCount" + 1 WHERE id = ${productId}`;

describe(`the pool and aborted operations (${databaseKind})`, () => {
  it('a statement queued for a connection does not run once its operation is aborted', async () => {
    const before = await soldCount();
    const held = await db.pool.connect(); // the pool's only connection
    const operation = new AbortController();
    const queued = withOperationSignal(operation.signal, countSale);
    const outcome = queued.then(
      () => 'ran',
      () => 'refused',
    );
    operation.abort(new Error('timed out'));
    held.release();
    expect(await outcome).toBe('refused');
    expect(await soldCount()).toBe(before);
  });

  it('an operation already aborted gets no connection at all', async () => {
    const before = await soldCount();
    const operation = new AbortController();
    operation.abort(new Error('client left'));
    await expect(withOperationSignal(operation.signal, countSale)).rejects.toThrow();
    expect(await soldCount()).toBe(before);
  });

  it('a live operation and code outside any operation run their statements', async () => {
    const before = await soldCount();
    const operation = new AbortController();
    await withOperationSignal(operation.signal, countSale);
    await countSale();
    expect(await soldCount()).toBe(before + 2);
  });
});
