/**
 * Renders every product picture (web/public/images/products/*.svg, from scripts/product-images.ts)
 * into JPEG and WebP, 800 px wide on a white background, into build/pictures/ under names that carry
 * the hash bff/src/services/product-pictures.ts computes for the same SVG (docs/decisions/0074).
 * `npm run build` runs it (`npm run pictures` alone); a file already there is kept (its name says
 * what it holds), one no SVG names any more is removed.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PICTURE_WIDTH, pictureHash, pictureName, RASTER_DIR, rasterFileName, SOURCE_DIR, type RasterFormat } from '../bff/src/services/product-pictures.ts';

const FORMATS: RasterFormat[] = ['jpeg', 'webp'];
const QUALITY: Record<RasterFormat, number> = { jpeg: 82, webp: 80 };

export type RenderSummary = { sources: number; written: number; kept: number; removed: number };

/** Draws one SVG at PICTURE_WIDTH on white: raw pixels, encoded into each format below. */
async function drawPicture(svg: Buffer) {
  const { width } = await sharp(svg).metadata();
  // the SVG is drawn at this density so that it needs no enlarging (which would blur it)
  const density = Math.min(2400, Math.max(72, Math.ceil((72 * PICTURE_WIDTH) / (width || PICTURE_WIDTH))));
  return sharp(svg, { density }).resize({ width: PICTURE_WIDTH }).flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
}

function encode(pixels: Awaited<ReturnType<typeof drawPicture>>, format: RasterFormat): Promise<Buffer> {
  const image = sharp(pixels.data, { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } });
  return format === 'jpeg' ? image.jpeg({ quality: QUALITY.jpeg }).toBuffer() : image.webp({ quality: QUALITY.webp, effort: 2 }).toBuffer();
}

/** Renders one SVG into one format at PICTURE_WIDTH. */
export async function renderPicture(svg: Buffer, format: RasterFormat): Promise<Buffer> {
  return encode(await drawPicture(svg), format);
}

export async function renderPictures(sourceDir = SOURCE_DIR, outDir = RASTER_DIR): Promise<RenderSummary> {
  mkdirSync(outDir, { recursive: true });
  const sources = readdirSync(sourceDir).filter((file) => file.endsWith('.svg')).sort();
  const present = new Set(readdirSync(outDir));
  const wanted = new Set<string>();
  let written = 0;
  const render = async (file: string) => {
    const svg = readFileSync(path.join(sourceDir, file));
    const hash = pictureHash(svg, `/images/products/${file}`);
    const missing = FORMATS.map((format) => ({ format, name: rasterFileName(pictureName(file), hash, format) })).filter(({ name }) => {
      wanted.add(name);
      return !present.has(name);
    });
    if (missing.length === 0) return;
    const pixels = await drawPicture(svg);
    for (const { format, name } of missing) {
      // written beside and renamed: a server reading the folder never sees half a file
      const temporary = path.join(outDir, `.${name}.tmp`);
      writeFileSync(temporary, await encode(pixels, format));
      renameSync(temporary, path.join(outDir, name));
      written++;
    }
  };
  // one picture per core at a time: drawing an SVG and encoding it each keep one of libvips's threads busy
  const queue = [...sources];
  await Promise.all(
    Array.from({ length: availableParallelism() }, async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) await render(file);
    }),
  );
  let removed = 0;
  for (const name of present) {
    if (wanted.has(name)) continue;
    rmSync(path.join(outDir, name), { force: true });
    removed++;
  }
  return { sources: sources.length, written, kept: wanted.size - written, removed };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const started = performance.now();
  const summary = await renderPictures();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`product pictures: ${summary.sources} SVGs, ${summary.written} raster files written, ${summary.kept} kept, ${summary.removed} removed (${seconds} s)`);
}
