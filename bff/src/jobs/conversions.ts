// The conversion sender (issue 44 section 2, docs/decisions/0076): Heureka's "Ověřeno zákazníky" order
// log and Zboží's backend conversion, from the outbox placeOrder writes (services/conversions.ts), on
// the one outbox mechanism (outbox.ts): claimed with FOR UPDATE SKIP LOCKED, leased, marked once.
//
// An answer 2xx is done. No answer (refused, timed out) and 408, 425, 429 or 5xx are retried on
// CONVERSION_RETRY's schedule for a day; any other 4xx (400 bad data, 401 unknown key, 415 wrong media
// type) would fail again the same way, so the call is given up at once and logged for the owner.
// Runs every CONVERSION_INTERVAL_MS and soon after an order of this instance (app.ts kicks it); not
// at all without a key.
import type { ConversionSettings } from '../config.ts';
import type { Db } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { heurekaOrderLogBody, loadConversionOrder, serverChannels, zboziConversionBody, type ConversionChannel } from '../services/conversions.ts';
import { startBackgroundLoop, type BackgroundLoop } from './background-loop.ts';
import { sendOutbox, type ClaimedRow, type OutboxLog, type OutboxReport, type OutboxTable, type Outcome } from './outbox.ts';

const HOUR = 3600_000;

export const CONVERSION_RETRY = {
  /** The wait after the 1st, 2nd … failed attempt; the last repeats. */
  delaysMs: [30_000, 2 * 60_000, 10 * 60_000, HOUR, 3 * HOUR, 6 * HOUR],
  /** A call is retried until it is this old, then given up. */
  giveUpAfterMs: 24 * HOUR,
  leaseMs: 60_000,
  renewEveryMs: 15_000,
  markRetryMs: 200,
  outageRetryMs: 5_000,
  batchSize: 10,
  /** At most this much of an answer is read (for the log). */
  maxResponseBytes: 4096,
};

type DeliveryRow = ClaimedRow & { id: number; orderId: number; channel: ConversionChannel };
type DeliveryColumns = { sentAt: Date; lastStatus: number | null };

export const CONVERSION_OUTBOX: OutboxTable<DeliveryRow, 'SENT', DeliveryColumns> = {
  table: 'ConversionDelivery',
  columns: Prisma.sql`claimed."orderId", claimed."channel"::text AS "channel"`,
  order: ['createdAt', 'id'],
  eligible: Prisma.empty,
  timings: CONVERSION_RETRY,
  retryAt(row, now) {
    const giveUpAt = row.createdAt.getTime() + CONVERSION_RETRY.giveUpAfterMs;
    if (now.getTime() >= giveUpAt) return null;
    const delays = CONVERSION_RETRY.delaysMs;
    const delay = delays[Math.min(Math.max(row.attempts, 1), delays.length) - 1];
    return new Date(Math.min(now.getTime() + delay, giveUpAt));
  },
  write: async (db, where, mark, columns) => (await db.conversionDelivery.updateMany({ where, data: { ...columns, ...mark } })).count,
  done: 'SENT',
  label: '[conversions]',
  describe: (row) => `${row.channel} of order ${row.orderId}`,
};

export type ConversionSenderDeps = { db: Db; settings: ConversionSettings; log: OutboxLog };

/** A status worth trying again: the server's trouble or a limit, not the request's fault. */
function retryable(status: number): boolean {
  return status >= 500 || status === 408 || status === 425 || status === 429;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'no answer in time';
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ? `${cause.code}: ${cause.message ?? error.message}` : error.message;
  }
  return String(error);
}

/** The request of a row: where to, and the body with the key (never logged). */
function requestOf(settings: ConversionSettings, channel: ConversionChannel, order: NonNullable<Awaited<ReturnType<typeof loadConversionOrder>>>) {
  if (channel === 'HEUREKA_ORDER_LOG') {
    if (!settings.heurekaVerifiedKey) return null;
    return { url: settings.heurekaOrderLogUrl, body: heurekaOrderLogBody(order, settings.heurekaVerifiedKey) };
  }
  if (!settings.zboziShopId || !settings.zboziPrivateKey) return null;
  const url = settings.zboziConversionUrl.replaceAll('{shopId}', encodeURIComponent(settings.zboziShopId));
  return { url, body: zboziConversionBody(order, settings.zboziPrivateKey, settings.zboziSandbox) };
}

async function sendRow(deps: ConversionSenderDeps, row: DeliveryRow, signal?: AbortSignal): Promise<Outcome<DeliveryColumns>> {
  const order = await loadConversionOrder(deps.db, row.orderId);
  if (!order) return { giveUp: 'the order is gone' };
  const request = requestOf(deps.settings, row.channel, order);
  if (!request) return { giveUp: 'its key is no longer set' };
  let status: number;
  let answer: string;
  try {
    const timeout = AbortSignal.timeout(deps.settings.timeoutMs);
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request.body),
      redirect: 'manual',
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
    });
    status = response.status;
    answer = (await response.text()).slice(0, CONVERSION_RETRY.maxResponseBytes).replace(/\s+/g, ' ');
  } catch (error) {
    return { failed: describe(error), record: { lastStatus: null } };
  }
  if (status >= 200 && status < 300) {
    deps.log.info(`[conversions] ${row.channel} of order ${order.number} sent (${status})`);
    return { done: true, record: { sentAt: new Date(), lastStatus: status } };
  }
  const error = `HTTP ${status}${answer ? `: ${answer.slice(0, 300)}` : ''}`;
  return retryable(status) ? { failed: error, record: { lastStatus: status } } : { giveUp: error, record: { lastStatus: status } };
}

/** Sends every call that is due now; resolves with what was recorded. */
export function sendConversions(deps: ConversionSenderDeps, options: { now?: Date; signal?: AbortSignal } = {}): Promise<OutboxReport> {
  return sendOutbox(deps.db, CONVERSION_OUTBOX, (row) => sendRow(deps, row, options.signal), deps.log, { now: options.now });
}

export type ConversionSender = BackgroundLoop & {
  /** Sends what is due now and resolves when done (tests). */
  sendNow: (options?: { now?: Date }) => Promise<OutboxReport>;
};

/** Null without a server-side key: nothing is ever written to the outbox then. */
export function startConversionsJob(deps: ConversionSenderDeps): ConversionSender | null {
  if (serverChannels(deps.settings).length === 0) return null;
  const loop = startBackgroundLoop({
    round: (signal) => sendConversions(deps, { signal }),
    intervalMs: deps.settings.intervalMs,
    retry: { afterMs: 5_000 },
    failure: '[conversions] sending failed',
    log: deps.log,
  });
  return { ...loop, sendNow: (options) => sendConversions(deps, options) };
}
