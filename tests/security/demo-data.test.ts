// Issue 30, item 8: build/bff/server.js carries no demo data (tests/unit/build-server.test.ts), yet a
// first `npm start` on an empty database still fills it with the demo catalog, which the compiled
// server loads from build/bff/demo-catalog.js only then. global-setup.ts made that first start (the
// start script's own command on an empty database, on each database); the shops here start on a copy
// of what it left, like a later start of the same shop. `npm run seed` (build/bff/seed.js, item 10)
// fills an empty database the same way, on plain node.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DATABASES, DEMO_CUSTOMER, dropServerDatabase, InParallel, ROOT, startProductionServer, type DatabaseKind } from '../support/production-server.ts';
import { products, vouchers } from '../../prisma/seed/data/index.ts';

const templates = inject('seededTemplates');
const servers = new InParallel(DATABASES, (kind) => startProductionServer(kind, { template: templates[kind] }));

afterAll(async () => {
  await servers.settle((server) => server.stop());
});

for (const kind of DATABASES) {
  describe(`first start on an empty database (${kind})`, () => {
    it('filled it with the whole demo catalog: products, vouchers and the demo customer', async () => {
      const server = await servers.get(kind);
      const codes = await server.sql<{ code: string }>('SELECT "code" FROM "Product"');
      expect(codes.map((row) => row.code).sort()).toEqual(products.map((product) => product.code).sort());
      const voucherCodes = await server.sql<{ code: string }>('SELECT "code" FROM "Voucher"');
      expect(voucherCodes.map((row) => row.code).sort()).toEqual(vouchers.map((voucher) => voucher.code).sort());
      expect(await server.sql('SELECT "id" FROM "Customer" WHERE "email" = $1', [DEMO_CUSTOMER.email])).toHaveLength(1);
    });
  });
}

/** An empty database of the kind (a new DATA_DIR, or a new database on the server): its settings. */
async function emptyDatabase(kind: DatabaseKind): Promise<{ env: Record<string, string>; remove: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-seed-'));
  if (kind === 'pglite') return { env: { DATA_DIR: dataDir }, remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `shop_seed_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    remove: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await dropServerDatabase(name);
    },
  };
}

/** `npm run seed` as a shop owner's shell runs it: only the database settings, nothing of the test runner. */
async function npmRunSeed(env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'seed'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    timeout: 240_000,
  });
  return stdout;
}

for (const kind of DATABASES) {
  describe(`npm run seed (${kind})`, () => {
    it('fills an empty database with the demo catalog, and leaves a database with products as it is', async () => {
      const database = await emptyDatabase(kind);
      try {
        expect(await npmRunSeed(database.env)).toContain('Demo catalog loaded.');
        // (the embedded database is closed again when the command ends: the second run shows it kept the catalog)
        if (database.env.DATABASE_URL) {
          const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
          await client.connect();
          const count = await client.query('SELECT count(*)::int AS n FROM "Product"').finally(() => client.end());
          expect(count.rows[0].n).toBe(products.length);
        }
        expect(await npmRunSeed(database.env)).toContain('The database already has products; nothing was changed.');
      } finally {
        await database.remove();
      }
    });
  });
}

