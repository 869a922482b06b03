// `npm run bench -- --only feeds` (issue 44 §1): the price comparison feeds written from a generated
// catalog of 100 000 variants (20 000 products of five sizes, each with a picture and both languages),
// by tests/bench/feeds-writer.ts in a process of its own, in the bounded thread the feeds job runs it in
// (decision 0078; the compiled module: `npm run build` first); prints the time per 1 000 variants and the process's peak RSS growth. Goals: under
// 60 s in all, RSS growth under 50 MB. Then the stock feed alone, as a stock change that sells nothing
// out writes it (issue 41), as a ratio to all five.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../support/test-app.ts';
import { createCategory, createManufacturer } from '../support/factories.ts';
import { batches, generatedProductsSql } from './generated-catalog.ts';

const SIZES = ['S', 'M', 'L', 'XL'];
const MB = 1024 * 1024;

/** The English names, more sizes (the generated products have one variant) and a picture each. */
function feedCatalogSql(from: number, to: number): string[] {
  const codes = `(SELECT 'B' || g FROM generate_series(${from}, ${to}) g)`;
  return [
    `INSERT INTO "ProductTranslation" ("productId", language, name, slug, "searchText", description)
     SELECT p.id, 'en', 'Product ' || p.id, 'bench-en-' || p.code, 'product ' || p.id, 'A generated product for the feeds bench.'
       FROM "Product" p WHERE p.code IN ${codes}`,
    `INSERT INTO "Variant" ("productId", code, size, stock, "priceCzk", position)
     SELECT p.id, 'V' || p.code || '-' || s.size, s.size, (p.id + s.n) % 7, p."priceCzk" + s.n * 1000, s.n
       FROM "Product" p CROSS JOIN unnest(ARRAY['${SIZES.join("','")}']) WITH ORDINALITY AS s(size, n) WHERE p.code IN ${codes}`,
    `INSERT INTO "ProductImage" ("productId", url, position) SELECT p.id, '/images/products/bench-' || p.id || '.svg', 0 FROM "Product" p WHERE p.code IN ${codes}`,
  ];
}

export async function benchFeeds(variants = 100_000): Promise<void> {
  const products = Math.ceil(variants / (SIZES.length + 1));
  const app = await createTestApp({ logQueries: false });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-feeds-bench-'));
  try {
    const category = await createCategory(app.prisma, { slug: { cs: 'bench', en: 'bench' } });
    await app.prisma.category.update({ where: { id: category.id }, data: { heurekaCategory: 'Heureka.cz | Sport | Fanshop', googleCategory: 'Sporting Goods > Athletics' } });
    const manufacturer = await createManufacturer(app.prisma, { name: 'Bench' });
    const t0 = performance.now();
    // small statements: the test app's PostgreSQL client stops one that takes over 10 s (a busy machine)
    for (const [from, to] of batches(products, 2_000)) {
      for (const statement of [...generatedProductsSql(from, to, [category.id], manufacturer.id), ...feedCatalogSql(from, to)]) await app.prisma.$executeRawUnsafe(statement);
    }
    await app.prisma.$executeRawUnsafe('ANALYZE');
    const count = await app.prisma.variant.count();
    console.log(`feeds: ${count} variants of ${products} products generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(import.meta.dirname, 'feeds-writer.ts'), app.databaseUrl, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (code !== 0) throw new Error(`the feeds writer exited with ${code}`);
    const result = JSON.parse(output.trim().split('\n').at(-1)!) as { variants: number; ms: number; cpu: number; stock: { ms: number; cpu: number }; before: number; peak: number; after: number; heapKept: number; bytes: Record<string, number> };
    const growth = (result.peak - result.before) / MB;
    const line = (name: string, text: string) => console.log(`${name.padEnd(46)} ${text}`);
    line('feeds: variants written', String(result.variants));
    line('feeds: generation, all five feeds', `${(result.ms / 1000).toFixed(1)} s (goal < 60 s) ${result.ms < 60_000 ? 'OK' : 'MISSED'}`);
    line('feeds: per 1 000 variants', `${((result.ms / result.variants) * 1000).toFixed(0)} ms`);
    line('feeds: CPU of the run (thread and process)', `${(result.cpu / 1000).toFixed(1)} s`);
    line(
      'feeds: the stock feed alone (a stock change)',
      `${(result.stock.ms / 1000).toFixed(1)} s, CPU ${(result.stock.cpu / 1000).toFixed(1)} s: ${((result.stock.ms / result.ms) * 100).toFixed(0)} % of all five's time, ${((result.stock.cpu / result.cpu) * 100).toFixed(0)} % of their CPU`,
    );
    line('feeds: peak RSS growth of the process', `${growth.toFixed(1)} MB (goal < 50 MB) ${growth < 50 ? 'OK' : 'MISSED'}`);
    line('feeds: RSS growth left after the thread ended', `${((result.after - result.before) / MB).toFixed(1)} MB (the allocator keeps it for the next run)`);
    line('feeds: main heap kept after a full collection', `${(result.heapKept / MB).toFixed(1)} MB`);
    line('feeds: file sizes', Object.entries(result.bytes).map(([name, bytes]) => `${name} ${(bytes / MB).toFixed(1)} MB`).join(', '));
    line('feeds: load', os.loadavg()[0].toFixed(2));
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
