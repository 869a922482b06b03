// The lint rule shop/no-loops-outside-jobs (scripts/lint/no-loops-outside-jobs.js, applied by
// eslint.config.js to bff/src outside bff/src/jobs/; docs/decisions/0057): a loop written with timers
// outside jobs/ fails `npm run lint`, the same code inside jobs/ passes, and an exception passes only
// with a comment that says why.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The messages of the rule for `code` as the file `file` of the repository. */
async function loopFindings(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === 'shop/no-loops-outside-jobs').map((message) => `${message.line}: ${message.message.split(':')[0]}`);
}

const INTERVAL = 'export function startPruning(prune: () => void) {\n  return setInterval(prune, 60_000);\n}\n';
const RESCHEDULING = 'export function startPolling(poll: () => Promise<void>) {\n  const tick = () => void poll().finally(() => setTimeout(tick, 1000));\n  tick();\n}\n';
const RESCHEDULING_CALL = 'export function poll(read: () => void) {\n  read();\n  setTimeout(() => {\n    poll(read);\n  }, 1000);\n}\n';
const SLEEP_LOOP = "import { setTimeout as sleep } from 'node:timers/promises';\nexport async function watch(read: () => Promise<void>) {\n  for (;;) {\n    await read();\n    await sleep(1000);\n  }\n}\n";
const PROMISE_LOOP = 'export async function watch(read: () => Promise<void>) {\n  while (true) {\n    await read();\n    await new Promise((resolve) => setTimeout(resolve, 1000));\n  }\n}\n';

describe('the lint rule against loops outside jobs/', () => {
  it('fails on setInterval, a self-rescheduling setTimeout and a wait in a loop in bff/src outside jobs/', async () => {
    expect(await loopFindings('bff/src/services/pruning.ts', INTERVAL)).toEqual(['2: setInterval outside bff/src/jobs/']);
    expect(await loopFindings('bff/src/cache/poll.ts', RESCHEDULING)).toEqual(['2: A setTimeout that schedules its own function again is a loop']);
    expect(await loopFindings('bff/src/http/poll.ts', RESCHEDULING_CALL)).toEqual(['3: A setTimeout that schedules its own function again is a loop']);
    expect(await loopFindings('bff/src/services/watch.ts', SLEEP_LOOP)).toEqual(['5: A wait inside a loop is a background loop']);
    expect(await loopFindings('bff/src/app-watch.ts', PROMISE_LOOP)).toEqual(['4: A wait inside a loop is a background loop']);
  });

  it('passes the same code in bff/src/jobs/', async () => {
    for (const code of [INTERVAL, RESCHEDULING, RESCHEDULING_CALL, SLEEP_LOOP, PROMISE_LOOP]) expect(await loopFindings('bff/src/jobs/example.ts', code)).toEqual([]);
  });

  it('passes a one-off timer, and an exception only with a comment saying why', async () => {
    const timeout = 'export function within(ms: number, cancel: () => void) {\n  const timer = setTimeout(cancel, ms);\n  return () => clearTimeout(timer);\n}\n';
    expect(await loopFindings('bff/src/services/timeout.ts', timeout)).toEqual([]);
    const excepted = INTERVAL.replace('  return setInterval', '  // not a job: this one shutdown closes idle connections until it ends\n  return setInterval');
    expect(await loopFindings('bff/src/server.ts', excepted)).toEqual([]);
    const unexplained = INTERVAL.replace('  return setInterval', '  // not a job:\n  return setInterval');
    expect(await loopFindings('bff/src/server.ts', unexplained)).toEqual(['3: setInterval outside bff/src/jobs/']);
  });
});
