// The bounds of subscriptions' event streams (bff/src/graphql/server/stream-limits.ts): the places per
// client and per instance, a stream's lifetime, shutdown, and a stream that always gives its place and
// its source back however it ends. The HTTP side is tests/integration/seat-streams.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schema } from '../../../bff/src/graphql/schema/index.ts';
import { createStreamRegistry, endWhenAborted } from '../../../bff/src/graphql/server/stream-limits.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('subscriptions', () => {
  it('the API has one subscription, the seat changes: a new one needs its stream bounds reviewed (decision 0041)', () => {
    expect(Object.keys(schema.getSubscriptionType()?.getFields() ?? {})).toEqual(['seatChanges']);
  });
});

describe('the registry of open streams', () => {
  it('gives each client its places and the instance its total; a released place is free again, once', () => {
    const streams = createStreamRegistry({ perClient: 2, perInstance: 3, lifetimeMs: 60_000 });
    const a1 = streams.open('a');
    const a2 = streams.open('a');
    expect(streams.open('a')).toBe('client-full');
    const b1 = streams.open('b');
    expect(streams.open('c')).toBe('instance-full');
    expect([streams.count(), streams.count('a'), streams.count('b')]).toEqual([3, 2, 1]);
    if (typeof a1 === 'string' || typeof a2 === 'string' || typeof b1 === 'string') throw new Error('refused');
    a1.release();
    a1.release();
    expect([streams.count(), streams.count('a')]).toEqual([2, 1]);
    expect(typeof streams.open('c')).toBe('object');
  });

  it('ends a stream after its lifetime, and every stream at shutdown, after which none opens', () => {
    vi.useFakeTimers();
    const streams = createStreamRegistry({ perClient: 5, perInstance: 5, lifetimeMs: 1000 });
    const first = streams.open('a');
    vi.advanceTimersByTime(500);
    const second = streams.open('a');
    if (typeof first === 'string' || typeof second === 'string') throw new Error('refused');
    vi.advanceTimersByTime(500);
    expect([first.signal.aborted, second.signal.aborted]).toEqual([true, false]);
    streams.closeAll();
    expect(second.signal.aborted).toBe(true);
    expect(streams.open('b')).toBe('closed');
  });
});

/** A source that yields only when told to, and records whether it was returned. */
function source() {
  let returned = false;
  let pending: ((step: IteratorResult<number>) => void) | null = null;
  const iterator: AsyncIterableIterator<number> = {
    next: () => new Promise((resolve) => (pending = resolve)),
    return: async () => {
      returned = true;
      pending?.({ done: true, value: undefined });
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return { iterator, emit: (value: number) => pending?.({ done: false, value }), returned: () => returned };
}

describe('a bounded stream', () => {
  it('passes the events on; when stopped it ends, returns its source and calls onEnd once', async () => {
    const events = source();
    const stop = new AbortController();
    const onEnd = vi.fn();
    const stream = endWhenAborted(events.iterator, stop.signal, onEnd);
    const first = stream.next();
    events.emit(7);
    expect(await first).toEqual({ done: false, value: 7 });
    const second = stream.next();
    stop.abort();
    expect(await second).toEqual({ done: true, value: undefined });
    expect(events.returned()).toBe(true);
    await stream.return!();
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('when the consumer leaves (return) or the source fails, the source is returned and onEnd runs once', async () => {
    const left = source();
    const onLeft = vi.fn();
    const stream = endWhenAborted(left.iterator, new AbortController().signal, onLeft);
    await stream.return!();
    expect([left.returned(), onLeft.mock.calls.length]).toEqual([true, 1]);

    const failing: AsyncIterableIterator<number> = {
      next: () => Promise.reject(new Error('lost')),
      [Symbol.asyncIterator]: () => failing,
    };
    const onFailed = vi.fn();
    await expect(endWhenAborted(failing, new AbortController().signal, onFailed).next()).rejects.toThrow('lost');
    expect(onFailed).toHaveBeenCalledTimes(1);
  });
});
