// How soon the shop refuses the documents that once took it down (issue 8's finding 1, issue 31's
// fragment fan-out): in under 100 ms, which only a refusal before execution can be; finding 1 ran for
// seconds. Timed here, with the machine to ourselves (scripts/test.mjs runs this file alone): beside the
// browser tests a 2-core machine once made three tries in a row wait over 100 ms for the CPU.
// What the refusals say is checked in attacks.test.ts.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codes, FINDING_1, fragmentFanOut, SHALLOW_NESTING } from './attack-documents.ts';
import {
  Browser,
  createPartnerToken,
  DATABASES,
  InParallel,
  partnerRequest,
  startProductionServer,
  type Answer,
  type ProductionServer,
} from '../support/production-server.ts';

const templates = inject('seededTemplates');
const servers = new InParallel(DATABASES, async (kind) => {
  const server = await startProductionServer(kind, { template: templates[kind] });
  return { server, partner: await createPartnerToken(server, 'Refusal times', ['catalog:read']) };
});

afterAll(async () => {
  await servers.settle(({ server }) => server.stop());
});

/** The quickest of a few tries: one try can still wait for the CPU, not for the server. */
async function quickest(attempt: () => Promise<Answer>, tries = 3): Promise<{ answer: Answer; ms: number }> {
  const ms: number[] = [];
  let answer!: Answer;
  for (let i = 0; i < tries; i++) {
    answer = await attempt();
    ms.push(Math.round(answer.ms));
  }
  return { answer, ms: Math.min(...ms) };
}

describe.each(DATABASES)('production server on %s', (kind) => {
  let server: ProductionServer;
  let partner: string;

  beforeAll(async () => {
    ({ server, partner } = await servers.get(kind));
    await servers.allStarted(); // none still starting beside the timed refusals
    await fetch(`${server.url}/health`); // a warm connection, as an attacker's would be
  });

  it('the query of finding 1 is refused in under 100 ms, from a browser and from a partner token', async () => {
    const browser = new Browser(server);
    const fromBrowser = await quickest(() => browser.post({ query: FINDING_1 }));
    const fromPartner = await quickest(() => partnerRequest(server, partner, FINDING_1));
    console.log(`[${kind}] finding 1 refused in ${fromBrowser.ms} ms (browser), ${fromPartner.ms} ms (partner)`);
    expect(codes(fromBrowser.answer)).toEqual(['PERSISTED_QUERY_ONLY']);
    expect(codes(fromPartner.answer)).toContain('QUERY_TOO_DEEP');
    expect(fromBrowser.ms).toBeLessThan(100);
    expect(fromPartner.ms).toBeLessThan(100);
  });

  it('within the depth limit the same nesting is refused by its cost in under 100 ms', async () => {
    const { answer, ms } = await quickest(() => partnerRequest(server, partner, SHALLOW_NESTING));
    expect(codes(answer)).toContain('QUERY_TOO_COMPLEX');
    expect(ms).toBeLessThan(100);
  });

  it('issue 31: fragments doubling over 30 levels are refused in under 100 ms', async () => {
    const { answer, ms } = await quickest(() => partnerRequest(server, partner, fragmentFanOut()));
    expect(codes(answer)).toEqual(['QUERY_TOO_COMPLEX']);
    expect(ms).toBeLessThan(100);
  });
});
