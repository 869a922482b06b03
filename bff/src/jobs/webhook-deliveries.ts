// Sending the webhook outbox (requirements W1, F1, F2; docs/decisions/0040). Like the mail sender
// (bff/src/mail/sender.ts): a sender claims due rows in one statement (PENDING -> SENDING with a lease,
// FOR UPDATE SKIP LOCKED), so senders on several instances never take the same row, and only the
// holder of the claim may mark the row (the attempt number fences it). A sender that dies mid-send
// leaves a claim that lapses after WEBHOOK_RETRY.leaseMs; another sender then sends the row again,
// with the same webhook-id: delivery is at least once, and receivers de-duplicate by the id.
//
// Each attempt is signed as Standard Webhooks 1.0 says (services/webhooks.ts signWebhook) with the
// attempt's own timestamp. A failed attempt is retried on the schedule of WEBHOOK_RETRY.delaysMs until
// the delivery is 24 hours old; then it is given up. An endpoint whose deliveries have failed for 24
// hours without one success is switched off, and its token's API answers say so (extensions.warnings).
import { startBackgroundLoop, type BackgroundLoop } from '../background-loop.ts';
import type { Db } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { PING_TOPIC, refreshDisabledFlag, signWebhook } from '../services/webhooks.ts';
import type { WebhookUrlPolicy } from '../services/webhook-addresses.ts';
import { postWebhook, type WebhookAnswer, type WebhookHttpOptions } from './webhook-http.ts';

const HOUR = 3600_000;

export const WEBHOOK_RETRY = {
  /** The wait after the 1st, 2nd … failed attempt (Standard Webhooks' example schedule); the last repeats. */
  delaysMs: [5_000, 5 * 60_000, 30 * 60_000, 2 * HOUR, 5 * HOUR, 10 * HOUR],
  /** A delivery is retried until it is this old, then given up. */
  giveUpAfterMs: 24 * HOUR,
  /** An endpoint failing this long without a success is switched off. */
  disableAfterMs: 24 * HOUR,
  /** A claim's lease: longer than one attempt can take (DNS, connect, timeoutMs). */
  leaseMs: 60_000,
  timeoutMs: 10_000,
  maxResponseBytes: 64 * 1024,
  batchSize: 10,
};

/** The wait after the n-th failed attempt. */
export function webhookRetryDelayMs(attempts: number): number {
  const delays = WEBHOOK_RETRY.delaysMs;
  return delays[Math.min(Math.max(attempts, 1), delays.length) - 1];
}

export type WebhookLog = { info: (line: string) => void; error: (line: string, error?: unknown) => void };

export type WebhookSenderDeps = {
  db: Db;
  policy: WebhookUrlPolicy;
  log: WebhookLog;
  /** The HTTP call (tests may replace it; the default is postWebhook with WEBHOOK_RETRY's limits). */
  post?: (url: string, headers: Record<string, string>, body: string, options: WebhookHttpOptions) => Promise<WebhookAnswer>;
};

export type DeliverOptions = {
  /** The clock (tests move it forward to reach a retry, or the 24 hours). */
  now?: Date;
  /** Only these deliveries (`webhook test` sends its ping and leaves the rest to the shop). */
  ids?: readonly string[];
};

export type DeliverReport = { delivered: number; retrying: number; failed: number; disabledEndpoints: number };

type ClaimedRow = {
  id: string;
  endpointId: number;
  apiTokenId: number;
  topic: string;
  /** the payload as PostgreSQL prints it: the exact bytes that are signed and sent */
  body: string;
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
};

async function claim(db: Db, now: Date, ids: readonly string[] | undefined): Promise<ClaimedRow[]> {
  const lease = new Date(now.getTime() + WEBHOOK_RETRY.leaseMs);
  const only = ids ? Prisma.sql`AND d."id" IN (${Prisma.join(ids)})` : Prisma.empty;
  return db.$queryRaw<ClaimedRow[]>`
    UPDATE "WebhookDelivery" AS w
       SET "status" = 'SENDING', "attempts" = w."attempts" + 1, "lockedUntil" = ${lease.toISOString()}::timestamptz
      FROM "WebhookEndpoint" e
     WHERE e."id" = w."endpointId"
       AND w."id" IN (
         SELECT d."id" FROM "WebhookDelivery" d
           JOIN "WebhookEndpoint" de ON de."id" = d."endpointId"
           JOIN "ApiToken" t ON t."id" = de."apiTokenId" AND t."revokedAt" IS NULL -- a revoked token's events stay unsent
          WHERE ((d."status" = 'PENDING' AND d."nextAttemptAt" <= ${now.toISOString()}::timestamptz)
             OR (d."status" = 'SENDING' AND d."lockedUntil" <= ${now.toISOString()}::timestamptz))
            AND (de."disabledAt" IS NULL OR d."topic" = ${PING_TOPIC})
            ${only}
          ORDER BY d."createdAt", d."id"
          LIMIT ${WEBHOOK_RETRY.batchSize}::int
          FOR UPDATE OF d SKIP LOCKED)
    RETURNING w."id", w."endpointId", e."apiTokenId", w."topic", w."payload"::text AS "body", w."attempts", w."createdAt", e."url", e."secret"`;
}

/** The attempt's outcome, written only while this sender still holds the claim. */
async function finish(
  db: Db,
  row: ClaimedRow,
  outcome: { status: 'DELIVERED'; httpStatus: number; now: Date } | { status: 'PENDING' | 'FAILED'; httpStatus: number | null; error: string; now: Date },
): Promise<boolean> {
  const claimed = { id: row.id, status: 'SENDING' as const, attempts: row.attempts };
  if (outcome.status === 'DELIVERED') {
    const { count } = await db.webhookDelivery.updateMany({
      where: claimed,
      data: { status: 'DELIVERED', deliveredAt: outcome.now, lastStatus: outcome.httpStatus, lastError: null, lockedUntil: null },
    });
    if (count === 1 && row.topic !== PING_TOPIC) {
      await db.webhookEndpoint.updateMany({ where: { id: row.endpointId, failingSince: { not: null } }, data: { failingSince: null } });
    }
    return count === 1;
  }
  const giveUpAt = row.createdAt.getTime() + WEBHOOK_RETRY.giveUpAfterMs;
  const next = Math.min(outcome.now.getTime() + webhookRetryDelayMs(row.attempts), giveUpAt);
  const { count } = await db.webhookDelivery.updateMany({
    where: claimed,
    data: {
      status: outcome.status,
      lastStatus: outcome.httpStatus,
      lastError: outcome.error.slice(0, 1000),
      lockedUntil: null,
      nextAttemptAt: new Date(next),
    },
  });
  return count === 1;
}

/**
 * After a failed attempt: the endpoint's failing streak starts now unless it began earlier; after
 * WEBHOOK_RETRY.disableAfterMs of it the endpoint is switched off (true then).
 */
async function recordEndpointFailure(db: Db, row: ClaimedRow, now: Date): Promise<boolean> {
  if (row.topic === PING_TOPIC) return false; // a test ping says nothing about the real deliveries
  await db.webhookEndpoint.updateMany({ where: { id: row.endpointId, failingSince: null }, data: { failingSince: now } });
  const { count } = await db.webhookEndpoint.updateMany({
    where: { id: row.endpointId, disabledAt: null, failingSince: { lte: new Date(now.getTime() - WEBHOOK_RETRY.disableAfterMs) } },
    data: { disabledAt: now },
  });
  if (count === 0) return false;
  await refreshDisabledFlag(db, row.apiTokenId);
  return true;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

async function deliverRow(deps: WebhookSenderDeps, row: ClaimedRow, now: Date, report: DeliverReport): Promise<void> {
  const body = row.body;
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = {
    'webhook-id': row.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(row.secret, row.id, timestamp, body),
  };
  const post = deps.post ?? postWebhook;
  let httpStatus: number | null = null;
  let error: string;
  try {
    const answer = await post(row.url, headers, body, {
      policy: deps.policy,
      timeoutMs: WEBHOOK_RETRY.timeoutMs,
      maxResponseBytes: WEBHOOK_RETRY.maxResponseBytes,
    });
    httpStatus = answer.status;
    if (answer.status >= 200 && answer.status < 300) {
      if (await finish(deps.db, row, { status: 'DELIVERED', httpStatus, now })) report.delivered += 1;
      deps.log.info(`[webhooks] ${row.topic} ${row.id} delivered to endpoint ${row.endpointId} (${answer.status})`);
      return;
    }
    error = answer.status >= 300 && answer.status < 400 ? `HTTP ${answer.status}: redirects are not followed` : `HTTP ${answer.status}`;
  } catch (caught) {
    error = describe(caught);
  }
  const expired = now.getTime() >= row.createdAt.getTime() + WEBHOOK_RETRY.giveUpAfterMs;
  if (expired || row.topic === PING_TOPIC) {
    // a ping is tried once: its sender is waiting for the answer
    if (await finish(deps.db, row, { status: 'FAILED', httpStatus, error, now })) report.failed += 1;
    deps.log.error(`[webhooks] ${row.topic} ${row.id} to endpoint ${row.endpointId} given up after ${row.attempts} attempts: ${error}`);
  } else {
    if (await finish(deps.db, row, { status: 'PENDING', httpStatus, error, now })) report.retrying += 1;
    deps.log.error(`[webhooks] ${row.topic} ${row.id} to endpoint ${row.endpointId} attempt ${row.attempts} failed (${error}), retrying in ${webhookRetryDelayMs(row.attempts) / 1000} s`);
  }
  if (await recordEndpointFailure(deps.db, row, now)) {
    report.disabledEndpoints += 1;
    deps.log.error(`[webhooks] endpoint ${row.endpointId} switched off after ${WEBHOOK_RETRY.disableAfterMs / HOUR} hours of failures`);
  }
}

/** Sends every delivery that is due now, batch by batch; resolves with what happened. */
export async function deliverWebhooks(deps: WebhookSenderDeps, options: DeliverOptions = {}): Promise<DeliverReport> {
  const report: DeliverReport = { delivered: 0, retrying: 0, failed: 0, disabledEndpoints: 0 };
  for (;;) {
    const now = options.now ?? new Date();
    const rows = await claim(deps.db, now, options.ids);
    // RETURNING keeps no order: the oldest event first (receivers must not rely on order, but it helps)
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    for (const row of rows) await deliverRow(deps, row, now, report);
    if (rows.length < WEBHOOK_RETRY.batchSize) return report;
  }
}

/** The loop's kick (send what is due), idle and close, and a round that reports what it did. */
export type WebhookSender = BackgroundLoop & {
  /** Sends what is due now and resolves when done (tests, commands). */
  deliverNow: (options?: DeliverOptions) => Promise<DeliverReport>;
};

/**
 * The app's sender: every intervalMs (0: only when kicked), one round at a time in this process. A
 * round the database cut short leaves the rows, and the next round picks them up.
 */
export function startWebhookSender(deps: WebhookSenderDeps, intervalMs: number): WebhookSender {
  const loop = startBackgroundLoop({ round: () => deliverWebhooks(deps), intervalMs, failure: '[webhooks] sending failed', log: deps.log });
  return { ...loop, deliverNow: (options) => deliverWebhooks(deps, options) };
}
