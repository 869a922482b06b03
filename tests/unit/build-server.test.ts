// Issue 10: production runs compiled JavaScript. `npm start` starts node on the compiled BFF, and the
// compiled module imports no TypeScript (packages stay imports; our own sources are inside it).
// Issue 30, item 8: the demo catalog is not part of the server's module; it is built beside it and
// loaded only to fill an empty database. Item 10: the operator commands (seed, token, stock, ticket, order) are
// compiled the same way, so a production install runs them on plain node, without tsx.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, vouchers } from '../../prisma/seed/data/index.ts';
import { DEMO_CUSTOMER } from '../../prisma/seed/seed.ts';

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string>; dependencies: Record<string, string> };
const scripts = manifest.scripts;
const COMMANDS = ['seed', 'token', 'stock', 'ticket', 'order'] as const;

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
    // the packages, as the project root beside build/ has them
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    outdir = path.join(dir, 'build/bff');
    execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
      env: { ...process.env, BFF_OUTFILE: path.join(outdir, 'server.js') },
      stdio: 'pipe',
    });
    // esbuild over the whole BFF: ~2 s alone, more than the unit project's 10 s for a hook beside the
    // browser tests in CI (as the commands' test below, it spawns a process)
  }, 90_000);
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

  it('the feeds writer runs in a thread from a module of its own beside the server (decision 0078): plain node, no Prisma', () => {
    const server = readFileSync(path.join(outdir, 'server.js'), 'utf8');
    expect(server).toContain('"feeds-worker.js"');
    const worker = readFileSync(path.join(outdir, 'feeds-worker.js'), 'utf8');
    const imports = staticImports(worker);
    expect(imports.filter((specifier) => specifier.endsWith('.ts') || specifier.startsWith('.'))).toEqual([]);
    expect(imports.filter((specifier) => !specifier.startsWith('node:'))).toEqual(['pg']);
    // it loads and runs on plain node: here it reaches a closed port and says so
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { Worker } from 'node:worker_threads';
         const worker = new Worker(${JSON.stringify(path.join(outdir, 'feeds-worker.js'))}, { execArgv: [], workerData: { databaseUrl: 'postgresql://nobody@127.0.0.1:9/none', options: { dir: '.' } } });
         worker.on('error', (error) => { console.log(error.code); });`,
      ],
      { cwd: dir, encoding: 'utf8', timeout: 30_000 },
    );
    expect(run.stdout.trim(), run.stderr).toBe('ECONNREFUSED');
  });

  it('npm run seed, token and stock run the compiled commands on plain node; a production install has no tsx', () => {
    for (const command of COMMANDS) expect(scripts[command]).toBe(`node build/bff/${command}.js`);
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
    for (const command of COMMANDS) {
      const code = readBundle(path.join(outdir, `${command}.js`));
      expect(staticImports(code).filter((specifier) => specifier.endsWith('.ts') || specifier.startsWith('.')), command).toEqual([]);
      expect(demoTexts.filter((text) => code.includes(text)), command).toEqual([]);
    }
    // seed reaches the catalog as the server does
    expect(readFileSync(path.join(outdir, 'seed.js'), 'utf8')).toContain('await import("./demo-catalog.js")');
    // what they import at run time (also through bff/src/lazy-module.ts) is node's own or a production dependency
    for (const file of [...COMMANDS.map((command) => `${command}.js`), 'demo-catalog.js']) {
      const code = readFileSync(path.join(outdir, file), 'utf8');
      const specifiers = [...staticImports(code), ...[...code.matchAll(/\b(?:import|lazyModule)\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1])];
      const packages = specifiers
        .filter((specifier) => !specifier.startsWith('node:') && !specifier.startsWith('./'))
        .map((specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
      expect(packages.length, file).toBeGreaterThan(0);
      expect(packages.filter((name) => !(name in manifest.dependencies)), file).toEqual([]);
    }
  });

  // spawned processes: under CI's load they take several times what they take alone
  it('the compiled commands answer their command line: usage, and exit code 2 for a wrong one', { timeout: 90_000 }, () => {
    const run = (command: string, args: string[]) =>
      spawnSync(process.execPath, [path.join(outdir, `${command}.js`), ...args], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
    for (const command of ['token', 'stock', 'ticket', 'order']) {
      const help = run(command, ['help']);
      expect(help.status, help.stderr).toBe(0);
      expect(help.stdout).toContain(`npm run ${command} -- `);
      const wrong = run(command, ['frobnicate']);
      expect(wrong.status, wrong.stderr).toBe(2);
      expect(wrong.stderr).toMatch(/Unknown command "frobnicate"[\s\S]*Usage:/);
    }
  });
});
