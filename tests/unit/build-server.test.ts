// Issue 10: production runs compiled JavaScript. `npm start` starts node on the compiled BFF, and the
// compiled module imports no TypeScript (packages stay imports; our own sources are inside it).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;

describe('compiled BFF', () => {
  it('npm start runs node on build/bff/server.js, without tsx, with a young generation for a server', () => {
    // exec: node replaces npm's shell, so the SIGTERM or Ctrl-C npm passes on reaches the shop (issue 31)
    expect(scripts.start).toBe('NODE_ENV=production exec node --max-semi-space-size=64 build/bff/server.js');
    expect(scripts.build).toContain('node scripts/build-server.mjs');
  });

  it('compiles into one module that imports no .ts file and finds its files from the project root', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bff-build-'));
    try {
      const outfile = path.join(dir, 'build/bff/server.js');
      execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { env: { ...process.env, BFF_OUTFILE: outfile }, stdio: 'pipe' });
      const code = readFileSync(outfile, 'utf8');
      const imports = [...code.matchAll(/^import\s[^;]*?from\s*["']([^"']+)["']/gm)].map((m) => m[1]);
      expect(imports.length).toBeGreaterThan(10);
      expect(imports.filter((specifier) => specifier.endsWith('.ts') || specifier.startsWith('.'))).toEqual([]);
      expect(code).not.toMatch(/import\.meta\.dirname/);
      // the migrations folder is found from the bundle's own place, not from where it was built
      expect(code).toContain('__bffSourcePath("bff/src/db")');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
