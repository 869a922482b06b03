// The rate limiter itself, on both stores: the RateLimit table (PGlite or the PostgreSQL server) and
// Redis (TEST_REDIS_URL, by default the local one). Windows are short here; the shop's real rules
// are only checked for being sane.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { loadConfig } from '../../bff/src/config.ts';
import {
  PostgresRateLimiter,
  RATE_RULES,
  REDIS_TIMEOUT_MS,
  REDIS_UNANSWERED_IN_A_ROW,
  RedisRateLimiter,
  createRateLimiter,
  ipKey,
  type RateCount,
  type RateLimiter,
  type RateRule,
} from '../../bff/src/rate-limit/rate-limit.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// parallel runs of this file (PGlite and PostgreSQL) share the Redis server: keep their keys apart
const RUN = `test:${randomUUID()}:`;

let app: TestApp;
let redis: ReturnType<typeof createClient>;
const limiters: RateLimiter[] = [];

beforeAll(async () => {
  app = await createTestApp();
  redis = createClient({ url: REDIS_URL });
  await redis.connect();
});

afterAll(async () => {
  await Promise.all(limiters.map((limiter) => limiter.close()));
  if (redis?.isOpen) {
    const keys = await redis.keys(`${RUN}*`);
    if (keys.length > 0) await redis.del(keys);
    await redis.close();
  }
  await app?.close();
});

let ruleNumber = 0;
/** A rule of its own for each test, so tests never share a counter. */
function rule(limit: number, windowMs = 60_000): RateRule {
  ruleNumber += 1;
  return { name: `rule-${ruleNumber}`, limit, windowMs };
}

const stores: [string, () => RateLimiter][] = [
  [`PostgreSQL (${databaseKind})`, () => new PostgresRateLimiter(app.prisma, RUN)],
  ['Redis', () => new RedisRateLimiter(REDIS_URL, RUN)],
];

describe.each(stores)('rate limiter on %s', (_name, create) => {
  let limiter: RateLimiter;
  beforeAll(() => {
    limiter = create();
    limiters.push(limiter);
  });

  it('allows the limit within a window, then refuses with the time left', async () => {
    const limited = rule(3);
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await limiter.consume(limited, 'subject'));
    expect(answers.map((answer) => [answer.allowed, answer.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
      [false, 0],
    ]);
    expect(answers.slice(0, 3).every((answer) => answer.retryAfterMs === 0)).toBe(true);
    expect(answers[3].retryAfterMs).toBeGreaterThan(50_000);
    expect(answers[3].retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('counts each subject and each rule on its own', async () => {
    const first = rule(1);
    const second = rule(1);
    expect((await limiter.consume(first, 'a')).allowed).toBe(true);
    expect((await limiter.consume(first, 'a')).allowed).toBe(false);
    expect((await limiter.consume(first, 'b')).allowed).toBe(true);
    expect((await limiter.consume(second, 'a')).allowed).toBe(true);
  });

  it('counts points, and 0 points only reads the window', async () => {
    const limited = rule(10);
    expect(await limiter.consume(limited, 'x', 4)).toMatchObject({ allowed: true, remaining: 6 });
    expect(await limiter.consume(limited, 'x', 0)).toMatchObject({ allowed: true, remaining: 6 });
    expect(await limiter.consume(limited, 'x', 6)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await limiter.consume(limited, 'x', 1)).toMatchObject({ allowed: false, remaining: 0 });
    await expect(limiter.consume(limited, 'x', -1)).rejects.toThrow(RangeError);
  });

  it('reset starts the subject afresh', async () => {
    const limited = rule(2);
    await limiter.consume(limited, 'jana@example.cz');
    await limiter.consume(limited, 'jana@example.cz');
    expect((await limiter.consume(limited, 'jana@example.cz')).allowed).toBe(false);
    await limiter.reset(limited, 'jana@example.cz');
    expect(await limiter.consume(limited, 'jana@example.cz')).toMatchObject({ allowed: true, remaining: 1 });
    await limiter.reset(limited, 'never-counted');
  });

  it('a window ends by itself and the next one starts empty', async () => {
    const short = rule(2, 300);
    await limiter.consume(short, 'k');
    await limiter.consume(short, 'k');
    const refused = await limiter.consume(short, 'k');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(300);
    await sleep(refused.retryAfterMs + 50);
    expect(await limiter.consume(short, 'k')).toMatchObject({ allowed: true, remaining: 1 });
    // the new window is a whole one again
    expect((await limiter.consume(short, 'k')).allowed).toBe(true);
    expect((await limiter.consume(short, 'k')).allowed).toBe(false);
  });

  it('50 parallel attempts against a limit of 10: exactly 10 are allowed', async () => {
    const limited = rule(10);
    const answers = await Promise.all(Array.from({ length: 50 }, () => limiter.consume(limited, 'racer')));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(10);
    expect(answers.filter((answer) => answer.allowed).map((answer) => answer.remaining).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });

  it('two instances on the same store count together', async () => {
    const other = create();
    limiters.push(other);
    const limited = rule(4);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? limiter : other).consume(limited, 'shared')),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(4);
  });
});

describe('counts within a transaction (consumeWithin)', () => {
  const withinStores: [string, () => RateLimiter][] = [
    [`PostgreSQL (${databaseKind})`, () => new PostgresRateLimiter(app.prisma, RUN)],
    // Redis cannot roll back with the transaction: such counts go to its database fallback
    ['Redis with the database beside it', () => new RedisRateLimiter(REDIS_URL, RUN, new PostgresRateLimiter(app.prisma, RUN))],
  ];

  it.each(withinStores)('%s: several counts in one statement, each answered as one count would be, a key given twice adding up', async (_name, create) => {
    const limiter = create();
    limiters.push(limiter);
    const counted = (counts: RateCount[]) => app.prisma.$transaction((tx) => limiter.consumeWithin(counts, tx));
    const [orders, pieces] = [rule(2), rule(5)];
    await counted([{ rule: orders, key: 'a', points: 1 }]);
    app.queries.length = 0;
    const results = await counted([
      { rule: orders, key: 'a', points: 1 },
      { rule: pieces, key: 'a 1', points: 3 },
      { rule: orders, key: 'b', points: 1 },
      { rule: pieces, key: 'a 1', points: 3 },
    ]);
    expect(app.queries.filter((sql) => sql.includes('"RateLimit"'))).toHaveLength(1);
    expect(results.map((result) => [result.allowed, result.remaining])).toEqual([
      [true, 0],
      [false, 0],
      [true, 1],
      [false, 0],
    ]);
    expect(results[1].retryAfterMs).toBeGreaterThan(0);
    // the counters stay: the first subject's window is full, the other's has one left, the pieces are over
    const after = await counted([
      { rule: orders, key: 'a', points: 0 },
      { rule: orders, key: 'b', points: 0 },
      { rule: pieces, key: 'a 1', points: 0 },
    ]);
    expect(after.map((result) => [result.allowed, result.remaining])).toEqual([
      [true, 0],
      [true, 1],
      [false, 0],
    ]);
    // the table's, never Redis's: Redis cannot roll back with the transaction
    if (limiter instanceof RedisRateLimiter) expect(await redis.keys(`${RUN}${orders.name}:*`)).toEqual([]);
  });

  it.each(withinStores)('%s: rolled back with the transaction, nothing is counted', async (_name, create) => {
    const limiter = create();
    limiters.push(limiter);
    const limited = rule(1);
    await expect(
      app.prisma.$transaction(async (tx) => {
        await limiter.consumeWithin([{ rule: limited, key: 'x', points: 1 }], tx);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    const [left] = await app.prisma.$transaction((tx) => limiter.consumeWithin([{ rule: limited, key: 'x', points: 0 }], tx));
    expect(left.remaining).toBe(1);
    expect(await app.prisma.$transaction((tx) => limiter.consumeWithin([], tx))).toEqual([]);
  });
});

describe('what the stores keep', () => {
  it('PostgreSQL rows hold neither the e-mail nor the address, and expired rows are pruned', async () => {
    const limiter = new PostgresRateLimiter(app.prisma, RUN);
    limiters.push(limiter);
    const short = rule(5, 100);
    const long = rule(5);
    await limiter.consume(short, 'eva.svobodova@example.cz');
    await limiter.consume(long, '203.0.113.7');
    const rows = await app.prisma.rateLimit.findMany({ where: { key: { startsWith: RUN } } });
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.key).not.toMatch(/eva|example|203\.0/);
      expect(row.key).toMatch(new RegExp(`^${RUN}rule-\\d+:[\\w-]{43}$`));
    }
    await sleep(150);
    expect(await limiter.prune()).toBeGreaterThanOrEqual(1);
    const left = await app.prisma.rateLimit.findMany({ where: { key: { startsWith: RUN } } });
    expect(left.length).toBeGreaterThanOrEqual(1);
    expect(left.every((row) => row.expiresAt > new Date())).toBe(true);
  });

  it('Redis keys hold neither the e-mail nor the address and expire with their window', async () => {
    const limiter = new RedisRateLimiter(REDIS_URL, RUN);
    limiters.push(limiter);
    const limited = rule(5, 5000);
    await limiter.consume(limited, 'petr.dvorak@example.cz');
    const keys = await redis.keys(`${RUN}${limited.name}:*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toMatch(/petr|example/);
    const ttl = await redis.pTTL(keys[0]);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5000);
    // a later count keeps the window's end (PEXPIRE NX)
    await sleep(30);
    await limiter.consume(limited, 'petr.dvorak@example.cz');
    expect(await redis.pTTL(keys[0])).toBeLessThan(ttl);
  });

  it('createRateLimiter picks Redis when a URL is configured', async () => {
    const postgres = createRateLimiter({ prisma: app.prisma, redisUrl: null });
    const viaRedis = createRateLimiter({ prisma: app.prisma, redisUrl: REDIS_URL });
    limiters.push(postgres, viaRedis);
    expect(postgres).toBeInstanceOf(PostgresRateLimiter);
    expect(viaRedis).toBeInstanceOf(RedisRateLimiter);
  });

  it('an unreachable Redis refuses to answer within a bounded time instead of letting attempts through', async () => {
    const limiter = new RedisRateLimiter('redis://127.0.0.1:1', RUN);
    const started = Date.now();
    try {
      await expect(limiter.consume(rule(5), 'x')).rejects.toThrow(/not reachable/);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await limiter.close();
    }
  });
});

/** A free loopback port (nothing listens on it once this resolves). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls `condition` every 50 ms for at most `ms`; whether it became true. */
async function eventually(condition: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < ms; await sleep(50)) if (await condition()) return true;
  return condition();
}

/** A Redis server of this test's own (never the machine's shared one), on a loopback port. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const accepting = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
  if (!(await eventually(accepting, 5000))) throw new Error(`redis-server did not start on port ${port}`);
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

// Issue 31, finding 26: while Redis was down every voucher application failed ('Unexpected error.') or
// waited up to 5 s. The limits are counted in the database meanwhile (docs/decisions/0008), never skipped.
describe('while Redis is unreachable', () => {
  it('a Redis URL on a closed port: attempts are counted in the database at once, and refused over the limit', async () => {
    const limiter = createRateLimiter({ prisma: app.prisma, redisUrl: `redis://127.0.0.1:${await freePort()}`, keyPrefix: RUN });
    limiters.push(limiter);
    const limited = rule(3);
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      answers.push((await limiter.consume(limited, 'during-outage')).allowed);
      // the first also waits for the first connection attempt and the fallback's first statement
      expect(performance.now() - started).toBeLessThan(i === 0 ? 3000 : 1000);
    }
    expect(answers).toEqual([true, true, true, false, false]);
    expect(limiter.degraded()).toMatch(/Redis/);
  });

  it('Redis stopped mid-test: the limits go on in the database at once, and back in Redis once it returns', async () => {
    const port = await freePort();
    let server = await startRedis(port);
    const limiter = createRateLimiter({ prisma: app.prisma, redisUrl: `redis://127.0.0.1:${port}`, keyPrefix: RUN });
    limiters.push(limiter);
    const own = createClient({ url: `redis://127.0.0.1:${port}` });
    own.on('error', () => undefined);
    try {
      expect(await eventually(() => limiter.degraded() === null, 5000)).toBe(true);
      const limited = rule(3);
      expect((await limiter.consume(limited, 'mid-test')).allowed).toBe(true);
      await own.connect();
      expect(await own.keys(`${RUN}${limited.name}:*`)).toHaveLength(1);
      await own.close();

      await stopRedis(server);
      const answers = [];
      for (let i = 0; i < 5; i += 1) {
        const started = performance.now();
        answers.push((await limiter.consume(limited, 'mid-test')).allowed);
        expect(performance.now() - started).toBeLessThan(i === 0 ? 3000 : 1000);
      }
      // the database's window starts empty: 3 more, then refused
      expect(answers).toEqual([true, true, true, false, false]);
      expect(limiter.degraded()).toMatch(/Redis/);

      server = await startRedis(port);
      expect(await eventually(() => limiter.degraded() === null, 10_000)).toBe(true);
      expect((await limiter.consume(rule(3), 'after')).allowed).toBe(true);
      await own.connect();
      expect((await own.keys(`${RUN}*`)).length).toBeGreaterThan(0);
    } finally {
      if (own.isOpen) await own.close();
      await stopRedis(server);
    }
  });

  // Issue 40, item 16: under load a reply now and then took over the old 300 ms, and each such attempt
  // was counted in the database (its window there starting empty) while Redis ran on. Here Redis is
  // held still with CLIENT PAUSE, which delays every reply as long as asked.
  it('a slow reply is still Redis\'s: counted there, not in the database; only commands left unanswered in a row make it the database\'s, until Redis answers again', async () => {
    const port = await freePort();
    const server = await startRedis(port);
    const limiter = createRateLimiter({ prisma: app.prisma, redisUrl: `redis://127.0.0.1:${port}`, keyPrefix: RUN });
    limiters.push(limiter);
    const own = createClient({ url: `redis://127.0.0.1:${port}` });
    own.on('error', () => undefined);
    const counted = async (name: string) => {
      const keys = await own.keys(`${RUN}${name}:*`);
      return keys.length === 1 ? Number(await own.get(keys[0])) : 0;
    };
    const inDatabase = () => app.prisma.rateLimit.count({ where: { key: { startsWith: RUN } } });
    try {
      await own.connect();
      expect(await eventually(() => limiter.degraded() === null, 5000)).toBe(true);
      const databaseRows = await inDatabase();
      const slow = rule(10);
      expect((await limiter.consume(slow, 'slow')).allowed).toBe(true);
      await own.sendCommand(['CLIENT', 'PAUSE', '700', 'ALL']);
      const started = performance.now();
      const answers = await Promise.all([limiter.consume(slow, 'slow'), limiter.consume(slow, 'slow')]);
      const took = performance.now() - started;
      expect(answers.map((answer) => answer.remaining).sort()).toEqual([7, 8]);
      expect(await counted(slow.name)).toBe(3);
      expect(await inDatabase()).toBe(databaseRows);
      expect(took).toBeGreaterThan(500);
      expect(limiter.degraded()).toBeNull();

      // a Redis that answers nothing for long: the first attempts wait (bounded), then the database counts at once
      const stuck = rule(10);
      await own.sendCommand(['CLIENT', 'PAUSE', String(REDIS_TIMEOUT_MS * 2 + 3000), 'ALL']);
      const waited = [];
      for (let i = 0; i < REDIS_UNANSWERED_IN_A_ROW + 2; i += 1) {
        const t0 = performance.now();
        expect((await limiter.consume(stuck, 'stuck')).allowed).toBe(true);
        waited.push(performance.now() - t0);
      }
      expect(waited.slice(0, REDIS_UNANSWERED_IN_A_ROW).every((ms) => ms >= REDIS_TIMEOUT_MS - 50)).toBe(true);
      expect(waited.slice(REDIS_UNANSWERED_IN_A_ROW).every((ms) => ms < 1000)).toBe(true);
      expect(limiter.degraded()).toMatch(/Redis/);
      expect(await inDatabase()).toBeGreaterThan(databaseRows);
      // once it answers again, the counts go back to Redis
      expect(await eventually(async () => (await limiter.consume(rule(10), 'probe'), limiter.degraded() === null), 15_000)).toBe(true);
      const after = rule(10);
      await limiter.consume(after, 'after');
      expect(await counted(after.name)).toBe(1);
    } finally {
      if (own.isOpen) await own.close();
      await stopRedis(server);
    }
  }, 60_000);

  it('the shop with an unreachable Redis: /ready stays 200 and names Redis, voucher checks are answered at once', async () => {
    const shop = await createTestApp({ databaseUrl: app.databaseUrl, config: { redisUrl: `redis://127.0.0.1:${await freePort()}` } });
    try {
      const ready = await fetch(`${shop.url}/ready`);
      expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 200, body: { status: 'ready', degraded: { redis: expect.stringMatching(/Redis/) } } });
      const client = shop.newClient();
      // 3 checks, the captcha's free ones; the first warms the app up (session, first statements), the others are timed
      for (let i = 0; i < 3; i += 1) {
        const started = performance.now();
        const answer = await client.gql<{ checkVoucher: { __typename: string } }>('{ checkVoucher(code: "NEEXISTUJE") { __typename } }');
        expect(answer.errors).toBeUndefined();
        expect(answer.data?.checkVoucher.__typename).toBe('VoucherError');
        // with Redis's old 2 s wait per count, each check took over 4 s
        if (i > 0) expect(performance.now() - started).toBeLessThan(1500);
      }
    } finally {
      await shop.close();
    }
  });
});

describe('/ready and Redis (decision 0037)', () => {
  it('with READY_REQUIRES_REDIS=true, /ready answers 503 while the configured Redis does not answer, and 200 once it does', async () => {
    const port = await freePort();
    const shop = await createTestApp({ databaseUrl: app.databaseUrl, config: { redisUrl: `redis://127.0.0.1:${port}`, readyRequiresRedis: true } });
    let server: ChildProcess | undefined;
    try {
      const ready = await fetch(`${shop.url}/ready`);
      expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 503, body: { status: 'unavailable', redis: expect.stringMatching(/Redis/) } });
      // the shop itself serves on meanwhile (only the balancer is told)
      const answer = await shop.newClient().gql<{ checkVoucher: { __typename: string } }>('{ checkVoucher(code: "NEEXISTUJE") { __typename } }');
      expect([answer.status, answer.errors]).toEqual([200, undefined]);
      server = await startRedis(port);
      expect(await eventually(async () => (await fetch(`${shop.url}/ready`)).status === 200, 10_000)).toBe(true);
    } finally {
      await shop.close();
      if (server) await stopRedis(server);
    }
  });

  it('READY_REQUIRES_REDIS is off by default and read from the environment', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).readyRequiresRedis).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', READY_REQUIRES_REDIS: 'true' }).readyRequiresRedis).toBe(true);
  });
});

describe('the shop rules', () => {
  it('are in one place and sane', () => {
    expect(RATE_RULES.loginPerAccount).toEqual({ name: 'login-account', limit: 10, windowMs: 15 * 60_000 });
    expect(RATE_RULES.loginPerIp.limit).toBeGreaterThan(RATE_RULES.loginPerAccount.limit);
    expect(RATE_RULES.partnerToken()).toEqual({ name: 'partner-token', limit: 120, windowMs: 60_000 });
    expect(RATE_RULES.partnerToken(30).limit).toBe(30);
    const names = Object.values(RATE_RULES).map((value) => (typeof value === 'function' ? value().name : value.name));
    expect(new Set(names).size).toBe(names.length);
  });

  it('per-IP keys: IPv4 as it is, IPv4-mapped IPv6 as IPv4, other IPv6 by its /64 network', () => {
    expect(ipKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:db8:1:2::9')).toBe(ipKey('2001:0db8:0001:0002:ffff::1'));
    expect(ipKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
  });
});
