// The search bench's shop, in a process of its own so that the load generator does not share its
// thread: `tsx tests/bench/search-app.ts <products>` starts the app as the integration tests do (a
// throwaway database: PostgreSQL with TEST_DATABASE_URL, else the embedded PGlite in memory), loads
// that many generated products (names from a small Czech vocabulary, so words repeat as in a real
// catalog), prints `ready <url> <seconds to load>` and runs until SIGTERM.
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../support/test-app.ts';
import { createCategory, createManufacturer } from '../support/factories.ts';
import { batches, generatedProductsSql } from './generated-catalog.ts';

const products = Number(process.argv[2]);
// no query log: production keeps none, and the bench's thousands of requests would only grow it
const app = await createTestApp({ logQueries: false });
const category = await createCategory(app.prisma, { slug: { cs: 'bench', en: 'bench' } });
const manufacturer = await createManufacturer(app.prisma, { name: 'Bench' });
const t0 = performance.now();
for (const [from, to] of batches(products)) {
  for (const statement of generatedProductsSql(from, to, [category.id], manufacturer.id)) await app.prisma.$executeRawUnsafe(statement);
}
// settled as autovacuum would leave it: statistics, and the visibility map index-only scans rely on
await app.prisma.$executeRawUnsafe('VACUUM ANALYZE');
console.log(`ready ${app.url} ${((performance.now() - t0) / 1000).toFixed(1)}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
