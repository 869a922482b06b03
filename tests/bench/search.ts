// Search bench (issue 10): `npm run bench -- --products 100000` starts a shop with that many generated
// products in a process of its own (tests/bench/search-app.ts) and compares, with 10 concurrent
// requests, the catalog search (12 results with the total, as the search page asks) with a product
// looked up by its slug (a primary-key-like lookup through the same API) measured in the same run.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { databaseKind } from '../support/test-app.ts';
import { startCommand } from '../support/production-server.ts';
import { load, median } from './load.ts';
import { generatedSlug, SEARCHES } from './generated-catalog.ts';

/** Starts tests/bench/search-app.ts; resolves with its URL once its products are loaded. */
function startSearchApp(products: number) {
  // with the node options `npm start` gives the shop (the young generation's size)
  const nodeOptions = startCommand().args.filter((arg) => arg.startsWith('--'));
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', path.join(import.meta.dirname, 'search-app.ts'), String(products)], {
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<{ url: string; loadSeconds: string }>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready (\S+) (\S+)/.exec(output);
      if (match) resolve({ url: match[1], loadSeconds: match[2] });
    });
    child.once('exit', (code) => reject(new Error(`the search bench's shop exited ${code}:\n${output}`)));
  });
  const stopped = new Promise((resolve) => child.once('exit', resolve));
  return { ready, stop: () => (child.kill('SIGTERM'), stopped) };
}

export async function benchSearch(products: number): Promise<void> {
  console.log(`\n== search on ${products} generated products (${databaseKind}), 10 connections, the shop in its own process`);
  const app = startSearchApp(products);
  try {
    const { url, loadSeconds } = await app.ready;
    console.log(`loaded in ${loadSeconds} s`);
    // one document each, the words and slugs as variables, as a client sends them (until 2026-11-24 each
    // lookup was a new document, parsed and validated per request)
    const search = (word: string) => ({
      path: '/graphql',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query ($text: String!) { products(first: 12, filter: { search: $text }) { totalCount edges { node { name price { withVat } } } } }', variables: { text: word } }),
    });
    const lookup = (id: number) => ({
      path: '/graphql',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query ($slug: String!) { product(slug: $slug) { name price { withVat } } }', variables: { slug: generatedSlug(id) } }),
    });
    // whole words, several words, and typos (a swap, a missing letter) that go through the vocabulary
    const queries = SEARCHES;
    const rounds = { search: [] as number[], lookup: [] as number[], searchRate: [] as number[], lookupRate: [] as number[] };
    await load(url, { request: (turn) => search(queries[turn % queries.length]), durationMs: 1500 });
    for (let round = 0; round < 3; round += 1) {
      const s = await load(url, { request: (turn) => search(queries[turn % queries.length]), durationMs: 3000 });
      const l = await load(url, { request: (turn) => lookup(1 + ((turn * 7919) % products)), durationMs: 3000 });
      rounds.search.push(s.p95);
      rounds.lookup.push(l.p95);
      rounds.searchRate.push(s.perSecond);
      rounds.lookupRate.push(l.perSecond);
      if (s.errors || l.errors) console.log(`errors: search ${s.errors}, lookup ${l.errors}`);
    }
    const [searchP95, lookupP95] = [median(rounds.search), median(rounds.lookup)];
    console.log(
      `search p95 ${searchP95.toFixed(1)} ms (${median(rounds.searchRate).toFixed(0)} req/s), product by slug p95 ${lookupP95.toFixed(1)} ms` +
        ` (${median(rounds.lookupRate).toFixed(0)} req/s): search / lookup ${(searchP95 / lookupP95).toFixed(1)}×  load ${os.loadavg()[0].toFixed(2)}`,
    );
  } finally {
    await app.stop();
  }
}
