// The one background-loop helper (bff/src/jobs/background-loop.ts) that the mail and webhook senders, the
// unpaid-order cancellation, the hold sweep, the pick-up point feed and the clean-ups run on: one round
// at a time, a kick during a round runs one more after it, a failed round is logged and the loop goes
// on (sooner where a retry is set), and closing waits for the round in progress.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBackgroundLoop, type BackgroundLoop, type BackgroundLoopOptions } from '../../../bff/src/jobs/background-loop.ts';

/** A job whose rounds end when the test says: each round waits for `finish()` (or `fail()`). */
function controlledJob<Result = void>() {
  jobs.push(() => end?.resolve(undefined as Result));
  const started: number[] = [];
  let running = 0;
  let mostAtOnce = 0;
  let end: { resolve: (result: Result) => void; reject: (error: unknown) => void } | null = null;
  const signals: AbortSignal[] = [];
  return {
    started,
    signals,
    get mostAtOnce() {
      return mostAtOnce;
    },
    get inRound() {
      return end !== null;
    },
    round: (signal: AbortSignal) =>
      new Promise<Result>((resolve, reject) => {
        started.push(Date.now());
        signals.push(signal);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        end = {
          resolve: (result) => {
            running -= 1;
            end = null;
            resolve(result);
          },
          reject: (error) => {
            running -= 1;
            end = null;
            reject(error);
          },
        };
      }),
    async finish(result?: Result) {
      if (!end) throw new Error('no round is running');
      end.resolve(result as Result);
      await settle();
    },
    async fail(error: unknown) {
      if (!end) throw new Error('no round is running');
      end.reject(error);
      await settle();
    },
  };
}

/** Lets the loop's promise callbacks run (fake timers leave microtasks alone). */
async function settle() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

/** What ends each job's round in progress, so that the loops left running can be closed after a test. */
const jobs: (() => void)[] = [];
const errors: [string, unknown][] = [];
const log = { error: (line: string, error?: unknown) => void errors.push([line, error]) };
const loops: BackgroundLoop[] = [];

function start<Result>(options: Omit<BackgroundLoopOptions<Result>, 'failure' | 'log'>): BackgroundLoop {
  const loop = startBackgroundLoop({ ...options, failure: '[test] round failed', log });
  loops.push(loop);
  return loop;
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  errors.length = 0;
});

afterEach(async () => {
  vi.useRealTimers();
  const closed = Promise.all(loops.splice(0).map((loop) => loop.close()));
  for (const endRound of jobs.splice(0)) endRound();
  await closed;
});

describe('background loop', () => {
  it('runs one round at a time; kicks during a round run exactly one more round after it', async () => {
    const job = controlledJob();
    const loop = start({ round: job.round, intervalMs: 0 });
    loop.kick();
    expect(job.started).toHaveLength(1);
    loop.kick();
    loop.kick();
    await settle();
    expect(job.started).toHaveLength(1); // not beside the running round
    await job.finish();
    expect(job.started).toHaveLength(2); // the kicks' round, right after
    await job.finish();
    expect(job.started).toHaveLength(2); // one more, not one per kick
    expect(job.mostAtOnce).toBe(1);
    await loop.idle();
  });

  it('idle resolves once the round running and the one queued behind it have ended', async () => {
    const job = controlledJob();
    const loop = start({ round: job.round, intervalMs: 0 });
    loop.kick();
    loop.kick();
    let idle = false;
    void loop.idle().then(() => (idle = true));
    await job.finish();
    expect(idle).toBe(false);
    await job.finish();
    expect(idle).toBe(true);
  });

  it('close waits for the round in progress, runs no round queued behind it, and ignores later kicks and intervals', async () => {
    const job = controlledJob();
    const loop = start({ round: job.round, intervalMs: 1000 });
    loop.kick();
    loop.kick(); // queued behind the running round
    let closed = false;
    void loop.close().then(() => (closed = true));
    await settle();
    expect(closed).toBe(false);
    expect(job.signals[0].aborted).toBe(true); // a long round may stop early
    await job.finish();
    expect(closed).toBe(true);
    loop.kick();
    await vi.advanceTimersByTimeAsync(5000);
    expect(job.started).toHaveLength(1);
  });

  it('a failed round is logged and does not stop the loop: the next interval and kicks run rounds', async () => {
    const job = controlledJob();
    const loop = start({ round: job.round, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(job.started).toEqual([1000]);
    const outage = new Error('database unreachable');
    await job.fail(outage);
    expect(errors).toEqual([['[test] round failed', outage]]);
    // backs off: no retry in a tight loop, the next round comes with the interval
    await vi.advanceTimersByTimeAsync(999);
    expect(job.started).toEqual([1000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.started).toEqual([1000, 2000]);
    await job.finish();
    loop.kick();
    expect(job.started).toEqual([1000, 2000, 2000]);
    await job.finish();
    expect(errors).toHaveLength(1);
  });

  it('with a retry, a failed round or one that left work for a retry is followed after the retry wait, not the interval', async () => {
    const job = controlledJob<{ retrying: number }>();
    start({ round: job.round, intervalMs: 30_000, retry: { afterMs: 5000, when: (report) => report.retrying > 0 } });
    await vi.advanceTimersByTimeAsync(30_000);
    await job.fail(new Error('database unreachable'));
    await vi.advanceTimersByTimeAsync(4999);
    expect(job.started).toEqual([30_000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.started).toEqual([30_000, 35_000]);
    await job.finish({ retrying: 2 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(job.started).toEqual([30_000, 35_000, 40_000]);
    await job.finish({ retrying: 0 });
    // nothing left to retry: back to the interval
    await vi.advanceTimersByTimeAsync(19_999);
    expect(job.started).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.started).toEqual([30_000, 35_000, 40_000, 60_000]);
  });

  it('without an interval it runs only when kicked: no first round, no retry timer', async () => {
    const job = controlledJob();
    const loop = start({ round: job.round, intervalMs: 0, firstRoundAfterMs: 0, retry: { afterMs: 10 } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(job.started).toEqual([]);
    loop.kick();
    await job.fail(new Error('down'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(job.started).toHaveLength(1);
  });

  it('runs its first round at once or after firstRoundAfterMs, then every interval', async () => {
    const atOnce = controlledJob();
    start({ round: atOnce.round, intervalMs: 10_000, firstRoundAfterMs: 0 });
    expect(atOnce.started).toEqual([0]);
    await atOnce.finish();

    const later = controlledJob();
    start({ round: later.round, intervalMs: 10_000, firstRoundAfterMs: 5000 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(later.started).toEqual([5000]);
    await later.finish();
    await vi.advanceTimersByTimeAsync(5000);
    expect(later.started).toEqual([5000, 10_000]);
    await later.finish();
  });

  it('a round cut short by closing (its signal aborted) is not logged as a failure', async () => {
    const loop = start({
      round: (signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      intervalMs: 0,
    });
    loop.kick();
    await loop.close();
    expect(errors).toEqual([]);
  });
});
