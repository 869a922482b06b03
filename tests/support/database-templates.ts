// Migrate once, copy per test file (docs/decisions/0030-test-suite-speed.md). A vitest globalSetup makes one migrated
// (or, for the browser tests, migrated and seeded) database per kind before any file runs; each
// file then starts from a copy of it instead of running every migration again:
// - embedded PGlite: the data folder as a tar file, which startEmbeddedDatabase loads into memory;
// - PostgreSQL server: a database that `CREATE DATABASE ... TEMPLATE` copies, under a name of the
//   file's own, so that files can run side by side.
// Tests of the migrations themselves and of a first start ask for a fresh, empty database instead.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp } from '../../bff/src/app.ts';
import { loadConfig } from '../../bff/src/config.ts';
import { startEmbeddedDatabase } from '../../bff/src/db/embedded.ts';
import { migrate } from '../../bff/src/db/migrate.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** A template: the embedded database's dump file, or a database name on the TEST_DATABASE_URL server. */
export type DatabaseTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; database: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The integration tests' migrated database (tests/integration/global-setup.ts). */
    migratedTemplate?: DatabaseTemplate;
    /** The browser tests' migrated database with the demo catalog (tests/e2e/global-setup.ts). */
    seededTemplate?: DatabaseTemplate;
  }
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: no PostgreSQL server to run on.');
  return url;
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function serverDatabaseUrl(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new database on the TEST_DATABASE_URL server, empty or a copy of `template`; returns its name. */
export async function createServerDatabase(prefix: string, template?: string): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  return name;
}

export async function dropServerDatabase(name: string): Promise<void> {
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/**
 * Makes a template of the given kind: all migrations applied, and with `seed` the demo catalog too
 * (a first start of the app with SEED_DEMO_DATA, on that database).
 */
export async function makeTemplate(kind: DatabaseKind, { seed = false } = {}): Promise<DatabaseTemplate> {
  const fill = async (databaseUrl: string) => {
    await migrate(databaseUrl);
    if (!seed) return;
    const config = loadConfig({ NODE_ENV: 'test' }, { databaseUrl, dataDir: 'memory://', ssr: 'off', seedDemoData: true, graphiql: false });
    const app = await createApp(config);
    await app.close();
  };
  if (kind === 'postgres') {
    const database = await createServerDatabase('shop_template');
    try {
      await fill(serverDatabaseUrl(database));
    } catch (error) {
      await dropServerDatabase(database);
      throw error;
    }
    return { kind, database };
  }
  const embedded = await startEmbeddedDatabase('memory://');
  try {
    await fill(embedded.url);
    await dropTemplateDatabases(embedded.url);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'shop-template-')), 'pgdata.tar');
    writeFileSync(file, Buffer.from(await (await embedded.dump()).arrayBuffer()));
    return { kind, file };
  } finally {
    await embedded.stop();
  }
}

/**
 * Leaves the embedded template with the shop's database alone. PostgreSQL's own template0 and template1
 * only serve CREATE DATABASE, which nothing does on an embedded copy; they were a third of the dump's
 * bytes and files, which every start untars: an embedded start took 300–330 ms of CPU without them
 * against 440–500 ms with them (ten starts each, back to back; issue 41).
 */
async function dropTemplateDatabases(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
    await client.query('DROP DATABASE template0');
    await client.query('DROP DATABASE template1');
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

export async function removeTemplate(template: DatabaseTemplate): Promise<void> {
  if (template.kind === 'pglite') rmSync(path.dirname(template.file), { recursive: true, force: true });
  else await dropServerDatabase(template.database);
}

/** Each template file's bytes, read once per test process: a run's files start ~300 apps from the same few. */
const templateBytes = new Map<string, Uint8Array>();

/** The embedded template's data for createApp's `embeddedInitialData` (PGlite only reads it). */
export function embeddedInitialData(template: DatabaseTemplate | undefined): Uint8Array | undefined {
  if (template?.kind !== 'pglite') return undefined;
  let bytes = templateBytes.get(template.file);
  if (!bytes) {
    bytes = readFileSync(template.file);
    templateBytes.set(template.file, bytes);
  }
  return bytes;
}
