import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';

export type Db = PrismaClient;

export type QueryListener = (sql: string) => void;

/** One Prisma client per process (or per test app). onQuery sees every SQL statement sent. */
export function createPrisma(databaseUrl: string, options: { onQuery?: QueryListener; poolSize?: number } = {}): Db {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.poolSize ?? 10 });
  const client = new PrismaClient({
    adapter,
    log: options.onQuery ? [{ emit: 'event', level: 'query' }] : [],
  });
  if (options.onQuery) {
    const listener = options.onQuery;
    (client as unknown as { $on: (event: 'query', cb: (e: { query: string }) => void) => void }).$on('query', (e) =>
      listener(e.query),
    );
  }
  return client;
}
