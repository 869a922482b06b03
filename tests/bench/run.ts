// `npm run bench`: speed of the main pages, printed as ratios against a baseline measured in the
// same run (GET /health on the same server), so figures compare across machines.
// Needs the production build (`npm run build`).
import { performance } from 'node:perf_hooks';
import { startShop } from '../support/shop-server.ts';
import { benchPlaceOrder } from './place-order.ts';

const ROUNDS = 200;
const CONCURRENCY = 4;

async function measure(url: string, init?: RequestInit): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < ROUNDS) {
        const response = await fetch(url, init);
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        await response.arrayBuffer();
      }
    }),
  );
  return (performance.now() - started) / ROUNDS;
}

const shop = await startShop();
try {
  const product = await shop.prisma.productTranslation.findFirstOrThrow({ where: { language: 'cs' } });
  const graphql = (first: number) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `{ products(first: ${first}) { totalCount edges { node { name price { withVat } mainImage { url } variants { stock } } } } }` }),
  });
  const cases: [string, string, RequestInit?][] = [
    ['SSR home page', `${shop.url}/`],
    ['SSR category page (12 products)', `${shop.url}/kategorie/dresy`],
    ['SSR product page', `${shop.url}/produkt/${product.slug}`],
    ['GraphQL products, 12', `${shop.url}/graphql`, graphql(12)],
    ['GraphQL products, 48', `${shop.url}/graphql`, graphql(48)],
  ];
  await measure(`${shop.url}/health`); // warm-up
  const baseline = await measure(`${shop.url}/health`);
  console.log(`baseline GET /health: ${baseline.toFixed(2)} ms per request (${CONCURRENCY} concurrent)`);
  for (const [name, url, init] of cases) {
    await measure(url, init); // warm-up
    const time = await measure(url, init);
    console.log(`${name.padEnd(34)} ${time.toFixed(2).padStart(7)} ms  ${(time / baseline).toFixed(1).padStart(6)}× baseline`);
  }
  const memory = process.memoryUsage();
  console.log(`heap used after the run: ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB, rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB`);
} finally {
  await shop.close();
}

// checkout (issue 6): on PostgreSQL when TEST_DATABASE_URL is set
await benchPlaceOrder();
