// The browser tests' shop database, migrated and filled with the demo catalog once for the whole run
// (tests/support/database-templates.ts), instead of a first start with seeding in every test file.
// On the TEST_DATABASE_URL server when there is one (as CI runs them: the shop's queries then run in
// PostgreSQL beside the browser instead of in the test process), else on the embedded PGlite.
// And one Chromium for the run, which every file connects to (tests/support/browser.ts) instead of
// starting its own: each file's pages still open in contexts of their own.
import type { TestProject } from 'vitest/node';
import { makeTemplate, removeTemplate } from '../support/database-templates.ts';
import { launchBrowserServer } from '../support/browser.ts';

export default async function setup(project: TestProject) {
  const [template, browser] = await Promise.all([makeTemplate(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', { seed: true }), launchBrowserServer()]);
  project.provide('seededTemplate', template);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await removeTemplate(template);
  };
}
