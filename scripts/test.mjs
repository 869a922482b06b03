// The whole test suite, as README and CI run it (`npm test`):
// generated files (failing on a stale schema.graphql), type check, lint, unit tests,
// integration tests on the embedded PGlite and, when TEST_DATABASE_URL is set, on that
// PostgreSQL server too, then a production build, the security suite against the production
// server (tests/security, on both databases) and the browser tests in Chromium.
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'node_modules/.bin');
const reports = mkdtempSync(path.join(tmpdir(), 'shop-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();

function run(title, command, env = {}) {
  console.log(`\n=== ${title}`);
  const t0 = Date.now();
  execSync(command, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, ...env },
  });
  console.log(`=== ${title}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

function vitest(title, project, env = {}) {
  const report = path.join(reports, `${title.replace(/\W+/g, '-')}.json`);
  try {
    run(title, `vitest run --project ${project} --reporter=default --reporter=json --outputFile.json=${report}`, env);
  } finally {
    try {
      const result = JSON.parse(readFileSync(report, 'utf8'));
      totals.passed += result.numPassedTests;
      totals.failed += result.numFailedTests;
      totals.skipped += result.numPendingTests + (result.numTodoTests ?? 0);
    } catch {
      totals.failed += 1; // the run died before writing its report
    }
  }
}

let failure = null;
try {
  run('generate (checks schema/schema.graphql is current)', 'node scripts/generate.mjs --check');
  run('typecheck', 'npm run typecheck --silent');
  run('lint', 'npm run lint --silent');
  vitest('unit', 'unit');
  vitest('integration on embedded PGlite', 'integration', { TEST_DATABASE_URL: '' });
  if (process.env.TEST_DATABASE_URL) vitest('integration on PostgreSQL server', 'integration');
  run('build', 'react-router build && node scripts/build-info.mjs && node scripts/build-server.mjs');
  vitest('security (production server)', 'security');
  vitest('e2e in Chromium', 'e2e');
} catch (error) {
  failure = error;
}

console.log(`\nWhole suite: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (failure || totals.failed > 0) process.exit(1);
