// The cookie consent log: each choice is recorded with the browser's anonymous id, the categories,
// the consent text version and the time; bad input is refused and stores nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { CONSENT_TEXT_VERSION } from '../../schema/rules/consent.ts';

const Record = `mutation TestRecordConsent($input: ConsentInput!) {
  recordConsent(input: $input) {
    __typename
    ... on ConsentRecord { textVersion recordedAt }
    ... on ValidationError { code fieldErrors { field message } }
    ... on TooManyAttemptsError { code message }
  }
}`;

type Answer = { recordConsent: { __typename: string; textVersion?: string; recordedAt?: string; fieldErrors?: { field: string }[] } };

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

let ip = 0;
const freshIp = () => `10.77.${Math.floor((ip += 1) / 250)}.${ip % 250}`;

async function record(input: Record<string, unknown>, forwardedFor = freshIp(), language: 'cs' | 'en' = 'cs') {
  const client = app.newClient({ 'x-forwarded-for': forwardedFor, 'x-shop-language': language });
  const response = await client.gql<Answer, Record<string, unknown>>(Record, { input });
  return response;
}

describe(`consent log (${databaseKind})`, () => {
  it('records a choice with the anonymous id, categories, text version, language and time', async () => {
    const anonymousId = randomUUID();
    const before = Date.now();
    const response = await record({ anonymousId, analytical: true, marketing: false, advertising: true, textVersion: CONSENT_TEXT_VERSION }, freshIp(), 'en');
    expect(response.data?.recordConsent).toMatchObject({ __typename: 'ConsentRecord', textVersion: CONSENT_TEXT_VERSION });
    const rows = await app.prisma.consentLog.findMany({ where: { anonymousId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ analytical: true, marketing: false, advertising: true, textVersion: CONSENT_TEXT_VERSION, language: 'en' });
    expect(rows[0].createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps every change of mind (a withdrawal is a new row, the proof stays)', async () => {
    const anonymousId = randomUUID();
    await record({ anonymousId, analytical: true, marketing: true, advertising: true, textVersion: CONSENT_TEXT_VERSION });
    await record({ anonymousId, analytical: false, marketing: false, advertising: false, textVersion: CONSENT_TEXT_VERSION });
    const rows = await app.prisma.consentLog.findMany({ where: { anonymousId }, orderBy: { id: 'asc' } });
    expect(rows.map((row) => [row.analytical, row.marketing, row.advertising])).toEqual([
      [true, true, true],
      [false, false, false],
    ]);
  });

  it('refuses a malformed id, another text version, wrong types and hostile strings, and stores nothing', async () => {
    const before = await app.prisma.consentLog.count();
    const good = { anonymousId: randomUUID(), analytical: true, marketing: false, advertising: false, textVersion: CONSENT_TEXT_VERSION };
    const invalid = await record({ ...good, anonymousId: 'not-a-uuid' });
    expect(invalid.data?.recordConsent).toMatchObject({ __typename: 'ValidationError', fieldErrors: [{ field: 'anonymousId' }] });
    const old = await record({ ...good, textVersion: '2000-01-01' });
    expect(old.data?.recordConsent).toMatchObject({ __typename: 'ValidationError', fieldErrors: [{ field: 'textVersion' }] });
    for (const bad of [{ ...good, analytical: 'yes' }, { ...good, anonymousId: 'x'.repeat(100_000) }, { ...good, textVersion: '\u0000' }, { anonymousId: good.anonymousId }]) {
      const response = await record(bad);
      expect(response.data?.recordConsent?.__typename === 'ConsentRecord').toBe(false);
    }
    expect(await app.prisma.consentLog.count()).toBe(before);
  });

  it('limits the choices one address can record (30 per 15 minutes)', async () => {
    const address = freshIp();
    const answers: string[] = [];
    for (let i = 0; i < 31; i += 1) {
      const response = await record({ anonymousId: randomUUID(), analytical: false, marketing: false, advertising: false, textVersion: CONSENT_TEXT_VERSION }, address);
      answers.push(response.data!.recordConsent.__typename);
    }
    expect(answers.slice(0, 30).every((name) => name === 'ConsentRecord')).toBe(true);
    expect(answers[30]).toBe('TooManyAttemptsError');
  });
});
