// The hold-sweep job: every holdSweepIntervalMs (0: never), the seat holds expired by the clock are deleted and
// their seats told free to the open seat pickers (services/seat-changes.ts; decision 0041). One
// DELETE … RETURNING: rounds on several instances at once free each seat once.
import type { Db } from '../db/client.ts';
import type { LineLog } from '../log.ts';
import { sweepAndAnnounceExpiredHolds, type SeatChangeBus } from '../services/seat-changes.ts';
import type { Clock } from '../services/tickets.ts';
import { startBackgroundLoop, type BackgroundLoop } from './background-loop.ts';

export function startHoldSweepJob(db: Db, bus: Pick<SeatChangeBus, 'publish'>, intervalMs: number, log: Pick<LineLog, 'error'>, clock: Clock): BackgroundLoop {
  return startBackgroundLoop({
    round: () => sweepAndAnnounceExpiredHolds(db, bus, clock()),
    intervalMs,
    failure: '[tickets] sweeping expired holds failed',
    log,
  });
}
