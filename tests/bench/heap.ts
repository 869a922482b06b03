// The shop's heap as the benches read it: resident memory alone cannot tell growth from garbage V8 has
// not collected yet; the heap after a full collection can (heap-after-gc.mjs, preloaded into the shop).
import path from 'node:path';
import type { ProductionServer } from '../support/production-server.ts';

/** NODE_OPTIONS that preload the report; it only answers a signal, so it costs the shop nothing while it is measured. */
export const HEAP_REPORT_OPTIONS = `--expose-gc --import ${path.join(import.meta.dirname, 'heap-after-gc.mjs')}`;

/** The shop's heap after a full collection, in MiB (the shop started with HEAP_REPORT_OPTIONS). */
export async function heapAfterGcMiB(shop: ProductionServer): Promise<number> {
  const before = shop.output().length;
  process.kill(shop.pid, 'SIGUSR2');
  for (let waited = 0; waited < 5000; waited += 20) {
    const reported = /heap-after-gc (\d+)/.exec(shop.output().slice(before));
    if (reported) return Number(reported[1]) / 2 ** 20;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('The shop did not report its heap.');
}
