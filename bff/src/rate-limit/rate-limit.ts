// Rate limits: fixed-window counters, kept in PostgreSQL (the RateLimit table) or, when REDIS_URL is
// set, in Redis, so that several shop instances count together. Every limit of the shop is in
// RATE_RULES below. A consume() counts first and answers after, in one atomic step, so parallel
// attempts (or aliased ones in one document) can never all see "still allowed".
// Infrastructure, not a service: services, resolvers, the HTTP guards and the captcha count through
// it, and it knows only the database and Redis (docs/decisions/0026-architecture-check.md).
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { closeRedisClient, createRedisClient, type RedisClient } from '../redis.ts';
import type { Db } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { silentLog, type LineLog } from '../log.ts';

export type RateRule = { name: string; limit: number; windowMs: number };

/** One count of consumeWithin: `points` against `rule` for the subject `key`. */
export type RateCount = { rule: RateRule; key: string; points: number };

export type RateLimitResult = {
  allowed: boolean;
  /** How many more points the window allows (0 when refused). */
  remaining: number;
  /** When refused: how long until the window ends; 0 when allowed. */
  retryAfterMs: number;
  /** How long until the window ends and its whole limit is available again, allowed or not. */
  resetAfterMs: number;
};

export interface RateLimiter {
  /**
   * Counts `points` (default 1) against the rule for this subject; allowed while the window's total is within the limit.
   * `within`: count inside this transaction, so a count of something the transaction then undoes (a refused
   * or rolled-back order) is undone with it. Such counts are always kept in the RateLimit table, with Redis
   * too: Redis cannot take part in the transaction (docs/decisions/0049).
   */
  consume(rule: RateRule, key: string, points?: number, within?: Prisma.TransactionClient): Promise<RateLimitResult>;
  /**
   * Several counts that commit or roll back with the caller's transaction `within`, as consume() with
   * `within` counts one, in one statement (an order counts five or more). Every count is made, allowed
   * or not; the results in the order of `counts`.
   */
  consumeWithin(counts: readonly RateCount[], within: Prisma.TransactionClient): Promise<RateLimitResult[]>;
  /** Forgets the subject's current window (e.g. the account's failures after a successful login). */
  reset(rule: RateRule, key: string): Promise<void>;
  /** Why the limits are counted in a fallback store now (Redis unreachable), or null; /ready reports it. */
  degraded(): string | null;
  close(): Promise<void>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Every limit the shop enforces. Keys: the normalised e-mail for "account" rules, ipKey() for "ip" rules. */
export const RATE_RULES = {
  /** Login attempts per account; a successful login resets it, so in effect it counts failures (A4). */
  loginPerAccount: { name: 'login-account', limit: 10, windowMs: 15 * MINUTE },
  /** The growing delay: checked passwords per account over 6 hours; past 30 the wait is the rest of those hours. */
  loginPerAccountLong: { name: 'login-account-long', limit: 30, windowMs: 6 * HOUR },
  /**
   * A locked account's owner gets through with a solved captcha (issue 31): such attempts count per
   * account and client address, so one who locked the account from elsewhere cannot lock her out, ...
   */
  loginLockedPerAccountAndIp: { name: 'login-locked-account-ip', limit: 10, windowMs: 15 * MINUTE },
  /** ... and per account from everywhere, so brute force with solved captchas stays bounded (A4). */
  loginLockedPerAccount: { name: 'login-locked-account', limit: 50, windowMs: 6 * HOUR },
  /**
   * New carts per client address (services/cart.ts limitNewCarts): a shopper starts one per order, a NAT of a few
   * hundred people well under this; a script filling the Cart table is stopped (docs/decisions/0004).
   */
  newCartPerIp: { name: 'new-cart-ip', limit: 200, windowMs: HOUR },
  /**
   * New sessions per client address (app.ts, /api/csrf-cookie, where a browser's session begins): a
   * visitor starts one, a NAT of a few hundred shoppers stays under this; a script filling the
   * Session table is refused with 429 and no session is stored (docs/decisions/0004).
   */
  newSessionPerIp: { name: 'new-session-ip', limit: 300, windowMs: HOUR },
  /** Login attempts per client address, successful ones included (they do not reset it). */
  loginPerIp: { name: 'login-ip', limit: 30, windowMs: 15 * MINUTE },
  passwordResetPerAccount: { name: 'password-reset-account', limit: 5, windowMs: HOUR },
  passwordResetPerIp: { name: 'password-reset-ip', limit: 20, windowMs: HOUR },
  registrationPerIp: { name: 'registration-ip', limit: 10, windowMs: HOUR },
  newsletterPerIp: { name: 'newsletter-ip', limit: 10, windowMs: HOUR },
  voucherCheckPerIp: { name: 'voucher-check-ip', limit: 20, windowMs: 10 * MINUTE },
  /** Voucher checks and applications an address may make without a captcha; further ones in the window need one (issues 11, 31). */
  voucherCheckWithoutCaptcha: { name: 'voucher-check-free-ip', limit: 3, windowMs: 10 * MINUTE },
  /** Cookie consent choices recorded per client address (the consent log, services/consent.ts). */
  consentPerIp: { name: 'consent-ip', limit: 30, windowMs: 15 * MINUTE },
  /** "Watch availability" requests (services/availability-watch.ts): per client address, and per e-mail watched. */
  availabilityWatchPerIp: { name: 'availability-watch-ip', limit: 20, windowMs: HOUR },
  availabilityWatchPerEmail: { name: 'availability-watch-email', limit: 10, windowMs: HOUR },
  /** Company registry (ARES) lookups per customer: the registry is someone else's service. */
  companyLookupPerCustomer: { name: 'company-lookup-customer', limit: 30, windowMs: 10 * MINUTE },
  /** Return protocols sent per client address (services/returns.ts): also keeps order numbers from being probed. */
  returnProtocolPerIp: { name: 'return-protocol-ip', limit: 10, windowMs: HOUR },
  /** A guest's withdrawal declarations per client address (services/withdrawals.ts): each sends a confirmation link. */
  withdrawalPerIp: { name: 'withdrawal-ip', limit: 10, windowMs: HOUR },
  /**
   * Orders placed (services/orders.ts, counted inside the order's transaction, so a refused order
   * counts nothing): per client address, per session and per order e-mail. A household places 2–3
   * orders in an hour; hoarding stock with unpaid orders takes many (issue 31).
   */
  orderPerIp: { name: 'order-ip', limit: 10, windowMs: HOUR },
  orderPerSession: { name: 'order-session', limit: 5, windowMs: HOUR },
  orderPerEmail: { name: 'order-email', limit: 5, windowMs: HOUR },
  /** Orders an address may place without a captcha; further ones in the window need one. */
  orderWithoutCaptcha: { name: 'order-free-ip', limit: 1, windowMs: HOUR },
  /**
   * Pieces of one variant ordered per client address (key: ipKey and the variant's id; points: the
   * quantity): an unpaid bank-transfer order keeps its stock for the payment days, so the window is as
   * long; a script could otherwise take a product's whole stock in seconds (issue 40).
   */
  orderPiecesPerVariantIp: { name: 'order-pieces-variant-ip', limit: 30, windowMs: 7 * 24 * HOUR },
  /**
   * Order confirmation links sent to a checkout without JavaScript (services/order-confirmations.ts):
   * each holds goods and sends an e-mail, so few per address and per order e-mail.
   */
  orderConfirmationPerIp: { name: 'order-confirmation-ip', limit: 5, windowMs: HOUR },
  orderConfirmationPerEmail: { name: 'order-confirmation-email', limit: 3, windowMs: HOUR },
  /** Requests per partner token and minute; the token's own setting, 120 unless set otherwise. */
  partnerToken: (perMinute = 120): RateRule => ({ name: 'partner-token', limit: perMinute, windowMs: MINUTE }),
  /** Anonymous requests of the public explorer (GRAPHIQL_PUBLIC) per client address: a token's default rate. */
  publicExplorerPerIp: { name: 'public-explorer-ip', limit: 120, windowMs: MINUTE },
} as const satisfies Record<string, RateRule | ((perMinute?: number) => RateRule)>;

/**
 * Whom a per-client bound counts (held seats, new carts, open event streams): a partner's API token
 * (`token:<id>`), else the client's address as ipKey() groups it (`address:<ip>`, IPv6 by its /64).
 * Not the session: a script gets a new one for free.
 */
export function clientKey(client: { partner?: { tokenId: number | null } | null; clientIp: string }): string {
  const tokenId = client.partner?.tokenId;
  return tokenId !== undefined && tokenId !== null ? `token:${tokenId}` : `address:${ipKey(client.clientIp)}`;
}

/**
 * The subject key for a per-IP rule. IPv4-mapped IPv6 addresses count as the IPv4 address; other IPv6
 * addresses count by their /64 network, because one client usually holds a whole /64.
 */
export function ipKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * What is stored: the rule's name and a SHA-256 of the subject, so the store never holds an e-mail
 * address, an IP address or anything a caller passed in by mistake (a password) in clear.
 */
function storageKey(prefix: string, rule: RateRule, key: string): string {
  const digest = createHash('sha256').update(rule.name).update('\0').update(key).digest('base64url');
  return `${prefix}${rule.name}:${digest}`;
}

function result(rule: RateRule, count: number, ttlMs: number): RateLimitResult {
  const allowed = count <= rule.limit;
  return {
    allowed,
    remaining: allowed ? rule.limit - count : 0,
    retryAfterMs: allowed ? 0 : Math.max(1, Math.ceil(ttlMs)),
    resetAfterMs: Math.max(0, Math.ceil(ttlMs)),
  };
}

function checkArguments(rule: RateRule, points: number): void {
  if (!Number.isInteger(points) || points < 0) throw new RangeError(`rate limit points must be a whole number ≥ 0, got ${points}`);
  if (!Number.isInteger(rule.windowMs) || rule.windowMs < 1) throw new RangeError(`rule ${rule.name} needs a window of at least 1 ms`);
}

/** Counters in the RateLimit table; the database's clock decides the windows, so every instance agrees. */
export class PostgresRateLimiter implements RateLimiter {
  constructor(
    private readonly prisma: Db,
    private readonly keyPrefix = '',
  ) {}

  async consume(rule: RateRule, key: string, points = 1, within?: Prisma.TransactionClient): Promise<RateLimitResult> {
    checkArguments(rule, points);
    const db = within ?? this.prisma;
    // One statement: a new row, or the next count of the current window, or a new window when the
    // stored one has ended. Concurrent consumes of one key queue on the row lock, each sees its own count.
    const rows = await db.$queryRaw<{ count: number; ttlMs: number }[]>`
      INSERT INTO "RateLimit" ("key", "count", "expiresAt")
      VALUES (${storageKey(this.keyPrefix, rule, key)}, ${points}::int, now() + ${rule.windowMs}::int * interval '1 millisecond')
      ON CONFLICT ("key") DO UPDATE SET
        "count" = CASE WHEN "RateLimit"."expiresAt" <= now() THEN EXCLUDED."count" ELSE "RateLimit"."count" + EXCLUDED."count" END,
        "expiresAt" = CASE WHEN "RateLimit"."expiresAt" <= now() THEN EXCLUDED."expiresAt" ELSE "RateLimit"."expiresAt" END
      RETURNING "count", (extract(epoch FROM "expiresAt" - now()) * 1000)::float8 AS "ttlMs"`;
    return result(rule, rows[0].count, rows[0].ttlMs);
  }

  async consumeWithin(counts: readonly RateCount[], within: Prisma.TransactionClient): Promise<RateLimitResult[]> {
    for (const { rule, points } of counts) checkArguments(rule, points);
    // one row per stored key (a statement may not update a row twice): the points of a key given twice add up
    const rows = new Map<string, { points: number; windowMs: number }>();
    const keys = counts.map(({ rule, key, points }) => {
      const stored = storageKey(this.keyPrefix, rule, key);
      const row = rows.get(stored);
      rows.set(stored, { points: (row?.points ?? 0) + points, windowMs: row?.windowMs ?? rule.windowMs });
      return stored;
    });
    if (rows.size === 0) return [];
    const answered = await within.$queryRaw<{ key: string; count: number; ttlMs: number }[]>`
      INSERT INTO "RateLimit" ("key", "count", "expiresAt")
      SELECT counted.key, counted.points, now() + counted.window_ms * interval '1 millisecond'
      FROM unnest(${[...rows.keys()]}::text[], ${[...rows.values()].map((row) => row.points)}::int[], ${[...rows.values()].map((row) => row.windowMs)}::int[])
        AS counted(key, points, window_ms)
      ON CONFLICT ("key") DO UPDATE SET
        "count" = CASE WHEN "RateLimit"."expiresAt" <= now() THEN EXCLUDED."count" ELSE "RateLimit"."count" + EXCLUDED."count" END,
        "expiresAt" = CASE WHEN "RateLimit"."expiresAt" <= now() THEN EXCLUDED."expiresAt" ELSE "RateLimit"."expiresAt" END
      RETURNING "key", "count", (extract(epoch FROM "expiresAt" - now()) * 1000)::float8 AS "ttlMs"`;
    const byKey = new Map(answered.map((row) => [row.key, row]));
    return counts.map(({ rule }, index) => {
      const row = byKey.get(keys[index])!;
      return result(rule, row.count, row.ttlMs);
    });
  }

  async reset(rule: RateRule, key: string): Promise<void> {
    await this.prisma.$executeRaw`DELETE FROM "RateLimit" WHERE "key" = ${storageKey(this.keyPrefix, rule, key)}`;
  }

  /** Deletes the rows whose window has ended; returns how many. */
  prune(): Promise<number> {
    return pruneExpiredRateLimits(this.prisma);
  }

  degraded(): null {
    return null;
  }

  async close(): Promise<void> {
    // nothing of its own to close: the pruning of its table is a job (jobs/rate-limit-pruning.ts)
  }
}

/**
 * Deletes the database's counters whose window has ended; returns how many. Expired rows are harmless
 * (the next consume restarts their window) but would pile up: the rate-limit pruning job
 * (jobs/rate-limit-pruning.ts) runs this.
 */
export async function pruneExpiredRateLimits(prisma: Db): Promise<number> {
  return prisma.$executeRaw`DELETE FROM "RateLimit" WHERE "expiresAt" <= now()`;
}

/**
 * How long a Redis command may take before it counts as unanswered and the fallback counts instead.
 * Not a fraction of a second: under load a reply (or this process's turn to read it) takes that long
 * now and then, and each such reply counted in the database split the windows between the stores
 * (issue 40, item 16).
 */
export const REDIS_TIMEOUT_MS = 2000;
/** Unanswered commands in a row after which Redis is taken for unreachable, until it answers a PING. */
export const REDIS_UNANSWERED_IN_A_ROW = 3;
/** While Redis is taken for unreachable, how often a request asks it (PING) whether it is back. */
const REDIS_PROBE_EVERY_MS = 1000;
/** How long requests right after the start wait for the first connection to Redis. */
const FIRST_CONNECTION_MS = 2000;

/** The promise's outcome, or an error once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number, text = 'Redis for the rate limits is not reachable'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(text)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Counters in Redis (7.0 or later, for PEXPIRE NX): INCRBY and PEXPIRE NX in one MULTI, so a new
 * window gets its expiry together with its first count and a running one keeps its end.
 * When Redis cannot be reached, the attempt is counted in the fallback store instead (the shop's: the
 * RateLimit table, which instances share), never let through uncounted; without a fallback consume()
 * fails (the request gets the masked internal error). Redis cannot be reached while its connection is
 * down, or once REDIS_UNANSWERED_IN_A_ROW commands in a row went unanswered for REDIS_TIMEOUT_MS (until
 * it answers a PING); one slow reply is still its answer.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly client: RedisClient;
  private readonly connecting: Promise<unknown>;
  private lastErrorLog = 0;
  /** Whether the first connection attempt has ended (after it, a disconnected client means "go to the fallback"). */
  private settled = false;
  /** Commands in a row that Redis did not answer in time (0 after any answer). */
  private unanswered = 0;
  private lastProbe = 0;

  constructor(
    url: string,
    private readonly keyPrefix = 'shop:rl:',
    private readonly fallback: RateLimiter | null = null,
    private readonly log: LineLog = silentLog,
  ) {
    this.client = createRedisClient({
      url,
      // fail fast while disconnected instead of queueing requests behind a dead connection
      disableOfflineQueue: true,
      socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000) },
    });
    // the client reconnects by itself
    this.client.on('error', (error: Error) => this.logError(error));
    this.connecting = this.client.connect().finally(() => (this.settled = true));
    this.connecting.catch(() => undefined);
    // requests wait for the first connection at most this long; then, while it is not up, the fallback counts
    setTimeout(() => (this.settled = true), FIRST_CONNECTION_MS).unref();
  }

  /** Whether Redis is taken for unreachable although connected: it left several commands in a row unanswered. */
  private unresponsive(): boolean {
    return this.unanswered >= REDIS_UNANSWERED_IN_A_ROW;
  }

  /** A Redis command, given up after REDIS_TIMEOUT_MS; right after the start it waits for the first connection. */
  private async command<T>(run: () => Promise<T>): Promise<T> {
    if (!this.client.isReady) {
      if (this.settled) throw new Error('Redis for the rate limits is not reachable');
      await within(this.connecting, FIRST_CONNECTION_MS);
    }
    if (this.unresponsive()) {
      this.probe();
      throw new Error(`Redis for the rate limits left ${this.unanswered} commands in a row unanswered`);
    }
    try {
      const answer = await within(run(), REDIS_TIMEOUT_MS, `Redis for the rate limits did not answer within ${REDIS_TIMEOUT_MS} ms`);
      this.unanswered = 0;
      return answer;
    } catch (error) {
      this.unanswered += 1;
      throw error;
    }
  }

  /** While Redis is taken for unreachable: a PING now and then, and its answer brings the counts back to Redis. */
  private probe(): void {
    if (Date.now() - this.lastProbe < REDIS_PROBE_EVERY_MS) return;
    this.lastProbe = Date.now();
    within(this.client.ping(), REDIS_TIMEOUT_MS).then(
      () => (this.unanswered = 0),
      () => undefined,
    );
  }

  /** Redis's answer, or the fallback's when Redis does not answer (an error without a fallback). */
  private async orFallback<T>(run: () => Promise<T>, fallback: (store: RateLimiter) => Promise<T>): Promise<T> {
    try {
      return await this.command(run);
    } catch (error) {
      if (!this.fallback) throw error;
      this.logError(error as Error);
      return fallback(this.fallback);
    }
  }

  private logError(error: Error): void {
    // one line every 30 s is enough (the URL may hold a password: not logged)
    if (Date.now() - this.lastErrorLog > 30_000) {
      this.lastErrorLog = Date.now();
      this.log.error(`[rate-limit] Redis: ${error.message}${this.fallback ? '; counting in the database meanwhile' : ''}`);
    }
  }

  async consume(rule: RateRule, key: string, points = 1, within?: Prisma.TransactionClient): Promise<RateLimitResult> {
    checkArguments(rule, points);
    // a count that must commit or roll back with the caller's transaction (an order's limits) goes to
    // the shared RateLimit table: counted in Redis at once, an order that then failed (refused, rolled
    // back, or its instance killed) still used up the address's captcha-free order
    if (within && this.fallback) return this.fallback.consume(rule, key, points, within);
    const redisKey = storageKey(this.keyPrefix, rule, key);
    return this.orFallback(
      async () => {
        const [count, , ttl] = (await this.client
          .multi()
          .incrBy(redisKey, points)
          .pExpire(redisKey, rule.windowMs, 'NX')
          .pTTL(redisKey)
          .exec()) as unknown as [number, number, number];
        // ttl is -1 only if the key somehow lost its expiry: treat it as a fresh window
        return result(rule, Number(count), Number(ttl) >= 0 ? Number(ttl) : rule.windowMs);
      },
      (store) => store.consume(rule, key, points),
    );
  }

  async consumeWithin(counts: readonly RateCount[], within: Prisma.TransactionClient): Promise<RateLimitResult[]> {
    // in the shared RateLimit table, as consume() with `within` (Redis cannot roll back with the transaction)
    if (this.fallback) return this.fallback.consumeWithin(counts, within);
    const results: RateLimitResult[] = [];
    for (const { rule, key, points } of counts) results.push(await this.consume(rule, key, points, within));
    return results;
  }

  async reset(rule: RateRule, key: string): Promise<void> {
    await this.orFallback(
      async () => void (await this.client.del(storageKey(this.keyPrefix, rule, key))),
      (store) => store.reset(rule, key),
    );
  }

  degraded(): string | null {
    return this.client.isReady && !this.unresponsive() ? null : 'Redis is unreachable: rate limits are counted in the database';
  }

  async close(): Promise<void> {
    await this.fallback?.close();
    await closeRedisClient(this.client);
  }
}

export function createRateLimiter(options: { prisma: Db; redisUrl: string | null; keyPrefix?: string; log?: LineLog }): RateLimiter {
  const database = new PostgresRateLimiter(options.prisma, options.keyPrefix);
  // while Redis is away, attempts are counted in the database (shared by the instances), never let through
  return options.redisUrl ? new RedisRateLimiter(options.redisUrl, options.keyPrefix, database, options.log) : database;
}

/** The limiter, telling `refused` the rule of every refused consume() (the metrics count them by name). */
export function reportingRefusals(limiter: RateLimiter, refused: (rule: RateRule) => void): RateLimiter {
  return {
    async consume(rule, key, points, within) {
      const outcome = await limiter.consume(rule, key, points, within);
      if (!outcome.allowed) refused(rule);
      return outcome;
    },
    async consumeWithin(counts, within) {
      const outcomes = await limiter.consumeWithin(counts, within);
      outcomes.forEach((outcome, index) => outcome.allowed || refused(counts[index].rule));
      return outcomes;
    },
    reset: (rule, key) => limiter.reset(rule, key),
    degraded: () => limiter.degraded(),
    close: () => limiter.close(),
  };
}
