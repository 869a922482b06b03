// Issue 10: production runs compiled JavaScript. `npm start` starts node on the compiled BFF, and the
// compiled module imports no TypeScript (packages stay imports; our own sources are inside it).
// Issue 30, item 8: the demo catalog is not part of the server's module; it is built beside it and
// loaded only to fill an empty database.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, vouchers } from '../../prisma/seed/data/index.ts';
import { DEMO_CUSTOMER } from '../../prisma/seed/seed.ts';

const root = path.resolve(import.meta.dirname, '../..');
const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;

/** A module's text with esbuild's escapes (\xE1, \u0159, \u{1F600}) turned back into the characters. */
function readBundle(file: string): string {
  return readFileSync(file, 'utf8').replace(/\\u\{([0-9a-fA-F]+)\}|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})/g, (_, braced, four, two) =>
    String.fromCodePoint(parseInt(braced ?? four ?? two, 16)),
  );
}

/** Texts that only the demo catalog has: every product's code and names, the voucher codes, the demo customer. */
const demoTexts = [
  ...products.flatMap((product) => [product.code, product.name.cs, product.name.en]),
  ...vouchers.map((voucher) => voucher.code),
  DEMO_CUSTOMER.email,
  DEMO_CUSTOMER.password,
];

/** Static imports of a module (`import … from "x"`), not import() expressions. */
const staticImports = (code: string) => [...code.matchAll(/^import\s[^;]*?from\s*["']([^"']+)["']/gm)].map((m) => m[1]);

describe('compiled BFF', () => {
  let dir: string;
  let outdir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bff-build-'));
    outdir = path.join(dir, 'build/bff');
    execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
      env: { ...process.env, BFF_OUTFILE: path.join(outdir, 'server.js') },
      stdio: 'pipe',
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('npm start runs node on build/bff/server.js, without tsx, with a young generation for a server', () => {
    // exec: node replaces npm's shell, so the SIGTERM or Ctrl-C npm passes on reaches the shop (issue 31)
    expect(scripts.start).toBe('NODE_ENV=production exec node --max-semi-space-size=64 build/bff/server.js');
    expect(scripts.build).toContain('node scripts/build-server.mjs');
  });

  it('compiles into one module that imports no .ts file and finds its files from the project root', () => {
    const code = readFileSync(path.join(outdir, 'server.js'), 'utf8');
    const imports = staticImports(code);
    expect(imports.length).toBeGreaterThan(10);
    expect(imports.filter((specifier) => specifier.endsWith('.ts') || specifier.startsWith('.'))).toEqual([]);
    expect(code).not.toMatch(/import\.meta\.dirname/);
    // the migrations folder is found from the bundle's own place, not from where it was built
    expect(code).toContain('__bffSourcePath("bff/src/db")');
  });

  it('the server carries no demo data: the catalog is a module beside it, imported only to fill an empty database', () => {
    expect(demoTexts.length).toBeGreaterThan(300);
    const server = readBundle(path.join(outdir, 'server.js'));
    expect(demoTexts.filter((text) => server.includes(text))).toEqual([]);
    // the one way to the catalog: an import() at run time (bff/src/demo-data.ts)
    expect([...server.matchAll(/demo-catalog/g)]).toHaveLength(1);
    expect(server).toContain('await import("./demo-catalog.js")');

    // and the catalog is all there, so the texts above are what a bundle would show of it
    const catalog = readBundle(path.join(outdir, 'demo-catalog.js'));
    expect(demoTexts.filter((text) => !catalog.includes(text))).toEqual([]);
    expect(staticImports(catalog).filter((specifier) => specifier.endsWith('.ts') || specifier.startsWith('.'))).toEqual([]);
    expect(catalog).toMatch(/export\s*\{[^}]*\bseedDemoData\b/);
  });
});
