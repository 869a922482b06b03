// One first start per database, as a shop owner's very first `npm start`: migrations and the demo
// catalog. The test files then start the production server on copies of it (a later start of the
// same shop), which saves seeding the catalog again for every file.
import type { TestProject } from 'vitest/node';
import { compileBff, DATABASES, removeTemplate, seedTemplate, type SeededTemplates } from '../support/production-server.ts';

export default async function setup(project: TestProject) {
  compileBff(); // the servers run the BFF as compiled now, never an older build/bff
  const templates: SeededTemplates = {};
  // in parallel: the embedded database works in this machine's node, the server's in PostgreSQL
  await Promise.all(
    DATABASES.map(async (kind) => {
      templates[kind] = await seedTemplate(kind);
    }),
  );
  project.provide('seededTemplates', templates);
  return async () => {
    for (const kind of DATABASES) if (templates[kind]) await removeTemplate(kind, templates[kind]);
  };
}
