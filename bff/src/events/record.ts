// The one way a service says what it changed (issue 41, docs/decisions/0055):
//
//   await inTransaction(db, async (tx, changes) => {
//     await tx.$executeRaw`UPDATE "Variant" ...`;
//     changes.record({ kind: 'StockChanged', ... });
//   });
//
// First thing in the transaction, it is marked (the setting `shop.changes_recorded`): the catalog
// tables' triggers then do not move the coarse counter that makes every instance drop its whole cache
// (migration 20261128223000); they note that a catalog table was written. At its end the recorded
// events are inserted into the ChangeEvent table in the same transaction, so they commit or roll back
// with the change. After the commit they go at once to this instance's subscribers (the change feed
// attached to `db`, if any) and every other instance and process reads them from the table.
// A transaction that wrote a catalog table but recorded nothing moves the counter itself at its end:
// a service that forgot its event still drops every cache (safe by default).
import type { Db } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { parseEvent, type RecordedEvent, type ShopEvent } from './events.ts';

export type Tx = Prisma.TransactionClient;

export type ChangeRecorder = {
  /** Adds events to the transaction's list; they are stored at its end and dispatched after its commit. */
  record: (...events: ShopEvent[]) => void;
};

/** Who hears of a transaction's events at once after its commit (the app's change feed). */
export type CommitListener = { instanceId: string; committed: (events: readonly RecordedEvent[]) => void };

const listeners = new WeakMap<Db, CommitListener>();

/** Events recorded through `db` go to `listener` right after their commit (createApp attaches its change feed). */
export function dispatchCommitsTo(db: Db, listener: CommitListener): void {
  listeners.set(db, listener);
}

type TransactionOptions = { maxWait?: number; timeout?: number; isolationLevel?: Prisma.TransactionIsolationLevel };

/** Runs `work` in one transaction whose recorded events are stored with it and dispatched after its commit. */
export async function inTransaction<T>(db: Db, work: (tx: Tx, changes: ChangeRecorder) => Promise<T>, options?: TransactionOptions): Promise<T> {
  const listener = listeners.get(db);
  const { result, stored } = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT set_config('shop.changes_recorded', 'on', true)`;
    const events: ShopEvent[] = [];
    const result = await work(tx, { record: (...more) => void events.push(...more) });
    return { result, stored: await storeEvents(tx, events, listener?.instanceId ?? null) };
  }, options);
  if (stored.length > 0) listener?.committed(stored);
  return result;
}

async function storeEvents(tx: Tx, events: readonly ShopEvent[], instance: string | null): Promise<RecordedEvent[]> {
  if (events.length === 0) {
    // nothing recorded: a catalog table written all the same moves the coarse counter (every cache dropped)
    await tx.$queryRaw`SELECT CASE WHEN current_setting('shop.catalog_written', true) = 'on' THEN nextval('response_cache_version') END AS "moved"`;
    return [];
  }
  const rows = await tx.$queryRaw<{ id: bigint; payload: unknown }[]>`
    INSERT INTO "ChangeEvent" ("kind", "payload", "instance")
    SELECT event->>'kind', event, ${instance}::text FROM jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY AS e(event, n)
     ORDER BY n
    RETURNING "id", "payload"`;
  return rows.flatMap(({ id, payload }) => {
    const event = parseEvent(payload);
    return event ? [{ id: Number(id), event }] : [];
  });
}

/** Deletes the change events older than `olderThanMs` (every instance has read them long since); a job runs it. */
export async function pruneChangeEvents(db: Db, olderThanMs = 3600_000): Promise<number> {
  return db.$executeRaw`DELETE FROM "ChangeEvent" WHERE "at" < now() - make_interval(secs => ${olderThanMs / 1000}::float8)`;
}
