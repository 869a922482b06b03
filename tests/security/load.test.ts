// A bounded load test of the production server (requirement O2): 50 shoppers at once for 30 s on
// PostgreSQL, the shop's production database (20 on the embedded PGlite, see CLIENTS), each a
// browser with its own session that goes through pages, product lists and add to cart with a pause
// of 2–4 s between clicks, all on loopback; it stops by itself. No request may fail, and afterwards
// the cart promises must hold: no line above the variant's stock, one cart per session, and every
// add that succeeded is in it. Throughput and p95 are printed, not asserted (they depend on the machine).
//
// The two databases' loads run at the same time (describe.concurrent): each waits mostly on its
// shoppers' pauses, and one after the other they kept the machine to themselves, idle (issue 41).
// Not beside shutdown.test.ts: its heavy requests and drains took the slowest answer here from 2–3 s
// to 6 s, too close to REQUEST_TIMEOUT_MS for a slower machine.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gid } from '../support/global-id.ts';
import {
  Browser,
  cpuSeconds,
  DATABASES,
  InParallel,
  processTree,
  startProductionServer,
  type Answer,
  type ProductionServer,
} from '../support/production-server.ts';

const templates = inject('seededTemplates');
// both started before the first load: a start during the other database's load would skew it
const servers = new InParallel(DATABASES, (kind) => startProductionServer(kind, { template: templates[kind] }));

afterAll(async () => {
  await servers.settle((server) => server.stop());
});
// (the test's name says these two)
/**
 * Shoppers at once. The promise is for PostgreSQL. The embedded PGlite, for trying the shop and
 * for development, runs every query in the shop's own thread, one at a time: 50 clients without a
 * pause there measure that design, not the shop (docs/decisions/0003).
 */
const CLIENTS = { postgres: 50, pglite: 20 } as const;
const DURATION_MS = 30_000;
/**
 * A shopper reads a page before the next click: 2–4 s here, far less than people take. Without any
 * pause, 50 clients measure only how long a queue of 50 requests takes to drain (issue 10's throughput).
 */
const THINK_MIN_MS = 2000;
const THINK_MAX_MS = 4000;
/** A pause of between minMs and maxMs. */
function pause(minMs: number, maxMs: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, minMs + Math.random() * (maxMs - minMs)));
}

/** A request still unanswered after this is given up and counted as failed, so the test ends by itself. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Variants the shoppers add; their stock is lowered so that lines run into it. */
const CONTESTED_VARIANTS = 4;
const CONTESTED_STOCK = 2;

type Kind = 'home' | 'category' | 'product' | 'list' | 'add';
const MIX: [Kind, number][] = [
  ['home', 15],
  ['category', 20],
  ['product', 25],
  ['list', 20],
  ['add', 20],
];

function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)];
}

function pickKind(): Kind {
  let roll = Math.random() * MIX.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [kind, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'home';
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

describe.concurrent.each(DATABASES)('production server on %s under load', (kind) => {
  let server: ProductionServer;
  let categories: string[];
  let products: string[];
  let variantIds: string[];

  beforeAll(async () => {
    server = await servers.get(kind);
    await servers.allStarted(); // none still starting during the load
    categories = (await server.sql<{ slug: string }>(`SELECT slug FROM "CategoryTranslation" WHERE language = 'cs'`)).map((row) => row.slug);
    products = (
      await server.sql<{ slug: string }>(
        `SELECT t.slug FROM "ProductTranslation" t JOIN "Product" p ON p.id = t."productId" WHERE t.language = 'cs' AND p.published`,
      )
    ).map((row) => row.slug);
    const contested = await server.sql<{ id: number }>(
      `UPDATE "Variant" SET stock = $1 WHERE id IN (
         SELECT v.id FROM "Variant" v JOIN "Product" p ON p.id = v."productId" WHERE p.published ORDER BY v.id LIMIT $2)
       RETURNING id`,
      [CONTESTED_STOCK, CONTESTED_VARIANTS],
    );
    variantIds = contested.map((row) => gid('Variant', row.id));
    expect(categories.length).toBeGreaterThan(3);
    expect(products.length).toBeGreaterThan(20);
    expect(variantIds).toHaveLength(CONTESTED_VARIANTS);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('shoppers for 30 s: no errors, and no cart line above stock, one cart per session', async () => {
    const latencies: Record<Kind, number[]> = { home: [], category: [], product: [], list: [], add: [] };
    const errors: string[] = [];
    const shoppers = Array.from({ length: CLIENTS[kind] }, () => ({
      browser: Object.assign(new Browser(server), { timeoutMs: REQUEST_TIMEOUT_MS }),
      cartIds: new Set<string>(),
      /** Adds answered with the cart. */
      added: 0,
      /** Adds that failed: the server may or may not have made them. */
      unanswered: 0,
    }));
    const serverPids = processTree(server.pid);
    const cpuBefore = cpuSeconds(serverPids);
    const started = performance.now();
    const deadline = started + DURATION_MS;

    /** A failure, named by what and why (status, GraphQL error code), for the summary. */
    const reason = (answer: Answer) =>
      `${answer.status} ${(answer.body.errors ?? []).map((error) => error.extensions?.code ?? error.message).join(',')}`.trim();

    async function step(shopper: (typeof shoppers)[number]) {
      const action = pickKind();
      const t0 = performance.now();
      let failure: string | null = null;
      try {
        if (action === 'home' || action === 'category' || action === 'product') {
          const pathname = action === 'home' ? '/' : action === 'category' ? `/kategorie/${pick(categories)}` : `/produkt/${pick(products)}`;
          const response = await shopper.browser.fetch(pathname);
          const html = await response.text();
          if (response.status !== 200 || !html.includes('</html>')) failure = `${action} page: ${response.status}`;
        } else if (action === 'list') {
          const answer =
            Math.random() < 0.5
              ? await shopper.browser.operation('CategoryPage', { slug: pick(categories), first: 24, sort: 'NEWEST' })
              : await shopper.browser.operation('SearchPage', { first: 24, filter: { search: pick(['dres', 'míč', 'šála', 'a']) } });
          if (answer.status !== 200 || answer.body.errors) failure = `list: ${reason(answer)}`;
        } else {
          const answer = await shopper.browser.operation('AddToCart', { variantId: pick(variantIds), quantity: 1 });
          const result = answer.body.data?.addToCart as { __typename: string; id?: string } | undefined;
          if (answer.status !== 200 || answer.body.errors || !result) {
            failure = `add: ${reason(answer)}`;
            shopper.unanswered += 1;
          } else if (result.__typename === 'Cart') {
            shopper.cartIds.add(result.id!);
            shopper.added += 1;
          } else if (result.__typename !== 'InsufficientStockError') failure = `add: ${result.__typename}`;
        }
      } catch (error) {
        failure = `${action}: ${(error as Error).message}`;
        if (action === 'add') shopper.unanswered += 1;
      }
      latencies[action].push(performance.now() - t0);
      if (failure) errors.push(failure);
    }

    await Promise.all(
      shoppers.map(async (shopper) => {
        // Each shopper's first click comes at a random moment of one pause, as visitors arrive, so
        // that from the first second the shop has the load of 50 shoppers browsing. All 50 first
        // clicks in the same millisecond measured something else: a herd on a server that has just
        // started (50 different pages rendered for the first time, 50 new sessions, code not yet
        // optimised) took 2–4 s here while every later click took at most 0.2 s, and on a slower CI
        // machine more than the pool's 10 s wait for a connection (issue 41).
        await pause(0, THINK_MAX_MS);
        while (performance.now() < deadline) {
          await step(shopper);
          await pause(THINK_MIN_MS, THINK_MAX_MS);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const serverCpu = cpuSeconds(serverPids) - cpuBefore;

    const all = Object.values(latencies).flat().sort((a, b) => a - b);
    const summary = (Object.entries(latencies) as [Kind, number[]][])
      .map(([name, values]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return `${name} ${sorted.length} p95 ${Math.round(percentile(sorted, 95))} ms`;
      })
      .join(', ');
    const failures = new Map<string, number>();
    for (const error of errors) failures.set(error, (failures.get(error) ?? 0) + 1);
    console.log(
      `[${kind}] ${all.length} requests in ${seconds.toFixed(1)} s: ${(all.length / seconds).toFixed(1)} requests/s, ` +
        `p95 ${Math.round(percentile(all, 95))} ms, max ${Math.round(all.at(-1) ?? 0)} ms; ${summary}; ` +
        `the shop's processes used ${serverCpu.toFixed(1)} CPU s (${Math.round((serverCpu * 1000) / Math.max(1, all.length))} ms per request); ` +
        `${errors.length} errors${errors.length ? `: ${[...failures].map(([what, n]) => `${n}× ${what}`).join('; ')}` : ''}`,
    );

    // the promises afterwards, from the database: they must hold even if requests failed; first
    // the server works off what the given-up requests left (the pool is free again)
    for (let i = 0; i < 40 && (await fetch(`${server.url}/ready`)).status !== 200; i++) await new Promise((resolve) => setTimeout(resolve, 500));
    const [{ overStock, negativeStock }] = await server.sql<{ overStock: number; negativeStock: number }>(
      `SELECT (SELECT count(*)::int FROM "CartLine" l JOIN "Variant" v ON v.id = l."variantId" WHERE l.quantity > v.stock) AS "overStock",
              (SELECT count(*)::int FROM "Variant" WHERE stock < 0) AS "negativeStock"`,
    );
    expect(overStock).toBe(0);
    expect(negativeStock).toBe(0);
    // one cart per session, and nothing an add reported as done is missing from it (nor anything
    // added that nobody asked for)
    const carts = await Promise.all(
      shoppers.map(async (shopper) => (await shopper.browser.operation('Cart')).body.data?.cart as { id: string; itemCount: number } | null),
    );
    shoppers.forEach((shopper, i) => {
      expect(shopper.cartIds.size).toBeLessThanOrEqual(1);
      if (shopper.added > 0) expect(carts[i]?.id).toBe([...shopper.cartIds][0]);
      expect(carts[i]?.itemCount ?? 0).toBeGreaterThanOrEqual(shopper.added);
      expect(carts[i]?.itemCount ?? 0).toBeLessThanOrEqual(shopper.added + shopper.unanswered);
    });
    const [{ cartRows, sessions }] = await server.sql<{ cartRows: number; sessions: number }>(
      `SELECT count(*)::int AS "cartRows", count(DISTINCT "sessionKey")::int AS sessions FROM "Cart"`,
    );
    expect(cartRows).toBe(sessions);
    expect(cartRows).toBeLessThanOrEqual(CLIENTS[kind]);
    const shoppersWithCarts = cartRows;
    const [{ contested }] = await server.sql<{ contested: number }>(
      `SELECT count(*)::int AS contested FROM "CartLine" WHERE quantity = $1`,
      [CONTESTED_STOCK],
    );
    console.log(`[${kind}] ${shoppersWithCarts} carts, ${contested} lines filled up to the stock of ${CONTESTED_STOCK}`);

    // and no request failed
    if (errors.length > 0) console.log(`[${kind}] the end of the server's log:\n${server.output().slice(-3000)}`);
    expect(errors.slice(0, 10)).toEqual([]);
    expect(all.length).toBeGreaterThan(CLIENTS[kind] * 5);
  });
});
