// The seat change bus in one process (PGlite's mode; decision 0041): subscribers of a match hear its
// changes only, large changes come in notification-sized parts, and a subscriber that leaves is let go.
import { describe, expect, it } from 'vitest';
import { batchChanges, createSeatChangeBus } from '../../../bff/src/services/seat-changes.ts';

const log = { error: () => undefined };

describe('seat change bus (in-process)', () => {
  it('delivers a match’s changes to its subscribers only, in parts of at most 1 000 seats', async () => {
    const bus = createSeatChangeBus({ databaseUrl: 'unused', listen: false, log });
    expect(bus.mode).toBe('in-process');
    const first = bus.subscribe(1);
    const other = bus.subscribe(2);
    const pending = first.next();
    const freed = Array.from({ length: 2500 }, (_, seat) => seat);
    bus.publish({ eventId: 1, taken: [], freed });
    const parts = [(await pending).value, (await first.next()).value, (await first.next()).value];
    expect(parts.map((part) => part!.freed.length)).toEqual([1000, 1000, 500]);
    expect(parts.flatMap((part) => part!.freed)).toEqual(freed);

    bus.publish({ eventId: 2, taken: [7], freed: [] });
    expect((await other.next()).value).toEqual({ eventId: 2, taken: [7], freed: [] });
    await first.return!();
    await other.return!();
  });

  it('a subscriber that leaves while waiting is finished at once', async () => {
    const bus = createSeatChangeBus({ databaseUrl: 'unused', listen: false, log });
    const subscriber = bus.subscribe(3);
    const waiting = subscriber.next();
    await subscriber.return!();
    expect(await waiting).toEqual({ done: true, value: undefined });
  });
});

describe('seat changes in batches (issue 40: a churning client)', () => {
  it('gathers a match’s changes for the window and sends each seat’s last state once', async () => {
    const sent: { eventId: number; taken: number[]; freed: number[] }[] = [];
    const batch = batchChanges(50, (change) => sent.push(change));
    for (let round = 0; round < 60; round++) {
      batch.add({ eventId: 1, taken: [round % 3], freed: [] });
      batch.add({ eventId: 1, taken: [], freed: [round % 3] });
    }
    batch.add({ eventId: 1, taken: [7], freed: [] });
    batch.add({ eventId: 2, taken: [1], freed: [] });
    expect(sent).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 120));
    // 122 changes, two events: one per match
    expect(sent).toEqual([
      { eventId: 1, taken: [7], freed: [0, 1, 2] },
      { eventId: 2, taken: [1], freed: [] },
    ]);
  });

  it('sends at once with a window of 0, and what is pending when the bus closes', async () => {
    const sent: unknown[] = [];
    batchChanges(0, (change) => sent.push(change)).add({ eventId: 1, taken: [1], freed: [] });
    expect(sent).toHaveLength(1);
    const bus = createSeatChangeBus({ databaseUrl: 'unused', listen: false, log, batchMs: 10_000 });
    const subscriber = bus.subscribe(4);
    const next = subscriber.next();
    bus.publish({ eventId: 4, taken: [3], freed: [] });
    await bus.close();
    expect((await next).value).toEqual({ eventId: 4, taken: [3], freed: [] });
    await subscriber.return!();
  });
});
