// The whole test suite, as README and CI run it (`npm test`):
// generated files (failing on a stale schema.graphql), type check, lint, unit tests,
// integration tests on the embedded PGlite and, when TEST_DATABASE_URL is set, on that
// PostgreSQL server too, a production build, the security suite against the production
// server (tests/security, on both databases), the browser tests in Chromium and the fault suite
// (tests/faults: two production instances behind nginx on a PostgreSQL and a Redis of their own,
// broken while shoppers order; docs/deployment.md). What those need (Chromium, nginx, PostgreSQL,
// Redis) is checked first (test-prerequisites.mjs).
//
// Steps that do not need each other run two at a time (a step starts when the steps it needs have
// passed and fewer than two run, in the order listed). The longest, the browser tests, start as soon
// as the build is there and run beside the type check, lint, unit and integration tests, one after
// the other. The fault suite (minutes, much of it waiting for its faults: its cluster's processes need
// little CPU between them) is `light`: it runs as a third step from the build on, rather than holding
// one of the two places while it waits. Of the security suite, the files that measure the shop's
// answer times under load, while it shuts down and as it refuses an attack (TIMED_SECURITY_FILES)
// run alone: they must not compete with another step for the CPU. Its other files (attacks, seat
// streams, demo data, the floor app) time nothing that a busy machine would break and run beside the other steps: alone,
// they left one core idle for ~100 s (issue 41: the suite under 15 minutes on a clean clone). A new
// file that measures times goes into the list. No step waits real time for what a setting can shorten:
// the fault suite's Fio case runs its instances at a 3 s gap between Fio calls (FIO_CALL_GAP_SECONDS,
// 31 s in production) against a fake with a 2 s rule, instead of waiting out Fio's 30 s twice, and
// the browser tests connect every file to one Chromium started by their global set-up instead of
// launching one per file (decision 0077). A step's output is kept
// and printed when it ends, whole, so that two steps' lines do not mix. Each step reports its
// wall-clock time and the CPU time of all its processes (what bash's `times` counts for its
// children); the CPU time says more when others share the machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import path from 'node:path';
import { missingPrerequisites, prerequisitesMessage, probeMachine } from './test-prerequisites.mjs';

// Chromium, nginx, PostgreSQL and Redis first: a newcomer is told what is missing and how to get it,
// at once, instead of a failure deep inside a suite minutes later (issue 40, item 26)
const missing = missingPrerequisites(await probeMachine());
if (missing.length > 0) {
  console.error(prerequisitesMessage(missing));
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'node_modules/.bin');
const reports = mkdtempSync(path.join(tmpdir(), 'shop-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test's step, file, name and first lines of its failure: printed again at the very end. */
const failures = [];
const started = Date.now();
/** Two steps at once: on a 2-core machine more only makes each slower (TEST_STEPS overrides it). */
const parallelSteps = Number(process.env.TEST_STEPS) || Math.min(2, availableParallelism());

/** `files`: only these files of the project; `exclude`: all of its files but these. */
function vitest(project, title, { shard = '', files = [], exclude = [] } = {}) {
  const report = path.join(reports, `${title.replace(/\W+/g, '-')}.json`);
  const options = [shard ? `--shard=${shard}` : '', ...exclude.map((file) => `--exclude ${file}`), ...files].filter(Boolean).join(' ');
  return { command: `vitest run --project ${project} ${options} --reporter=default --reporter=json --outputFile.json=${report}`.replace(/ +/g, ' '), report };
}

/** The security files that measure answer times (under load, while shutting down, refusing an attack): run with the machine to themselves. */
const TIMED_SECURITY_FILES = ['tests/security/load.test.ts', 'tests/security/shutdown.test.ts', 'tests/security/refusal-times.test.ts'];

/**
 * The security steps' seeded shops: the first keeps them for the timed step, which takes them over and
 * removes them (tests/security/global-setup.ts), instead of seeding the same catalog again while it
 * has the machine to itself (~12 s of the suite's wall time).
 */
const securityTemplates = path.join(reports, 'security-templates.json');

/**
 * The integration files that start an embedded database of their own whatever TEST_DATABASE_URL says:
 * the same tests on either pass, so they run in the embedded one only (issue 41: ~50 s of a pass).
 */
const EMBEDDED_ONLY_FILES = ['tests/integration/embedded-database.test.ts'];

/**
 * An integration pass as two steps, each half of the files (vitest's --shard): two halves of ~100 s fit
 * beside the browser tests and each other where one step of ~250 s left a core idle at the end.
 */
function integrationHalves(title, env, exclude = []) {
  return ['1/2', '2/2'].map((shard) => ({
    title: `${title} (${shard})`,
    ...vitest('integration', `${title} ${shard}`, { shard, exclude }),
    ...(env ? { env } : {}),
    after: ['generate'],
  }));
}

/**
 * The steps in the order they are preferred; `after`: the steps that must have passed first;
 * `alone`: starts when no other step runs, and no other starts beside it; `light`: needs little CPU
 * (it waits for its faults), so it takes none of the two places and starts as soon as it may.
 */
const steps = [
  { title: 'generate (checks schema/schema.graphql is current)', command: 'node scripts/generate.mjs --check' },
  { title: 'build', command: 'react-router build && node scripts/build-info.mjs && tsx scripts/precompress-assets.ts && node scripts/build-server.mjs && tsx scripts/product-pictures.ts', after: ['generate'] },
  { title: 'e2e in Chromium', ...vitest('e2e', 'e2e'), after: ['build'] },
  { title: 'typecheck', command: 'npm run typecheck --silent', after: ['generate'] },
  { title: 'unit', ...vitest('unit', 'unit'), after: ['generate'] },
  // after the type check, whose first act (react-router typegen) writes the route types lint reads
  { title: 'lint', command: 'npm run lint --silent', after: ['typecheck'] },
  ...(process.env.TEST_DATABASE_URL ? integrationHalves('integration on PostgreSQL server', undefined, EMBEDDED_ONLY_FILES) : []),
  // before the embedded halves, so that the two places end together: its ~120 s last left one place
  // idle for a minute while the other finished an embedded half of ~170 s (issue 41)
  { title: 'security (production server)', ...vitest('security', 'security', { exclude: TIMED_SECURITY_FILES }), after: ['build'], env: { SECURITY_TEMPLATES_KEEP: securityTemplates } },
  ...integrationHalves('integration on embedded PGlite', { TEST_DATABASE_URL: '' }),
  { title: 'faults (two instances behind nginx)', ...vitest('faults', 'faults'), after: ['build'], light: true },
  { title: 'security, timed (load, shutdown, refusals; alone)', ...vitest('security', 'security timed', { files: TIMED_SECURITY_FILES }), after: ['build'], alone: true, env: { SECURITY_TEMPLATES_TAKE: securityTemplates } },
];
const stepNamed = (name) => steps.find((step) => step.title === name || step.title.startsWith(`${name} `));

/** Runs one step's command through bash, which then prints the CPU time its processes used. */
function runStep(step) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    // in a subshell, so that an `exit` in it still reaches `times`, which prints the shell's and then its children's user and system time: "0m1.5s 0m0.2s"
    const script = `(\n${step.command}\n)\nstatus=$?\ntimes >&3\nexit $status`;
    const child = spawn('bash', ['-c', script], {
      cwd: root,
      env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, FORCE_COLOR: '1', ...step.env },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let times = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdio[3].on('data', (chunk) => (times += chunk));
    child.on('close', (code) => {
      const children = times.trim().split('\n').at(-1)?.match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/);
      const cpu = children ? Number(children[1]) * 60 + Number(children[2]) + Number(children[3]) * 60 + Number(children[4]) : NaN;
      resolve({ ok: code === 0, output, wall: (Date.now() - t0) / 1000, cpu });
    });
  });
}

function countTests(step) {
  if (!step.report) return;
  try {
    const result = JSON.parse(readFileSync(step.report, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    totals.skipped += result.numPendingTests + (result.numTodoTests ?? 0);
    for (const file of result.testResults ?? []) {
      const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failed) failures.push({ step: step.title, file: path.relative(root, file.name), name: test.fullName, message: test.failureMessages?.[0] ?? '' });
      // a file that failed outside its tests (an import, a hook)
      if (failed.length === 0 && file.status === 'failed') failures.push({ step: step.title, file: path.relative(root, file.name), name: '(the file)', message: file.message ?? '' });
    }
  } catch {
    totals.failed += 1; // the run died before writing its report
  }
}

const state = new Map(steps.map((step) => [step, 'waiting'])); // waiting, running, passed, failed, skipped
const results = [];

await new Promise((allDone) => {
  const schedule = () => {
    for (const step of steps) {
      if (state.get(step) !== 'waiting') continue;
      const needs = (step.after ?? []).map(stepNamed).filter(Boolean);
      if (needs.some((need) => ['failed', 'skipped'].includes(state.get(need)))) {
        state.set(step, 'skipped');
        console.log(`\n=== ${step.title}: not run (a step it needs failed)`);
        continue;
      }
      const running = steps.filter((other) => state.get(other) === 'running');
      const busy = running.filter((other) => !other.light);
      if (needs.some((need) => state.get(need) !== 'passed')) continue;
      if ((!step.light && busy.length >= parallelSteps) || running.some((other) => other.alone) || (step.alone && running.length > 0)) continue;
      state.set(step, 'running');
      console.log(`\n=== ${step.title}: started at ${((Date.now() - started) / 1000).toFixed(0)} s`);
      void runStep(step).then((result) => {
        state.set(step, result.ok ? 'passed' : 'failed');
        countTests(step);
        results.push({ title: step.title, ...result });
        console.log(`\n=== ${step.title}\n${result.output}`);
        console.log(`=== ${step.title}: ${result.ok ? 'passed' : 'FAILED'}, ${result.wall.toFixed(1)} s, CPU ${result.cpu.toFixed(1)} s`);
        schedule();
      });
    }
    if ([...state.values()].every((s) => !['waiting', 'running'].includes(s))) allDone();
  };
  schedule();
});
rmSync(reports, { recursive: true, force: true });

console.log('\nstep                                                  wall s   CPU s');
for (const step of steps) {
  const result = results.find((r) => r.title === step.title);
  const figures = result ? `${result.wall.toFixed(1).padStart(8)}${result.cpu.toFixed(1).padStart(8)}` : '  not run';
  console.log(`${step.title.padEnd(52)}${figures}${result && !result.ok ? '  FAILED' : ''}`);
}
const cpu = results.reduce((sum, r) => sum + (Number.isNaN(r.cpu) ? 0 : r.cpu), 0);
// A step's output is long and CI keeps its end: what failed is said again last, where it is seen
for (const failure of failures) {
  const message = stripVTControlCharacters(failure.message).split('\n').slice(0, 8).join('\n    ');
  console.log(`\nFAILED in ${failure.step}: ${failure.file} > ${failure.name}\n    ${message}`);
}
console.log(`\nWhole suite: ${((Date.now() - started) / 1000).toFixed(0)} s (CPU ${cpu.toFixed(0)} s)`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (results.some((r) => !r.ok) || [...state.values()].includes('skipped') || totals.failed > 0) process.exit(1);
