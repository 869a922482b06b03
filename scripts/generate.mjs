// One command reproduces every generated file: the Prisma client and Pothos types,
// schema/schema.graphql printed from the Pothos schema, the codegen output (with the web's persisted
// documents and their operation -> hash map) and the demo catalog's product pictures.
// `--check` (used by the test command) fails on a stale schema/schema.graphql instead of writing it.
import { execSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'node_modules/.bin');
const run = (command, env = {}) =>
  execSync(command, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, ...env },
  });

run('prisma generate', {
  // The CLI insists on a schema engine binary it cannot download offline; generate never calls it.
  PRISMA_SCHEMA_ENGINE_BINARY: path.join(root, 'scripts/no-schema-engine.sh'),
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
});
run(`tsx scripts/print-schema.ts${process.argv.includes('--check') ? ' --check' : ''}`);
run('graphql-codegen --config codegen.ts');
run('node scripts/operation-hashes.mjs');
run('tsx scripts/product-images.ts');
