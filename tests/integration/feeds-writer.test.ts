// The feeds writer's thread (decision 0078): the feeds job writes in a worker thread with a bounded
// heap. A thread that reaches its heap's limit, or is stopped half-way (the shutdown, its time limit),
// fails the run cleanly: the failure logged, the lease given back unwritten (the next round of any
// instance writes), the files in place kept, no temporary file left behind.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createCategory, createManufacturer, createProduct } from '../support/factories.ts';
import { batches, generatedProductsSql } from '../bench/generated-catalog.ts';
import { writeFeedsInThread } from '../../bff/src/jobs/feeds-writer.ts';
import { generateFeeds } from '../../bff/src/services/feeds/generate.ts';
import { claimFeedLease } from '../../bff/src/services/feeds/lease.ts';
import { FEED_NAMES } from '../../bff/src/services/feeds/formats.ts';

let app: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'shop-feeds-writer-'));
  app = await createTestApp({ config: { feedsDir: dir, publicUrl: 'https://shop.example.cz' } });
  await createProduct(app.prisma, { images: ['/images/products/writer.svg'] });
  // enough variants that a run is still reading when the test stops it
  const category = await createCategory(app.prisma);
  const manufacturer = await createManufacturer(app.prisma, { name: 'Writer test' });
  for (const [from, to] of batches(3_000, 1_000)) for (const statement of generatedProductsSql(from, to, [category.id], manufacturer.id)) await app.prisma.$executeRawUnsafe(statement);
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every feed file in place, by name, with its bytes. */
function filesInPlace(): Map<string, Buffer> {
  return new Map(readdirSync(dir).filter((file) => !file.endsWith('.tmp')).map((file) => [file, readFileSync(path.join(dir, file))]));
}

const temporaryFiles = () => readdirSync(dir).filter((file) => file.endsWith('.tmp'));

async function leaseIsFree(target: TestApp): Promise<boolean> {
  const lease = await claimFeedLease(target.prisma, new Date(Date.now() + 5_000));
  if (typeof lease === 'string') return false;
  await lease.release(false);
  return true;
}

describe(`the feeds writer's thread (${databaseKind})`, { timeout: 120_000 }, () => {
  it('writes the files in a thread of its own, on its own connection (the embedded database too)', async () => {
    app.queries.length = 0;
    app.feeds.changed();
    await app.feeds.settled();
    expect(app.feeds.lastOutcome).toMatchObject({ written: true });
    expect([...filesInPlace().keys()].sort()).toEqual(FEED_NAMES.flatMap((name) => [`${name}.xml`, `${name}.xml.gz`]).sort());
    expect(readFileSync(path.join(dir, 'heureka.xml'), 'utf8')).toContain('/images/raster/writer.');
    // the app's own client sent no catalog read: the thread did
    expect(app.queries.some((sql) => sql.includes('"ProductImage"') || sql.includes('FROM "Variant"'))).toBe(false);
    expect(app.queries.some((sql) => sql.includes('"FeedWriter"'))).toBe(true);
  });

  it('a thread that reaches its heap limit fails the run: logged, the lease given back, the files kept, and another instance writes next', async () => {
    const before = filesInPlace();
    const lines: string[] = [];
    const starved = await createTestApp({ databaseUrl: app.databaseUrl, config: { feedsDir: dir, publicUrl: 'https://shop.example.cz', feedsWriterHeapMb: 2 }, logDestination: { write: (line) => lines.push(line) } });
    try {
      starved.feeds.changed();
      await starved.feeds.settled();
      expect(starved.feeds.lastOutcome).toBeNull();
      const failure = lines.map((line) => JSON.parse(line) as { msg?: string; message?: string }).find((line) => JSON.stringify(line).includes('[feeds] writing the feed files failed'));
      expect(JSON.stringify(failure)).toContain('FEEDS_WRITER_HEAP_MB');
    } finally {
      await starved.close();
    }
    expect(filesInPlace()).toEqual(before);
    expect(temporaryFiles()).toEqual([]);
    expect(await leaseIsFree(app)).toBe(true);
    // not covered by the failed run: the next round writes
    app.feeds.changed();
    await app.feeds.settled();
    expect(app.feeds.lastOutcome).toMatchObject({ written: true });
  });

  it('a thread stopped half-way (the shutdown) leaves no temporary file, keeps the files in place and gives the lease back', async () => {
    const before = filesInPlace();
    const stop = new AbortController();
    const run = generateFeeds(app.prisma, { dir, publicUrl: 'https://shop.example.cz', dispatchCutoff: '13:00', restockDays: 31, eurRate: 25, wantedSince: new Date(Date.now() + 2_000) }, (options) =>
      writeFeedsInThread(app.databaseUrl, options, { maxOldGenerationSizeMb: 24 }, stop.signal),
    );
    // the run has begun its files
    while (temporaryFiles().length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    stop.abort(new Error('shutting down'));
    await expect(run).rejects.toThrow('shutting down');
    expect(temporaryFiles()).toEqual([]);
    expect(filesInPlace()).toEqual(before);
    expect(await leaseIsFree(app)).toBe(true);
  });

  it('a run that outlives its time limit is stopped the same way', async () => {
    const before = filesInPlace();
    const run = generateFeeds(app.prisma, { dir, publicUrl: 'https://shop.example.cz', dispatchCutoff: '13:00', restockDays: 31, eurRate: 25, wantedSince: new Date(Date.now() + 2_000) }, (options) =>
      writeFeedsInThread(app.databaseUrl, options, { maxOldGenerationSizeMb: 24, timeLimitMs: 1 }),
    );
    await expect(run).rejects.toThrow('ran longer than 1 ms');
    expect(temporaryFiles()).toEqual([]);
    expect(filesInPlace()).toEqual(before);
    expect(await leaseIsFree(app)).toBe(true);
  });
});
