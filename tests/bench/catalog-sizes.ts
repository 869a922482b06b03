// Issue 41, item 3: the shop with generated catalogs of growing size (`npm run bench -- --only catalog
// --products 10000,100000,1000000`). One production server on a copy of the seeded shop, without the
// response cache (every page is rendered); the products are added size after size, spread over 20
// categories, and at each size, with 10 connections: the search (the search page's query to the API),
// an uncached category page (one of the 20, pages 1 to 5), a product page (any generated product), and
// the shop's memory (resident, and its heap after a full collection: what it keeps, not what V8 has yet
// to collect). Goals at 1M: search p95 ≤ 100 ms, category page p95 ≤ 300 ms, product page
// p95 ≤ 100 ms, memory flat in the catalog's size.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { load, median, type LoadRequest } from './load.ts';
import { operationHashes } from '../../web/app/gql/operation-hashes.ts';
import { batches, generatedProductsSql, generatedSlug, SEARCHES } from './generated-catalog.ts';
import { HEAP_REPORT_OPTIONS, heapAfterGcMiB } from './heap.ts';
import { cpuSeconds, removeTemplate, seedTemplate, startProductionServer, type DatabaseKind, type ProductionServer } from '../support/production-server.ts';

const CATEGORIES = 20;

/** The process's resident memory in MiB. */
function residentMiB(pid: number): number {
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return rss ? Number(rss[1]) / 1024 : Number.NaN;
}

/**
 * Waits until the shop has used under 5 % of a core for two seconds running: a catalog written
 * behind its back is one change, and its feeds job then writes every feed anew (at a million products
 * ~20 s of a thread and of the database). Measured during that, the pages measured the job.
 */
async function untilIdle(pid: number): Promise<number> {
  const t0 = performance.now();
  let quiet = 0;
  while (quiet < 2) {
    const before = cpuSeconds([pid]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    quiet = cpuSeconds([pid]) - before < 0.05 ? quiet + 1 : 0;
  }
  return (performance.now() - t0) / 1000;
}

/** Sizes from the --products option: "10000,100000" → [10000, 100000], ascending. */
export function catalogSizes(option: string): number[] {
  const sizes = option.split(',').map((size) => Number(size.trim().replace(/_/g, '')));
  if (!sizes.length || sizes.some((size) => !Number.isInteger(size) || size <= 0)) throw new Error(`--products takes sizes such as 10000,100000: ${option}`);
  return [...new Set(sizes)].sort((a, b) => a - b);
}

async function addCategories(shop: ProductionServer): Promise<number[]> {
  const rows = await shop.sql<{ id: number }>(`INSERT INTO "Category" (position) SELECT 5000 + g FROM generate_series(1, ${CATEGORIES}) g RETURNING id`);
  const ids = rows.map((row) => row.id);
  await shop.sql(`
    INSERT INTO "CategoryTranslation" ("categoryId", language, name, slug, description)
    SELECT c.id, l.language::"Language", 'Bench ' || (c.position - 5000), 'bench-' || l.language || '-' || (c.position - 5000), ''
      FROM "Category" c CROSS JOIN (VALUES ('cs'), ('en')) l(language) WHERE c.id = ANY($1)`, [ids]);
  return ids;
}

async function p95Of(shop: ProductionServer, request: (turn: number) => LoadRequest, rounds: number, roundMs: number) {
  await load(shop.url, { request, durationMs: roundMs / 2, connections: 10 });
  const results = [];
  for (let round = 0; round < rounds; round++) results.push(await load(shop.url, { request, durationMs: roundMs, connections: 10 }));
  return { p95: median(results.map((r) => r.p95)), perSecond: median(results.map((r) => r.perSecond)), errors: results.reduce((sum, r) => sum + r.errors, 0) };
}

export async function benchCatalogSizes(kind: DatabaseKind, sizes: number[], options: { rounds: number; roundMs: number }): Promise<void> {
  console.log(`\n== catalogs of ${sizes.join(' / ')} generated products on ${kind}, 10 connections, uncached pages, ${options.rounds} rounds of ${options.roundMs} ms (medians)`);
  const template = await seedTemplate(kind);
  let shop: ProductionServer | null = null;
  try {
    // the feeds job writes a catalog change at once (not a minute later, in the middle of the rounds)
    shop = await startProductionServer(kind, { template, env: { RESPONSE_CACHE: 'off', NODE_OPTIONS: HEAP_REPORT_OPTIONS, FEEDS_DEBOUNCE_SECONDS: '0' } });
    const categoryIds = await addCategories(shop);
    const [{ id: manufacturerId }] = await shop.sql<{ id: number }>(`SELECT id FROM "Manufacturer" ORDER BY id LIMIT 1`);
    console.log(`shop's memory before: ${residentMiB(shop.pid).toFixed(0)} MiB resident, heap after a full collection ${(await heapAfterGcMiB(shop)).toFixed(0)} MiB`);
    let generated = 0;
    for (const size of sizes) {
      const t0 = performance.now();
      for (const [from, to] of batches(size - generated)) {
        for (const statement of generatedProductsSql(generated + from, generated + to, categoryIds, manufacturerId)) await shop.sql(statement);
      }
      await shop.sql('VACUUM ANALYZE');
      const loadSeconds = (performance.now() - t0) / 1000;
      const idleSeconds = await untilIdle(shop.pid);
      generated = size;
      const search = (turn: number): LoadRequest => ({
        path: '/graphql',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shop-language': 'cs' },
        // the search page's own query (the shop takes only its pages' persisted queries)
        body: JSON.stringify({
          operationName: 'SearchPage',
          variables: { first: 12, offset: 0, filter: { search: SEARCHES[turn % SEARCHES.length] }, sort: 'BEST_SELLING' },
          extensions: { persistedQuery: { version: 1, sha256Hash: operationHashes.SearchPage } },
        }),
      });
      const category = (turn: number): LoadRequest => ({ path: `/kategorie/bench-cs-${1 + (turn % CATEGORIES)}${turn % 5 ? `?page=${1 + (turn % 5)}` : ''}` });
      const product = (turn: number): LoadRequest => ({ path: `/produkt/${generatedSlug(1 + ((turn * 7919) % size))}` });
      const s = await p95Of(shop, search, options.rounds, options.roundMs);
      const c = await p95Of(shop, category, options.rounds, options.roundMs);
      const p = await p95Of(shop, product, options.rounds, options.roundMs);
      const errors = s.errors + c.errors + p.errors;
      console.log(
        `${String(size).padStart(8)} products (+${loadSeconds.toFixed(0)} s to generate, ${idleSeconds.toFixed(0)} s until the shop was idle): search p95 ${s.p95.toFixed(0)} ms (${s.perSecond.toFixed(0)}/s), ` +
          `category page p95 ${c.p95.toFixed(0)} ms (${c.perSecond.toFixed(0)}/s), product page p95 ${p.p95.toFixed(0)} ms (${p.perSecond.toFixed(0)}/s), ` +
          `shop ${residentMiB(shop.pid).toFixed(0)} MiB resident, heap after a full collection ${(await heapAfterGcMiB(shop)).toFixed(0)} MiB` +
          `${errors ? `, errors ${errors}` : ''}  load ${os.loadavg()[0].toFixed(2)}`,
      );
    }
  } finally {
    await shop?.stop();
    await removeTemplate(kind, template);
  }
}
