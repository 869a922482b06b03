// An answer that read a shopper's or the server's own tables (PRIVATE_TABLES: orders, carts,
// wishlists ...) is never stored by the response cache: writes to those tables do not invalidate it
// (catalog-version.ts), so such an answer could go stale (an order opened by its secret link, a
// shared wishlist) even when nothing personal was read to find it. The GraphQL operation runs inside
// noticePrivateReads (cache/graphql-operation.ts); the pool (watchPool in app.ts) shows every
// statement as it is sent to reportPrivateRead, which tells the operation that sent it.
import { AsyncLocalStorage } from 'node:async_hooks';
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

/** For each statement sent: tells the operation sending it (if any) when it reads a private table. */
export function reportPrivateRead(sql: string): void {
  const onRead = current.getStore();
  if (onRead && readsPrivateTable(sql)) onRead();
}
