// The integration tests' database, migrated once for the whole run (tests/support/database-templates.ts):
// on the embedded PGlite, or on the TEST_DATABASE_URL server when it is set.
import type { TestProject } from 'vitest/node';
import { makeTemplate, removeTemplate } from '../support/database-templates.ts';

export default async function setup(project: TestProject) {
  const template = await makeTemplate(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  project.provide('migratedTemplate', template);
  return () => removeTemplate(template);
}
