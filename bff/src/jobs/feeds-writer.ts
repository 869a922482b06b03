// Runs one write of the feed files in a thread of its own (docs/decisions/0078): jobs/feeds-worker.ts
// in a worker_threads Worker whose heap is bounded (resourceLimits), so the run's garbage is collected
// within a fixed size, is handed back when the run ends, and never grows the heap that serves requests.
// A thread that throws, runs out of its heap, outlives its lease or is stopped by the shutdown rejects:
// its temporary files are removed, the files in place stay, and the caller gives the lease back unwritten.
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { removeRunTemps, type FeedOptions, type WrittenFeeds } from '../services/feeds/generate.ts';
import { LEASE_MS } from '../services/feeds/lease.ts';
import type { FeedsWorkerData } from './feeds-worker.ts';
import { workerModule, type WorkerModule } from '../worker-module.ts';

export type FeedsWriterLimits = {
  /** The thread's old generation (what survives scavenges): FEEDS_WRITER_HEAP_MB. */
  maxOldGenerationSizeMb: number;
  /** The thread's young generation: the batches' short-lived rows and text. */
  maxYoungGenerationSizeMb?: number;
  /** A run still going after this long is stopped: it never outlives its lease (lease.ts). */
  timeLimitMs?: number;
};

/** Measured at 100 000 variants (docs/performance.md): a larger young generation promotes no less. */
const YOUNG_GENERATION_MB = 4;
const TIME_LIMIT_MS = LEASE_MS - 60_000;

/** Set by scripts/build-server.mjs in the compiled server: the thread's own compiled module, beside it. */
declare const BFF_FEEDS_WORKER_FILE: string | undefined;

/** The thread's module: compiled beside the compiled server, else the source (worker-module.ts). */
const feedsWorkerModule = (): WorkerModule => workerModule(typeof BFF_FEEDS_WORKER_FILE === 'string' ? BFF_FEEDS_WORKER_FILE : undefined, new URL('./feeds-worker.ts', import.meta.url));

/**
 * Writes every feed file from the catalog in a bounded thread (the caller holds the lease); rejects
 * when the thread fails, runs out of memory or time, or `signal` aborts (the shutdown). `module`: the
 * bench runs the compiled one from the sources.
 */
export async function writeFeedsInThread(databaseUrl: string, options: FeedOptions, limits: FeedsWriterLimits, signal?: AbortSignal, module: WorkerModule = feedsWorkerModule()): Promise<WrittenFeeds> {
  const timeLimitMs = limits.timeLimitMs ?? TIME_LIMIT_MS;
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const { entry, eval: evaluated } = module;
  const data: FeedsWorkerData = { databaseUrl, options: { ...options, tag } };
  // no execArgv of the server's own (its young generation for requests): the limits below decide
  const worker = new Worker(entry, {
    eval: evaluated,
    workerData: data,
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb ?? YOUNG_GENERATION_MB },
  });
  let outcome: WrittenFeeds | null = null;
  let failure: unknown = null;
  const stop = (reason: unknown) => {
    failure ??= reason;
    void worker.terminate();
  };
  const timer = setTimeout(() => stop(new Error(`the feeds writer's thread ran longer than ${timeLimitMs} ms and was stopped`)), timeLimitMs);
  const onAbort = () => stop(signal!.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();
  worker.on('message', (message: WrittenFeeds) => (outcome = message));
  // an exception of the run, or ERR_WORKER_OUT_OF_MEMORY when it reached its heap's limit
  worker.on('error', (error: Error & { code?: string }) => {
    const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
    failure ??= outOfMemory ? new Error(`the feeds writer's thread reached its heap of ${limits.maxOldGenerationSizeMb} MB (FEEDS_WRITER_HEAP_MB) and was stopped`, { cause: error }) : error;
  });
  const code = await new Promise<number>((resolve) => worker.once('exit', resolve));
  clearTimeout(timer);
  signal?.removeEventListener('abort', onAbort);
  // the files are in place once the outcome came, whatever happened after it
  if (outcome) return outcome;
  // a thread stopped half-way could not remove its temporary files itself
  await removeRunTemps(options.dir, tag);
  throw failure ?? new Error(`the feeds writer's thread ended (exit code ${code}) without writing the feeds`);
}
