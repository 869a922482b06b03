// The browser tests' shop database, migrated and filled with the demo catalog once for the whole run
// (tests/support/database-templates.ts), instead of a first start with seeding in every test file.
import type { TestProject } from 'vitest/node';
import { makeTemplate, removeTemplate } from '../support/database-templates.ts';

export default async function setup(project: TestProject) {
  const template = await makeTemplate('pglite', { seed: true });
  project.provide('seededTemplate', template);
  return () => removeTemplate(template);
}
