// The feeds bench's writer, in a process of its own so that its memory is the job's alone (the
// embedded database and the catalog's loading live in the bench's process): `tsx tests/bench/
// feeds-writer.ts <database URL> <directory>` writes every feed file once as the feeds job does, in the
// bounded thread of jobs/feeds-writer.ts (decision 0078; FEEDS_WRITER_HEAP_MB as the shop reads it) on
// the compiled module the production server runs (build/bff/feeds-worker.js: `npm run build` first; the
// source through tsx would measure tsx's compiler in the thread too), beside a Prisma client of this
// process standing for the server's own, and prints one JSON line: the variants written, the
// milliseconds, the process's RSS before, at its peak and after the thread ended, and this thread's heap
// still held after a full collection at the end. Then, as after a stock change that sells nothing out,
// the stock feed alone (scope 'stock'): its milliseconds and both runs' CPU (the thread's is the process's).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../bff/src/config.ts';
import { createDatabase } from '../../bff/src/db/client.ts';
import { writeFeedsInThread } from '../../bff/src/jobs/feeds-writer.ts';

const [databaseUrl, dir] = process.argv.slice(2);

/**
 * The process's RSS once it has stopped changing on its own. After the Prisma client's first query this
 * process changes by itself with nothing running: it grew 22-34 MB within a second, and about 8 s later
 * V8's memory reducer gave 10-20 MB back (measured 2026-11-29, no thread started). A baseline taken in
 * that time counted the one as the writer's growth or hid it behind the other. A running server is past
 * both when the feeds job starts, so the baseline waits them out: at least SETTLE_MS, then until two
 * readings a second apart agree within 1 MB.
 */
async function settledRss(): Promise<number> {
  const SETTLE_MS = 12_000;
  const started = performance.now();
  let last = -Infinity;
  for (;;) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rss = process.memoryUsage.rss();
    if (performance.now() - started >= SETTLE_MS && Math.abs(rss - last) < 1024 * 1024) return rss;
    last = rss;
  }
}

const compiled = path.resolve(import.meta.dirname, '../../build/bff/feeds-worker.js');
if (!existsSync(compiled)) throw new Error(`${compiled} is missing: npm run build first`);
const heapMb = loadConfig({ NODE_ENV: 'test', FEEDS_WRITER_HEAP_MB: process.env.FEEDS_WRITER_HEAP_MB }).feedsWriterHeapMb;
const { prisma } = createDatabase(databaseUrl, { poolSize: 2 });
await prisma.$queryRaw`SELECT 1`;
const before = await settledRss();
const heapBefore = process.memoryUsage().heapUsed;
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 20);
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const options = { dir, publicUrl: 'https://shop.example.cz', dispatchCutoff: '13:00', restockDays: 31, eurRate: 25 };
const module = { entry: pathToFileURL(compiled), eval: false };
const outcome = await writeFeedsInThread(databaseUrl, options, { maxOldGenerationSizeMb: heapMb }, undefined, module);
const ms = performance.now() - t0;
const cpu = cpuMs(cpu0);
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage.rss());
globalThis.gc?.();
const after = process.memoryUsage.rss();
const heapKept = process.memoryUsage().heapUsed - heapBefore;
const t1 = performance.now();
const cpu1 = process.cpuUsage();
await writeFeedsInThread(databaseUrl, { ...options, scope: 'stock' }, { maxOldGenerationSizeMb: heapMb }, undefined, module);
const stock = { ms: performance.now() - t1, cpu: cpuMs(cpu1) };
console.log(JSON.stringify({ variants: outcome.variants, ms, cpu, before, peak, after, heapKept, bytes: outcome.bytes, heapMb, stock }));
await prisma.$disconnect();
