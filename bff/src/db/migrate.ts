// Applies prisma/migrations/<name>/migration.sql in order and records each one in
// _prisma_migrations exactly as `prisma migrate deploy` does, so either tool can take over.
// Instances that start together on one database take turns (withStartupLock): the first migrates
// (and seeds), the others wait and then find the work done instead of failing on unique violations.
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { STARTUP_LOCK_TIMEOUT_MS } from '../config.ts';
import type { LineLog } from '../log.ts';

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
export const STARTUP_LOCK_KEY = '32484450154410868';

/** While a start waits for the lock, who holds it is logged this often. */
const LOCK_REPORT_MS = 10_000;
/** A database that does not answer the start's connection within this is an error, not a silent wait. */
export const STARTUP_CONNECT_TIMEOUT_MS = 10_000;

export type StartupLockOptions = {
  /** Give up (an error that names the holder) after waiting this long for another session's lock. */
  timeoutMs?: number;
  /** Where the wait is reported. */
  log?: LineLog;
};

/**
 * Runs `work` while holding the database's start-up lock: a session-level advisory lock on a
 * connection of its own, held until the work ends (a crashed process's session ends, and so its
 * lock). Others wait for it, saying every 10 s who holds it, and give up after `timeoutMs`: a holder
 * whose session PostgreSQL keeps (its machine vanished mid-migration: the server notices only when TCP
 * gives up, hours later) must stop a start loudly, not hang it. On the embedded database every
 * connection shares one session, so the lock never makes the shop wait for itself there (and only one
 * process opens a DATA_DIR anyway).
 */
export async function withStartupLock<T>(
  databaseUrl: string,
  work: (client: pg.Client) => Promise<T>,
  { timeoutMs = STARTUP_LOCK_TIMEOUT_MS, log = { info: () => undefined, error: () => undefined } }: StartupLockOptions = {},
): Promise<T> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: STARTUP_CONNECT_TIMEOUT_MS,
    // names this session to the instances that wait for its lock
    application_name: `shop start-up ${hostname()} pid ${process.pid}`,
  });
  await client.connect();
  try {
    await takeStartupLock(client, timeoutMs, log);
    return await work(client);
  } finally {
    // the session ends with the connection, and its lock with it
    await client.end();
  }
}

async function takeStartupLock(client: pg.Client, timeoutMs: number, log: LineLog): Promise<void> {
  const started = Date.now();
  for (;;) {
    const waited = Date.now() - started;
    // lock_timeout bounds this one wait: PostgreSQL cancels it with 55P03 (lock_not_available)
    await client.query(`SELECT set_config('lock_timeout', $1, false)`, [String(Math.max(1, Math.min(LOCK_REPORT_MS, timeoutMs - waited)))]);
    try {
      await client.query(`SELECT pg_advisory_lock(${STARTUP_LOCK_KEY})`);
      await client.query('RESET lock_timeout');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55P03') throw error;
    }
    const holder = await lockHolder(client);
    const seconds = Math.round((Date.now() - started) / 1000);
    if (Date.now() - started >= timeoutMs) {
      throw new Error(
        `The start-up lock (migrations, demo data) was not released within ${seconds} s (STARTUP_LOCK_TIMEOUT_MS): held by ${holder}. ` +
          'If that instance is gone, end its session (SELECT pg_terminate_backend(<pid>)) and start again.',
      );
    }
    log.info(`Waiting ${seconds} s for the start-up lock (migrations, demo data), held by ${holder}`);
  }
}

/** Who holds the start-up lock, as PostgreSQL knows the session. */
async function lockHolder(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ pid: number; application_name: string; client_addr: string | null; state: string; seconds: number }>(
    `SELECT a.pid, a.application_name, host(a.client_addr) AS client_addr, a.state,
            round(extract(epoch FROM now() - a.state_change))::int AS seconds
       FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
        AND ((l.classid::bigint << 32) | l.objid::bigint) = ${STARTUP_LOCK_KEY}`,
  );
  const holder = rows[0];
  if (!holder) return 'a session that has just ended';
  return `PostgreSQL session ${holder.pid} ('${holder.application_name}' from ${holder.client_addr ?? 'a local socket'}, ${holder.state} for ${holder.seconds} s)`;
}

export type MigrateOptions = StartupLockOptions & { dir?: string };

/** Returns the names of the migrations it applied (none when another instance applied them meanwhile). */
export function migrate(databaseUrl: string, { dir = MIGRATIONS_DIR, ...lock }: MigrateOptions = {}): Promise<string[]> {
  return withStartupLock(databaseUrl, (client) => applyMigrations(client, dir), lock);
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
