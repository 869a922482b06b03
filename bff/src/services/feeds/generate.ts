// One run of the feeds (issue 44 §1): the catalog read once, in batches (catalog.ts), each batch's
// pieces appended to the five feeds' temporary files and their gzip copies as it comes, and every
// file renamed into place at the end, so a reader sees the old file or the new one, never half of
// one. Memory holds a batch; the files hold the rest. Never called in a request: the feeds job runs it,
// in a thread of its own with a bounded heap (jobs/feeds-writer.ts, decision 0078).
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { createGzip, type Gzip } from 'node:zlib';
import type { Db } from '../../db/client.ts';
import { feedVariantBatches, readFeedContext, type FeedSql } from './catalog.ts';
import { FEED_FORMATS, feedNamesOf, feedRun, type FeedName, type FeedScope, type FeedSettings } from './formats.ts';
import { feedFileName } from './files.ts';
import { claimFeedLease } from './lease.ts';

export type FeedOptions = Omit<FeedSettings, 'now'> & {
  dir: string;
  eurRate: number;
  now?: Date;
  batchSize?: number;
  /** Every feed ('all', unless said) or only those that show exact stock ('stock'). */
  scope?: FeedScope;
  /** Names this run's temporary files (`<file>.<tag>.tmp`), so that whoever started it can remove them. */
  tag?: string;
};

export type WrittenFeeds = { written: true; scope: FeedScope; variants: number; bytes: Partial<Record<FeedName, number>> };

export type FeedOutcome = { written: false; reason: 'covered' | 'busy' } | WrittenFeeds;

/** How a run writes the files (the feeds job: writeFeedFiles in a bounded thread, jobs/feeds-writer.ts). */
export type FeedWriter = (options: FeedOptions) => Promise<WrittenFeeds>;

/**
 * A batch's text goes to the files in pieces of about this many characters: what waits for the disk
 * and the gzip streams is five such pieces, not five batches' text (decision 0078).
 */
const WRITE_CHARS = 64 * 1024;

/** A temporary file left by a writer that died is removed after this long. */
const STALE_TEMP_MS = 60 * 60_000;

class Output {
  readonly plain: WriteStream;
  readonly gzip: Gzip;
  readonly zipped: WriteStream;
  bytes = 0;

  constructor(
    readonly name: FeedName,
    readonly tempPlain: string,
    readonly tempZipped: string,
  ) {
    this.plain = createWriteStream(tempPlain);
    this.zipped = createWriteStream(tempZipped);
    this.gzip = createGzip({ level: 6 });
    this.gzip.pipe(this.zipped);
  }

  /** Appends text to both files, waiting while either is behind (so memory stays flat). */
  async write(text: string): Promise<void> {
    if (text === '') return;
    const chunk = Buffer.from(text, 'utf8');
    this.bytes += chunk.length;
    const waits: Promise<unknown>[] = [];
    if (!this.plain.write(chunk)) waits.push(once(this.plain, 'drain'));
    if (!this.gzip.write(chunk)) waits.push(once(this.gzip, 'drain'));
    await Promise.all(waits);
  }

  async finish(): Promise<void> {
    this.plain.end();
    this.gzip.end();
    await Promise.all([once(this.plain, 'close'), once(this.zipped, 'close')]);
  }

  destroy(): void {
    this.plain.destroy();
    this.gzip.destroy();
    this.zipped.destroy();
  }
}

async function removeStaleTemps(dir: string, now: number): Promise<void> {
  for (const file of await readdir(dir)) {
    if (!file.endsWith('.tmp')) continue;
    const full = path.join(dir, file);
    const info = await stat(full).catch(() => null);
    if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(full, { force: true });
  }
}

/** Removes the temporary files of the run tagged `tag` (one that was stopped before it could). */
export async function removeRunTemps(dir: string, tag: string): Promise<void> {
  const files = await readdir(dir).catch(() => []);
  await Promise.all(files.filter((file) => file.endsWith(`.${tag}.tmp`)).map((file) => rm(path.join(dir, file), { force: true })));
}

/** Writes the feed files of the run's scope from the catalog as it is now, read through `sql` (the caller holds the lease). */
export async function writeFeedFiles(sql: FeedSql, options: FeedOptions): Promise<WrittenFeeds> {
  const now = options.now ?? new Date();
  await mkdir(options.dir, { recursive: true });
  await removeStaleTemps(options.dir, now.getTime());
  const run = feedRun({ publicUrl: options.publicUrl, dispatchCutoff: options.dispatchCutoff, restockDays: options.restockDays, now }, await readFeedContext(sql));
  const tag = options.tag ?? `${process.pid}-${randomBytes(4).toString('hex')}`;
  const scope = options.scope ?? 'all';
  const outputs = feedNamesOf(scope).map((name) => new Output(name, path.join(options.dir, `${feedFileName(name, false)}.${tag}.tmp`), path.join(options.dir, `${feedFileName(name, true)}.${tag}.tmp`)));
  let variants = 0;
  try {
    for (const output of outputs) await output.write(FEED_FORMATS[output.name].head(run));
    for await (const batch of feedVariantBatches(sql, { eurRate: options.eurRate, now, batchSize: options.batchSize })) {
      variants += batch.length;
      for (const output of outputs) {
        const format = FEED_FORMATS[output.name];
        let text = '';
        for (const variant of batch) {
          text += format.item(run, variant);
          if (text.length >= WRITE_CHARS) {
            await output.write(text);
            text = '';
          }
        }
        await output.write(text);
      }
    }
    for (const output of outputs) await output.write(FEED_FORMATS[output.name].tail);
    await Promise.all(outputs.map((output) => output.finish()));
    for (const output of outputs) {
      await rename(output.tempZipped, path.join(options.dir, feedFileName(output.name, true)));
      await rename(output.tempPlain, path.join(options.dir, feedFileName(output.name, false)));
    }
  } catch (error) {
    for (const output of outputs) output.destroy();
    await Promise.all(outputs.flatMap((output) => [rm(output.tempPlain, { force: true }), rm(output.tempZipped, { force: true })]));
    throw error;
  }
  return { written: true, scope, variants, bytes: Object.fromEntries(outputs.map((output) => [output.name, output.bytes])) };
}

/**
 * Writes the feeds under the writers' lease, so that they include what changed up to `wantedSince`:
 * nothing when a run that began later is in progress or done ('covered'), or while an older run of
 * another instance holds the lease ('busy': the caller tries again soon). `write` does the writing;
 * a write that fails gives the lease back unwritten.
 */
export async function generateFeeds(db: Db, options: FeedOptions & { wantedSince: Date }, write: FeedWriter): Promise<FeedOutcome> {
  const lease = await claimFeedLease(db, options.wantedSince, options.scope);
  if (lease === 'covered' || lease === 'busy') return { written: false, reason: lease };
  let written = false;
  try {
    const outcome = await write(options);
    written = true;
    return outcome;
  } finally {
    await lease.release(written);
  }
}
