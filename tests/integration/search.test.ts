// Issue 10, search: the words of a search are looked up through a trigram GIN index on the normalised
// search text (migration 20261122162100), on the embedded PGlite (pg_trgm loaded) as on a server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  await createProduct(app.prisma, { names: { cs: 'Dres Slávie domácí', en: 'Slavia home jersey' } });
  for (let i = 0; i < 5; i += 1) await createProduct(app.prisma, {});
});

afterAll(async () => {
  await app?.close();
});

describe(`search index (${databaseKind})`, () => {
  it('pg_trgm and unaccent are installed', async () => {
    const rows = await app.prisma.$queryRaw<{ extname: string }[]>`SELECT extname FROM pg_extension ORDER BY extname`;
    expect(rows.map((row) => row.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent']));
  });

  it("a word inside the search text is found through the trigram index, not by reading every row", async () => {
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      // a handful of rows would be read directly anyway: forbid that, so the plan shows the index can answer
      await client.query('SET enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT "productId" FROM "ProductTranslation" WHERE "searchText" LIKE '%slavie%'`,
      );
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('ProductTranslation_searchText_trgm_idx');
    } finally {
      await client.end();
    }
    const found = await app.gql<{ products: { edges: { node: { name: string } }[] } }>(
      '{ products(first: 5, filter: { search: "SLAVIE dres" }) { edges { node { name } } } }',
    );
    expect(found.data!.products.edges.map((edge) => edge.node.name)).toEqual(['Dres Slávie domácí']);
  });
});
