// The hold-sweep job: every holdSweepIntervalMs (0: never), the expired seat holds are deleted and
// their seats told free to the open seat pickers (services/seat-changes.ts; decision 0041). One
// DELETE … RETURNING: rounds on several instances at once free each seat once.
import type { Db } from '../db/client.ts';
import type { LineLog } from '../log.ts';
import { sweepAndAnnounceExpiredHolds, type SeatChangeBus } from '../services/seat-changes.ts';
import { startBackgroundLoop, type BackgroundLoop } from './background-loop.ts';

export function startHoldSweepJob(db: Db, bus: Pick<SeatChangeBus, 'publish'>, intervalMs: number, log: Pick<LineLog, 'error'>): BackgroundLoop {
  return startBackgroundLoop({
    round: () => sweepAndAnnounceExpiredHolds(db, bus),
    intervalMs,
    failure: '[tickets] sweeping expired holds failed',
    log,
  });
}
