import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import { abortedOperationError, operationSignal } from './operation-signal.ts';
import { STARTUP_CONNECT_TIMEOUT_MS } from './migrate.ts';

export type Db = PrismaClient;

export type QueryListener = (sql: string) => void;

export type DatabaseOptions = {
  onQuery?: QueryListener;
  poolSize?: number;
  /** PostgreSQL cancels a statement running longer than this (servers only; PGlite has no timer). */
  statementTimeoutMs?: number;
  /**
   * Each connection parses a statement once and keeps it (servers only: PGlite's one session is
   * shared by every connection, whose statement names would collide there).
   */
  preparedStatements?: boolean;
};

/** More than the shop's code has statements: SQL shaped by data cannot fill the server's memory. */
const PREPARED_STATEMENTS = 1000;

/**
 * Names for pg's prepared statements, one per SQL text. A connection sends a named statement's
 * text once; after that PostgreSQL only binds and runs it, without parsing and planning it again.
 * Past the limit the answer is undefined, which pg runs as an unnamed statement.
 */
export function statementNames(): (query: { sql: string }) => string | undefined {
  const names = new Map<string, string>();
  return ({ sql }) => {
    let name = names.get(sql);
    if (name === undefined && names.size < PREPARED_STATEMENTS) {
      name = `shop_${names.size}`;
      names.set(sql, name);
    }
    return name;
  };
}

/**
 * Whether the database at `url` is a PGlite (another shop's embedded database, as tests share
 * one): its one session is shared by every connection, so it can have no prepared statements.
 */
export async function isPGlite(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: STARTUP_CONNECT_TIMEOUT_MS });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>('SELECT version()');
    return rows[0].version.includes('PGlite');
  } finally {
    await client.end();
  }
}

/** The Prisma client and the connection pool under it (the app reads the pool's load for /ready). */
export type Database = { prisma: Db; pool: pg.Pool };

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, release: (error?: Error) => void) => void;

/**
 * A pool that gives no connection to an operation that was aborted (timed out, or its client
 * left), so its statements still waiting for one never run. pg-pool's own query() goes through
 * connect(callback), so both ways in are covered.
 */
class OperationAwarePool extends pg.Pool {
  connect(): Promise<pg.PoolClient>;
  connect(callback: ConnectCallback): void;
  connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const signal = operationSignal();
    if (!callback) {
      if (signal?.aborted) return Promise.reject(abortedOperationError(signal));
      return super.connect().then((client) => {
        if (!signal?.aborted) return client;
        client.release();
        throw abortedOperationError(signal);
      });
    }
    if (signal?.aborted) {
      process.nextTick(() => callback(abortedOperationError(signal), undefined, () => undefined));
      return;
    }
    // the callback runs in the context of whoever freed the connection: the signal was read above
    super.connect((error, client, release) => {
      if (!error && client && signal?.aborted) {
        release();
        callback(abortedOperationError(signal), undefined, () => undefined);
        return;
      }
      callback(error, client, release);
    });
  }
}

export function createDatabase(databaseUrl: string, options: DatabaseOptions = {}): Database {
  const pool = new OperationAwarePool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    // a request waiting this long for a free connection fails instead of hanging the server
    connectionTimeoutMillis: 10_000,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // An idle connection the server closed (a restart, an administrator, a dropped test database) is
  // removed by the pool, and the next query opens a new one; without a listener its 'error' would end
  // the process. The change feed's poll (events/change-feed.ts) keeps idle connections in every app.
  pool.on('error', () => undefined);
  const adapter = new PrismaPg(pool, {
    disposeExternalPool: true,
    ...(options.preparedStatements ? { statementNameGenerator: statementNames() as (query: { sql: string }) => string } : {}),
  });
  const prisma = new PrismaClient({
    adapter,
    // Any other format captures a stack trace (new Error) on every query to point at its caller in
    // an error message: ~2 % of a search's CPU. Errors keep their message and code.
    errorFormat: 'minimal',
    log: options.onQuery ? [{ emit: 'event', level: 'query' }] : [],
  });
  if (options.onQuery) {
    const listener = options.onQuery;
    (prisma as unknown as { $on: (event: 'query', cb: (e: { query: string }) => void) => void }).$on('query', (e) =>
      listener(e.query),
    );
  }
  return { prisma, pool };
}

/** One Prisma client per process (or per test app). onQuery sees every SQL statement sent. */
export function createPrisma(databaseUrl: string, options: DatabaseOptions = {}): Db {
  return createDatabase(databaseUrl, options).prisma;
}
