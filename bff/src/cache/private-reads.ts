// An answer that read a shopper's or the server's own tables (PRIVATE_TABLES: orders, carts,
// wishlists ...) is never stored by the response cache: writes to those tables do not invalidate it
// (catalog-version.ts), so such an answer could go stale (an order opened by its secret link, a
// shared wishlist) even when nothing personal was read to find it. The GraphQL operation runs inside
// noticePrivateReads (cache/graphql-operation.ts); the pool's clients report every statement that
// names a private table to the operation that sent it.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { PRIVATE_TABLES } from './catalog-version.ts';

const current = new AsyncLocalStorage<() => void>();
// a quoted name: "public"."Order" as Prisma writes it, "Order" in our own SQL (a column of that name
// would count too, which only keeps an answer out of the cache)
const PRIVATE_TABLE = new RegExp(`"(?:${[...PRIVATE_TABLES].join('|')})"`);

/** Runs `work` so that each statement it sends that reads a private table calls `onRead`. */
export function noticePrivateReads<T>(onRead: () => void, work: () => T): T {
  return current.run(onRead, work);
}

export function readsPrivateTable(sql: string): boolean {
  return PRIVATE_TABLE.test(sql);
}

type Query = (...args: unknown[]) => unknown;

/** Makes every client of `pool`, also those connected later, report private reads (see above). */
export function watchPrivateReads(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const onRead = current.getStore();
      if (onRead) {
        const first = args[0] as string | { text?: string } | undefined;
        if (readsPrivateTable(typeof first === 'string' ? first : (first?.text ?? ''))) onRead();
      }
      return original(...args);
    };
  });
}
