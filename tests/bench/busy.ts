// Bench (issue 41 §2): a busy shop. 50 visitors browse category, product and search pages (half of
// them anonymous, half as shoppers with a cart, whose search lists also come as the persisted
// SearchPage query with their cookies) while orders arrive at 0, 1 and 5 per second, placed through
// the shop's own API as browsers place them. On PostgreSQL (TEST_DATABASE_URL) with Redis
// (TEST_REDIS_URL or redis://127.0.0.1:6379), the production build. Printed per order rate: the cache
// hit ratio (X-Cache HIT of all cacheable answers), pages per second and p95, each as a ratio to the
// no-order run; and the orders' p95 and slowest, each as a ratio to the p95 of orders placed one at a
// time while the visitors browse ("orders alone", the issue's "no order slower than at 0 orders/s by
// more than 2×"). Every order purges only what it touched (the event seam, decision 0056).
// BUSY_VARIANTS=1: every order buys the same variant, a hot product whose row all orders queue for.
// BUSY_FEEDS_DEBOUNCE=<seconds>: the shop's FEEDS_DEBOUNCE_SECONDS (60 unless set), e.g. 3600 to keep the
// feeds job out of the rounds. Per round it also prints, from the shop's /metrics, the answers rendered
// (per order: the pages the orders' purges sent back to the renderer), served stale, and its GC.
import http from 'node:http';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { cpuSeconds, processTree, startProductionServer, removeTemplate, seedTemplate, type DatabaseKind, type ProductionServer } from '../support/production-server.ts';
import { operationHashes } from '../../web/app/gql/operation-hashes.ts';
import { INVOICE_ADDRESS } from '../support/checkout.ts';
import { gid } from '../support/global-id.ts';

const VISITORS = 50;
const RATES = [0, 1, 5];
const ORDERED_VARIANTS = Number(process.env.BUSY_VARIANTS ?? 20);
if (!Number.isInteger(ORDERED_VARIANTS) || ORDERED_VARIANTS < 1) throw new Error(`BUSY_VARIANTS: a whole number of variants from 1, not ${process.env.BUSY_VARIANTS}`);

type Shopper = { cookie: string; token: string };
/** `kind` groups the hit ratios printed: anonymous pages, pages with a cart, the cart's SearchPage lists. */
type Visit = { path: string; init: { method?: string; headers?: Record<string, string>; body?: string }; kind: 'anonymous page' | 'page with a cart' | 'SearchPage with a cart' };
type Figures = {
  pagesPerSecond: number;
  hitRatio: number;
  byKind: Map<string, { hits: number; all: number }>;
  p95: number;
  orderP95: number;
  slowestOrder: number;
  /** CPU the shop's processes and the bench's own process used while the visitors browsed, in cores. */
  shopCores: number;
  benchCores: number;
  orders: number;
  failedOrders: number;
  /** The first failed order's answer, to say why. */
  orderFailure: string | null;
  errors: number;
};

const persisted = (operationName: keyof typeof operationHashes, variables: object) =>
  JSON.stringify({ operationName, variables, extensions: { persistedQuery: { version: 1, sha256Hash: operationHashes[operationName] } } });

// The visitors' requests go over kept-alive connections with node:http, which costs this process about
// a third of fetch's CPU per request: the load generator shares the machine's two cores with the shop.
const agent = new http.Agent({ keepAlive: true, maxSockets: VISITORS });

/** One visit: its status and X-Cache (the body read and dropped). */
function visitOnce(url: string, visit: Visit): Promise<{ status: number; cache: string | null }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url + visit.path, { method: visit.init.method ?? 'GET', headers: visit.init.headers, agent }, (response) => {
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, cache: (response.headers['x-cache'] as string | undefined) ?? null }));
      response.resume();
    });
    request.on('error', reject);
    request.end(visit.init.body);
  });
}

/** A new browser from its own address (the per-address limits of new sessions and orders are not measured here). */
async function newShopper(url: string, address: string): Promise<Shopper> {
  const response = await fetch(`${url}/api/csrf-cookie`, { headers: { 'x-forwarded-for': address } });
  if (response.status !== 204) throw new Error(`/api/csrf-cookie answered ${response.status}`);
  const cookie = response.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  return { cookie, token: decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)![1]) };
}

async function api(url: string, shopper: Shopper, address: string, body: string) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: shopper.cookie, 'x-xsrf-token': shopper.token, 'x-forwarded-for': address },
    body,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- several answers, read by path
  return (await response.json()) as { data?: any; errors?: unknown };
}

/** One order as a browser places it; the milliseconds of PlaceOrder itself (throws with the answer when it failed). */
async function placeOrder(url: string, n: number, variantId: string, methods: { delivery: string; payment: string }): Promise<number> {
  const address = `10.91.${(n >> 8) & 255}.${n & 255}`;
  const shopper = await newShopper(url, address);
  await api(url, shopper, address, persisted('AddToCart', { variantId, quantity: 1 }));
  const input = { deliveryMethodId: methods.delivery, paymentMethodId: methods.payment, invoiceAddress: { ...INVOICE_ADDRESS, email: `busy-${n}@example.cz` }, termsAccepted: true };
  await api(url, shopper, address, persisted('UpdateCheckout', { input }));
  const page = await api(url, shopper, address, persisted('CheckoutPage', {}));
  const revision = page.data?.cart?.checkout?.revision as string | undefined;
  if (!revision) throw new Error(`CheckoutPage: ${JSON.stringify(page.errors ?? page.data?.cart?.checkout ?? page.data).slice(0, 300)}`);
  const started = performance.now();
  const placed = await api(url, shopper, address, persisted('PlaceOrder', { input: { revision } }));
  if (placed.data?.placeOrder?.__typename !== 'Order') throw new Error(`PlaceOrder: ${JSON.stringify(placed.errors ?? placed.data).slice(0, 300)}`);
  return performance.now() - started;
}

const METRICS_TOKEN = 'busy-bench-metrics-token-0123456789';

/** The shop's own counts (its /metrics): answers rendered and stored, served stale, and its garbage collection. */
type ShopCounts = { stored: number; stale: number; misses: number; gcSeconds: number };

async function shopCounts(url: string): Promise<ShopCounts> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  const text = await response.text();
  const sum = (pattern: RegExp) => [...text.matchAll(pattern)].reduce((total, match) => total + Number(match[1]), 0);
  return {
    stored: sum(/^shop_response_cache_stored_total (\S+)$/gm),
    stale: sum(/^shop_response_cache_lookups_total\{result="stale"\} (\S+)$/gm),
    misses: sum(/^shop_response_cache_lookups_total\{result="miss"\} (\S+)$/gm),
    gcSeconds: sum(/^nodejs_gc_duration_seconds_sum\{[^}]*\} (\S+)$/gm),
  };
}

async function visits(shop: ProductionServer): Promise<{ anonymous: Visit[]; withCart: (shopper: Shopper) => Visit[]; variantIds: string[]; methods: { delivery: string; payment: string } }> {
  const categories = await shop.sql<{ slug: string }>(`SELECT t.slug FROM "CategoryTranslation" t WHERE t.language = 'cs' ORDER BY t."categoryId" LIMIT 12`);
  const products = await shop.sql<{ slug: string }>(
    `SELECT t.slug FROM "ProductTranslation" t JOIN "Product" p ON p.id = t."productId" WHERE t.language = 'cs' AND p.published ORDER BY p."soldCount" DESC LIMIT 40`,
  );
  // Orders buy the 20 variants with the most stock in turn (BUSY_VARIANTS), as a shop's orders spread over its goods; the
  // bench restocks them (before the warm-up) so that no order is refused for a sold-out line: at 5/s the
  // seeded stock of one variant ran out within seconds and most orders were answered ORDER_CHANGED.
  const variants = await shop.sql<{ id: number }>(`SELECT v.id FROM "Variant" v JOIN "Product" p ON p.id = v."productId" WHERE p.published AND v.stock > 0 ORDER BY v.stock DESC, v.id LIMIT $1`, [ORDERED_VARIANTS]);
  await shop.sql(`UPDATE "Variant" SET stock = 100000 WHERE id IN (${variants.map((v) => Number(v.id)).join(', ')})`);
  const [{ id: delivery }] = await shop.sql<{ id: number }>(`SELECT id FROM "DeliveryMethod" WHERE active AND NOT "isPickup" AND code <> 'parcel-point' ORDER BY position LIMIT 1`);
  const [{ id: payment }] = await shop.sql<{ id: number }>(`SELECT p.id FROM "PaymentMethod" p WHERE p.active ORDER BY p.position LIMIT 1`);
  const searches = ['dres', 'sala', 'kopacky', 'mic', 'triko', 'sport'];
  const pages = [...categories.map((c) => `/kategorie/${c.slug}`), ...products.map((p) => `/produkt/${p.slug}`), ...searches.map((q) => `/hledat?q=${q}`)];
  const anonymous = pages.map((path): Visit => ({ path, init: {}, kind: 'anonymous page' }));
  const withCart = (shopper: Shopper): Visit[] => [
    ...pages.map((path): Visit => ({ path, init: { headers: { cookie: shopper.cookie } }, kind: 'page with a cart' })),
    ...searches.map((search): Visit => ({
      kind: 'SearchPage with a cart',
      path: '/graphql',
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shop-language': 'cs', cookie: shopper.cookie, 'x-xsrf-token': shopper.token },
        body: persisted('SearchPage', { first: 12, offset: 0, filter: { search }, sort: 'BEST_SELLING' }),
      },
    })),
  ];
  return { anonymous, withCart, variantIds: variants.map((v) => gid('Variant', v.id)), methods: { delivery: gid('DeliveryMethod', delivery), payment: gid('PaymentMethod', payment) } };
}

/** `VISITORS` browsing for `ms` while orders arrive at `rate` per second. */
async function round(url: string, shopPid: number, mixes: Visit[][], rate: number | 'one at a time', ms: number, order: (n: number) => Promise<number>, firstOrder: number): Promise<Figures> {
  const until = performance.now() + ms;
  const shopCpuBefore = cpuSeconds(processTree(shopPid));
  const benchCpuBefore = process.cpuUsage();
  const latencies: number[] = [];
  let hits = 0;
  let cacheable = 0;
  let errors = 0;
  const byKind = new Map<string, { hits: number; all: number }>();
  const browse = async (visitor: number) => {
    const mix = mixes[visitor % mixes.length];
    for (let turn = visitor; performance.now() < until; turn += 7) {
      const visit = mix[turn % mix.length];
      const started = performance.now();
      try {
        const response = await visitOnce(url, visit);
        if (response.status !== 200) errors += 1;
        const state = response.cache;
        if (state !== null) cacheable += 1;
        if (state === 'HIT') hits += 1;
        const tally = byKind.get(visit.kind) ?? { hits: 0, all: 0 };
        byKind.set(visit.kind, { hits: tally.hits + (state === 'HIT' ? 1 : 0), all: tally.all + 1 });
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  const orderTimes: number[] = [];
  let failedOrders = 0;
  let orderFailure: string | null = null;
  const arrivals: Promise<void>[] = [];
  /** Places order n and records its time, or its failure. */
  const placed = (n: number) =>
    order(n).then(
      (ms) => void orderTimes.push(ms),
      (error: Error) => {
        failedOrders += 1;
        orderFailure ??= error.message;
      },
    );
  const placing = (async () => {
    if (rate === 'one at a time') {
      // the baseline of "no order slower than at 0 orders/s by more than 2×": each order alone, a second apart
      for (let n = 0; performance.now() + 2000 < until; n += 1) {
        await placed(firstOrder + n);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      return;
    }
    for (let n = 0; rate > 0 && performance.now() + 1000 / rate < until; n += 1) {
      arrivals.push(placed(firstOrder + n));
      await new Promise((resolve) => setTimeout(resolve, 1000 / rate));
    }
  })();
  const started = performance.now();
  await Promise.all(Array.from({ length: VISITORS }, (_, visitor) => browse(visitor)));
  const seconds = (performance.now() - started) / 1000;
  // how busy the machine was while the visitors browsed: the shop's processes and this load generator's
  const shopCores = (cpuSeconds(processTree(shopPid)) - shopCpuBefore) / seconds;
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const benchCores = (benchCpu.user + benchCpu.system) / 1e6 / seconds;
  await placing;
  await Promise.all(arrivals);
  latencies.sort((a, b) => a - b);
  orderTimes.sort((a, b) => a - b);
  const p95 = (sorted: number[]) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] : NaN);
  return { pagesPerSecond: latencies.length / seconds, hitRatio: cacheable ? hits / cacheable : NaN, byKind, p95: p95(latencies), orderP95: p95(orderTimes), slowestOrder: orderTimes.at(-1) ?? NaN, shopCores, benchCores, orders: orderTimes.length, failedOrders, orderFailure, errors };
}

export async function benchBusyShop(kind: DatabaseKind, options: { quick: boolean }): Promise<void> {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  console.log(`\n== busy shop on ${kind} with Redis: ${VISITORS} visitors (half with a cart) browsing while orders arrive`);
  if (kind !== 'postgres') console.log('   (the issue measures it on PostgreSQL: set TEST_DATABASE_URL)');
  const template = await seedTemplate(kind);
  let shop: ProductionServer | null = null;
  try {
    shop = await startProductionServer(kind, { template, env: { REDIS_URL: redisUrl, METRICS_TOKEN, ...(process.env.BUSY_FEEDS_DEBOUNCE ? { FEEDS_DEBOUNCE_SECONDS: process.env.BUSY_FEEDS_DEBOUNCE } : {}) } });
    const url = shop.url;
    const { anonymous, withCart, variantIds, methods } = await visits(shop);
    const shoppers: Shopper[] = [];
    for (let n = 0; n < 5; n += 1) {
      const address = `10.92.0.${n + 1}`;
      const shopper = await newShopper(url, address);
      await api(url, shopper, address, persisted('AddToCart', { variantId: variantIds[n], quantity: 1 }));
      shoppers.push(shopper);
    }
    const mixes = [anonymous, ...shoppers.map(withCart)].flatMap((mix, index) => (index === 0 ? [mix, mix, mix, mix, mix] : [mix]));
    const ms = options.quick ? 4_000 : 15_000;
    let ordered = 0;
    const order = (n: number) => placeOrder(url, n, variantIds[n % variantIds.length], methods);
    // warm-up: every answer rendered once, a few at a time, then browsing without orders
    const distinct = [...new Map(mixes.flat().map((visit) => [`${visit.kind} ${visit.path}`, visit])).values()];
    for (let index = 0; index < distinct.length; index += 4) {
      await Promise.all(distinct.slice(index, index + 4).map((visit) => visitOnce(url, visit)));
    }
    // a few orders, so that the first measured ones do not pay for the order path's first run (its
    // compilation): with ten orders alone, the p95 is the slowest, and a cold one was twice the others
    for (let n = 500; n < 503; n += 1) await order(n);
    // what a visitor finds after the warm-up, one request at a time: every answer should be a hit
    const found = new Map<string, number>();
    for (const visit of distinct) {
      const state = (await visitOnce(url, visit)).cache ?? 'none';
      found.set(state, (found.get(state) ?? 0) + 1);
    }
    console.log(`${'after warm-up'.padEnd(14)} ${[...found].map(([state, count]) => `${state} ${count}`).join(', ')} of ${distinct.length} answers`);
    await round(url, shop.pid, mixes, 0, options.quick ? 1_000 : 3_000, order, 0);
    const figures: Figures[] = [];
    let alone: Figures | null = null;
    const ms0 = (value: number) => (Number.isNaN(value) ? '-' : `${value.toFixed(0)} ms`);
    const times = (value: number, base: number | undefined) => (Number.isNaN(value) || !base ? '' : ` (${(value / base).toFixed(2)}×)`);
    for (const rate of [...RATES.slice(0, 1), 'one at a time' as const, ...RATES.slice(1)]) {
      const countsBefore = await shopCounts(url);
      const measured = await round(url, shop.pid, mixes, rate, ms, order, (ordered += 1000));
      const counts = await shopCounts(url);
      if (rate === 'one at a time') alone = measured;
      else figures.push(measured);
      const base = figures[0];
      const label = rate === 'one at a time' ? 'orders alone' : `${rate} orders/s`;
      console.log(
        `${label.padEnd(14)} hits ${(measured.hitRatio * 100).toFixed(1).padStart(5)} %  ${measured.pagesPerSecond.toFixed(0).padStart(6)} pages/s (${((measured.pagesPerSecond / base.pagesPerSecond) * 100).toFixed(0)} %)` +
          `  p95 ${measured.p95.toFixed(1)} ms (${(measured.p95 / base.p95).toFixed(2)}×)  orders ${measured.orders} (failed ${measured.failedOrders}),` +
          ` order p95 ${ms0(measured.orderP95)}${times(measured.orderP95, alone?.orderP95)}, slowest ${ms0(measured.slowestOrder)}${times(measured.slowestOrder, alone?.orderP95)}  errors ${measured.errors}`,
      );
      console.log(`${''.padEnd(14)} CPU: the shop ${measured.shopCores.toFixed(2)} cores, this load generator ${measured.benchCores.toFixed(2)} (of ${availableParallelism()})`);
      const perOrder = measured.orders ? ` (${((counts.stored - countsBefore.stored) / measured.orders).toFixed(1)} per order)` : '';
      console.log(
        `${''.padEnd(14)} the shop rendered and stored ${counts.stored - countsBefore.stored} answers${perOrder}, rendered ${counts.misses - countsBefore.misses} on a miss,` +
          ` served ${counts.stale - countsBefore.stale} stale; garbage collection ${((counts.gcSeconds - countsBefore.gcSeconds) / (ms / 1000) * 100).toFixed(1)} % of the time`,
      );
      console.log(`${''.padEnd(14)} hits by kind: ${[...measured.byKind].map(([kind, { hits, all }]) => `${kind} ${((hits / all) * 100).toFixed(1)} %`).join(', ')}`);
      if (measured.orderFailure) console.log(`${''.padEnd(14)} first failed order: ${measured.orderFailure}`);
    }
  } finally {
    await shop?.stop();
    await removeTemplate(kind, template);
  }
}
