// `npm run bench`: the goals of issue 10, each as a ratio against a baseline measured in the same run,
// so that figures compare across machines. Needs the production build (`npm run build`).
//
//   npm run bench                       pages and API (embedded database; PostgreSQL with TEST_DATABASE_URL)
//   npm run bench -- --products 100000  also search on that many generated products (a throwaway database)
//   npm run bench -- --quick            shorter rounds (a smoke run)
//   npm run bench -- --only pages|search|orders|seats|lighthouse
//   npm run bench -- --only floor       only the uncached category and product page against the floor app
//   npm run bench -- --only busy        50 visitors browsing while orders arrive at 0, 1 and 5 per second (Redis)
//   npm run bench -- --only lighthouse --page product   Lighthouse on the pages whose name or path has
//                                                       this (repeatable), e.g. a quick look after a change
//   npm run bench -- --only lighthouse --with-cart      as a shopper with a cart (home, category, product)
//   npm run bench -- --only hits        cached answers (product, category, search list anonymous and with a cart, home) against
//                                       the bare server: wrk where it is installed (tests/bench/wrk.ts)
//   npm run bench -- --only catalog --products 10000,100000,1000000
//                                       search, uncached category and product pages and memory at each
//                                       catalog size (tests/bench/catalog-sizes.ts; PostgreSQL advised)
//   npm run bench -- --only feeds       the price comparison feeds written from 100 000 generated variants
//                                       (--products sets another count): time per 1 000 and RSS growth
//   npm run bench -- --tool js          the bench's own load generator even where wrk is installed
//
// The shop runs as `npm start` runs it (tests/support/production-server.ts), in its own process; the
// baseline is a bare node:http server (tests/bench/baseline-server.mjs) answering with the very bytes
// the shop answered (the page's HTML, the list's JSON). Each figure: a warm-up, then rounds in which
// baseline and shop are measured one after the other, medians of the rounds, and the machine's load.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { load, median, type LoadRequest, type LoadResult } from './load.ts';
import { benchPlaceOrder } from './place-order.ts';
import { benchSearch } from './search.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchSeatPlan } from './seat-plan.ts';
import { benchBusyShop } from './busy.ts';
import { cpuSeconds, processTree, removeTemplate, seedTemplate, startProductionServer, type DatabaseKind, type ProductionServer } from '../support/production-server.ts';
import { operationHashes } from '../../web/app/gql/operation-hashes.ts';
import { sessionCookies, shopperWithCart } from './shopper.ts';
import { gid } from '../support/global-id.ts';
import { captureFloorFixture } from './floor/fixture.ts';
import { startFloorApp } from './floor/start.ts';
import { HEAP_REPORT_OPTIONS, heapAfterGcMiB } from './heap.ts';
import { assertSamePage } from './floor/same-page.ts';
import { wrkInstalled, wrkLoad } from './wrk.ts';
import { benchCatalogSizes, catalogSizes } from './catalog-sizes.ts';
import { benchFeeds } from './feeds.ts';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string' },
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    page: { type: 'string', multiple: true },
    'with-cart': { type: 'boolean', default: false },
    tool: { type: 'string' },
  },
});
const ROUNDS = args.quick ? 1 : 3;
const ROUND_MS = args.quick ? 1500 : 3000;
const WARMUP_MS = args.quick ? 500 : 1500;
const kind: DatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

// wrk where it is installed: the JS load generator cannot load a bare server to its limit
const tool = args.tool === 'js' || (args.tool !== 'wrk' && !wrkInstalled()) ? 'js' : 'wrk';
console.log(`load generator: ${tool === 'wrk' ? 'wrk (one thread)' : 'the bench\'s own (tests/bench/load.ts); wrk is not installed'}`);

/** One measurement of a single request, a crowd without pauses, through wrk where it is used. */
function measure(url: string, test: { request: Case['request']; durationMs: number; connections: number; pauseMs?: [number, number] }): Promise<LoadResult> {
  if (tool === 'wrk' && typeof test.request !== 'function' && !test.pauseMs) return wrkLoad(url, { request: test.request, durationMs: test.durationMs, connections: test.connections });
  return load(url, test);
}

function line(name: string, text: string) {
  console.log(`${name.padEnd(46)} ${text}`);
}

function loadNow(): string {
  return `load ${os.loadavg()[0].toFixed(2)}`;
}

/** A bare node:http server answering with `body`. */
async function startBaseline(body: Buffer | string, type: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const file = path.join(dir, 'body');
  writeFileSync(file, body);
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'baseline-server.mjs'), file, type], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(/port (\d+)/.exec(chunk.toString())![1])));
    child.once('exit', (code) => reject(new Error(`baseline server exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop() {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Case = { name: string; request: LoadRequest | ((turn: number) => LoadRequest); connections?: number; pauseMs?: [number, number] };

/** Rounds of baseline then shop; medians; the ratio shop / baseline in requests per second. */
async function compare(shopUrl: string, baselineUrl: string, baselinePath: string, test: Case) {
  const connections = test.connections ?? 10;
  await measure(baselineUrl, { request: { path: baselinePath }, durationMs: WARMUP_MS, connections });
  await measure(shopUrl, { request: test.request, durationMs: WARMUP_MS, connections, pauseMs: test.pauseMs });
  const base: LoadResult[] = [];
  const shop: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    base.push(await measure(baselineUrl, { request: { path: baselinePath }, durationMs: ROUND_MS, connections }));
    shop.push(await measure(shopUrl, { request: test.request, durationMs: ROUND_MS, connections, pauseMs: test.pauseMs }));
  }
  const baseRate = median(base.map((r) => r.perSecond));
  const shopRate = median(shop.map((r) => r.perSecond));
  const errors = shop.reduce((sum, r) => sum + r.errors, 0);
  line(
    test.name,
    `${shopRate.toFixed(0).padStart(6)} req/s  p50 ${median(shop.map((r) => r.p50)).toFixed(1)} ms  p95 ${median(shop.map((r) => r.p95)).toFixed(1)} ms` +
      `  baseline ${baseRate.toFixed(0)} req/s  ratio ${((shopRate / baseRate) * 100).toFixed(2)} %  errors ${errors}  ${loadNow()}`,
  );
  return { shopRate, baseRate, ratio: shopRate / baseRate, errors, p95: median(shop.map((r) => r.p95)) };
}

/** Shop alone (no baseline): latency of one request at a time, or a bounded crowd. */
async function alone(shopUrl: string, test: Case) {
  const connections = test.connections ?? 1;
  await load(shopUrl, { request: test.request, durationMs: WARMUP_MS, connections, pauseMs: test.pauseMs });
  const rounds: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) rounds.push(await load(shopUrl, { request: test.request, durationMs: ROUND_MS * 2, connections, pauseMs: test.pauseMs }));
  const errors = rounds.reduce((sum, r) => sum + r.errors, 0);
  line(
    test.name,
    `${median(rounds.map((r) => r.perSecond)).toFixed(0).padStart(6)} req/s  p50 ${median(rounds.map((r) => r.p50)).toFixed(1)} ms  p95 ${median(rounds.map((r) => r.p95)).toFixed(1)} ms  errors ${errors}  ${loadNow()}`,
  );
}

/**
 * The shop's heap over more rounds of uncached pages, after everything above warmed it up: it must
 * level off. (Until 2026-11-24 every GraphQL operation stayed in memory: +100 KB a page.)
 */
async function memoryOverPages(shop: ProductionServer, test: Case) {
  const sizes = [await heapAfterGcMiB(shop)];
  const pages: number[] = [];
  for (let round = 0; round < ROUNDS + 1; round++) {
    pages.push((await load(shop.url, { request: test.request, durationMs: ROUND_MS, connections: 10 })).requests);
    sizes.push(await heapAfterGcMiB(shop));
  }
  // the first round may still fill caches; what counts is the growth after it
  const later = pages.slice(1).reduce((sum, count) => sum + count, 0);
  const perPage = ((sizes.at(-1)! - sizes[1]) * 1024) / later;
  line(
    test.name,
    `${sizes.map((size) => size.toFixed(1)).join(' → ')} MiB, rounds of ${pages.join(', ')} pages; after the first ${perPage >= 0 ? '+' : ''}${perPage.toFixed(1)} KiB per page  ${loadNow()}`,
  );
}

function graphqlList(first: number, filter: { search?: string } = {}): LoadRequest {
  return {
    path: '/graphql',
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shop-language': 'cs' },
    body: JSON.stringify({
      operationName: 'SearchPage',
      variables: { first, offset: 0, filter, sort: 'BEST_SELLING' },
      extensions: { persistedQuery: { version: 1, sha256Hash: operationHashes.SearchPage } },
    }),
  };
}

async function fetchBody(url: string, init?: RequestInit): Promise<Buffer> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** The personal query as the browser sends it after hydration (decision 0043). */
function personalQuery(shopper: { cookie: string; token: string }): LoadRequest {
  return {
    path: '/graphql',
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shop-language': 'cs', cookie: shopper.cookie, 'x-xsrf-token': shopper.token },
    body: JSON.stringify({ operationName: 'Personal', variables: {}, extensions: { persistedQuery: { version: 1, sha256Hash: operationHashes.Personal } } }),
  };
}

/** The pages benchPages measures: a category, the best-selling product and a search. */
async function catalogPages(shop: ProductionServer) {
  const [{ slug: productSlug }] = await shop.sql<{ slug: string }>(
    `SELECT t.slug FROM "ProductTranslation" t JOIN "Product" p ON p.id = t."productId" WHERE t.language = 'cs' AND p.published ORDER BY p."soldCount" DESC LIMIT 1`,
  );
  return {
    category: '/kategorie/dresy',
    product: `/produkt/${productSlug}`,
    search: '/hledat?q=dres',
  };
}

/**
 * CPU milliseconds per answered request of these processes over one round of load on them alone.
 * Less swayed by other work on the machine than a rate; the shop's own processes only (the CPU of
 * a PostgreSQL server is not in it, the embedded PGlite's is).
 */
async function cpuPerRequest(url: string, pid: number, request: LoadRequest): Promise<number> {
  const pids = processTree(pid);
  const before = cpuSeconds(pids);
  const { requests } = await measure(url, { request, durationMs: ROUND_MS, connections: 10 });
  return ((cpuSeconds(pids) - before) * 1000) / requests;
}

/**
 * Issue 41: cached answers against a bare node:http server answering the same bytes, side by side in
 * one run (wrk where it is installed), with the CPU each costs per response. Goal: ≥ 50 % of the bare
 * server's rate for each. The home page `/` is among them: it may be redirected by language first.
 */
async function benchHits() {
  console.log(`\n== cached answers against the bare server on ${kind}, 10 connections, ${ROUNDS} rounds of ${ROUND_MS} ms (medians), ${tool}`);
  const template = await seedTemplate(kind);
  let shop: ProductionServer | null = null;
  try {
    shop = await startProductionServer(kind, { template });
    const pages = await catalogPages(shop);
    // issue 41: the session holder's list, as her browser asks for it (her cookies, her token, a cart)
    const [{ id: variantId }] = await shop.sql<{ id: number }>(`SELECT v.id FROM "Variant" v JOIN "Product" p ON p.id = v."productId" WHERE p.published AND v.stock > 10 ORDER BY v.id LIMIT 1`);
    const shopper = await shopperWithCart(shop.url, gid('Variant', variantId));
    const search = graphqlList(12, { search: 'dres' });
    const answers: { name: string; request: LoadRequest; type: string }[] = [
      { name: 'cached product page', request: { path: pages.product }, type: 'text/html; charset=utf-8' },
      { name: 'cached category page', request: { path: pages.category }, type: 'text/html; charset=utf-8' },
      { name: 'cached search list (GraphQL, 12)', request: search, type: 'application/json; charset=utf-8' },
      {
        name: 'the same, a shopper with a cart',
        request: { ...search, headers: { ...search.headers, cookie: shopper.cookie, 'x-xsrf-token': shopper.token } },
        type: 'application/json; charset=utf-8',
      },
      { name: 'cached home page /', request: { path: '/' }, type: 'text/html; charset=utf-8' },
    ];
    for (const answer of answers) {
      const { request } = answer;
      const init = { method: request.method, headers: request.headers, body: request.body };
      // until it is a hit (a change just after the start, such as the seeded shop's first writes, drops what was stored)
      let response = await fetch(shop.url + request.path, init);
      for (let tries = 0; response.headers.get('x-cache') !== 'HIT' && tries < 50; tries++) {
        await response.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 100));
        response = await fetch(shop.url + request.path, init);
      }
      const body = Buffer.from(await response.arrayBuffer());
      if (response.headers.get('x-cache') !== 'HIT') throw new Error(`${answer.name} was not a hit: ${response.headers.get('x-cache')}`);
      const bare = await startBaseline(body, answer.type);
      try {
        const { ratio } = await compare(shop.url, bare.url, '/', { name: answer.name, request });
        const bareCpu = await cpuPerRequest(bare.url, bare.pid, { path: '/' });
        const shopCpu = await cpuPerRequest(shop.url, shop.pid, request);
        line(`  ${(body.length / 1024).toFixed(1)} KiB`, `CPU per response: shop ${(shopCpu * 1000).toFixed(0)} µs, bare ${(bareCpu * 1000).toFixed(0)} µs; rate ${(ratio * 100).toFixed(1)} % of bare (aim ≥ 50 %)`);
      } finally {
        bare.stop();
      }
    }
  } finally {
    await shop?.stop();
    await removeTemplate(kind, template);
  }
}

/**
 * Issue 28: the shop's uncached render against the stack's floor, the floor app (tests/bench/floor):
 * the same pages rendered by React Router from the production build, fed from a fixture captured
 * from this shop just before, without Apollo Client, GraphQL or Prisma. The floor's page must be the
 * shop's (same title, prices and product cards), or the figure would measure something else.
 */
async function benchFloor(shop: ProductionServer, pages: { category: string; product: string }) {
  const floor = await startFloorApp(await captureFloorFixture(shop.url, [pages.category, pages.product]));
  try {
    for (const [name, pagePath] of [
      ['category', pages.category],
      ['product', pages.product],
    ] as const) {
      const same = assertSamePage(name, (await fetchBody(shop.url + pagePath)).toString(), (await fetchBody(floor.url + pagePath)).toString());
      line(`floor app's ${name} page`, `${same.cards.length} product cards, ${same.prices.length} prices as the shop's; ${same.identical ? 'the same document apart from the nonce' : 'the documents differ elsewhere'}`);
      const request = { path: pagePath };
      const { ratio } = await compare(shop.url, floor.url, pagePath, { name: `SSR ${name} page, floor app as baseline`, request });
      line(`SSR ${name} page vs floor`, `${(ratio * 100).toFixed(1)} %  ${(1 / ratio).toFixed(2)} × floor (aim ≤ 2×)  ${loadNow()}`);
      const [floorCpu, shopCpu] = [await cpuPerRequest(floor.url, floor.pid, request), await cpuPerRequest(shop.url, shop.pid, request)];
      line(`  CPU per ${name} page`, `shop ${shopCpu.toFixed(1)} ms, floor ${floorCpu.toFixed(1)} ms: ${(shopCpu / floorCpu).toFixed(2)} × floor  ${loadNow()}`);
    }
  } finally {
    await floor.stop();
  }
}

/** `--only floor`: benchFloor alone, on a shop without the response cache. */
async function benchFloorOnly() {
  console.log(`\n== the floor app (issue 28) on ${kind}, 10 connections, ${ROUNDS} rounds of ${ROUND_MS} ms (medians), ${os.cpus().length} cores`);
  const template = await seedTemplate(kind);
  let shop: ProductionServer | null = null;
  try {
    shop = await startProductionServer(kind, { template, env: { RESPONSE_CACHE: 'off' } });
    await benchFloor(shop, await catalogPages(shop));
  } finally {
    await shop?.stop();
    await removeTemplate(kind, template);
  }
}

async function benchPages() {
  console.log(`\n== pages and API on ${kind}, 10 connections, ${ROUNDS} rounds of ${ROUND_MS} ms (medians), ${os.cpus().length} cores`);
  const template = await seedTemplate(kind);
  let shop: ProductionServer | null = null;
  try {
    // cold start on existing data: a copy of the seeded shop, as a later `npm start`
    const t0 = performance.now();
    shop = await startProductionServer(kind, { template, env: { RESPONSE_CACHE: 'off', NODE_OPTIONS: HEAP_REPORT_OPTIONS } });
    line('cold start on existing data', `${(performance.now() - t0).toFixed(0)} ms to /ready  ${loadNow()}`);
    const pages = await catalogPages(shop);
    const categoryHtml = await fetchBody(shop.url + pages.category);
    const list = graphqlList(12);
    const listJson = await fetchBody(shop.url + list.path, { method: 'POST', headers: list.headers, body: list.body });
    const html = await startBaseline(categoryHtml, 'text/html; charset=utf-8');
    const json = await startBaseline(listJson, 'application/json; charset=utf-8');
    try {
      line('baseline bodies', `category HTML ${(categoryHtml.length / 1024).toFixed(0)} KiB, list JSON ${(listJson.length / 1024).toFixed(1)} KiB`);
      console.log('-- uncached (RESPONSE_CACHE=off)');
      await compare(shop.url, html.url, '/', { name: 'SSR category page', request: { path: pages.category } });
      await compare(shop.url, html.url, '/', { name: 'SSR product page', request: { path: pages.product } });
      await benchFloor(shop, pages);
      await compare(shop.url, html.url, '/', { name: 'SSR search /hledat?q=dres', request: { path: pages.search } });
      await compare(shop.url, json.url, '/', { name: 'GraphQL product list, 12', request: list });
      // issue 28: the personal query executed in full every time (no personal answers kept without the cache)
      const [{ id: uncachedVariant }] = await shop.sql<{ id: number }>(`SELECT v.id FROM "Variant" v JOIN "Product" p ON p.id = v."productId" WHERE p.published AND v.stock > 10 ORDER BY v.id LIMIT 1`);
      const uncachedPersonal = personalQuery(await shopperWithCart(shop.url, gid('Variant', uncachedVariant)));
      const uncachedPersonalJson = await fetchBody(shop.url + uncachedPersonal.path, { method: 'POST', headers: uncachedPersonal.headers, body: uncachedPersonal.body });
      const uncachedPersonalBase = await startBaseline(uncachedPersonalJson, 'application/json; charset=utf-8');
      try {
        await compare(shop.url, uncachedPersonalBase.url, '/', { name: 'personal query executed in full', request: uncachedPersonal });
      } finally {
        uncachedPersonalBase.stop();
      }
      await alone(shop.url, { name: 'one at a time, SSR category', request: { path: pages.category } });
      await memoryOverPages(shop, { name: 'heap after GC, more uncached category pages', request: { path: pages.category } });
      await shop.stop({ keepData: false });
      shop = null;

      console.log('-- response cache on (the default)');
      shop = await startProductionServer(kind, { template });
      await compare(shop.url, html.url, '/', { name: 'cached category page', request: { path: pages.category } });
      await compare(shop.url, html.url, '/', { name: 'cached product page', request: { path: pages.product } });
      await compare(shop.url, json.url, '/', { name: 'cached GraphQL product list, 12', request: list });
      // with her token, as the browser sends it: a miss is then executed and stored for everyone again
      // (without it a miss is refused with 419 and, once a catalog change emptied the cache, every request was)
      const sessionCookie = await sessionCookies(shop.url);
      const sessionToken = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(sessionCookie)![1]);
      const withSession = { ...list, headers: { ...list.headers, cookie: sessionCookie, 'x-xsrf-token': sessionToken } };
      await compare(shop.url, json.url, '/', { name: 'cached GraphQL list, shopper with a session', request: withSession });
      const brotli = { ...withSession, headers: { ...withSession.headers, 'accept-encoding': 'br, gzip' } };
      await compare(shop.url, json.url, '/', { name: 'cached GraphQL list, session, brotli', request: brotli });
      // issue 28: the pages of a shopper with a session and a cart come from the shared cache, and
      // her header from one small personal query
      const [{ id: variantId }] = await shop.sql<{ id: number }>(`SELECT v.id FROM "Variant" v JOIN "Product" p ON p.id = v."productId" WHERE p.published AND v.stock > 10 ORDER BY v.id LIMIT 1`);
      const shopper = await shopperWithCart(shop.url, gid('Variant', variantId));
      const productHtml = await fetchBody(shop.url + pages.product, { headers: { cookie: shopper.cookie } });
      const personal = personalQuery(shopper);
      const personalJson = await fetchBody(shop.url + personal.path, { method: 'POST', headers: personal.headers, body: personal.body });
      if (!personalJson.toString().includes('"itemCount":3')) throw new Error(`The personal query answered ${personalJson.toString()}`);
      const productBase = await startBaseline(productHtml, 'text/html; charset=utf-8');
      const personalBase = await startBaseline(personalJson, 'application/json; charset=utf-8');
      try {
        line('baseline bodies, shopper', `product HTML ${(productHtml.length / 1024).toFixed(0)} KiB, personal JSON ${personalJson.length} B`);
        await compare(shop.url, html.url, '/', { name: 'category page, shopper with a cart', request: { path: pages.category, headers: { cookie: shopper.cookie } } });
        await compare(shop.url, productBase.url, '/', { name: 'product page, shopper with a cart', request: { path: pages.product, headers: { cookie: shopper.cookie } } });
        await compare(shop.url, personalBase.url, '/', { name: 'personal query, shopper with a cart', request: personal });
      } finally {
        productBase.stop();
        personalBase.stop();
      }
      const mixed: LoadRequest[] = [
        { path: '/' },
        { path: pages.category },
        { path: pages.product },
        { path: pages.search },
        { path: '/kategorie/dresy?strana=2' },
        list,
        graphqlList(24),
      ];
      await alone(shop.url, {
        name: '50 shoppers, mixed pages and API',
        connections: 50,
        request: (turn) => mixed[turn % mixed.length],
      });
    } finally {
      html.stop();
      json.stop();
    }
  } finally {
    await shop?.stop();
    await removeTemplate(kind, template);
  }
}

const only = args.only;
if (!only || only === 'pages') await benchPages();
if (only === 'floor') await benchFloorOnly();
if (only === 'busy') await benchBusyShop(kind, { quick: args.quick });
if (only === 'hits') await benchHits();
if (only === 'feeds') await benchFeeds(args.products ? Number(args.products) : 100_000);
if (only === 'catalog') await benchCatalogSizes(kind, catalogSizes(args.products ?? '10000,100000'), { rounds: ROUNDS, roundMs: ROUND_MS });
if (args.products && (!only || only === 'search')) await benchSearch(Number(args.products));
if (!only || only === 'orders') await benchPlaceOrder();
if (!only || only === 'seats') await benchSeatPlan(kind, { loads: args.quick ? 3 : 7, clicks: args.quick ? 5 : 15 });
if (!only || only === 'lighthouse') await benchLighthouse(kind, { runs: args.quick ? 1 : 3, pages: args.page, withCart: args['with-cart'] });
