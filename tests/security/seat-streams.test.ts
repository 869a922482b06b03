// The seat pickers' event streams on the production server (issue 26, security; docs/decisions/0041,
// "Event streams under the API's limits"): a client cannot hold more streams than its cap however many
// sessions it starts, a place comes back when its client leaves, and SIGTERM ends the open streams at
// once, so the shutdown is not held up until SHUTDOWN_TIMEOUT_MS cuts them (exit 1).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  Browser,
  createPartnerToken,
  DATABASES,
  InParallel,
  partnerRequest,
  persistedBody,
  startProductionServer,
  type ProductionServer,
} from '../support/production-server.ts';

const templates = inject('seededTemplates');

const PER_CLIENT = 3;
const DRAIN_MS = 1000;
const servers = new InParallel(DATABASES, async (kind) => {
  const server = await startProductionServer(kind, {
    template: templates[kind],
    env: { SEAT_STREAMS_PER_CLIENT: String(PER_CLIENT), SHUTDOWN_DRAIN_MS: String(DRAIN_MS) },
  });
  return { server, partner: await createPartnerToken(server, 'Security suite streams', ['catalog:read']) };
});

afterAll(async () => {
  await servers.settle(({ server }) => server.stop());
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Stream = { status: number; retryAfter: string | null; ended: Promise<string>; close: () => void };

/** The seat picker's request: a browser session of its own, CSRF header, the persisted document by hash. */
async function pickerStream(server: ProductionServer, eventId: string, headers: Record<string, string> = {}): Promise<Stream> {
  const browser = new Browser(server);
  const token = await browser.csrfToken();
  const controller = new AbortController();
  const response = await browser.fetch('/graphql', {
    method: 'POST',
    signal: controller.signal,
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', origin: server.url, 'x-xsrf-token': token, ...headers },
    body: JSON.stringify(persistedBody('SeatChanges', { eventId })),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), ended: response.text().catch(() => ''), close: () => controller.abort() };
}

/** A partner's stream: the document as text, a bearer token. */
async function partnerStream(server: ProductionServer, token: string, eventId: string): Promise<Stream> {
  const query = 'subscription ($id: ID!) { seatChanges(eventId: $id) { taken freed } }';
  const url = `${server.url}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify({ id: eventId }))}`;
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` }, signal: controller.signal });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), ended: response.text().catch(() => ''), close: () => controller.abort() };
}

/** Opens a stream, trying again for a while while the address's places are still taken (closed streams give them back a moment later). */
async function whenFree(open: () => Promise<Stream>): Promise<Stream> {
  let stream = await open();
  for (let tries = 0; tries < 30 && stream.status === 429; tries++) {
    await sleep(100);
    stream = await open();
  }
  return stream;
}

/** The error codes of a refused stream's one result. */
async function codes(stream: Stream): Promise<string[]> {
  const data = /event: next\ndata: (.*)\n/.exec(await stream.ended)?.[1];
  return data ? (JSON.parse(data) as { errors?: { extensions?: { code?: string } }[] }).errors?.map((error) => error.extensions?.code ?? '') ?? [] : [];
}

describe.each(DATABASES)('production server on %s: the seat pickers\' event streams', (kind) => {
  let server: ProductionServer;
  let partner: string;
  let eventId: string;

  beforeAll(async () => {
    ({ server, partner } = await servers.get(kind));
    const answer = await partnerRequest(server, partner, '{ events(first: 1) { edges { node { id } } } }');
    eventId = (answer.body.data as { events: { edges: { node: { id: string } }[] } }).events.edges[0].node.id;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('new sessions do not get round the cap per address: TOO_MANY_STREAMS (429); a stream closed by its client frees its place', async () => {
    const open = [];
    for (let i = 0; i < PER_CLIENT; i++) open.push(await pickerStream(server, eventId));
    expect(open.map((stream) => stream.status)).toEqual(Array(PER_CLIENT).fill(200));
    const refused = await pickerStream(server, eventId);
    expect([refused.status, refused.retryAfter]).toEqual([429, '30']);
    expect(await codes(refused)).toEqual(['TOO_MANY_STREAMS']);

    open[0].close();
    const again = await whenFree(() => pickerStream(server, eventId));
    expect(again.status, 'a place after the client left').toBe(200);
    for (const stream of [...open, again]) stream.close();
  });

  // last: it stops the server
  it('SIGTERM with open streams: they end at once (event: complete), new ones are refused during the drain, exit 0 without waiting for SHUTDOWN_TIMEOUT_MS', async () => {
    // streams of browsers and of a partner, held open like pickers left on the page
    const open = [
      await whenFree(() => pickerStream(server, eventId)),
      await whenFree(() => pickerStream(server, eventId)),
      await partnerStream(server, partner, eventId),
    ];
    expect(open.map((stream) => stream.status)).toEqual([200, 200, 200]);

    const signalled = performance.now();
    process.kill(server.pid, 'SIGTERM');
    const ended = await Promise.all(open.map(async (stream) => ({ text: await stream.ended, ms: performance.now() - signalled })));
    for (const { text, ms } of ended) {
      expect(text).toMatch(/event: complete\n/);
      expect(ms).toBeLessThan(1500);
    }
    // during the drain the instance still answers, but opens no stream (the picker polls meanwhile)
    const late = await pickerStream(server, eventId);
    expect([late.status, late.retryAfter]).toEqual([503, '5']);
    expect(await codes(late)).toEqual(['STREAMS_UNAVAILABLE']);

    const exit = await Promise.race([server.exited, sleep(DRAIN_MS + 15_000).then(() => null)]);
    const seconds = (performance.now() - signalled) / 1000;
    console.log(`[${kind}] SIGTERM with 3 open streams: they ended in ${Math.round(Math.max(...ended.map((e) => e.ms)))} ms, the process exited after ${seconds.toFixed(1)} s`);
    expect(exit, server.output().slice(-2000)).toEqual({ code: 0, signal: null });
    // the drain and the closing of connections and the database: not the 10 s of SHUTDOWN_TIMEOUT_MS
    expect(seconds).toBeLessThan(DRAIN_MS / 1000 + 7);
  });
});
