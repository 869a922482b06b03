import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';

export type Db = PrismaClient;

export type QueryListener = (sql: string) => void;

export type DatabaseOptions = {
  onQuery?: QueryListener;
  poolSize?: number;
  /** PostgreSQL cancels a statement running longer than this (servers only; PGlite has no timer). */
  statementTimeoutMs?: number;
};

/** The Prisma client and the connection pool under it (the app reads the pool's load for /ready). */
export type Database = { prisma: Db; pool: pg.Pool };

export function createDatabase(databaseUrl: string, options: DatabaseOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    // a request waiting this long for a free connection fails instead of hanging the server
    connectionTimeoutMillis: 10_000,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const prisma = new PrismaClient({
    adapter,
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
