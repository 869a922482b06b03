// After `react-router build`: every JavaScript, CSS and SVG file of build/client/assets that the shop's
// compression would compress also as <name>.br and <name>.gz, compressed at the best level by the same
// compressBody, which the shop serves as they are (express-static-gzip in bff/src/http/layers/pages.ts).
// Before, each process that served the assets compressed them itself on first request: ~2 s of CPU
// for all of them per start, ~1 s of it while the first visitor waited for the framework chunk (issue 41).
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compressBody, worthCompressing } from '../bff/src/http/compression.ts';

const assets = path.resolve('build/client/assets');
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

const started = Date.now();
const names = readdirSync(assets);
// what an earlier run left beside files that are gone or changed
for (const name of names) if (/\.(?:br|gz)$/.test(name)) rmSync(path.join(assets, name));
const worth = names
  .map((name) => ({ name, type: TYPES[path.extname(name)] }))
  .filter(({ type }) => type !== undefined)
  .map(({ name, type }) => ({ name, type, bytes: readFileSync(path.join(assets, name)) }))
  .filter(({ type, bytes }) => worthCompressing(type, bytes.length));
let written = 0;
await Promise.all(
  worth.map(async ({ name, bytes }) => {
    const [br, gz] = await Promise.all([compressBody(bytes, 'br', true), compressBody(bytes, 'gzip', true)]);
    writeFileSync(path.join(assets, `${name}.br`), br);
    writeFileSync(path.join(assets, `${name}.gz`), gz);
    written += br.length;
  }),
);
const total = worth.reduce((sum, { bytes }) => sum + bytes.length, 0);
console.log(`assets precompressed: ${worth.length} files, ${Math.round(total / 1024)} KiB → ${Math.round(written / 1024)} KiB in brotli (${((Date.now() - started) / 1000).toFixed(1)} s)`);
