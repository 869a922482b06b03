// Applies prisma/migrations/<name>/migration.sql in order and records each one in
// _prisma_migrations exactly as `prisma migrate deploy` does, so either tool can take over.
// Instances that start together on one database take turns (withStartupLock): the first migrates
// (and seeds), the others wait and then find the work done instead of failing on unique violations.
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../prisma/migrations');

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export function listMigrations(dir = MIGRATIONS_DIR) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** The advisory lock key of the start-up work (any constant no other code uses; the bytes of "shop-st"). */
const STARTUP_LOCK_KEY = '32484450154410868';

/**
 * Runs `work` while holding the database's start-up lock: a session-level advisory lock on a
 * connection of its own, held until the work ends (a crashed process's session ends, and so its
 * lock). Others wait for it. On the embedded database every connection shares one session, so the
 * lock never makes the shop wait for itself there (and only one process opens a DATA_DIR anyway).
 */
export async function withStartupLock<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${STARTUP_LOCK_KEY})`);
    return await work(client);
  } finally {
    // the session ends with the connection, and its lock with it
    await client.end();
  }
}

/** Returns the names of the migrations it applied (none when another instance applied them meanwhile). */
export function migrate(databaseUrl: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  return withStartupLock(databaseUrl, (client) => applyMigrations(client, dir));
}

async function applyMigrations(client: pg.Client, dir: string): Promise<string[]> {
  await client.query(CREATE_TABLE);
  const done = await client.query<{ migration_name: string; checksum: string }>(
    `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Map(done.rows.map((row) => [row.migration_name, row.checksum]));
  const ran: string[] = [];
  for (const migration of listMigrations(dir)) {
    const previous = applied.get(migration.name);
    if (previous) {
      if (previous !== migration.checksum) {
        throw new Error(`Migration ${migration.name} was changed after it was applied; add a new migration instead.`);
      }
      continue;
    }
    const id = randomUUID();
    await client.query('BEGIN');
    try {
      await client.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
        [id, migration.checksum, migration.name],
      );
      await client.query(migration.sql);
      await client.query(
        `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
        [id],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
    }
    ran.push(migration.name);
  }
  return ran;
}
