// Prometheus metrics (prom-client) at /metrics on the shop's own port, for the operator's scraper
// only: with METRICS_TOKEN set, a GET /metrics carrying `Authorization: Bearer <METRICS_TOKEN>` gets
// them; any other request to /metrics goes on to the app, which answers 404 as for any unknown path
// (docs/decisions/0036-logs-and-metrics.md). One registry per app: tests run many apps in one process.
//
// Labels have few values: a route is a pattern (http/request-log.ts), a GraphQL operation is named
// only when it is one of the web's persisted documents ("other" otherwise), a rate limit by its rule.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/client.ts';
import type { ResponseCacheStats } from '../cache/entry.ts';
import type { FinishedOperation } from '../graphql/server/operation-observer.ts';
import type { Log } from '../log.ts';
import { requestIdOf, type FinishedRequest } from './request-log.ts';

export type Metrics = {
  requestFinished: (request: FinishedRequest) => void;
  operationFinished: (operation: FinishedOperation) => void;
  rateLimitRefused: (limit: string) => void;
  /** Answers GET /metrics with the right token and returns true; false for every other request. */
  serve: (req: IncomingMessage, res: ServerResponse) => boolean;
};

export type MetricsOptions = {
  token: string;
  pool: pg.Pool;
  prisma: Db;
  /** The response cache's counters; null when it is off. */
  cacheStats: ResponseCacheStats | null;
  /** Operation names kept as labels (the persisted documents'); any other is "other". */
  knownOperations: ReadonlySet<string>;
  log: Log;
};

const sha256 = (text: string) => createHash('sha256').update(text).digest();

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requestDuration = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class, from the first byte read to the last byte sent.',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const operationDuration = new Histogram({
    name: 'shop_graphql_operation_duration_seconds',
    help: 'GraphQL operations executed, by name (the web\'s persisted documents; "other" for the rest), type and client (web or partner).',
    labelNames: ['operation', 'type', 'client'],
    registers,
  });
  const { pool, prisma, cacheStats } = options;
  new Gauge({
    name: 'shop_db_pool_connections',
    help: 'Database connections of this instance: in use or idle.',
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: 'shop_db_pool_waiting',
    help: 'Queries waiting for a free database connection.',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'shop_mail_outbox_backlog',
    help: 'E-mails in the outbox not sent yet (pending or being sent), read from the database at each scrape; NaN when it cannot be read.',
    registers,
    async collect() {
      try {
        this.set(await prisma.mailOutbox.count({ where: { status: { in: ['PENDING', 'SENDING'] } } }));
      } catch (error) {
        options.log.warn({ err: error }, '[metrics] the mail outbox could not be counted');
        this.set(Number.NaN);
      }
    },
  });
  const refusals = new Counter({
    name: 'shop_rate_limit_refusals_total',
    help: 'Attempts refused by a rate limit, by the limit\'s name (bff/src/rate-limit/rate-limit.ts RATE_RULES).',
    labelNames: ['limit'],
    registers,
  });
  if (cacheStats) {
    // the cache keeps its own counts; these counters show them as they are at each scrape
    new Counter({
      name: 'shop_response_cache_lookups_total',
      help: 'Requests the response cache looked up: hit (fresh), stale (served while rendered again), miss (rendered and maybe stored), bypassed (could not use the cache).',
      labelNames: ['result'],
      registers,
      collect() {
        this.reset();
        const counts = { hit: cacheStats.hits, stale: cacheStats.stale, miss: cacheStats.misses, bypassed: cacheStats.bypassed };
        for (const [result, count] of Object.entries(counts)) this.inc({ result }, count);
      },
    });
    new Counter({
      name: 'shop_response_cache_stored_total',
      help: 'Answers stored in the response cache.',
      registers,
      collect() {
        this.reset();
        this.inc(cacheStats.stored);
      },
    });
    new Counter({
      name: 'shop_response_cache_compressed_total',
      help: 'Cached bodies compressed on their way out.',
      registers,
      collect() {
        this.reset();
        this.inc(cacheStats.compressed);
      },
    });
  }

  const expected = sha256(options.token);
  // both sides hashed: equal lengths for timingSafeEqual, and no timing that depends on the token
  const authorized = (header: string | undefined) => header?.startsWith('Bearer ') === true && timingSafeEqual(sha256(header.slice(7)), expected);

  return {
    requestFinished(request) {
      requestDuration.observe({ method: request.method, route: request.route, status: `${Math.floor(request.status / 100)}xx` }, request.durationMs / 1000);
    },
    operationFinished(operation) {
      const name = operation.name !== null && options.knownOperations.has(operation.name) ? operation.name : 'other';
      operationDuration.observe({ operation: name, type: operation.type, client: operation.partner ? 'partner' : 'web' }, operation.seconds);
    },
    rateLimitRefused(limit) {
      refusals.inc({ limit });
    },
    serve(req, res) {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'GET' || path !== '/metrics' || !authorized(req.headers.authorization)) return false;
      res.setHeader('X-Request-Id', requestIdOf(req));
      registry.metrics().then(
        (text) => {
          res.statusCode = 200;
          res.setHeader('Content-Type', registry.contentType);
          res.setHeader('Cache-Control', 'no-store');
          res.end(text);
        },
        (error: unknown) => {
          options.log.error({ err: error }, '[metrics] collecting failed');
          res.statusCode = 500;
          res.end();
        },
      );
      return true;
    },
  };
}
