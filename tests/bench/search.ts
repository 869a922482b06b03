// Search bench (issue 10): `npm run bench -- --products 100000` loads that many generated products
// (names from a small Czech vocabulary, so words repeat as in a real catalog) into a throwaway database
// (PostgreSQL with TEST_DATABASE_URL, else the embedded PGlite in memory) and compares, with 10
// concurrent requests, the catalog search (one word, 12 results) with a product looked up by its slug
// (a primary-key-like lookup through the same API) measured in the same run.
import { performance } from 'node:perf_hooks';
import { createTestApp, databaseKind } from '../support/test-app.ts';
import { createCategory, createManufacturer } from '../support/factories.ts';
import { load, median } from './load.ts';

const WORDS = ['dres', 'šála', 'čepice', 'mikina', 'bunda', 'kopačky', 'míč', 'rukavice', 'tričko', 'kraťasy', 'ponožky', 'chrániče', 'batoh', 'láhev', 'vlajka', 'hrnek'];
const CLUBS = ['Slávie', 'Sparty', 'Baníku', 'Plzně', 'Olomouce', 'Liberce', 'Jablonce', 'Zlína', 'Teplic', 'Bohemians', 'Slovácka', 'Karviné'];
const KINDS = ['domácí', 'venkovní', 'tréninková', 'retro', 'dětská', 'zimní', 'letní', 'fanouškovská'];

export async function benchSearch(products: number): Promise<void> {
  console.log(`\n== search on ${products} generated products (${databaseKind}), 10 connections`);
  const app = await createTestApp();
  try {
    const category = await createCategory(app.prisma, { slug: { cs: 'bench', en: 'bench' } });
    const manufacturer = await createManufacturer(app.prisma, { name: 'Bench' });
    const t0 = performance.now();
    // every name: word + club + kind + number; searchText as the shop stores it (lower case, no diacritics)
    const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`;
    const clubs = `ARRAY[${CLUBS.map((w) => `'${w}'`).join(',')}]`;
    const kinds = `ARRAY[${KINDS.map((w) => `'${w}'`).join(',')}]`;
    for (let from = 1; from <= products; from += 20_000) {
      const to = Math.min(products, from + 19_999);
      await app.prisma.$executeRawUnsafe(`
        INSERT INTO "Product" (code, "categoryId", "manufacturerId", "vatRate", "soldCount", "priceCzk", "priceEur")
        SELECT 'B' || g, ${category.id}, ${manufacturer.id}, 21, (g * 7919) % 1000, 10000 + g % 5000, 400 + g % 200
          FROM generate_series(${from}, ${to}) g`);
      await app.prisma.$executeRawUnsafe(`
        INSERT INTO "ProductTranslation" ("productId", language, name, slug, "searchText")
        SELECT p.id, 'cs', n.name, 'bench-' || p.code, lower(translate(n.name, 'áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ', 'acdeeinorstuuyzACDEEINORSTUUYZ'))
          FROM "Product" p
          CROSS JOIN LATERAL (SELECT initcap((${words})[1 + p.id % ${WORDS.length}]) || ' ' || (${clubs})[1 + (p.id / 7) % ${CLUBS.length}]
                                      || ' ' || (${kinds})[1 + (p.id / 3) % ${KINDS.length}] || ' ' || p.id AS name) n
         WHERE p.code LIKE 'B%' AND p.id NOT IN (SELECT "productId" FROM "ProductTranslation")`);
      await app.prisma.$executeRawUnsafe(`
        INSERT INTO "Variant" ("productId", code, stock, "priceCzk")
        SELECT p.id, 'V' || p.code, p.id % 20, p."priceCzk" FROM "Product" p
         WHERE p.code LIKE 'B%' AND NOT EXISTS (SELECT 1 FROM "Variant" v WHERE v."productId" = p.id)`);
    }
    await app.prisma.$executeRawUnsafe('ANALYZE');
    console.log(`loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const search = (word: string) => ({
      path: '/graphql',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ products(first: 12, filter: { search: ${JSON.stringify(word)} }) { totalCount edges { node { name price { withVat } } } } }` }),
    });
    const lookup = (id: number) => ({
      path: '/graphql',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ product(slug: "bench-B${id}") { name price { withVat } } }` }),
    });
    // whole words, several words, and typos (a swap, a missing letter) that go through the vocabulary
    const queries = [...WORDS.slice(0, 8), 'slavie', 'plzne retro', 'mikina zimni', 'dres sparty domaci', 'slvaie', 'mikna zimni'];
    const rounds = { search: [] as number[], lookup: [] as number[], searchRate: [] as number[], lookupRate: [] as number[] };
    await load(app.url, { request: (turn) => search(queries[turn % queries.length]), durationMs: 1500 });
    for (let round = 0; round < 3; round += 1) {
      const s = await load(app.url, { request: (turn) => search(queries[turn % queries.length]), durationMs: 3000 });
      const l = await load(app.url, { request: (turn) => lookup(1 + ((turn * 7919) % products)), durationMs: 3000 });
      rounds.search.push(s.p95);
      rounds.lookup.push(l.p95);
      rounds.searchRate.push(s.perSecond);
      rounds.lookupRate.push(l.perSecond);
      if (s.errors || l.errors) console.log(`errors: search ${s.errors}, lookup ${l.errors}`);
    }
    const [searchP95, lookupP95] = [median(rounds.search), median(rounds.lookup)];
    console.log(
      `search p95 ${searchP95.toFixed(1)} ms (${median(rounds.searchRate).toFixed(0)} req/s), product by slug p95 ${lookupP95.toFixed(1)} ms` +
        ` (${median(rounds.lookupRate).toFixed(0)} req/s): search / lookup ${(searchP95 / lookupP95).toFixed(1)}×`,
    );
  } finally {
    await app.close();
  }
}
