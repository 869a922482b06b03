// One writer of the feed files across instances (docs/decisions/0073). A PostgreSQL advisory lock
// cannot span the run: a session lock needs a connection of its own for minutes, a transaction's
// lock an open transaction, and the embedded database (PGlite) has one session for everybody, so
// either would stall every other statement there. So the writer takes a lease: one conditional UPDATE
// of the "FeedWriter" row, good for LEASE_MS, given back when done. A writer that died leaves a
// lease that runs out; the next round of any instance then writes.
//
// The row also keeps when the run in progress (or the last good one) began. A catalog change that
// every instance heard is written once: the instances that come after a run that began later than
// the change find it covered and write nothing. A run of the stock feeds alone (formats.ts FeedScope)
// keeps its own beginning: it covers the stock changes before it, not the other changes; a run of
// every feed covers both.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { FeedScope } from './formats.ts';

/** Longer than a run of 100 000 variants takes (docs/performance.md), short enough after a crash. */
export const LEASE_MS = 10 * 60_000;
/** Clocks of instances and database may differ a little: a run covers a change only this much after it. */
const CLOCK_MARGIN_MS = 1000;
const NAME = 'feeds';

export type FeedLease = { release: (written: boolean) => Promise<void> };

/**
 * The lease for a run of `scope` that must include what changed up to `wantedSince`; 'covered' when a
 * run that began after it and writes those feeds is in progress or done, 'busy' while an older run
 * still holds the lease.
 */
export async function claimFeedLease(db: Db, wantedSince: Date, scope: FeedScope = 'all'): Promise<FeedLease | 'covered' | 'busy'> {
  const holder = randomUUID();
  const after = new Date(wantedSince.getTime() + CLOCK_MARGIN_MS);
  const all = scope === 'all';
  const claimed = await db.$executeRaw`
    UPDATE "FeedWriter" SET "holder" = ${holder},
           "startedAt" = CASE WHEN ${all} THEN CURRENT_TIMESTAMP ELSE "startedAt" END,
           "stockStartedAt" = CURRENT_TIMESTAMP,
           "lockedUntil" = CURRENT_TIMESTAMP + make_interval(secs => ${LEASE_MS / 1000}::int)
     WHERE "name" = ${NAME} AND "lockedUntil" < CURRENT_TIMESTAMP
       AND (CASE WHEN ${all} THEN "startedAt" ELSE "stockStartedAt" END IS NULL OR CASE WHEN ${all} THEN "startedAt" ELSE "stockStartedAt" END < ${after})`;
  if (claimed !== 1) {
    const [row] = await db.$queryRaw<{ startedAt: Date | null }[]>`
      SELECT CASE WHEN ${all} THEN "startedAt" ELSE "stockStartedAt" END AS "startedAt" FROM "FeedWriter" WHERE "name" = ${NAME}`;
    return row?.startedAt && row.startedAt >= after ? 'covered' : 'busy';
  }
  return {
    async release(written) {
      // a failed run covers nothing it was to write: the next round writes again
      await db.$executeRaw`
        UPDATE "FeedWriter" SET "holder" = NULL, "lockedUntil" = '-infinity',
               "startedAt" = CASE WHEN ${written} OR NOT ${all} THEN "startedAt" ELSE NULL END,
               "stockStartedAt" = CASE WHEN ${written} THEN "stockStartedAt" ELSE NULL END
         WHERE "name" = ${NAME} AND "holder" = ${holder}`;
    },
  };
}
