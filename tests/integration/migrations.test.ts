// The hand-written SQL migrations produce exactly the database prisma/schema.prisma describes
// (the drift check `prisma migrate diff` would do, which needs an engine we cannot download),
// they are recorded like `prisma migrate deploy` records them, and the integrity rules hold.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';
import { getDatamodel } from '../../bff/src/generated/pothos-types.ts';
import { migrate, STARTUP_LOCK_KEY } from '../../bff/src/db/migrate.ts';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../prisma/migrations');
const models = Object.entries(getDatamodel().datamodel.models);

/** How Prisma maps its scalar types to PostgreSQL (information_schema.columns.data_type). */
const COLUMN_TYPES: Record<string, string> = {
  Int: 'integer',
  BigInt: 'bigint',
  String: 'text',
  Boolean: 'boolean',
  DateTime: 'timestamp without time zone',
  Json: 'jsonb',
  Float: 'double precision',
  Decimal: 'numeric',
  Bytes: 'bytea',
};

/** "Model.field" of the DateTime fields declared with a native type (the datamodel above has none). */
function dateTimeFields(nativeType: RegExp): Set<string> {
  return new Set(
    [...readFileSync(path.resolve(import.meta.dirname, '../../prisma/schema.prisma'), 'utf8').matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)].flatMap(
      ([, model, body]) =>
        [...body.matchAll(/^\s*(\w+)\s+DateTime\??\s(.*)$/gm)].filter(([, , rest]) => nativeType.test(rest)).map(([, field]) => `${model}.${field}`),
    ),
  );
}
const TIMESTAMPTZ_FIELDS = dateTimeFields(/@db\.Timestamptz\b/);
/** Calendar days without a time (`@db.Date`, e.g. the day a payment arrived). */
const DATE_FIELDS = dateTimeFields(/@db\.Date\b/);

type Column = { table: string; column: string; nullable: boolean; dataType: string; udtName: string };
type Index = { table: string; name: string; unique: boolean; primary: boolean; columns: string[] };
type ForeignKey = { table: string; references: string; columns: string[] };

let app: TestApp;
let db: pg.Client;
let columns: Column[];
let indexes: Index[];
let foreignKeys: ForeignKey[];
let tables: string[];

beforeAll(async () => {
  app = await createTestApp({ fresh: true }); // empty: its own start applies every migration
  db = new pg.Client({ connectionString: app.databaseUrl });
  await db.connect();
  tables = (
    await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    )
  ).rows.map((row) => row.table_name);
  columns = (
    await db.query<{ table_name: string; column_name: string; is_nullable: string; data_type: string; udt_name: string }>(
      `SELECT table_name, column_name, is_nullable, data_type, udt_name FROM information_schema.columns WHERE table_schema = 'public'`,
    )
  ).rows.map((row) => ({
    table: row.table_name,
    column: row.column_name,
    nullable: row.is_nullable === 'YES',
    dataType: row.data_type,
    udtName: row.udt_name,
  }));
  indexes = (
    await db.query<{ table: string; name: string; unique: boolean; primary: boolean; columns: string[] }>(
      `SELECT t.relname AS "table", i.relname AS "name", ix.indisunique AS "unique", ix.indisprimary AS "primary",
              -- the key's columns only: columns an index merely carries (INCLUDE) are not part of its key
              array(SELECT a.attname FROM unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
                   WHERE k.ord <= ix.indnkeyatts ORDER BY k.ord)::text[] AS "columns"
         FROM pg_index ix
         JOIN pg_class t ON t.oid = ix.indrelid
         JOIN pg_class i ON i.oid = ix.indexrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = 'public'`,
    )
  ).rows;
  foreignKeys = (
    await db.query<ForeignKey>(
      `SELECT t.relname AS "table", r.relname AS "references",
              array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS "columns"
         FROM pg_constraint c
         JOIN pg_class t ON t.oid = c.conrelid
         JOIN pg_class r ON r.oid = c.confrelid
         JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE c.contype = 'f' AND n.nspname = 'public'`,
    )
  ).rows;
});

afterAll(async () => {
  await db?.end();
  await app?.close();
});

const sorted = (values: readonly string[]) => [...values].sort();

function migrationFolders() {
  return readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(MIGRATIONS_DIR, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort();
}

describe(`migrations (${databaseKind})`, () => {
  it('the Prisma datamodel is loaded (sanity check for the tests below)', () => {
    expect(models.length).toBeGreaterThan(40);
    expect(models.map(([name]) => name)).toEqual(expect.arrayContaining(['Product', 'Variant', 'Cart', 'Order', 'Session']));
  });

  it('there is a table for every model, and no table that no model describes', () => {
    expect(sorted(tables.filter((table) => table !== '_prisma_migrations'))).toEqual(sorted(models.map(([name]) => name)));
  });

  describe.each(models)('%s', (model, definition) => {
    const scalarFields = definition.fields.filter((field) => field.kind === 'scalar' || field.kind === 'enum');

    it('has exactly the scalar fields as columns, with the right type and nullability', () => {
      const tableColumns = columns.filter((column) => column.table === model);
      expect(sorted(tableColumns.map((column) => column.column))).toEqual(sorted(scalarFields.map((field) => field.name)));
      for (const field of scalarFields) {
        const column = tableColumns.find((c) => c.column === field.name)!;
        expect({ field: field.name, nullable: column.nullable }).toEqual({ field: field.name, nullable: !field.isRequired });
        if (field.kind === 'enum') {
          expect({ field: field.name, type: column.udtName }).toEqual({ field: field.name, type: field.type });
        } else if (field.isList) {
          expect({ field: field.name, type: column.dataType }).toEqual({ field: field.name, type: 'ARRAY' });
        } else {
          const key = `${model}.${field.name}`;
          const type = TIMESTAMPTZ_FIELDS.has(key) ? 'timestamp with time zone' : DATE_FIELDS.has(key) ? 'date' : COLUMN_TYPES[field.type];
          expect({ field: field.name, type: column.dataType }).toEqual({ field: field.name, type });
        }
      }
    });

    it('has its primary key', () => {
      const idFields = definition.primaryKey?.fields ?? definition.fields.filter((field) => field.isId).map((field) => field.name);
      expect(idFields.length).toBeGreaterThan(0);
      const primary = indexes.find((index) => index.table === model && index.primary);
      expect(primary, `primary key of ${model}`).toBeDefined();
      expect(sorted(primary!.columns)).toEqual(sorted(idFields));
    });

    it('has a unique index for every @unique and @@unique', () => {
      const uniques = [
        ...definition.fields.filter((field) => field.isUnique).map((field) => [field.name]),
        ...definition.uniqueIndexes.map((index) => [...index.fields]),
      ];
      const tableUniques = indexes.filter((index) => index.table === model && index.unique && !index.primary);
      for (const fields of uniques) {
        const found = tableUniques.some((index) => sorted(index.columns).join() === sorted(fields).join());
        expect(found, `unique index on ${model}(${fields.join(', ')})`).toBe(true);
      }
      // and no unique index the schema does not declare (it would refuse data the client thinks is valid)
      expect(tableUniques.length).toBe(uniques.length);
    });

    it('has a foreign key for every relation it holds', () => {
      const relations = definition.fields.filter((field) => field.kind === 'object' && (field.relationFromFields?.length ?? 0) > 0);
      const tableKeys = foreignKeys.filter((key) => key.table === model);
      for (const relation of relations) {
        const found = tableKeys.some(
          (key) => key.references === relation.type && sorted(key.columns).join() === sorted(relation.relationFromFields!).join(),
        );
        expect(found, `foreign key ${model}(${relation.relationFromFields!.join(', ')}) -> ${relation.type}`).toBe(true);
      }
      expect(tableKeys.length).toBe(relations.length);
    });

    it('is usable through the Prisma client', async () => {
      const delegate = (app.prisma as unknown as Record<string, { findFirst: () => Promise<unknown> }>)[
        model[0].toLowerCase() + model.slice(1)
      ];
      expect(delegate, `prisma.${model}`).toBeDefined();
      // selects every column of the model, so a missing or mistyped column fails here
      const row = await delegate.findFirst();
      expect(row === null || typeof row === 'object').toBe(true);
    });
  });

  it('records one finished migration per folder with the sha256 checksum of its file', async () => {
    const folders = migrationFolders();
    expect(folders.length).toBeGreaterThan(0);
    const { rows } = await db.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
      applied_steps_count: number;
    }>(`SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`);
    expect(rows.map((row) => row.migration_name)).toEqual(folders);
    for (const row of rows) {
      const file = readFileSync(path.join(MIGRATIONS_DIR, row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(createHash('sha256').update(file).digest('hex'));
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it('running the migrations again applies nothing', async () => {
    const before = await db.query(`SELECT count(*)::int AS n FROM "_prisma_migrations"`);
    expect(await migrate(app.databaseUrl)).toEqual([]);
    expect(await migrate(app.databaseUrl)).toEqual([]);
    const after = await db.query(`SELECT count(*)::int AS n FROM "_prisma_migrations"`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('stock can never go below zero', async () => {
    const product = await createProduct(app.prisma, { variants: [{ stock: 2 }] });
    const variant = product.variants[0];
    await expect(app.prisma.variant.update({ where: { id: variant.id }, data: { stock: -1 } })).rejects.toThrow(
      /Variant_stock_non_negative|check constraint/i,
    );
    await expect(db.query(`UPDATE "Variant" SET "stock" = "stock" - 3 WHERE "id" = $1`, [variant.id])).rejects.toThrow(
      /Variant_stock_non_negative/,
    );
    const after = await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } });
    expect(after.stock).toBe(2);
    // taking exactly what is there is fine
    await db.query(`UPDATE "Variant" SET "stock" = "stock" - 2 WHERE "id" = $1`, [variant.id]);
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(0);
  });

  it('a cart line always has a positive quantity', async () => {
    const product = await createProduct(app.prisma);
    const cart = await app.prisma.cart.create({ data: {} });
    await expect(
      app.prisma.cartLine.create({ data: { cartId: cart.id, variantId: product.variants[0].id, quantity: 0 } }),
    ).rejects.toThrow(/CartLine_quantity_positive|check constraint/i);
    expect(await app.prisma.cartLine.count({ where: { cartId: cart.id } })).toBe(0);
  });
});

// The other test files do not migrate: their database is a copy of the one the run's global setup
// migrated (tests/integration/global-setup.ts), so the app's own start finds every migration done.
describe(`a test file's database (${databaseKind})`, () => {
  it('is a copy of the run\'s migrated template: every migration finished before the app started, none applied by it', async () => {
    const startedAt = new Date();
    const copy = await createTestApp();
    try {
      expect(copy.databaseUrl).not.toBe(app.databaseUrl);
      const client = new pg.Client({ connectionString: copy.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ migration_name: string; finished_at: Date }>(
          `SELECT migration_name, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
        );
        expect(rows.map((row) => row.migration_name)).toEqual(migrationFolders());
        expect(rows.filter((row) => row.finished_at >= startedAt).map((row) => row.migration_name)).toEqual([]);
      } finally {
        await client.end();
      }
    } finally {
      await copy.close();
    }
  });
});

// Issue 31, finding 28: instances starting together on one fresh database took no lock and crashed on
// unique violations (CategoryTranslation_language_slug_key). Only a server has several sessions: the
// embedded database is opened by one process only (its DATA_DIR lock), so nothing can start beside it.
if (databaseKind === 'postgres') {
  describe('two instances starting at once on a fresh database', () => {
    it('both start: one migrates and seeds the demo catalog, the other waits and finds it done', async () => {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const name = `shop_test_start_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const started: TestApp[] = [];
      try {
        const starts = await Promise.allSettled(
          [1, 2].map(() => createTestApp({ databaseUrl: url.toString(), config: { seedDemoData: true } }).then((one) => started.push(one))),
        );
        expect(starts.map((start) => (start.status === 'rejected' ? String(start.reason) : 'started'))).toEqual(['started', 'started']);
        const fresh = new pg.Client({ connectionString: url.toString() });
        await fresh.connect();
        try {
          const migrations = await fresh.query(`SELECT count(*)::int AS n FROM "_prisma_migrations"`);
          expect(migrations.rows[0].n).toBe(migrationFolders().length);
          // the catalog once, not twice
          const categories = await fresh.query(`SELECT count(*)::int AS n, count(DISTINCT "slug")::int AS slugs FROM "CategoryTranslation" WHERE "language" = 'cs'`);
          expect(categories.rows[0].n).toBeGreaterThan(0);
          expect(categories.rows[0].slugs).toBe(categories.rows[0].n);
        } finally {
          await fresh.end();
        }
      } finally {
        for (const one of started) await one.close();
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    });
  });

  // Issue 25: a start waited for the start-up lock without end and without a word. PostgreSQL keeps the
  // session of an instance whose machine vanished while it held the lock (mid-migration) until TCP
  // gives up, hours later; every instance started meanwhile hung silently.
  describe('a start whose start-up lock another session never releases', () => {
    it('says every 10 s who holds the lock, gives up after STARTUP_LOCK_TIMEOUT_MS with an error naming the holder, and starts once the holder is gone', async () => {
      const holder = new pg.Client({ connectionString: app.databaseUrl, application_name: 'instance on a vanished machine' });
      await holder.connect();
      try {
        await holder.query(`SELECT pg_advisory_lock(${STARTUP_LOCK_KEY})`);
        const lines: string[] = [];
        const log = { info: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
        const started = Date.now();
        const refusal = await migrate(app.databaseUrl, { timeoutMs: 12_000, log }).then(() => null, (error: Error) => error.message);
        const waitedMs = Date.now() - started;
        expect(refusal).toMatch(/^The start-up lock \(migrations, demo data\) was not released within 1[23] s \(STARTUP_LOCK_TIMEOUT_MS\): held by PostgreSQL session \d+ \('instance on a vanished machine' from [\d.:a-f]+, idle for \d+ s\)/);
        expect(refusal).toContain('pg_terminate_backend');
        expect(waitedMs).toBeGreaterThanOrEqual(12_000);
        expect(waitedMs).toBeLessThan(20_000);
        // one line at the first 10 s of waiting
        expect(lines).toEqual([expect.stringMatching(/^Waiting 10 s for the start-up lock \(migrations, demo data\), held by PostgreSQL session \d+ \('instance on a vanished machine'/)]);
        // the whole start, as STARTUP_LOCK_TIMEOUT_MS sets it
        await expect(createTestApp({ databaseUrl: app.databaseUrl, config: { startupLockTimeoutMs: 1000 } })).rejects.toThrow(/STARTUP_LOCK_TIMEOUT_MS\): held by PostgreSQL session/);
      } finally {
        await holder.end();
      }
      // the holder's session ended (as a killed process's does at once): the next start takes the lock
      expect(await migrate(app.databaseUrl, { timeoutMs: 1000 })).toEqual([]);
    }, 60_000);
  });
}
