// The feeds writer's thread (docs/decisions/0078): started by jobs/feeds-writer.ts for one run, it
// opens one pg connection of its own on the shop's database URL (the embedded PGlite too: it is served
// on a socket, so this is one more connection, not a second opening of its data folder), writes every
// feed file (services/feeds/generate.ts), posts the outcome and ends. No Prisma client here: the
// catalog's few queries are plain SQL (services/feeds/catalog.ts says why). Its heap is bounded by the
// Worker's resourceLimits and handed back when it ends. The lease stays with the caller.
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import type { FeedSql } from '../services/feeds/catalog.ts';
import { writeFeedFiles, type FeedOptions } from '../services/feeds/generate.ts';

export type FeedsWorkerData = { databaseUrl: string; options: FeedOptions };

const { databaseUrl, options } = workerData as FeedsWorkerData;
const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
await client.connect();
const sql: FeedSql = async <Row>(text: string, values: readonly unknown[] = []) => (await client.query(text, [...values])).rows as Row[];
try {
  parentPort!.postMessage(await writeFeedFiles(sql, options));
} finally {
  await client.end();
}
