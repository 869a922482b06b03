// Delivering the webhook outbox (requirements W1, F1, F2; docs/decisions/0040): rows are claimed,
// leased, retried and marked by the one outbox mechanism (outbox.ts), as the mail outbox's are, so
// senders on several instances never take the same row and only the holder of a claim may mark it. A
// sender that dies mid-send leaves a claim that lapses after WEBHOOK_RETRY.leaseMs; another sender then
// sends the row again, with the same webhook-id: delivery is at least once, and receivers de-duplicate
// by the id.
//
// Each attempt is signed as Standard Webhooks 1.0 says (services/webhooks.ts signWebhook) with the
// attempt's own timestamp. A failed attempt is retried on the schedule of WEBHOOK_RETRY.delaysMs until
// the delivery is 24 hours old; then it is given up. An endpoint whose deliveries have failed for 24
// hours without one success is switched off, and its token's API answers say so (extensions.warnings).
import type { Db } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { PING_TOPIC, refreshDisabledFlag, signWebhook } from '../services/webhooks.ts';
import type { WebhookUrlPolicy } from '../services/webhook-addresses.ts';
import { postWebhook, type WebhookAnswer, type WebhookHttpOptions } from './webhook-http.ts';
import { sendOutbox, type ClaimedRow, type Outcome, type OutboxTable } from './outbox.ts';

const HOUR = 3600_000;

export const WEBHOOK_RETRY = {
  /** The wait after the 1st, 2nd … failed attempt (Standard Webhooks' example schedule); the last repeats. */
  delaysMs: [5_000, 5 * 60_000, 30 * 60_000, 2 * HOUR, 5 * HOUR, 10 * HOUR],
  /** A delivery is retried until it is this old, then given up. */
  giveUpAfterMs: 24 * HOUR,
  /** An endpoint failing this long without a success is switched off. */
  disableAfterMs: 24 * HOUR,
  /** How long a claim holds unless its sender renews it (every renewEveryMs while it works on the row). */
  leaseMs: 30_000,
  renewEveryMs: 10_000,
  /** The first wait before writing a DELIVERED mark again that the database refused; it doubles up to 5 s. */
  markRetryMs: 200,
  /** A row put back because the database was away is due again after this long. */
  outageRetryMs: 5_000,
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

/** A claimed row of the webhook outbox. */
type DeliveryRow = ClaimedRow & {
  id: string;
  endpointId: number;
  topic: string;
  /** the payload as PostgreSQL prints it: the exact bytes that are signed and sent */
  body: string;
};

/** The webhook outbox's own columns written with an outcome. */
type DeliveryColumns = { deliveredAt: Date; lastStatus: number | null };

export const WEBHOOK_OUTBOX: OutboxTable<DeliveryRow, 'DELIVERED', DeliveryColumns> = {
  table: 'WebhookDelivery',
  columns: Prisma.sql`claimed."endpointId", claimed."topic", claimed."payload"::text AS "body"`,
  // the oldest event first (receivers must not rely on order, but it helps)
  order: ['createdAt', 'id'],
  // a revoked token's events stay unsent; a switched-off endpoint gets test pings only
  eligible: Prisma.sql`EXISTS (
    SELECT 1 FROM "WebhookEndpoint" e JOIN "ApiToken" t ON t."id" = e."apiTokenId" AND t."revokedAt" IS NULL
     WHERE e."id" = due."endpointId" AND (e."disabledAt" IS NULL OR due."topic" = ${PING_TOPIC}))`,
  timings: WEBHOOK_RETRY,
  retryAt(row, now) {
    // a ping is tried once: its sender is waiting for the answer
    const giveUpAt = row.createdAt.getTime() + WEBHOOK_RETRY.giveUpAfterMs;
    if (row.topic === PING_TOPIC || now.getTime() >= giveUpAt) return null;
    return new Date(Math.min(now.getTime() + webhookRetryDelayMs(row.attempts), giveUpAt));
  },
  write: async (db, where, mark, columns) => (await db.webhookDelivery.updateMany({ where, data: { ...columns, ...mark } })).count,
  done: 'DELIVERED',
  label: '[webhooks]',
  describe: (row) => `${row.topic} ${row.id} to endpoint ${row.endpointId}`,
};

/**
 * After a failed attempt: the endpoint's failing streak starts now unless it began earlier; after
 * WEBHOOK_RETRY.disableAfterMs of it the endpoint is switched off (true then).
 */
async function recordEndpointFailure(db: Db, row: DeliveryRow, apiTokenId: number, now: Date): Promise<boolean> {
  if (row.topic === PING_TOPIC) return false; // a test ping says nothing about the real deliveries
  await db.webhookEndpoint.updateMany({ where: { id: row.endpointId, failingSince: null }, data: { failingSince: now } });
  const { count } = await db.webhookEndpoint.updateMany({
    where: { id: row.endpointId, disabledAt: null, failingSince: { lte: new Date(now.getTime() - WEBHOOK_RETRY.disableAfterMs) } },
    data: { disabledAt: now },
  });
  if (count === 0) return false;
  await refreshDisabledFlag(db, apiTokenId);
  return true;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/** One attempt at a claimed delivery: signed, posted, and the endpoint's failing streak kept. */
async function deliverRow(deps: WebhookSenderDeps, row: DeliveryRow, now: Date, report: DeliverReport): Promise<Outcome<DeliveryColumns>> {
  const endpoint = await deps.db.webhookEndpoint.findUnique({ where: { id: row.endpointId }, select: { url: true, secret: true, apiTokenId: true } });
  if (!endpoint) return { giveUp: 'the endpoint was removed' };
  const body = row.body;
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = {
    'webhook-id': row.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(endpoint.secret, row.id, timestamp, body),
  };
  const post = deps.post ?? postWebhook;
  let httpStatus: number | null = null;
  let error: string;
  try {
    const answer = await post(endpoint.url, headers, body, {
      policy: deps.policy,
      timeoutMs: WEBHOOK_RETRY.timeoutMs,
      maxResponseBytes: WEBHOOK_RETRY.maxResponseBytes,
    });
    httpStatus = answer.status;
    if (answer.status >= 200 && answer.status < 300) {
      // the endpoint answers again: its failing streak ends (a test ping says nothing about the real deliveries)
      if (row.topic !== PING_TOPIC) {
        await deps.db.webhookEndpoint.updateMany({ where: { id: row.endpointId, failingSince: { not: null } }, data: { failingSince: null } });
      }
      deps.log.info(`[webhooks] ${row.topic} ${row.id} delivered to endpoint ${row.endpointId} (${answer.status})`);
      return { done: true, record: { deliveredAt: now, lastStatus: httpStatus } };
    }
    error = answer.status >= 300 && answer.status < 400 ? `HTTP ${answer.status}: redirects are not followed` : `HTTP ${answer.status}`;
  } catch (caught) {
    error = describe(caught);
  }
  if (await recordEndpointFailure(deps.db, row, endpoint.apiTokenId, now)) {
    report.disabledEndpoints += 1;
    deps.log.error(`[webhooks] endpoint ${row.endpointId} switched off after ${WEBHOOK_RETRY.disableAfterMs / HOUR} hours of failures`);
  }
  return { failed: error, record: { lastStatus: httpStatus } };
}

/** Sends every delivery that is due now, batch by batch; resolves with what was recorded. */
export async function deliverWebhooks(deps: WebhookSenderDeps, options: DeliverOptions = {}): Promise<DeliverReport> {
  const report: DeliverReport = { delivered: 0, retrying: 0, failed: 0, disabledEndpoints: 0 };
  const only = options.ids ? Prisma.sql`due."id" IN (${Prisma.join(options.ids)})` : undefined;
  const sent = await sendOutbox(deps.db, WEBHOOK_OUTBOX, (row, now) => deliverRow(deps, row, now, report), deps.log, { now: options.now, only });
  return { ...report, delivered: sent.done, retrying: sent.retrying, failed: sent.failed };
}
