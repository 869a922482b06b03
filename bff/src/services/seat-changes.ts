// Seats taken and freed, told to every seat picker of every shop instance (Subscription.seatChanges;
// docs/decisions/0041-seats-holds-and-live-changes.md).
//
// On a PostgreSQL server the instances share PostgreSQL's LISTEN/NOTIFY: each instance keeps one
// connection of its own that LISTENs on the channel, and a change is sent with pg_notify() on it
// after the change's transaction committed; every instance (the sender too) hands what it hears to
// its subscribers. Nothing else is needed (no Redis), and a shop that runs without REDIS_URL gets it
// too. PGlite is opened by one process only, whose one backend cannot deliver notifications to a
// connection of its own, so there the changes go from publisher to subscribers in the process.
// A notification can be lost (the listening connection drops, an instance dies between commit and
// send): the pickers also poll Event.availability, which is always the truth.
// The changes of a match are gathered for `batchMs` and sent as one (each seat's last state): a client
// that holds and releases seats over and over would otherwise send one event to every open picker per
// change (issue 40: 120 changes made 120 000 stream events; decision 0048).
import { EventEmitter, on } from 'node:events';
import pg from 'pg';
import type { SeatChange } from './tickets.ts';

export const SEAT_CHANGES_CHANNEL = 'shop_seat_changes';

/** Seats per notification: PostgreSQL's payload limit is 8000 bytes. */
const SEATS_PER_MESSAGE = 1000;

export type SeatChangeBus = {
  /** 'postgres': LISTEN/NOTIFY between instances; 'in-process': this process only (PGlite). */
  readonly mode: 'postgres' | 'in-process';
  /** Tells everyone; call it after the change committed. */
  publish: (change: SeatChange) => void;
  /** The changes of one event from now on, until the signal aborts or the consumer returns. */
  subscribe: (eventId: number, signal?: AbortSignal) => AsyncIterableIterator<SeatChange>;
  /** Resolves once the instance listens (tests wait for it before changing seats elsewhere). */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

type LogLike = { error: (message: string, error?: unknown) => void };

function chunks(change: SeatChange): SeatChange[] {
  const parts: SeatChange[] = [];
  for (let start = 0; start < Math.max(change.taken.length, change.freed.length); start += SEATS_PER_MESSAGE) {
    parts.push({
      eventId: change.eventId,
      taken: change.taken.slice(start, start + SEATS_PER_MESSAGE),
      freed: change.freed.slice(start, start + SEATS_PER_MESSAGE),
    });
  }
  return parts;
}

function parseChange(payload: string | undefined): SeatChange | null {
  try {
    const value = JSON.parse(payload ?? '') as Partial<SeatChange>;
    const ints = (list: unknown) => Array.isArray(list) && list.every((seat) => Number.isSafeInteger(seat));
    if (!Number.isSafeInteger(value.eventId) || !ints(value.taken) || !ints(value.freed)) return null;
    return { eventId: value.eventId!, taken: value.taken!, freed: value.freed! };
  } catch {
    return null;
  }
}

/**
 * Gathers changes per match for `batchMs` and hands each match's changes on as one: a seat's last
 * state wins (taken then freed within the window is told as freed). batchMs 0: each change at once.
 */
export function batchChanges(batchMs: number, send: (change: SeatChange) => void): { add: (change: SeatChange) => void; flush: () => void } {
  const pending = new Map<number, Map<number, 'taken' | 'freed'>>();
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batches = [...pending];
    pending.clear();
    for (const [eventId, seats] of batches) {
      const taken: number[] = [];
      const freed: number[] = [];
      for (const [seat, state] of seats) (state === 'taken' ? taken : freed).push(seat);
      send({ eventId, taken: taken.sort((a, b) => a - b), freed: freed.sort((a, b) => a - b) });
    }
  };
  const add = (change: SeatChange) => {
    if (batchMs <= 0) return send(change);
    const seats = pending.get(change.eventId) ?? new Map<number, 'taken' | 'freed'>();
    for (const seat of change.taken) seats.set(seat, 'taken');
    for (const seat of change.freed) seats.set(seat, 'freed');
    if (seats.size === 0) return;
    pending.set(change.eventId, seats);
    if (!timer) {
      timer = setTimeout(flush, batchMs);
      timer.unref();
    }
  };
  return { add, flush };
}

export function createSeatChangeBus(options: { databaseUrl: string; listen: boolean; log: LogLike; reconnectMs?: number; batchMs?: number }): SeatChangeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (change: SeatChange) => emitter.emit(`event:${change.eventId}`, change);
  const subscribe = (eventId: number, signal?: AbortSignal): AsyncIterableIterator<SeatChange> => {
    // node's own iterator: its return() (the client left) ends a pending next() and removes the listener
    const events = on(emitter, `event:${eventId}`, signal ? { signal } : undefined);
    const iterator: AsyncIterableIterator<SeatChange> = {
      next: async () => {
        try {
          const step = await events.next();
          return step.done ? { done: true, value: undefined } : { done: false, value: step.value[0] as SeatChange };
        } catch (error) {
          if ((error as Error).name === 'AbortError') return { done: true, value: undefined };
          throw error;
        }
      },
      return: async () => {
        await events.return?.();
        return { done: true, value: undefined };
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  };

  if (!options.listen) {
    const batch = batchChanges(options.batchMs ?? 0, (change) => chunks(change).forEach(deliver));
    return {
      mode: 'in-process',
      publish: batch.add,
      subscribe,
      ready: async () => undefined,
      close: async () => batch.flush(),
    };
  }

  let client: pg.Client | null = null;
  let closed = false;
  let listening: Promise<void>;
  let retry: NodeJS.Timeout | null = null;

  const connect = (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.databaseUrl });
    const lost = () => {
      if (client === next) client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (!closed && !retry) {
        // not a job: the LISTEN connection's reconnect after it was lost, part of the seat change bus
        retry = setTimeout(() => {
          retry = null;
          listening = connect();
        }, options.reconnectMs ?? 1000);
        retry.unref();
      }
    };
    next.on('error', (error) => {
      options.log.error('[tickets] the seat change listener lost its connection', error);
      lost();
    });
    next.on('end', lost);
    next.on('notification', (notification) => {
      const change = notification.channel === SEAT_CHANGES_CHANNEL ? parseChange(notification.payload) : null;
      if (change) deliver(change);
    });
    return next
      .connect()
      .then(() => next.query(`LISTEN ${SEAT_CHANGES_CHANNEL}`))
      .then(() => {
        if (closed) return void next.end().catch(() => undefined);
        client = next;
      })
      .catch((error: unknown) => {
        options.log.error('[tickets] the seat change listener could not connect', error);
        lost();
      });
  };
  listening = connect();

  const batch = batchChanges(options.batchMs ?? 0, (change) => {
    for (const part of chunks(change)) {
      if (!client) {
        // not listening now: at least this instance's pickers hear it (the others poll)
        deliver(part);
        continue;
      }
      client.query('SELECT pg_notify($1, $2)', [SEAT_CHANGES_CHANNEL, JSON.stringify(part)]).catch(() => deliver(part));
    }
  });

  return {
    mode: 'postgres',
    publish: batch.add,
    subscribe,
    ready: () => listening,
    async close() {
      batch.flush();
      closed = true;
      if (retry) clearTimeout(retry);
      await listening;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

