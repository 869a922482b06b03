// The one way the shop runs background work in its process: the mail and webhook senders, the
// cancellation of unpaid orders, the sweep of expired seat holds, the pick-up point feed and the
// clean-ups. A loop runs rounds of its job, one at a time: every interval, and soon after a kick (a
// kick during a round runs one more round right after it, so what the kick announced is not missed).
// A round that throws is logged and the loop goes on: the next round (a retry, a kick or the interval)
// tries again. Closing stops the timers and waits for the round in progress, so a graceful shutdown
// does not cut a job off half-way; a round that may take long (a download) is handed a signal that
// aborts then.
//
// A loop is one runner per process. Across instances every job keeps its own guarantee, so that
// rounds on several instances at once do no harm: the outboxes and the unpaid orders claim rows with
// FOR UPDATE SKIP LOCKED, the hold sweep deletes with one DELETE … RETURNING, the pick-up points are
// written under a transaction's advisory lock, and the clean-ups delete what has expired.
import type { LineLog } from '../log.ts';
import { outsideOperation } from '../db/operation-signal.ts';

export type BackgroundLoopOptions<Result> = {
  /** One round of the job: does what is due now. `signal` aborts when the loop is closed. */
  round: (signal: AbortSignal) => Promise<Result>;
  /** A round every intervalMs; 0: only when kicked (tests and commands decide when work runs). */
  intervalMs: number;
  /** Where an interval runs: the first round this long after the start (0: at once) instead of after one interval. */
  firstRoundAfterMs?: number;
  /**
   * Where an interval runs: after a round that failed, or whose result `when` says left work to be
   * retried shortly, the next round comes `afterMs` later instead of at the next interval (the mail
   * sender after a database outage: the e-mails go out seconds after the database is back).
   */
  retry?: { afterMs: number; when?: (result: Result) => boolean };
  /** What a failed round is logged as, e.g. '[mail] sending failed'. */
  failure: string;
  log: Pick<LineLog, 'error'>;
};

export type BackgroundLoop = {
  /** Runs a round soon, without waiting; a kick during a round runs one more round after it. */
  kick: () => void;
  /** Resolves when no round is running or queued. */
  idle: () => Promise<void>;
  /** Stops the loop: no more rounds; resolves when the round in progress has ended. */
  close: () => Promise<void>;
};

export function startBackgroundLoop<Result>(options: BackgroundLoopOptions<Result>): BackgroundLoop {
  const { intervalMs, retry, log } = options;
  const closing = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let soon: NodeJS.Timeout | null = null;

  /** The next round in `ms` (not sooner than one already planned); only where an interval runs. */
  const runIn = (ms: number) => {
    if (closed || intervalMs <= 0 || soon) return;
    soon = setTimeout(() => {
      soon = null;
      kick();
    }, ms);
    soon.unref();
  };
  const rounds = async (): Promise<void> => {
    do {
      again = false;
      try {
        const result = await options.round(closing.signal);
        if (retry?.when?.(result)) runIn(retry.afterMs);
      } catch (error) {
        // a round cut short by closing is no failure
        if (!(closed && error === closing.signal.reason)) log.error(options.failure, error);
        if (retry) runIn(retry.afterMs);
      }
    } while (again && !closed);
  };
  const kick = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    // A kick comes from a request too (after a commit that enqueued e-mail): the rounds are no
    // operation's, or the database refused their statements once that operation timed out, and the
    // mail sender logged GraphQL's "the request took too long" as its failure (issue 40, item 16)
    running = outsideOperation(rounds).finally(() => {
      running = null;
    });
  };

  const timer = intervalMs > 0 ? setInterval(kick, intervalMs) : null;
  timer?.unref();
  if (options.firstRoundAfterMs === 0 && timer) kick();
  else if (options.firstRoundAfterMs !== undefined) runIn(options.firstRoundAfterMs);

  const idle = async () => {
    while (running) await running;
  };
  return {
    kick,
    idle,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      if (soon) clearTimeout(soon);
      closing.abort();
      await idle();
    },
  };
}
