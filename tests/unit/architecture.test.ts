// The architecture check (.dependency-cruiser.mjs, run by `npm run lint` over the real tree) fails on
// what it is there to stop: a service importing the API layer, an import circle, web/ and bff/
// importing each other, schema/ importing either side, a mail template reaching for the database.
// Each case adds one file to a small tree laid out like the shop's and runs the check over it with the
// same configuration: in this process through dependency-cruiser's API (a spawned check costs ~4 s of
// CPU to start, the API ~30 ms a run), and once each way through the command `npm run lint` runs.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
const config = path.join(root, '.dependency-cruiser.mjs');

/** A clean tree: each layer imports only the one below it. */
const CLEAN: Record<string, string> = {
  'schema/rules/locale.ts': "export type Locale = 'cs' | 'en';\n",
  'bff/src/config.ts': 'export type Config = { port: number };\n',
  'bff/src/db/client.ts': 'export type Db = { ready: boolean };\n',
  'bff/src/i18n/messages.ts': "import type { Locale } from '../../../schema/rules/locale.ts';\nexport const message = (locale: Locale) => locale;\n",
  'bff/src/services/errors.ts': 'export class ShopError extends Error {}\n',
  'bff/src/services/orders.ts':
    "import type { Db } from '../db/client.ts';\nimport { message } from '../i18n/messages.ts';\nimport { ShopError } from './errors.ts';\n" +
    "export const placeOrder = (db: Db) => (db.ready ? message('cs') : new ShopError());\n",
  'bff/src/graphql/context.ts': "import type { Db } from '../db/client.ts';\nexport type Context = { prisma: Db };\n",
  'bff/src/graphql/schema/order.ts':
    "import type { Context } from '../context.ts';\nimport { placeOrder } from '../../services/orders.ts';\nexport const resolve = (ctx: Context) => placeOrder(ctx.prisma);\n",
  'bff/src/mail/templates/order.ts': "import type { Locale } from '../../../../schema/rules/locale.ts';\nexport const render = (order: { number: string }, locale: Locale) => `${locale} ${order.number}`;\n",
  'bff/src/app.ts': "import { resolve } from './graphql/schema/order.ts';\nimport { render } from './mail/templates/order.ts';\nexport const app = { resolve, render };\n",
  'web/app/routes/cart.tsx': "import type { Locale } from '../../../schema/rules/locale.ts';\nexport const title = (locale: Locale) => locale;\n",
};

let tree: string;

function write(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  }
}

/** The folders `npm run architecture` checks. */
const CHECKED = ['bff/src', 'schema', 'web/app'];

/** The command lint runs, over the tree. */
function lintCommand() {
  return spawnSync(depcruise, ['--config', config, '--output-type', 'err', ...CHECKED], { cwd: tree, encoding: 'utf8' });
}

let options: Awaited<ReturnType<typeof extractDepcruiseOptions>>;
beforeAll(async () => {
  options = await extractDepcruiseOptions(config);
});

/** The rules the check reports for the tree, each with the import it names ("from → to"). */
async function violations(): Promise<string[]> {
  const result = await cruise(CHECKED, { ...options, baseDir: tree, outputType: 'json' });
  const report = JSON.parse(String(result.output)) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return report.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
}

beforeEach(() => {
  tree = mkdtempSync(path.join(tmpdir(), 'architecture-'));
  write(CLEAN);
});

afterEach(() => rmSync(tree, { recursive: true, force: true }));

describe('the architecture check', () => {
  it('passes a tree whose dependencies point down', async () => {
    expect(await violations()).toEqual([]);
  });

  it('the lint command passes the clean tree and fails on a tree with a violation', () => {
    expect(lintCommand().status).toBe(0);
    write({ 'bff/src/services/orders.ts': "import type { Context } from '../graphql/context.ts';\nexport const placeOrder = (ctx: Context) => ctx.prisma.ready;\n" });
    const run = lintCommand();
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toContain('services-stay-below-the-api');
    // two spawned checks of ~4 s of CPU each: on a machine that CI keeps at a load of 3 or more they
    // took over 20 s (the unit project's limit), which says nothing about the check
  }, 90_000);

  it('fails on a service that imports the API layer, even for a type only', async () => {
    write({
      'bff/src/services/orders.ts':
        "import type { Context } from '../graphql/context.ts';\nexport const placeOrder = (ctx: Context) => ctx.prisma.ready;\n",
    });
    expect(await violations()).toEqual(['services-stay-below-the-api: bff/src/services/orders.ts → bff/src/graphql/context.ts']);
  });

  it('fails on a service that imports a PDF layout or the HTTP layer', async () => {
    write({
      'bff/src/pdf/invoice-pdf.ts': 'export type InvoiceData = { number: string };\n',
      'bff/src/http/session-store.ts': 'export const endSessions = () => 0;\n',
      'bff/src/services/invoices.ts':
        "import type { InvoiceData } from '../pdf/invoice-pdf.ts';\nimport { endSessions } from '../http/session-store.ts';\nexport const issue = (data: InvoiceData) => endSessions() + data.number.length;\n",
    });
    expect((await violations()).sort()).toEqual([
      'services-stay-below-the-api: bff/src/services/invoices.ts → bff/src/http/session-store.ts',
      'services-stay-below-the-api: bff/src/services/invoices.ts → bff/src/pdf/invoice-pdf.ts',
    ]);
  });

  it('fails on an import circle', async () => {
    write({
      'bff/src/services/returns.ts': "import { protocolMail } from './return-mail.ts';\nexport const submit = () => protocolMail();\nexport const load = () => 1;\n",
      'bff/src/services/return-mail.ts': "import { load } from './returns.ts';\nexport const protocolMail = () => load();\n",
    });
    // the circle is reported once, at the import where the checker closed it
    const found = await violations();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-circular: bff\/src\/services\/return(s|-mail)\.ts → bff\/src\/services\/return(s|-mail)\.ts$/);
  });

  it('fails on a mail template that loads its own data', async () => {
    write({
      'bff/src/mail/templates/order.ts':
        "import type { Db } from '../../db/client.ts';\nexport const render = async (db: Db) => (db.ready ? 'order' : '');\n",
    });
    expect(await violations()).toEqual(['templates-and-layouts-receive-their-data: bff/src/mail/templates/order.ts → bff/src/db/client.ts']);
  });

  it('fails when the database layer reaches up into the services', async () => {
    write({ 'bff/src/db/client.ts': "import { ShopError } from '../services/errors.ts';\nexport type Db = { ready: boolean; error?: ShopError };\n" });
    expect(await violations()).toEqual(['foundation-stays-at-the-bottom: bff/src/db/client.ts → bff/src/services/errors.ts']);
  });

  it('fails when web/ and bff/ import each other, or schema/ imports either', async () => {
    write({
      'web/app/routes/order.tsx': "import { placeOrder } from '../../../bff/src/services/orders.ts';\nexport const order = placeOrder;\n",
      'bff/src/http/page.ts': "import { title } from '../../../web/app/routes/cart.tsx';\nexport const page = title;\n",
      'schema/rules/money.ts': "import { message } from '../../bff/src/i18n/messages.ts';\nexport const money = message;\n",
    });
    expect((await violations()).sort()).toEqual([
      'bff-does-not-import-web: bff/src/http/page.ts → web/app/routes/cart.tsx',
      'schema-is-shared-and-pure: schema/rules/money.ts → bff/src/i18n/messages.ts',
      'web-does-not-import-bff: web/app/routes/order.tsx → bff/src/services/orders.ts',
    ]);
  });

  it('fails on a loop outside jobs/: the background loop imported by another layer, or a job started by app.ts past jobs/index.ts', async () => {
    write({
      'bff/src/log.ts': 'export type LineLog = { error: (line: string) => void };\n',
      'bff/src/jobs/background-loop.ts': 'export const startBackgroundLoop = (round: () => Promise<void>) => ({ kick: round });\n',
      'bff/src/jobs/clean-ups.ts': "import { startBackgroundLoop } from './background-loop.ts';\nexport const startCleanUps = () => startBackgroundLoop(async () => undefined);\n",
      'bff/src/jobs/index.ts': "import { startCleanUps } from './clean-ups.ts';\nexport const startJobs = () => [startCleanUps()];\n",
      'bff/src/http/session-store.ts': "import { startBackgroundLoop } from '../jobs/background-loop.ts';\nexport const pruning = startBackgroundLoop(async () => undefined);\n",
      'bff/src/app.ts':
        "import { resolve } from './graphql/schema/order.ts';\nimport { render } from './mail/templates/order.ts';\nimport { startJobs } from './jobs/index.ts';\n" +
        "import { startCleanUps } from './jobs/clean-ups.ts';\nexport const app = { resolve, render, jobs: startJobs(), extra: startCleanUps() };\n",
    });
    expect((await violations()).sort()).toEqual([
      'jobs-start-from-jobs-index: bff/src/app.ts → bff/src/jobs/clean-ups.ts',
      'only-jobs-run-loops: bff/src/http/session-store.ts → bff/src/jobs/background-loop.ts',
    ]);
  });

  it('passes a service that records its changes through events/, and app.ts connecting the change feed to the cache', async () => {
    write({
      'bff/src/events/record.ts': "import type { Db } from '../db/client.ts';\nexport const inTransaction = (db: Db) => db.ready;\n",
      'bff/src/services/stock.ts': "import type { Db } from '../db/client.ts';\nimport { inTransaction } from '../events/record.ts';\nexport const setStock = (db: Db) => inTransaction(db);\n",
      'bff/src/cache/response-cache.ts': 'export const purge = () => 1;\n',
      'bff/src/app.ts': "import { purge } from './cache/response-cache.ts';\nimport { setStock } from './services/stock.ts';\nexport const app = { purge, setStock };\n",
    });
    expect(await violations()).toEqual([]);
  });

  it("fails on a module other than app.ts that reaches the response cache's purge, and on events/ importing a service", async () => {
    write({
      'bff/src/cache/response-cache.ts': 'export const purge = () => 1;\n',
      'bff/src/graphql/schema/stock.ts': "import { purge } from '../../cache/response-cache.ts';\nexport const resolve = () => purge();\n",
      'bff/src/events/record.ts': "import { ShopError } from '../services/errors.ts';\nexport const failed = () => new ShopError();\n",
    });
    expect((await violations()).sort()).toEqual([
      'cache-purged-only-through-events: bff/src/graphql/schema/stock.ts → bff/src/cache/response-cache.ts',
      'events-import-only-the-foundation: bff/src/events/record.ts → bff/src/services/errors.ts',
    ]);
  });

  it('fails on a web module imported through the ~/ alias, which it could not follow', async () => {
    write({ 'web/app/routes/checkout.tsx': "import { title } from '~/routes/cart.tsx';\nexport const checkout = title;\n" });
    expect(await violations()).toEqual(['web-alias-only-for-generated-code: web/app/routes/checkout.tsx → ~/routes/cart.tsx']);
  });
});
