// The seat picker's live updates (web/app/features/tickets/live-seats.ts): server-sent events read
// from a stream however it is cut into chunks, keep-alive comments skipped; a change applied to the
// taken seats without touching the old set; when the stream is opened again; and the hold countdown's
// text (TicketLines.tsx).
import { describe, expect, it } from 'vitest';
import { applySeatChange, readEventStream, reconnectDelay } from '../../../web/app/features/tickets/live-seats.ts';
import { timeLeft } from '../../../web/app/features/tickets/TicketLines.tsx';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function eventsOf(chunks: string[]): Promise<string[]> {
  const events: string[] = [];
  await readEventStream(streamOf(chunks), (data) => events.push(data));
  return events;
}

describe('reading server-sent events', () => {
  it('gives the data of each event, whatever the chunks', async () => {
    const text = ':\n\nevent: next\ndata: {"data":{"seatChanges":{"taken":[1],"freed":[]}}}\n\nevent: next\ndata: {"data":{"seatChanges":{"taken":[],"freed":[1]}}}\n\n';
    const whole = await eventsOf([text]);
    expect(whole).toEqual(['{"data":{"seatChanges":{"taken":[1],"freed":[]}}}', '{"data":{"seatChanges":{"taken":[],"freed":[1]}}}']);
    // cut after every character, and with a Czech letter split between two chunks
    expect(await eventsOf([...text])).toEqual(whole);
    const bytes = new TextEncoder().encode('data: Místo\n\n');
    const events: string[] = [];
    await readEventStream(
      new ReadableStream({
        start(controller) {
          controller.enqueue(bytes.slice(0, 9));
          controller.enqueue(bytes.slice(9));
          controller.close();
        },
      }),
      (data) => events.push(data),
    );
    expect(events).toEqual(['Místo']);
  });

  it('skips keep-alive comments and events without data, and joins data lines', async () => {
    expect(await eventsOf([': ping\n\nevent: complete\n\ndata: a\ndata: b\r\n\r\n'])).toEqual(['a\nb']);
  });
});

describe('a change of seats', () => {
  it('adds the taken and removes the freed, in a new set', () => {
    const before = new Set([1, 2, 3]);
    const after = applySeatChange(before, { taken: [7, 8], freed: [2, 99] });
    expect([...after].sort((a, b) => a - b)).toEqual([1, 3, 7, 8]);
    expect([...before]).toEqual([1, 2, 3]);
  });
});

describe('the hold countdown', () => {
  const until = '2026-11-27T10:15:00.000Z';
  it('shows minutes and seconds left, and 0:00 after the end', () => {
    expect(timeLeft(until, Date.parse('2026-11-27T10:00:00.000Z'))).toBe('15:00');
    expect(timeLeft(until, Date.parse('2026-11-27T10:14:05.400Z'))).toBe('0:54');
    expect(timeLeft(until, Date.parse('2026-11-27T10:16:00.000Z'))).toBe('0:00');
  });
});

describe('opening the stream again', () => {
  it('at once after the server ended it, as the Retry-After of a refusal says (5 s to 1 min), else in 5 s', () => {
    // ended by its lifetime or a shutdown: within a second, spread so that pickers do not return together
    expect(reconnectDelay({ ended: true }, () => 0)).toBe(0);
    expect(reconnectDelay({ ended: true }, () => 0.999)).toBe(999);
    // the server's caps on streams (TOO_MANY_STREAMS, STREAMS_UNAVAILABLE)
    expect(reconnectDelay({ status: 429, retryAfter: '30' })).toBe(30_000);
    expect(reconnectDelay({ status: 503, retryAfter: '1' })).toBe(5000);
    expect(reconnectDelay({ status: 503, retryAfter: '3600' })).toBe(60_000);
    // no Retry-After, one that is not a number of seconds, or a network failure
    expect(reconnectDelay({ status: 500, retryAfter: null })).toBe(5000);
    expect(reconnectDelay({ status: 503, retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT' })).toBe(5000);
    expect(reconnectDelay(null)).toBe(5000);
  });
});
