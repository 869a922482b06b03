// On a PostgreSQL server each pool connection prepares a statement once and then only binds and
// runs it (bff/src/db/client.ts); PGlite, whose one session every connection shares, gets none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

type Prepared = { name: string; statement: string };

describe('prepared statements', () => {
  it(`are ${databaseKind === 'postgres' ? 'named and kept by the server' : 'not used on the embedded database'}, and answers follow the data`, async () => {
    const product = await createProduct(app.prisma, { names: { cs: 'Šála Připravená', en: 'Prepared scarf' } });
    const nameOf = () => app.prisma.product.findUniqueOrThrow({ where: { id: product.id }, select: { translations: { select: { name: true }, where: { language: 'cs' } } } });
    expect((await nameOf()).translations[0].name).toBe('Šála Připravená');
    await app.prisma.productTranslation.update({ where: { productId_language: { productId: product.id, language: 'cs' } }, data: { name: 'Šála Jiná' } });
    expect((await nameOf()).translations[0].name).toBe('Šála Jiná');
    // the statement that asks is itself prepared on the connection it runs on
    const prepared = await app.prisma.$queryRaw<Prepared[]>`SELECT name, statement FROM pg_prepared_statements`;
    if (databaseKind === 'postgres') {
      const own = prepared.find((row) => row.statement.includes('pg_prepared_statements'));
      expect(own?.name).toMatch(/^shop_\d+$/);
    } else {
      expect(prepared).toEqual([]);
    }
  });

  it('a second shop on the same database works alongside, with prepared statements only on a server', async () => {
    // on PGlite its URL is a socket like a server's: the shop asks what it is talking to
    const second = await createTestApp({ databaseUrl: app.databaseUrl });
    try {
      const ask = (on: TestApp) => on.gql<{ categories: { slug: string }[] }>('{ categories { slug } }');
      for (let round = 0; round < 3; round += 1) {
        const [first, other] = await Promise.all([ask(app), ask(second)]);
        expect(first.errors).toBeUndefined();
        expect(other.errors).toBeUndefined();
        expect(other.data).toEqual(first.data);
      }
      const prepared = await second.prisma.$queryRaw<Prepared[]>`SELECT name, statement FROM pg_prepared_statements`;
      expect(prepared.length > 0).toBe(databaseKind === 'postgres');
    } finally {
      await second.close();
    }
  });
});
