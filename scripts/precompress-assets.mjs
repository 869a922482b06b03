// After `react-router build`: every JavaScript, CSS and SVG file of build/client/assets (1 KiB or more)
// also as <name>.br (brotli at quality 11) and <name>.gz (gzip at level 9), which the shop serves as
// they are (express-static-gzip in bff/src/http/layers/pages.ts). Before, each process that served the
// assets compressed them itself at the highest level on first request: ~2 s of CPU for all of them per
// start, ~1 s of it spent while the first visitor waited for the framework chunk (issue 41).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const assets = path.resolve('build/client/assets');
const COMPRESSIBLE = /\.(?:js|css|svg)$/;
/** As the shop's own compression middleware: below this a compressed body is hardly smaller. */
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const started = Date.now();
const names = readdirSync(assets);
// what an earlier run left beside files that are gone or changed
for (const name of names) if (/\.(?:br|gz)$/.test(name)) rmSync(path.join(assets, name));
const files = names.filter((name) => COMPRESSIBLE.test(name)).map((name) => ({ name, bytes: readFileSync(path.join(assets, name)) }));
const worth = files.filter(({ bytes }) => bytes.length >= MIN_BYTES);
let written = 0;
await Promise.all(
  worth.map(async ({ name, bytes }) => {
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
      gzip(bytes, { level: 9 }),
    ]);
    writeFileSync(path.join(assets, `${name}.br`), br);
    writeFileSync(path.join(assets, `${name}.gz`), gz);
    written += br.length;
  }),
);
const total = worth.reduce((sum, { bytes }) => sum + bytes.length, 0);
console.log(`assets precompressed: ${worth.length} files, ${Math.round(total / 1024)} KiB → ${Math.round(written / 1024)} KiB in brotli (${((Date.now() - started) / 1000).toFixed(1)} s)`);
