// One command reproduces every generated file: the Prisma client and Pothos types,
// schema/schema.graphql printed from the Pothos schema, and the codegen output.
import { execSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (command, env = {}) =>
  execSync(command, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

run('prisma generate', {
  // The CLI insists on a schema engine binary it cannot download offline; generate never calls it.
  PRISMA_SCHEMA_ENGINE_BINARY: path.join(root, 'scripts/no-schema-engine.sh'),
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
});
run('tsx scripts/print-schema.ts');
run('graphql-codegen --config codegen.ts');
