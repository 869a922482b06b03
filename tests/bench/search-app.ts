// The search bench's shop, in a process of its own so that the load generator does not share its
// thread: `tsx tests/bench/search-app.ts <products>` starts the app as the integration tests do (a
// throwaway database: PostgreSQL with TEST_DATABASE_URL, else the embedded PGlite in memory), loads
// that many generated products (names from a small Czech vocabulary, so words repeat as in a real
// catalog), prints `ready <url> <seconds to load>` and runs until SIGTERM.
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../support/test-app.ts';
import { createCategory, createManufacturer } from '../support/factories.ts';

const WORDS = ['dres', 'šála', 'čepice', 'mikina', 'bunda', 'kopačky', 'míč', 'rukavice', 'tričko', 'kraťasy', 'ponožky', 'chrániče', 'batoh', 'láhev', 'vlajka', 'hrnek'];
const CLUBS = ['Slávie', 'Sparty', 'Baníku', 'Plzně', 'Olomouce', 'Liberce', 'Jablonce', 'Zlína', 'Teplic', 'Bohemians', 'Slovácka', 'Karviné'];
const KINDS = ['domácí', 'venkovní', 'tréninková', 'retro', 'dětská', 'zimní', 'letní', 'fanouškovská'];

const products = Number(process.argv[2]);
// no query log: production keeps none, and the bench's thousands of requests would only grow it
const app = await createTestApp({ logQueries: false });
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
// settled as autovacuum would leave it: statistics, and the visibility map index-only scans rely on
await app.prisma.$executeRawUnsafe('VACUUM ANALYZE');
console.log(`ready ${app.url} ${((performance.now() - t0) / 1000).toFixed(1)}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
