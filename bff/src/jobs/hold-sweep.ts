// The hold-sweep job: every holdSweepIntervalMs (0: never), the seat holds expired by the clock are
// deleted; their SeatsChanged event tells the open seat pickers the seats are free (services/tickets.ts,
// decisions 0041, 0055). One DELETE … RETURNING: rounds on several instances at once free each seat once.
import type { Db } from '../db/client.ts';
import type { LineLog } from '../log.ts';
import { sweepExpiredHolds, type Clock } from '../services/tickets.ts';
import { startBackgroundLoop, type BackgroundLoop } from './background-loop.ts';

export function startHoldSweepJob(db: Db, intervalMs: number, log: Pick<LineLog, 'error'>, clock: Clock): BackgroundLoop {
  return startBackgroundLoop({
    round: async () => void (await sweepExpiredHolds(db, clock())),
    intervalMs,
    failure: '[tickets] sweeping expired holds failed',
    log,
  });
}
