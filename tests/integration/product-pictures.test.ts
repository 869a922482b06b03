// Issue 44, raster pictures (decision 0074): the build renders each product SVG into a real JPEG and
// WebP 800 px wide, named by a hash of the SVG, so the address changes with the picture and stays the
// same otherwise; the shop serves them as immutable and answers a name it has no file for with a short
// 404 in the visitor's language; the API gives each picture's raster addresses; the variant link's shape.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';
import { renderPicture, renderPictures } from '../../scripts/product-pictures.ts';
import {
  forgetPictureHashes,
  HASHES_KEPT,
  keptPictureHashes,
  PICTURE_WIDTH,
  pictureHash,
  RASTER_DIR,
  rasterPictureUrl,
  SOURCE_DIR,
  variantUrl,
} from '../../bff/src/services/product-pictures.ts';

let app: TestApp;
let work: string;
/** A demo picture (npm run generate wrote the SVGs). */
const DEMO = readdirSync(SOURCE_DIR).filter((file) => file.endsWith('.svg')).sort()[0];
const DEMO_IMAGE = `/images/products/${DEMO}`;

const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
const isWebp = (bytes: Buffer) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';

beforeAll(async () => {
  app = await createTestApp();
  work = mkdtempSync(path.join(os.tmpdir(), 'pictures-'));
});

afterAll(async () => {
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('rendering the pictures', () => {
  it('writes a real JPEG and WebP 800 px wide for each SVG, under the name rasterPictureUrl gives', async () => {
    const source = path.join(work, 'render-source');
    const out = path.join(work, 'render-out');
    mkdirSync(source);
    writeFileSync(path.join(source, DEMO), readFileSync(path.join(SOURCE_DIR, DEMO)));
    // a picture twice as wide as high keeps its proportions
    writeFileSync(path.join(source, 'wide.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#c00"/></svg>');

    expect(await renderPictures(source, out)).toEqual({ sources: 2, written: 4, kept: 0, removed: 0 });
    const files = readdirSync(out).sort();
    expect(files).toHaveLength(4);
    // the build's names are the ones the shop links
    for (const format of ['jpeg', 'webp'] as const) expect(files).toContain(path.posix.basename(rasterPictureUrl(DEMO_IMAGE, format)));
    for (const file of files) {
      const bytes = readFileSync(path.join(out, file));
      const meta = await sharp(bytes).metadata();
      if (file.endsWith('.jpg')) expect([isJpeg(bytes), meta.format]).toEqual([true, 'jpeg']);
      else expect([file.endsWith('.webp'), isWebp(bytes), meta.format]).toEqual([true, true, 'webp']);
      expect(meta.width).toBe(PICTURE_WIDTH);
      expect(meta.height).toBe(file.startsWith('wide.') ? PICTURE_WIDTH / 2 : PICTURE_WIDTH);
    }
    // white where the SVG has nothing (a JPEG has no transparency): the red picture is red, not black
    const wide = files.find((file) => file.startsWith('wide.') && file.endsWith('.jpg'))!;
    const { data } = await sharp(path.join(out, wide)).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(180);
    expect(data[1]).toBeLessThan(60);
  });

  it('keeps a name while its SVG stays the same, and gives a changed SVG a new name, removing the old files', async () => {
    const source = path.join(work, 'change-source');
    const out = path.join(work, 'change-out');
    mkdirSync(source);
    const svg = (fill: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="${fill}"/></svg>`;
    writeFileSync(path.join(source, 'flag.svg'), svg('#00f'));
    await renderPictures(source, out);
    const before = readdirSync(out).sort();
    expect(await renderPictures(source, out)).toEqual({ sources: 1, written: 0, kept: 2, removed: 0 });
    expect(readdirSync(out).sort()).toEqual(before);

    writeFileSync(path.join(source, 'flag.svg'), svg('#0f0'));
    expect(await renderPictures(source, out)).toEqual({ sources: 1, written: 2, kept: 0, removed: 2 });
    const after = readdirSync(out).sort();
    expect(after).toHaveLength(2);
    expect(after.some((file) => before.includes(file))).toBe(false);
    expect(after.every((file) => file.startsWith(`flag.${pictureHash(Buffer.from(svg('#0f0')), '/images/products/flag.svg')}.`))).toBe(true);
  });
});

describe('the raster addresses', () => {
  it('are stable per content: the same SVG bytes give the same address, other bytes another', () => {
    const url = rasterPictureUrl(DEMO_IMAGE, 'jpeg');
    expect(url).toMatch(/^\/images\/raster\/[A-Za-z0-9_-]+\.[0-9a-f]{12}\.jpg$/);
    expect(rasterPictureUrl(DEMO_IMAGE, 'webp')).toBe(url.replace(/\.jpg$/, '.webp'));
    forgetPictureHashes();
    expect(rasterPictureUrl(DEMO_IMAGE, 'jpeg')).toBe(url);
    const hash = /\.([0-9a-f]{12})\.jpg$/.exec(url)![1];
    expect(pictureHash(readFileSync(path.join(SOURCE_DIR, DEMO)), DEMO_IMAGE)).toBe(hash);
    expect(pictureHash(Buffer.concat([readFileSync(path.join(SOURCE_DIR, DEMO)), Buffer.from(' ')]), DEMO_IMAGE)).not.toBe(hash);
  });

  // a feeds run of a million variants kept every picture's hash and ran out of its thread's heap
  it('keeps the hashes of the last pictures asked for, not of every picture of the catalog, and gives the same address after forgetting one', () => {
    forgetPictureHashes();
    const demo = rasterPictureUrl(DEMO_IMAGE, 'jpeg');
    for (let n = 0; n < HASHES_KEPT + 500; n += 1) {
      rasterPictureUrl(`/images/products/generated-${n}.svg`, 'jpeg');
      // the demo picture asked for again and again stays; the generated ones asked once go in turn
      if (n % 1000 === 0) expect(rasterPictureUrl(DEMO_IMAGE, 'jpeg')).toBe(demo);
    }
    expect(keptPictureHashes()).toBe(HASHES_KEPT);
    expect(rasterPictureUrl(DEMO_IMAGE, 'jpeg')).toBe(demo);
    expect(rasterPictureUrl('/images/products/generated-0.svg', 'jpeg')).toMatch(/^\/images\/raster\/generated-0\.[0-9a-f]{12}\.jpg$/);
  });

  it('links each variant in the page language: /produkt/{slug}?varianta= and /en/product/{slug}?variant=', () => {
    expect(variantUrl('dres-slavie', 'KO-1001-M', 'cs')).toBe('/produkt/dres-slavie?varianta=KO-1001-M');
    expect(variantUrl('slavia-jersey', 'KO-1001-M', 'en')).toBe('/en/product/slavia-jersey?variant=KO-1001-M');
    expect(variantUrl('a', 'X Y&z', 'cs')).toBe('/produkt/a?varianta=X%20Y%26z');
  });

  it('the API gives each picture its JPEG and WebP address', async () => {
    const product = await createProduct(app.prisma, { images: [DEMO_IMAGE, '/images/products/none-such.svg'] });
    const slug = product.translations.find((row) => row.language === 'cs')!.slug;
    const { data, errors } = await app.gql<{ product: { images: { url: string; jpegUrl: string; webpUrl: string }[] } }>(
      'query ($slug: String!) { product(slug: $slug) { images { url jpegUrl webpUrl } } }',
      { slug },
    );
    expect(errors).toBeUndefined();
    expect(data!.product.images).toEqual([
      { url: DEMO_IMAGE, jpegUrl: rasterPictureUrl(DEMO_IMAGE, 'jpeg'), webpUrl: rasterPictureUrl(DEMO_IMAGE, 'webp') },
      { url: '/images/products/none-such.svg', jpegUrl: rasterPictureUrl('/images/products/none-such.svg', 'jpeg'), webpUrl: rasterPictureUrl('/images/products/none-such.svg', 'webp') },
    ]);
  });
});

describe('serving the raster pictures', () => {
  beforeAll(async () => {
    // what `npm run build` writes for this picture (the same name and bytes)
    mkdirSync(RASTER_DIR, { recursive: true });
    const svg = readFileSync(path.join(SOURCE_DIR, DEMO));
    for (const format of ['jpeg', 'webp'] as const) {
      writeFileSync(path.join(RASTER_DIR, path.posix.basename(rasterPictureUrl(DEMO_IMAGE, format))), await renderPicture(svg, format));
    }
  });

  it('serves a picture with its type, cached for a year as immutable', async () => {
    for (const [format, type, check] of [['jpeg', 'image/jpeg', isJpeg], ['webp', 'image/webp', isWebp]] as const) {
      const response = await fetch(app.url + rasterPictureUrl(DEMO_IMAGE, format));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(check(Buffer.from(await response.arrayBuffer()))).toBe(true);
    }
  });

  it('answers a picture it has no file for with a short 404 in the visitor\'s language, never cached', async () => {
    const missing = rasterPictureUrl('/images/products/none-such.svg', 'jpeg');
    const czech = await fetch(app.url + missing);
    expect(czech.status).toBe(404);
    expect(czech.headers.get('cache-control')).toBe('no-store');
    expect(czech.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await czech.text()).toBe('Tento obrázek neexistuje.');
    const english = await fetch(app.url + rasterPictureUrl(DEMO_IMAGE, 'jpeg').replace(/\.[0-9a-f]{12}\./, '.000000000000.'), { headers: { cookie: 'lang=en' } });
    expect([english.status, await english.text()]).toEqual([404, 'This picture does not exist.']);
    // a path outside the folder is no way out of it
    const escape = await fetch(`${app.url}/images/raster/..%2f..%2fpackage.json`);
    expect(escape.status).toBe(404);
  });
});
