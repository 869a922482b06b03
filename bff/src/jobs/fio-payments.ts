// The Fio payments job (decision 0070): with FIO_API_TOKEN the account's new movements are read from
// the Fio API and paired by variable symbol (services/fio-api.ts pollFio) every FIO_POLL_SECONDS, and
// soon after the start. Several instances: each poll claims the call in the database (one call per
// FIO_CALL_GAP_SECONDS, 31 s, across all of them), so one calls and the others wait for their next round. A failed poll is
// logged and the next round tries again; what it paired stays paired.
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { LineLog } from '../log.ts';
import { pollFio } from '../services/fio-api.ts';
import { startBackgroundLoop, type BackgroundLoop } from './background-loop.ts';

type FioConfig = Pick<Config, 'fioApiToken' | 'fioApiUrl' | 'fioPollIntervalMs' | 'fioCallGapMs'>;

/** Null without FIO_API_TOKEN: payments are then recorded by the command or a statement import. */
export function startFioPaymentsJob(db: Db, config: FioConfig, log: Pick<LineLog, 'info' | 'error'>): BackgroundLoop | null {
  const token = config.fioApiToken;
  if (!token) return null;
  return startBackgroundLoop({
    async round(signal) {
      const poll = await pollFio(db, { token, baseUrl: config.fioApiUrl, callGapMs: config.fioCallGapMs, signal });
      if (poll.result === 'PAIRED' && poll.imported.length + poll.outgoing > 0) {
        const paired = poll.imported.filter((payment) => payment.outcome === 'MARKED').length;
        log.info(`[fio] ${poll.imported.length} incoming payment${poll.imported.length === 1 ? '' : 's'}, ${paired} paired; ${poll.outgoing} outgoing`);
      }
      if (poll.result === 'REWOUND') log.info(`[fio] an unpaired download was put back (to movement ${poll.toId ?? 'the day before'}); the next poll reads it again`);
    },
    intervalMs: config.fioPollIntervalMs,
    firstRoundAfterMs: config.fioPollIntervalMs > 0 ? Math.min(5_000, config.fioPollIntervalMs) : undefined,
    failure: '[fio] reading the Fio API failed',
    log,
  });
}
