import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { SizeBalancedSequencer } from './tests/support/size-balanced-sequencer.ts';

// graphql 16 has no "exports" map: Node (and so every dependency it loads, e.g. Pothos and yoga)
// takes its CommonJS main, while Vite would pick its "module" file for our own sources. Two copies
// of graphql cannot share a schema ("from another module or realm"), so ours take the same file.
const alias = [
  { find: '~', replacement: fileURLToPath(new URL('./web/app', import.meta.url)) },
  { find: /^graphql$/, replacement: 'graphql/index.js' },
];

export default defineConfig({
  resolve: { alias },
  test: {
    // --shard deals the files out by size (npm test's integration halves)
    sequence: { sequencer: SizeBalancedSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'schema/**/*.test.ts'],
          environment: 'node',
          // property tests run hundreds of cases: on a busy 2-core machine 5 s was not always enough
          testTimeout: 20_000,
          // one module graph per worker, as in the integration tests: each file restores what it
          // stubs (spies, globals, timers) itself
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // migrated once per run; every file starts from a copy (tests/support/database-templates.ts)
          globalSetup: ['tests/integration/global-setup.ts'],
          // the files share one module graph: the server's modules are loaded once, not once per file
          // (half the pass's time). So no vi.mock here: a file's state lives in the app it creates.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // the production build of React, Apollo and graphql in the shop these tests drive, as `npm start`
          // has them (vitest's 'test' picked the development builds: ~40 % more CPU per page render)
          env: { NODE_ENV: 'production' },
          // the demo shop's database seeded once per run; every file starts from a copy
          globalSetup: ['tests/e2e/global-setup.ts'],
          // one module graph for all files, as in the integration tests: the server loads once
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 240_000,
          // one file at a time: two at once (maxWorkers: 2) halved the wall time on a machine at load 20,
          // but their 1 s polls and 30 s locator waits then timed out (decision 0077)
          fileParallelism: false,
        },
      },
      {
        // nginx, two production instances, PostgreSQL and Redis of their own (scripts/cluster.ts),
        // broken while shoppers order (needs `npm run build`)
        resolve: { alias },
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        // the production server as a child process, attacked over HTTP (needs `npm run build`)
        resolve: { alias },
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/security/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
