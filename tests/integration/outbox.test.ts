// The one outbox mechanism (bff/src/jobs/outbox.ts, docs/decisions/0057) that the mail and webhook
// outboxes share, on the mail outbox's table with a sender of the test's own: two claimers never take
// the same row, a lapsed lease is taken over, a finish or renewal with a stale lease token changes
// nothing, and a failing row follows the retry schedule to its end; a row put back for an outage is
// due soon, its attempt not counted. On PGlite and PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { claimRows, finishRow, renewLease, sendOutbox, type Outcome } from '../../bff/src/jobs/outbox.ts';
import { MAIL_OUTBOX, MAIL_RETRY, retryDelayMs } from '../../bff/src/jobs/mail.ts';
import type { MailColumns, MailRow } from '../../bff/src/mail/sender.ts';

let app: TestApp;
const quiet = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

beforeEach(async () => {
  await app.prisma.mailOutbox.deleteMany();
});

/** `count` rows due at `at`. */
async function enqueue(count: number, at = new Date()): Promise<number[]> {
  await app.prisma.mailOutbox.createMany({
    data: Array.from({ length: count }, (_, i) => ({ kind: 'accountWelcome', recipient: `outbox-${i}@example.cz`, language: 'cs' as const, payload: { customerId: i + 1 }, nextAttemptAt: at })),
  });
  return (await app.prisma.mailOutbox.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((row) => row.id);
}

const row = (id: number) => app.prisma.mailOutbox.findUniqueOrThrow({ where: { id } });

describe(`the outbox mechanism (${databaseKind})`, () => {
  it('two claimers at once never take the same row; a claimed row is not taken again while its lease holds', async () => {
    const ids = await enqueue(25);
    const now = new Date(Date.now() + 1000);
    const claims = await Promise.all([0, 1, 2].map(() => claimRows<MailRow>(app.prisma, MAIL_OUTBOX, now)));
    const taken = claims.flat().map((claimed) => claimed.id);
    expect(taken.sort((a, b) => a - b)).toEqual(ids);
    // each claim its own token, every row of a claim under it
    expect(new Set(claims.map((claim) => claim[0].leaseToken)).size).toBe(3);
    for (const claim of claims) expect(new Set(claim.map((claimed) => claimed.leaseToken)).size).toBe(1);
    expect(claims.map((claim) => claim.length).sort()).toEqual([10, 10, 5]);
    expect(await claimRows(app.prisma, MAIL_OUTBOX, new Date(now.getTime() + MAIL_RETRY.leaseMs - 1))).toEqual([]);
    expect(await app.prisma.mailOutbox.count({ where: { status: 'SENDING', attempts: 1 } })).toBe(25);
  });

  it('a lapsed lease is taken over; the first claim then can neither renew nor finish the row', async () => {
    const [id] = await enqueue(1);
    const t0 = new Date(Date.now() + 1000);
    const [first] = await claimRows<MailRow>(app.prisma, MAIL_OUTBOX, t0);
    expect(first).toMatchObject({ id, attempts: 1 });
    const [second] = await claimRows<MailRow>(app.prisma, MAIL_OUTBOX, new Date(t0.getTime() + MAIL_RETRY.leaseMs));
    expect(second).toMatchObject({ id, attempts: 2 });
    expect(second.leaseToken).not.toBe(first.leaseToken);

    // the first sender, back from its pause: its renewal and its finish change nothing
    expect(await renewLease(app.prisma, 'MailOutbox', first.leaseToken, new Date(t0.getTime() + 10 * MAIL_RETRY.leaseMs))).toBe(0);
    const done: Outcome<MailColumns> = { done: true, record: { messageId: '<stale@example.cz>', sentAt: t0 } };
    expect(await finishRow(app.prisma, MAIL_OUTBOX, first, done, t0)).toEqual({ result: 'lost' });
    expect(await finishRow(app.prisma, MAIL_OUTBOX, first, { failed: 'stale' }, t0)).toEqual({ result: 'lost' });
    const held = await row(id);
    expect(held).toMatchObject({ status: 'SENDING', attempts: 2, leaseToken: second.leaseToken, messageId: null, lastError: null });
    expect(held.lockedUntil?.getTime()).toBe(t0.getTime() + 2 * MAIL_RETRY.leaseMs);

    // the holder renews and finishes
    expect(await renewLease(app.prisma, 'MailOutbox', second.leaseToken, new Date(t0.getTime() + 3 * MAIL_RETRY.leaseMs))).toBe(1);
    const later = new Date(t0.getTime() + MAIL_RETRY.leaseMs + 500);
    expect(await finishRow(app.prisma, MAIL_OUTBOX, second, { done: true, record: { messageId: '<held@example.cz>', sentAt: later } }, later)).toEqual({ result: 'done' });
    expect(await row(id)).toMatchObject({ status: 'SENT', attempts: 2, leaseToken: null, lockedUntil: null, messageId: '<held@example.cz>' });
  });

  it('a failing row follows the retry schedule, is given up after the last attempt, and an outage does not count as one', async () => {
    const [id] = await enqueue(1);
    const t0 = Date.now() + 1000;
    const attemptsAt: number[] = [];
    const failing = async (claimed: MailRow, now: Date): Promise<Outcome<MailColumns>> => {
      attemptsAt.push(now.getTime() - t0);
      // the first time, the database is away: the row is put back, the attempt not counted
      return attemptsAt.length === 1 ? { putBack: 'Connection terminated unexpectedly' } : { failed: `451 busy (attempt ${claimed.attempts})` };
    };
    let at = t0;
    const reports = [];
    for (let round = 0; round < 20; round++) {
      const report = await sendOutbox(app.prisma, MAIL_OUTBOX, failing, quiet, { now: new Date(at) });
      reports.push(report);
      // a moment before it is due, nothing is sent
      const current = await row(id);
      if (current.status === 'FAILED') break;
      expect(await sendOutbox(app.prisma, MAIL_OUTBOX, failing, quiet, { now: new Date(current.nextAttemptAt.getTime() - 1) })).toEqual({ done: 0, retrying: 0, failed: 0 });
      at = current.nextAttemptAt.getTime();
    }
    // put back 5 s later, then 1, 2, 4 … minutes (at most an hour) after each failure
    const expected = [0, MAIL_RETRY.outageRetryMs];
    for (let attempt = 1; attempt < MAIL_RETRY.maxAttempts; attempt++) expected.push(expected.at(-1)! + retryDelayMs(attempt));
    expect(attemptsAt).toEqual(expected);
    expect(reports.at(-1)).toEqual({ done: 0, retrying: 0, failed: 1 });
    expect(reports.slice(0, -1).every((report) => report.retrying === 1)).toBe(true);
    expect(await row(id)).toMatchObject({ status: 'FAILED', attempts: MAIL_RETRY.maxAttempts, lastError: `451 busy (attempt ${MAIL_RETRY.maxAttempts})`, leaseToken: null });
    // given up: never claimed again
    expect(await claimRows(app.prisma, MAIL_OUTBOX, new Date(t0 + 365 * 24 * 3600_000))).toEqual([]);
  });
});
