// createApp(config): the one app that serves the SSR pages, static files and /graphql; server.ts only
// listens, tests call createApp directly. It builds the app's parts (startParts below: the database,
// the change feed, the caches, the jobs; started and closed in one place) and runs a request through
// the layers of FRONT_LAYERS and LAYERS, in the order they are listed. docs/architecture.md's "Layers
// of a request" names the same layers in the same order (tests/unit/app-layers.test.ts).
import { createHash, createHmac } from 'node:crypto';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import express from 'express';
import type pg from 'pg';
import type { Config } from './config.ts';
import { createDatabase, isPGlite, type Db } from './db/client.ts';
import { startEmbeddedDatabase } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { PrismaSessionStore } from './http/session-store.ts';
import type { CsrfOptions } from './http/csrf.ts';
import { kickMailSender } from './services/mail-outbox.ts';
import { createChangeFeed, type ChangeFeed } from './events/change-feed.ts';
import { dispatchCommitsTo } from './events/record.ts';
import { createResponseCache, type ResponseCache, type ResponseCacheStats } from './cache/response-cache.ts';
import { createPersonalAnswers, type PersonalAnswerStats } from './cache/personal-answers.ts';
import { withSessionSecret } from './session-secret.ts';
import { createRateLimiter, reportingRefusals, type RateLimiter } from './rate-limit/rate-limit.ts';
import { createLogger, lineLog, type Log } from './log.ts';
import { createMetrics } from './http/metrics.ts';
import { persistedOperationHash, persistedOperationNames } from './graphql/server/trusted-documents.ts';
import type { DestinationStream } from 'pino';
import { feedScopeOf, startJobs, type ConversionSender, type FeedsJob, type Mailer, type WebhookSender } from './jobs/index.ts';
import { createSeatChangeBus, type SeatChangeBus } from './services/seat-changes.ts';
import type { Clock } from './services/tickets.ts';
import { DeliveryTimings } from './services/delivery-promise.ts';
import type { PlaceOrderHooks } from './services/orders.ts';
import { createGraphQLServer, type GraphQLServer } from './graphql/server/yoga.ts';
import { createStreamRegistry, type StreamRegistry } from './graphql/server/stream-limits.ts';
import { seedDemoDataIfEmpty } from './demo-data.ts';
import { inFront, mountLayers, type AppParts, type FrontLayer, type Layer } from './http/layers/layer.ts';
import { cachedAnswers, keptPersonalAnswers, metricsScrape, requestLog, toHttps } from './http/layers/front.ts';
import { compressed, personalAnswerKeeping, responseHeads, responseStart, responseStarter } from './http/layers/response-start.ts';
import { health } from './http/layers/health.ts';
import { feeds, graphiql, graphqlCallers, images, invoiceLink, seo, withdrawalForm } from './http/layers/before-session.ts';
import { accountDownloads, csrfCookie, homeLanguage, preferences, sessions } from './http/layers/session.ts';
import { graphqlChain } from './http/layers/graphql-chain.ts';
import { loadPages, pages } from './http/layers/pages.ts';
import { clientErrors, serverErrors } from './http/layers/errors.ts';

export const ROOT_DIR = path.resolve(import.meta.dirname, '../..');

/** In front of Express, on node:http's own request: the first is the outermost. */
export const FRONT_LAYERS: readonly FrontLayer[] = [
  requestLog, // outermost: every request is logged (and counted), whoever answers it
  metricsScrape, // the scraper's /metrics before the https redirect: it scrapes over plain http
  toHttps, // plain http goes to https before the shop answers anything
  cachedAnswers, // a cached page or catalog answer, before Express, sessions and the database
  keptPersonalAnswers, // after the cache's front, which read a small /graphql body into req.body
];

/** The Express app, in the order a request meets them. */
export const LAYERS: readonly Layer[] = [
  responseStart, // first: every answer below, a refusal or an error too, carries its nonce, headers and request id
  personalAnswerKeeping, // before compression: keeps the body as GraphQL wrote it
  compressed, // before every layer that answers with a body
  health, // before files and sessions: a balancer's checks never wait for them
  images, // needs no session
  seo, // needs no session
  feeds, // needs no session: files the feeds job wrote
  invoiceLink, // the invoice's secret link needs no session: served before one is loaded
  withdrawalForm, // the model withdrawal form's PDF is public
  graphqlCallers, // before the session: a partner's or the explorer's request never loads a shopper's
  graphiql, // for whom the callers layer let through
  sessions, // loads the session for every layer below
  csrfCookie, // starts the session and binds the token to its id
  preferences, // the language and currency links, with the session's cookies
  accountDownloads, // need her session
  homeLanguage, // a first visit to / in English goes to /en, before GraphQL and the pages
  graphqlChain, // CSRF, the body, the response cache, yoga: one ordered list
  pages, // what is left is a page (or a file of the build)
  clientErrors, // what the layers above refused as the client's mistake: its 4xx
  serverErrors, // last: everything that failed above gets the shop's own answer
];

export type App = {
  /** The request handler: cached answers first, then the Express app. */
  app: RequestListener;
  prisma: Db;
  yoga: GraphQLServer;
  /** Rate limit counters (PostgreSQL, or Redis with REDIS_URL); closed by close(). */
  rateLimiter: RateLimiter;
  /** Seats taken and freed, for the pickers of every instance (decision 0041); closed by close(). */
  seatChanges: SeatChangeBus;
  /** The subscriptions' open event streams (counted per client and instance); all ended by startDrain(). */
  streams: StreamRegistry;
  /** Sends the mail outbox (after commits, on an interval); closed by close(). */
  mailer: Mailer;
  /** Sends the webhook outbox (on an interval); closed by close(). */
  webhooks: WebhookSender;
  /** Sends Ověřeno zákazníky and Zboží's backend conversions (after orders, on an interval); null without their keys. */
  conversions: ConversionSender | null;
  /** Writes the price comparison feeds (jobs/feeds.ts; tests call `changed` and wait for `settled`); closed by close(). */
  feeds: FeedsJob;
  /** The response cache's counters, when it is on (RESPONSE_CACHE). */
  responseCacheStats: ResponseCacheStats | null;
  /**
   * Purges the cached answers built from what a committed change touched (cache/response-cache.ts),
   * when the response cache is on; it is the event seam's PurgeListener (events/tags.ts), and resolves
   * once Redis has it.
   */
  purgeResponseCache: ResponseCache['purge'] | null;
  /** The personal answers' counters, when the response cache is on (cache/personal-answers.ts). */
  personalAnswerStats: PersonalAnswerStats | null;
  /** The response cache, when it is on (RESPONSE_CACHE): tests read its `generation` and `changes`. */
  responseCache: Pick<ResponseCache, 'generation' | 'changes'> | null;
  /** What the services changed, after each commit, from every instance and process (events/change-feed.ts; tests wait for `changes.polled()`). */
  changes: ChangeFeed;
  /**
   * Resolves once the caches' Redis connections (REDIS_URL) are up and subscribed, or gave up; at once
   * without Redis or the response cache (tests wait for it before one instance hears another).
   */
  cachesReady: () => Promise<void>;
  databaseUrl: string;
  /** The database connections under prisma (readiness reads their load). */
  pool: pg.Pool;
  /** The app's log (server.ts writes its start and stop lines to it). */
  log: Log;
  /** Shutdown has begun: /ready answers 503 so a load balancer stops sending requests. */
  startDrain: () => void;
  close: () => Promise<void>;
};

export type AppOptions = {
  /** Sees every SQL statement (tests count them). */
  onQuery?: (sql: string) => void;
  /** The embedded database starts as a copy of this data folder dump (tests: migrated once; see startEmbeddedDatabase). */
  embeddedInitialData?: Blob | Uint8Array;
  /** Where the log's JSON lines go instead of stdout (tests read them; without it a test app logs nothing). */
  logDestination?: DestinationStream;
  /** The clock of seat holds, sales windows and ticket payment deadlines (tests move it); the real time without it. */
  clock?: Clock;
  /** Test seams of placing an order (services/orders.ts PlaceOrderHooks); none in production. */
  placeOrderHooks?: PlaceOrderHooks;
};

export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  let draining = false;
  const parts = await startParts(config, options, () => draining);
  const app = express();
  app.disable('x-powered-by');
  // whose X-Forwarded-For and X-Forwarded-Proto are believed (TRUST_PROXY): req.ip, req.protocol
  app.set('trust proxy', parts.config.trustProxy);
  mountLayers(app, LAYERS, parts);
  return {
    app: inFront(FRONT_LAYERS, app, parts),
    log: parts.log,
    prisma: parts.prisma,
    yoga: parts.yoga,
    rateLimiter: parts.rateLimiter,
    seatChanges: parts.seatChanges,
    mailer: parts.jobs.mail,
    webhooks: parts.jobs.webhooks,
    conversions: parts.jobs.conversions,
    feeds: parts.jobs.feeds,
    responseCacheStats: parts.fullResponseCache?.stats ?? null,
    purgeResponseCache: parts.fullResponseCache?.purge ?? null,
    personalAnswerStats: parts.personalAnswers?.stats ?? null,
    responseCache: parts.fullResponseCache,
    changes: parts.changes,
    async cachesReady() {
      await Promise.all([parts.changes.ready(), parts.fullResponseCache?.ready(), parts.personalAnswers?.ready()]);
    },
    databaseUrl: parts.databaseUrl,
    pool: parts.pool,
    streams: parts.streams,
    startDrain() {
      draining = true;
      // an event stream never finishes by itself: ended now, so the drain does not wait for it
      parts.streams.closeAll();
    },
    close: parts.close,
  };
}

type StartedParts = AppParts & {
  databaseUrl: string;
  changes: ChangeFeed;
  fullResponseCache: ResponseCache | null;
  seatChanges: SeatChangeBus;
  streams: StreamRegistry;
  jobs: ReturnType<typeof startJobs>;
  /** Closes the parts, in the order written there. */
  close: () => Promise<void>;
};

/** The app's parts, started in this order, and closed by `close` in the order written there. */
async function startParts(givenConfig: Config, options: AppOptions, draining: () => boolean): Promise<StartedParts> {
  let config = givenConfig;
  const log = createLogger(config, options.logDestination);
  // what runs outside a request (the embedded database, the mail sender, jobs, the rate limits' Redis) logs lines
  const backgroundLog = lineLog(log);
  // 1. the database: embedded (PGlite) without DATABASE_URL, migrated, with its pool
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedDatabase(config.dataDir, { initialData: options.embeddedInitialData, log: backgroundLog });
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  // another instance's start-up work is waited for, logged while it lasts and bounded (STARTUP_LOCK_TIMEOUT_MS)
  const startupLock = { timeoutMs: config.startupLockTimeoutMs, log: backgroundLog };
  await migrate(databaseUrl, startupLock);
  const { prisma, pool } = createDatabase(databaseUrl, {
    onQuery: options.onQuery,
    // a server serves connections in parallel; PGlite runs one statement at a time whatever the pool
    poolSize: config.databaseUrl ? 20 : 10,
    // a server stops any statement that outlives the request's own time limit
    statementTimeoutMs: config.databaseUrl ? config.graphqlTimeoutMs * 2 : undefined,
    preparedStatements: config.preparedStatements && !embedded && !(await isPGlite(databaseUrl)),
  });
  // without SESSION_SECRET, the shop's own (in the database with a server, so every instance shares it);
  // what follows (sessions, CSRF, captcha, tickets) reads it from config
  config = await withSessionSecret(config, prisma);
  const sessionSecret = config.sessionSecret!;
  const startResponse = responseStarter(config);
  // Instances share Redis keys only when they share the database (one Redis may serve several shops).
  const cachePrefix = `shop:rc:${createHash('sha256').update(databaseUrl).digest('hex').slice(0, 16)}:`;
  // 2. the change feed: what the services changed, recorded in their transactions and heard by every
  // instance after the commit (bff/src/events/, issue 41, decision 0055): the response cache's purges,
  // the seat pickers, the mail sender's kicks.
  const changes = createChangeFeed({ pool, redisUrl: config.redisUrl, channel: `${cachePrefix}changes`, log: backgroundLog });
  dispatchCommitsTo(prisma, changes);
  // 3. the response cache (issue 10, docs/decisions/0016, 0056): pages and catalog queries, purged by
  // what they were built from (their tags), or all of them by a write the app did not describe (its
  // generation). Which answers may be stored at all is declared by the Query fields
  // (cache/graphql-operation.ts), not guessed from the SQL they send.
  const responseCache = config.responseCache
    ? createResponseCache({
        feed: changes,
        redisUrl: config.redisUrl,
        // entries in Redis are signed, with a key derived as the captcha's and the tickets' are
        signingKey: createHmac('sha256', sessionSecret).update('response-cache').digest('hex'),
        keyPrefix: cachePrefix,
        publicOrigin: new URL(config.publicUrl).origin,
        responseHead: responseHeads(config),
      })
    : null;
  if (responseCache) changes.onPurge((purge, origin) => void responseCache.purge(purge, origin));
  if (config.seedDemoData) await seedDemoDataIfEmpty(databaseUrl, prisma, config, startupLock);

  // 4. Prometheus metrics at /metrics, only with METRICS_TOKEN (http/metrics.ts); the rate limits
  const metrics = config.metricsToken
    ? createMetrics({
        token: config.metricsToken,
        pool,
        prisma,
        cacheStats: responseCache?.stats ?? null,
        knownOperations: persistedOperationNames(),
        log,
      })
    : null;
  const limiter = createRateLimiter({ prisma, redisUrl: config.redisUrl, log: backgroundLog });
  const rateLimiter = metrics ? reportingRefusals(limiter, (rule) => metrics.rateLimitRefused(rule.name)) : limiter;
  // a commit of this instance that put e-mail into the outbox (an order, a payment, stock back for a
  // watcher) wakes its sender at once; another instance's or a command's is sent by them
  changes.subscribe((event, origin) => {
    if (event.kind === 'MailEnqueued' && origin === 'here') kickMailSender(prisma);
  });
  // 5. seats taken and freed, heard by every instance on one PostgreSQL (LISTEN/NOTIFY; decision 0041)
  // a match's changes are gathered for a moment and told as one (a churning client; decision 0048)
  const seatChanges = createSeatChangeBus({
    databaseUrl,
    listen: !embedded && !(await isPGlite(databaseUrl)),
    log: backgroundLog,
    batchMs: config.seatHolds.announceMs,
  });
  // the seats a transaction took or freed (SeatsChanged) go to the pickers of every instance: the
  // instance that made the change tells them all through the seat bus (decision 0041); a command's
  // change is told by each instance that reads it (a picker takes a seat told twice as once)
  changes.subscribe((event, origin) => {
    if (event.kind === 'SeatsChanged' && origin !== 'elsewhere') seatChanges.publish({ eventId: event.eventId, taken: [...event.taken], freed: [...event.freed] });
  });
  const clock = options.clock ?? (() => new Date());
  // 6. every background job (bff/src/jobs/): the mail and webhook outboxes, unpaid orders, the hold
  // sweep, the pick-up point feed, the clean-ups and the rate limits' pruning
  const jobs = startJobs({ db: prisma, databaseUrl, config, log: backgroundLog, clock });
  // an order of this instance: its Ověřeno zákazníky / Zboží calls go out soon, not at the next interval
  changes.subscribe((event, origin) => {
    if (event.kind === 'OrderPlaced' && origin === 'here') jobs.conversions?.kick();
  });
  // a catalog change of any instance or command is written into the feeds after the debounce; with
  // several instances the feeds' lease row has it written once (decision 0073). Off where the job is (tests).
  if (config.feedsIntervalMs > 0) {
    changes.subscribe((event) => {
      const scope = feedScopeOf(event);
      if (scope) jobs.feeds.changed(scope);
    });
    // a write nobody described (psql, a bulk import) or a database that was away: anything may have changed
    changes.onPurge((purge) => {
      if ('all' in purge) jobs.feeds.changed();
    });
  }
  // 7. GraphQL, with the subscriptions' open event streams: bounded per client and instance, ended when shutdown begins
  const streams = createStreamRegistry(config.seatStreams);
  // the delivery methods' transit days, kept for the delivery date promise until the methods change (decision 0069)
  const deliveryTimings = new DeliveryTimings(prisma);
  changes.onPurge((purge) => {
    if ('all' in purge || purge.tags.includes('delivery')) deliveryTimings.forget();
  });
  const yoga = createGraphQLServer(config, prisma, rateLimiter, {
    deliveryTimings,
    log,
    operationFinished: metrics?.operationFinished,
    seatChanges,
    streams,
    clock,
    placeOrderHooks: options.placeOrderHooks,
  });
  // 8. sessions and CSRF; the personal query's answer, kept for its session for a short time (issue
  // 28, docs/decisions/0044), on and off with the response cache (RESPONSE_CACHE)
  const sessionCookie = config.secureCookies ? '__Host-sid' : 'sid';
  const csrf: CsrfOptions = {
    secret: sessionSecret,
    secure: config.secureCookies,
    sessionCookie,
    publicOrigin: new URL(config.publicUrl).origin,
  };
  const personalQueryHash = persistedOperationHash('Personal');
  const personalAnswers =
    responseCache && personalQueryHash
      ? createPersonalAnswers({
          queryHash: personalQueryHash,
          sessionSecret,
          sessionCookie,
          secureCookies: config.secureCookies,
          publicOrigin: csrf.publicOrigin,
          publicChanges: responseCache,
          redisUrl: config.redisUrl,
          channel: `${cachePrefix}personal`,
          startResponse: (req, res) => startResponse(req, res).nonce,
        })
      : null;
  // 9. the pages' build (SSR=build) or vite (SSR=vite)
  const pageBuild = await loadPages(config, ROOT_DIR);

  return {
    config,
    rootDir: ROOT_DIR,
    prisma,
    pool,
    log,
    backgroundLog,
    rateLimiter,
    yoga,
    csrf,
    sessionCookie,
    sessionSecret,
    sessionStore: new PrismaSessionStore(prisma),
    startResponse,
    draining,
    responseCache,
    fullResponseCache: responseCache,
    personalAnswers,
    metrics,
    pages: pageBuild,
    databaseUrl,
    changes,
    seatChanges,
    streams,
    jobs,
    async close() {
      streams.closeAll();
      // the background jobs' rounds in progress end first (the hold sweep's tell the seat pickers)
      await jobs.close();
      await seatChanges.close();
      await pageBuild?.close();
      await rateLimiter.close();
      await responseCache?.close();
      await personalAnswers?.close();
      await changes.close();
      await prisma.$disconnect();
      await embedded?.stop();
    },
  };
}
