// Whether an error means the database cannot be reached right now (restarting, failing over, out of
// connections), as opposed to a mistake in what was asked: the API answers such a failure with 503
// and a retry hint (http/server-errors.ts), the mail sender tries again soon without counting it as
// an attempt (mail/sender.ts).

/** PostgreSQL's codes of a lost or refused connection: class 08, shutdown or start-up (57P0x), too many clients. */
const OUTAGE_SQLSTATES = /^(08...|57P0[1-3]|53300)$/;
const OUTAGE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'P1001', 'P1002', 'P1008', 'P1017']);
const OUTAGE_MESSAGES =
  /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Connection ended unexpectedly|not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)|Can't reach database server|Server has closed the connection|is not queryable/i;
const OUTAGE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections', 'DatabaseDoesNotExist']);

/**
 * Whether the error (or one of its causes) says the database cannot be reached now. Prisma puts the
 * driver's error under `meta.driverAdapterError` (e.g. P2039 around PostgreSQL's 57P01 when a backend
 * is terminated), not under `cause`, and GraphQL puts a resolver's error under `originalError`: all
 * three are followed. (Without the last, a resolver's 57P01 was "Unexpected error.", and its page a
 * 500, whenever the message did not happen to name the outage: issue 40, item 9.)
 */
export function isDatabaseOutage(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 12; seen++) {
    const current = pending.shift();
    if (!current || typeof current !== 'object') continue;
    const { code, kind, originalCode, message: text, cause, meta, originalError } = current as {
      code?: unknown;
      kind?: unknown;
      originalCode?: unknown;
      message?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
      originalError?: unknown;
    };
    if (typeof code === 'string' && (OUTAGE_CODES.has(code) || OUTAGE_SQLSTATES.test(code))) return true;
    if (typeof originalCode === 'string' && OUTAGE_SQLSTATES.test(originalCode)) return true;
    if (typeof kind === 'string' && OUTAGE_KINDS.has(kind)) return true;
    if (typeof text === 'string' && OUTAGE_MESSAGES.test(text)) return true;
    pending.push(cause, meta?.driverAdapterError, originalError);
  }
  return false;
}
