// Matches for the ticket tests: a venue with a small generated plan and an event on sale.
import type { Db } from '../../bff/src/db/client.ts';
import { gid } from './global-id.ts';
import { unique } from './factories.ts';
import { planSeatCount, type SeatPlan } from '../../schema/rules/seat-plan.ts';

/** 2 sections × 3 rows × 10 seats: seats 0..59; section "L" category A, section "P" category B. */
export function testPlan(): SeatPlan {
  const sections = ['L', 'P'].map((name, s) => ({
    id: name,
    name,
    label: { x: 50 + s * 120, y: 10 },
    rows: [0, 1, 2].map((r) => ({
      name: String(r + 1),
      x: 10 + s * 120,
      y: 20 + r * 10,
      dx: 10,
      dy: 0,
      count: 10,
      firstNumber: 1,
      firstIndex: s * 30 + r * 10,
      categoryCode: s === 0 ? 'A' : 'B',
    })),
  }));
  return { width: 240, height: 60, pitch: null, sections };
}

export type MatchInput = {
  kickoff?: Date;
  salesStart?: Date;
  salesEnd?: Date;
  maxSeatsPerOrder?: number;
  plan?: SeatPlan;
  slug?: string;
  venueName?: string;
  venueCity?: string;
};

const DAY_MS = 24 * 3600 * 1000;

export async function createMatch(prisma: Db, input: MatchInput = {}) {
  const n = unique();
  const plan = input.plan ?? testPlan();
  const venue = await prisma.venue.create({ data: { slug: `venue-${n}`, name: input.venueName ?? `Hřiště ${n}`, city: input.venueCity ?? 'Brno', plan: plan as never, seatCount: planSeatCount(plan) } });
  const kickoff = input.kickoff ?? new Date(Date.now() + 10 * DAY_MS);
  const event = await prisma.event.create({
    data: {
      slug: input.slug ?? `zapas-${n}`,
      homeTeam: 'FC Vltavín',
      awayTeam: 'SK Moravan',
      competition: { cs: '1. liga', en: 'First League' },
      kickoff,
      venueId: venue.id,
      salesStart: input.salesStart ?? new Date(Date.now() - DAY_MS),
      salesEnd: input.salesEnd ?? new Date(kickoff.getTime() - 3600_000),
      maxSeatsPerOrder: input.maxSeatsPerOrder ?? 4,
      categories: {
        create: [
          { code: 'A', nameCs: 'Hlavní tribuna', nameEn: 'Main stand', priceCzk: 40_000, priceEur: 1_600, vatRate: 12 },
          { code: 'B', nameCs: 'Tribuna', nameEn: 'Stand', priceCzk: 20_000, priceEur: 800, vatRate: 12 },
        ],
      },
    },
  });
  return { event, venue, id: gid('Event', event.id), slug: event.slug };
}

/** A change of Subscription.seatChanges. */
export type SeatChangeEvent = { taken: number[]; freed: number[] };

/** Subscribes like the seat picker (GET, text/event-stream); `next()` is the next change, `close()` ends it. */
export async function subscribeToSeatChanges(target: { url: string }, eventId: string) {
  const query = 'subscription SeatChanges($eventId: ID!) { seatChanges(eventId: $eventId) { taken freed } }';
  const controller = new AbortController();
  const response = await fetch(`${target.url}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify({ eventId }))}`, {
    headers: { accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.startsWith('text/event-stream')) throw new Error(`no event stream: ${response.status} ${type}`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    async next(): Promise<SeatChangeEvent> {
      for (;;) {
        const match = /(?:^|\n)event: next\ndata: (.*)\n\n/.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return (JSON.parse(match[1]) as { data: { seatChanges: SeatChangeEvent } }).data.seatChanges;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended: ${buffer}`);
        buffer += value;
      }
    },
    close: () => controller.abort(),
  };
}

let fanCounter = 0;

/**
 * A client address of its own for a test's shopper (198.18.0.0/15, the benchmark range): held seats
 * are capped per client address (decision 0048), and different fans come from different addresses.
 */
export function fanAddress(): string {
  fanCounter += 1;
  return `198.18.${Math.floor(fanCounter / 250) % 250}.${(fanCounter % 250) + 1}`;
}

/** Whether a holdSeats answer asks for a solved captcha (after a session's first hold), as the picker reads it. */
export function asksForHoldCaptcha(answer: unknown): boolean {
  const value = answer as { __typename?: string; fieldErrors?: { field: string }[] } | null | undefined;
  return value?.__typename === 'ValidationError' && (value.fieldErrors ?? []).some((entry) => entry.field === 'captcha');
}
