// Which seats others have taken, kept current without a reload: the seatChanges subscription over
// server-sent events (graphql-yoga answers a POST to /graphql that accepts text/event-stream), and
// while it cannot be had (a proxy that buffers, the connection dropped, the server refused a stream
// over its caps) the event's availability
// asked for every few seconds. Each (re)connection reads the whole availability once, so nothing
// that changed while the stream was away is missed.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { graphql } from '~/gql';
import { csrfFetch } from '../../apollo/csrf.ts';
import { persistedRequestBody } from '../../apollo/persisted.ts';

export const SeatAvailabilityQuery = graphql(`
  query SeatAvailability($slug: String!) {
    event(slug: $slug) {
      id
      availability {
        taken
        mine
      }
    }
  }
`);

// The subscription's document: its hash is what the browser sends (trusted documents).
export const SeatChangesSubscription = graphql(`
  subscription SeatChanges($eventId: ID!) {
    seatChanges(eventId: $eventId) {
      taken
      freed
    }
  }
`);

/** How often the availability is asked for while the live stream is not there. */
export const POLL_MS = 4000;
/** How long to wait before opening the stream again after it failed. */
const RECONNECT_MS = 5000;
/** The longest wait a refusal's Retry-After may ask for (the picker polls meanwhile). */
const MAX_RECONNECT_MS = 60_000;

/**
 * When to open the stream again: at once (within a second, so that pickers do not all come back in
 * the same instant) after the server ended it (its lifetime, a shutdown); after a refusal as its
 * Retry-After says (the server's cap on streams: TOO_MANY_STREAMS, STREAMS_UNAVAILABLE), at least
 * 5 s and at most a minute; after any other failure in 5 s.
 */
export function reconnectDelay(outcome: { ended: true } | { status: number; retryAfter: string | null } | null, random = Math.random): number {
  if (outcome && 'ended' in outcome) return Math.round(random() * 1000);
  const seconds = Number(outcome?.retryAfter);
  if (!outcome?.retryAfter || !Number.isFinite(seconds) || seconds <= 0) return RECONNECT_MS;
  return Math.min(MAX_RECONNECT_MS, Math.max(RECONNECT_MS, seconds * 1000));
}

export type Availability = { taken: ReadonlySet<number>; mine: readonly number[] };

/** A change the stream reported, applied to the taken seats (a new set; the old one is not changed). */
export function applySeatChange(taken: ReadonlySet<number>, change: { taken: readonly number[]; freed: readonly number[] }): Set<number> {
  const next = new Set(taken);
  for (const seat of change.taken) next.add(seat);
  for (const seat of change.freed) next.delete(seat);
  return next;
}

/**
 * Reads server-sent events from a response body: calls onData with each event's data (the lines
 * after "data:" joined), skips comments (keep-alive pings) and the other fields.
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onData: (data: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data) onData(data);
    }
  }
}

type SeatChangeData = { data?: { seatChanges?: { taken: number[]; freed: number[] } } };

/**
 * The event's availability: first what the page was rendered with, then the live changes. `refresh`
 * reads it all again (after a hold failed, the picker shows the plan as it is now). `live` says
 * whether the stream is open (else the page polls).
 */
export function useLiveAvailability(event: { id: string; slug: string }, initial: { taken: readonly number[]; mine: readonly number[] }) {
  const client = useApolloClient();
  const [availability, setAvailability] = useState<Availability>(() => ({ taken: new Set(initial.taken), mine: initial.mine }));
  const [live, setLive] = useState(false);
  const mounted = useRef(true);

  const refresh = useCallback(async () => {
    try {
      const { data } = await client.query({ query: SeatAvailabilityQuery, variables: { slug: event.slug }, fetchPolicy: 'no-cache' });
      const now = data?.event?.availability;
      if (now && mounted.current) setAvailability({ taken: new Set(now.taken), mine: now.mine });
    } catch {
      // the next poll or reconnection tries again
    }
  }, [client, event.slug]);

  useEffect(() => {
    mounted.current = true;
    const controller = new AbortController();
    let poll: ReturnType<typeof setInterval> | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const startPolling = () => {
      if (!poll) poll = setInterval(() => void refresh(), POLL_MS);
    };
    const stopPolling = () => {
      if (poll) clearInterval(poll);
      poll = null;
    };
    const connect = async () => {
      let outcome: Parameters<typeof reconnectDelay>[0] = null;
      try {
        const response = await csrfFetch('/graphql', {
          method: 'POST',
          signal: controller.signal,
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify(persistedRequestBody('SeatChanges', { eventId: event.id })),
        });
        if (!response.ok || !response.body || !response.headers.get('content-type')?.includes('text/event-stream')) {
          // refused (the server's cap on open streams, a shutdown): poll, and try again when it says
          outcome = { status: response.status, retryAfter: response.headers.get('retry-after') };
          throw new Error(`no event stream (${response.status})`);
        }
        stopPolling();
        setLive(true);
        // what changed before the stream opened
        void refresh();
        await readEventStream(response.body, (data) => {
          const change = (JSON.parse(data) as SeatChangeData).data?.seatChanges;
          if (change && mounted.current) setAvailability((current) => ({ taken: applySeatChange(current.taken, change), mine: current.mine.filter((seat) => !change.freed.includes(seat)) }));
        });
        // the server ended it (its lifetime is over, or the instance shuts down)
        outcome = { ended: true };
        throw new Error('the event stream ended');
      } catch {
        if (controller.signal.aborted) return;
        setLive(false);
        startPolling();
        retry = setTimeout(() => void connect(), reconnectDelay(outcome));
      }
    };
    void connect();
    return () => {
      mounted.current = false;
      controller.abort();
      stopPolling();
      if (retry) clearTimeout(retry);
    };
  }, [event.id, refresh]);

  return { availability, setAvailability, refresh, live };
}
