// One first start per database, as a shop owner's very first `npm start`: migrations and the demo
// catalog. The test files then start the production server on copies of it (a later start of the
// same shop), which saves seeding the catalog again for every file.
//
// `npm test` runs the security files as two steps, the timed ones alone at the end (scripts/test.mjs).
// The first keeps its templates for the second instead of removing them (SECURITY_TEMPLATES_KEEP: a
// file naming them), and the second takes them over (SECURITY_TEMPLATES_TAKE: the same file) and
// removes them at its end: the minute the timed files have the machine to themselves is not spent
// seeding the same catalog again (issue 41). Run on its own, the project seeds and removes its own.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { compileBff, DATABASES, removeTemplate, seedTemplate, type SeededTemplates } from '../support/production-server.ts';

/** The templates the earlier step kept, if it kept one for every database this run uses. */
function takeOver(file: string | undefined): SeededTemplates | null {
  if (!file || !existsSync(file)) return null;
  const kept = JSON.parse(readFileSync(file, 'utf8')) as SeededTemplates;
  rmSync(file);
  return DATABASES.every((kind) => kept[kind]) ? kept : null;
}

export default async function setup(project: TestProject) {
  const keepFor = process.env.SECURITY_TEMPLATES_KEEP;
  let templates = takeOver(process.env.SECURITY_TEMPLATES_TAKE);
  if (!templates) {
    compileBff(); // the servers run the BFF as compiled now, never an older build/bff
    const seeded: SeededTemplates = {};
    // in parallel: the embedded database works in this machine's node, the server's in PostgreSQL
    await Promise.all(
      DATABASES.map(async (kind) => {
        seeded[kind] = await seedTemplate(kind);
      }),
    );
    templates = seeded;
  }
  project.provide('seededTemplates', templates);
  return async () => {
    if (keepFor) {
      writeFileSync(keepFor, JSON.stringify(templates));
      return;
    }
    for (const kind of DATABASES) if (templates[kind]) await removeTemplate(kind, templates[kind]);
  };
}
