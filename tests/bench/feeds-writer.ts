// The feeds bench's writer, in a process of its own so that its memory is the generator's alone (the
// embedded database and the catalog's loading live in the bench's process): `tsx tests/bench/
// feeds-writer.ts <database URL> <directory>` writes every feed file once, as the feeds job does, and
// prints one JSON line: the variants written, the milliseconds, the RSS before and at its peak, and the
// heap it still holds after a full collection at the end.
import { performance } from 'node:perf_hooks';
import { createDatabase } from '../../bff/src/db/client.ts';
import { writeFeedFiles } from '../../bff/src/services/feeds/generate.ts';

const [databaseUrl, dir] = process.argv.slice(2);
const { prisma } = createDatabase(databaseUrl, { poolSize: 2 });
await prisma.$queryRaw`SELECT 1`;
globalThis.gc?.();
const before = process.memoryUsage.rss();
const heapBefore = process.memoryUsage().heapUsed;
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 20);
const t0 = performance.now();
const outcome = await writeFeedFiles(prisma, { dir, publicUrl: 'https://shop.example.cz', dispatchCutoff: '13:00', restockDays: 31, eurRate: 25 });
const ms = performance.now() - t0;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage.rss());
// what the run keeps, as against what it left for the collector: the heap after a full collection
globalThis.gc?.();
const heapKept = process.memoryUsage().heapUsed - heapBefore;
console.log(JSON.stringify({ variants: outcome.variants, ms, before, peak, heapKept, bytes: outcome.bytes }));
await prisma.$disconnect();
