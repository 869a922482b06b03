// createApp(config): the one express app that serves the SSR pages, static files and /graphql.
// server.ts only listens; tests call createApp directly.
import { createHash, createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import path from 'node:path';
import express, { type Request, type Response } from 'express';
import type pg from 'pg';
import session from 'express-session';
import type { Config } from './config.ts';
import { createDatabase, isPGlite, type Db } from './db/client.ts';
import { OPERATION_LIMITS } from './graphql/server/limits.ts';
import { startEmbeddedDatabase } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { PrismaSessionStore } from './http/session-store.ts';
import { saveSessionNow } from './http/session-save.ts';
import { serverErrorHandler } from './http/server-errors.ts';
import { csrfProtection, issueCsrfCookie, pageFormProtection, pageFormToken, verifyPageFormToken, type CsrfOptions } from './http/csrf.ts';
import { securityHeaderSetter } from './http/security-headers.ts';
import { newNonce } from './http/nonce.ts';
import { compression } from './http/compression.ts';
import { brokenEscapesTakenLiterally, clientErrorAnswer, pageRequestShape } from './http/client-errors.ts';
import { httpsRedirect, requestIsHttps, trustFunction } from './http/https.ts';
import { isPersonalPage, personalPagesNotStored } from './http/personal-pages.ts';
import { createCatalogVersion, type CatalogVersion } from './cache/catalog-version.ts';
import { kickMailSender } from './services/mail-outbox.ts';
import { createChangeFeed, type ChangeFeed } from './events/change-feed.ts';
import { dispatchCommitsTo } from './events/record.ts';
import { createResponseCache, type ResponseCache, type ResponseCacheStats } from './cache/response-cache.ts';
import { createPersonalAnswers, type PersonalAnswerStats } from './cache/personal-answers.ts';
import { withSessionSecret } from './session-secret.ts';
import { buildFiles } from './http/build-files.ts';
import { currencySwitch, homeGoesToEnglish, homeLanguageRedirect, languageSwitch } from './http/language.ts';
import { seoRoutes } from './http/seo.ts';
import { accountInvoiceRoutes, invoiceRoutes } from './http/invoice.ts';
import { privacyExportRoutes } from './http/privacy-export.ts';
import { cors } from './http/cors.ts';
import { partnerAuth } from './http/partner-auth.ts';
import { publicExplorer } from './http/public-explorer.ts';
import { graphiqlRoutes } from './http/graphiql.ts';
import { createRateLimiter, ipKey, RATE_RULES, reportingRefusals, type RateLimiter } from './rate-limit/rate-limit.ts';
import { createLogger, lineLog, type Log } from './log.ts';
import { observeRequests, requestIdOf } from './http/request-log.ts';
import { createMetrics } from './http/metrics.ts';
import { persistedOperationHash, persistedOperationNames } from './graphql/server/trusted-documents.ts';
import type { DestinationStream } from 'pino';
import { formatMessage } from './i18n/messages.ts';
import { startJobs, type Mailer, type WebhookSender } from './jobs/index.ts';
import { createSeatChangeBus, type SeatChangeBus } from './services/seat-changes.ts';
import type { Clock } from './services/tickets.ts';
import type { ShopLoadContext } from '../../schema/load-context.ts';
import type { PlaceOrderHooks } from './services/orders.ts';
import { readCookie } from './http/cookies.ts';
import type { ShopSession } from './graphql/context.ts';
import { createGraphQLServer, requestCurrency, type GraphQLServer } from './graphql/server/yoga.ts';
import { createStreamRegistry, type StreamRegistry } from './graphql/server/stream-limits.ts';
import { createGraphQLError } from 'graphql-yoga';
import { localisedRefusal } from './graphql/server/request-errors.ts';
import { errorLanguage, requestLanguage } from './graphql/server/request-language.ts';
import { seedDemoDataIfEmpty } from './demo-data.ts';

export const ROOT_DIR = path.resolve(import.meta.dirname, '../..');
const SESSION_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

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
  /** When public data last changed, when the response cache is on (tests wait for its poll). */
  catalogVersion: CatalogVersion | null;
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
  embeddedInitialData?: Blob;
  /** Where the log's JSON lines go instead of stdout (tests read them; without it a test app logs nothing). */
  logDestination?: DestinationStream;
  /** The clock of seat holds, sales windows and ticket payment deadlines (tests move it); the real time without it. */
  clock?: Clock;
  /** Test seams of placing an order (services/orders.ts PlaceOrderHooks); none in production. */
  placeOrderHooks?: PlaceOrderHooks;
};

export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const log = createLogger(config, options.logDestination);
  // what runs outside a request (the embedded database, the mail sender, jobs, the rate limits' Redis) logs lines
  const backgroundLog = lineLog(log);
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
  const setSecurityHeaders = securityHeaderSetter(config);
  const trustProxy = trustFunction(config.trustProxy);
  /** What every response carries: a nonce for its scripts, the security headers; and its request id (set by observeRequests below). */
  const startResponse = (req: IncomingMessage, res: ServerResponse) => {
    const nonce = newNonce();
    const requestId = requestIdOf(req);
    // (whether it came over https matters only for HSTS, sent only with secure cookies)
    setSecurityHeaders(req.url ?? '/', nonce, res, config.secureCookies && requestIsHttps(req, trustProxy));
    return { nonce, requestId };
  };
  // Instances share Redis keys only when they share the database (one Redis may serve several shops).
  const cachePrefix = `shop:rc:${createHash('sha256').update(databaseUrl).digest('hex').slice(0, 16)}:`;
  // What the services changed, recorded in their transactions and heard by every instance after the
  // commit (bff/src/events/, issue 41, decision 0055): the response cache's purges, the seat pickers,
  // the mail sender's kicks.
  const changes = createChangeFeed({ pool, redisUrl: config.redisUrl, channel: `${cachePrefix}changes`, log: backgroundLog });
  dispatchCommitsTo(prisma, changes);
  // Response cache (issue 10, docs/decisions/0016, 0056): pages and catalog queries, purged by what they
  // were built from (their tags), or all of them by a write the app did not describe (the catalog
  // version's generation). Which answers may be stored at all is declared by the Query fields
  // (cache/graphql-operation.ts), not guessed from the SQL they send.
  const catalogVersion = config.responseCache ? createCatalogVersion({ feed: changes, redisUrl: config.redisUrl, generationKey: `${cachePrefix}generation` }) : null;
  const sessionSecret = config.sessionSecret!;
  const responseCache = catalogVersion
    ? createResponseCache({
        version: catalogVersion,
        redisUrl: config.redisUrl,
        // entries in Redis are signed, with a key derived as the captcha's and the tickets' are
        signingKey: createHmac('sha256', sessionSecret).update('response-cache').digest('hex'),
        keyPrefix: cachePrefix,
        publicOrigin: new URL(config.publicUrl).origin,
        startResponse: (req, res) => startResponse(req, res).nonce,
      })
    : null;
  if (catalogVersion && responseCache) {
    changes.onPurge((purge, origin) => {
      // a match's seats alone: no stored answer shows them (Event.availability is never stored), and
      // every hold would otherwise touch the match's pages
      if ('tags' in purge && purge.tags.every((tag) => tag.startsWith('event:'))) return;
      if ('tags' in purge) void responseCache.purge(purge, origin);
      catalogVersion.purge(purge, origin);
    });
  }
  const cached: express.RequestHandler = responseCache ? responseCache.middleware : (_req, _res, next) => next();
  let draining = false;
  if (config.seedDemoData) await seedDemoDataIfEmpty(databaseUrl, prisma, config, startupLock);

  // Prometheus metrics at /metrics, only with METRICS_TOKEN (http/metrics.ts)
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
  // seats taken and freed, heard by every instance on one PostgreSQL (LISTEN/NOTIFY; decision 0041)
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
  // every background job (bff/src/jobs/): the mail and webhook outboxes, unpaid orders, the hold
  // sweep, the pick-up point feed, the clean-ups and the rate limits' pruning; closed once by close()
  const jobs = startJobs({ db: prisma, config, log: backgroundLog, clock });
  // the subscriptions' open event streams: bounded per client and instance, ended when shutdown begins
  const streams = createStreamRegistry(config.seatStreams);
  const yoga = createGraphQLServer(config, prisma, rateLimiter, {
    log,
    operationFinished: metrics?.operationFinished,
    seatChanges,
    streams,
    clock,
    placeOrderHooks: options.placeOrderHooks,
  });
  const sessionCookie = config.secureCookies ? '__Host-sid' : 'sid';
  const store = new PrismaSessionStore(prisma);
  const csrf: CsrfOptions = {
    secret: sessionSecret,
    secure: config.secureCookies,
    sessionCookie,
    publicOrigin: new URL(config.publicUrl).origin,
  };
  // The personal query's answer, kept for its session for a short time (issue 28, docs/decisions/0044);
  // on and off with the response cache (RESPONSE_CACHE).
  const personalQueryHash = persistedOperationHash('Personal');
  const personalAnswers =
    catalogVersion && personalQueryHash
      ? createPersonalAnswers({
          queryHash: personalQueryHash,
          sessionSecret,
          sessionCookie,
          secureCookies: config.secureCookies,
          publicOrigin: csrf.publicOrigin,
          version: catalogVersion,
          redisUrl: config.redisUrl,
          channel: `${cachePrefix}personal`,
          startResponse: (req, res) => startResponse(req, res).nonce,
        })
      : null;
  const app = express();
  app.disable('x-powered-by');
  // whose X-Forwarded-For and X-Forwarded-Proto are believed (TRUST_PROXY): req.ip, req.protocol
  app.set('trust proxy', config.trustProxy);

  app.use((req, res, next) => {
    Object.assign(res.locals, startResponse(req, res));
    next();
  });
  // keeps the personal query's answer for its session, and drops it when a request may change it
  if (personalAnswers) app.use(personalAnswers.middleware);
  app.use(compression());
  app.get('/health', (_req, res) => void res.json({ status: 'ok' }));
  // Ready means: not shutting down, and the database answering. Redis is not part of it by default
  // (docs/decisions/0008, 0037): without it every instance serves on, counting rate limits in the
  // database, and taking them all out of rotation would stop the shop; the body names it.
  // READY_REQUIRES_REDIS=true makes a configured Redis that does not answer a 503, for a deployment
  // that would rather send shoppers to instances that still reach it. Load is not a reason: with every
  // database connection at work (which shows the database answers) it is ready and says `busy`. A 503
  // for that took the last instance carrying the load out of a balancer that checks (issue 40, item 16).
  app.get('/ready', async (_req, res) => {
    if (draining) return void res.status(503).json({ status: 'draining' });
    if (pool.totalCount >= (pool.options.max ?? 10) && pool.idleCount === 0) {
      return void res.json({ status: 'ready', busy: true });
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('database check timed out')), 2000);
    });
    try {
      await Promise.race([prisma.$queryRaw`SELECT 1`, timeout]);
      const degraded = rateLimiter.degraded();
      if (degraded && config.readyRequiresRedis) return void res.status(503).json({ status: 'unavailable', redis: degraded });
      res.json(degraded ? { status: 'ready', degraded: { redis: degraded } } : { status: 'ready' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });
  app.use('/images', express.static(path.join(ROOT_DIR, 'web/public/images'), { maxAge: '7d' }));
  app.use(seoRoutes(prisma, config));
  // the invoice's secret link needs no session: served before one is loaded
  app.use(invoiceRoutes(prisma, config));
  // Before the session: CORS answers from the CORS_ORIGINS allow-list, and a bearer-token (partner)
  // request is authenticated and loses its cookies, so no shopper's session is ever loaded for it.
  // The public explorer's anonymous requests (GRAPHIQL_PUBLIC) likewise, with the catalog:read view.
  app.use('/graphql', cors(config), partnerAuth({ prisma, rateLimiter }), publicExplorer({ config, rateLimiter }));
  // GraphiQL's page and files (GRAPHIQL) and the schema as a file, for whom the two above let through
  app.use(graphiqlRoutes(config));

  app.use(
    session({
      name: sessionCookie,
      secret: sessionSecret,
      store,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      // Secure cookies only when the request came over https, as seen through a trusted proxy (TRUST_PROXY)
      cookie: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, path: '/', maxAge: SESSION_MAX_AGE_MS },
    }),
  );
  // The spec's CSRF-cookie endpoint. It starts the session (the token is bound to its id), so
  // requests a browser sends in parallel afterwards share one session and one cart.
  app.get('/api/csrf-cookie', async (req, res, next) => {
    const session = req.session as ShopSession;
    if (session.startedAt === undefined) {
      // a new session is stored here: their number per address is limited (issue 31, finding 10)
      const limit = await rateLimiter.consume(RATE_RULES.newSessionPerIp, ipKey(req.ip ?? req.socket.remoteAddress ?? 'unknown'));
      if (!limit.allowed) {
        const minutes = Math.max(1, Math.ceil(limit.retryAfterMs / 60_000));
        res.setHeader('Retry-After', String(Math.ceil(limit.retryAfterMs / 1000)));
        res.status(429).json({ message: formatMessage('tooManyAttempts', requestLanguage(req), { minutes }) });
        return;
      }
      session.startedAt = Date.now();
      // stored before its cookie goes out: a store that fails (the database restarting) is the
      // shop's 503 with no cookie, never a cookie of a session that does not exist (a 419 next)
      try {
        await saveSessionNow(req, res);
      } catch (error) {
        return next(error);
      }
    }
    issueCsrfCookie(req, res, csrf);
    res.status(204).end();
  });
  app.get(['/language/:code', '/jazyk/:code'], languageSwitch(config));
  app.get(['/currency/:code', '/mena/:code'], currencySwitch(config));
  // the owner's invoice download needs her session
  app.use(accountInvoiceRoutes(prisma, config));
  app.use(privacyExportRoutes(prisma));
  app.use(homeLanguageRedirect);
  app.use('/graphql', csrfProtection(csrf), (req, res, next) => {
    // login and logout replace the session id; the token follows it in the same response
    res.locals.refreshCsrfCookie = () => issueCsrfCookie(req, res, csrf);
    next();
  });
  // The body is read here, with a size cap, before yoga parses it (requirement G6).
  app.post('/graphql', express.raw({ type: () => true, limit: OPERATION_LIMITS.bodyBytes }));
  app.use(yoga.graphqlEndpoint, cached, yoga as unknown as express.RequestHandler);
  app.use('/graphql', (error: { type?: string; status?: number }, req: Request, res: Response, next: express.NextFunction) => {
    const status = error.status;
    if (typeof status !== 'number' || status < 400 || status > 499 || res.headersSent) return next(error);
    // a body too large, or one that cannot be read (an unknown Content-Encoding, broken gzip): the
    // client's error, answered in its language and not logged (clientErrorAnswer below for the rest)
    const tooLarge = error.type === 'entity.too.large';
    const refused = createGraphQLError('The request body cannot be read.', { extensions: { code: tooLarge ? 'BODY_TOO_LARGE' : 'BAD_REQUEST' } });
    res.status(tooLarge ? 413 : status).json({ errors: [localisedRefusal(refused, errorLanguage(req)).toJSON()] });
  });

  const getLoadContext = (req: Request, res: Response): ShopLoadContext => {
    // A page view does not start a session; a visitor who has one, or whose first form post starts
    // it (pageFormProtection), gets its token (the browser fetches /api/csrf-cookie otherwise).
    if (readCookie(req, sessionCookie) !== undefined || (req.session as ShopSession | undefined)?.startedAt !== undefined) issueCsrfCookie(req, res, csrf);
    const personalPage = (req.method !== 'GET' && req.method !== 'HEAD') || isPersonalPage(req.path);
    return {
      nonce: res.locals.nonce as string,
      publicUrl: config.publicUrl,
      // Bound to the session. A catalog page viewed is the same HTML for every shopper and carries
      // none: its forms post without it (verifyPageFormToken, docs/decisions/0043). A personal page
      // and the page answered to a form post carry it, and reading it marks the answer as this
      // visitor's alone, so the response cache never hands it to anyone else.
      get formToken() {
        if (!personalPage) return null;
        res.locals.visitorRead = true;
        return pageFormToken(req, csrf);
      },
      personalPage,
      verifyFormToken: (value) => verifyPageFormToken(req, csrf, value),
      tracking: { gtmId: config.gtmId, socialPixelId: config.socialPixelId },
      async executeGraphQL(body, language) {
        const response = await yoga.fetch(
          'http://in-process/graphql',
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-shop-language': language,
              'x-shop-currency': requestCurrency(req),
            },
            body: JSON.stringify(body),
          },
          { req, res },
        );
        return response.json();
      },
    };
  };

  let closeVite: (() => Promise<void>) | null = null;
  if (config.ssr === 'build') {
    const clientDir = path.join(ROOT_DIR, 'build/client');
    app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }));
    app.use(buildFiles(clientDir, { maxAge: '1h' }));
    const serverBuild = path.join(ROOT_DIR, 'build/server/index.js');
    if (!existsSync(serverBuild)) throw new Error('No production build in build/: run `npm run build` first.');
    const { createRequestHandler } = await import('@react-router/express');
    const build = await import(serverBuild);
    app.use(pageRequestShape, brokenEscapesTakenLiterally, personalPagesNotStored, cached, pageFormProtection(csrf), createRequestHandler({ build: build as never, getLoadContext }));
  } else if (config.ssr === 'vite') {
    const vite = await import('vite');
    const server = await vite.createServer({
      root: ROOT_DIR,
      server: { middlewareMode: true, hmr: { port: config.hmrPort } },
      appType: 'custom',
    });
    closeVite = () => server.close();
    app.use(server.middlewares);
    const { createRequestHandler } = await import('@react-router/express');
    app.use(
      pageRequestShape,
      brokenEscapesTakenLiterally,
      personalPagesNotStored,
      pageFormProtection(csrf),
      createRequestHandler({
        build: () => server.ssrLoadModule('virtual:react-router/server-build') as never,
        getLoadContext,
      }),
    );
  }

  // a client's mistake: its 4xx, with nothing logged (http/client-errors.ts)
  app.use(clientErrorAnswer);
  // last: what failed above (a session the database could not load, a GraphQL request's body) gets the
  // shop's own answer, JSON for /graphql, a page in the shopper's language otherwise; 503 in an outage
  app.use(serverErrorHandler({ log: backgroundLog.error }));

  // a cached page or catalog answer goes out before Express, sessions and the rest
  // and then the personal query's answer kept for the session asking, if it is still good
  const toApp: RequestListener = personalAnswers ? (req, res) => personalAnswers.front(req, res, () => app(req, res)) : app;
  // (a first visit to the home page in English, redirected to /en, goes to the app: the cached `/` is the Czech page)
  const toEnglishHome = (req: IncomingMessage) => (req.url === '/' || req.url?.startsWith('/?') === true) && homeGoesToEnglish(req.headers);
  const serve: RequestListener = responseCache ? (req, res) => (toEnglishHome(req) ? toApp(req, res) : responseCache.front(req, res, () => toApp(req, res))) : app;
  // with an https PUBLIC_URL, plain http (as the trusted proxy reports it) goes to https before anything else
  const toHttps = config.secureCookies ? httpsRedirect(config) : null;
  const toShop: RequestListener = toHttps ? (req, res) => void (toHttps(req, res) || serve(req, res)) : serve;
  // the scraper's /metrics first (over plain http too, like /health), then the shop; every request logged
  const handler: RequestListener = metrics ? (req, res) => void (metrics.serve(req, res) || toShop(req, res)) : toShop;
  return {
    app: observeRequests(handler, { log, finished: metrics?.requestFinished }),
    log,
    prisma,
    yoga,
    rateLimiter,
    seatChanges,
    mailer: jobs.mail,
    webhooks: jobs.webhooks,
    responseCacheStats: responseCache?.stats ?? null,
    purgeResponseCache: responseCache?.purge ?? null,
    personalAnswerStats: personalAnswers?.stats ?? null,
    catalogVersion,
    changes,
    async cachesReady() {
      await Promise.all([changes.ready(), catalogVersion?.ready(), responseCache?.ready(), personalAnswers?.ready()]);
    },
    databaseUrl,
    pool,
    streams,
    startDrain() {
      draining = true;
      // an event stream never finishes by itself: ended now, so the drain does not wait for it
      streams.closeAll();
    },
    async close() {
      streams.closeAll();
      // the background jobs' rounds in progress end first (the hold sweep's tell the seat pickers)
      await jobs.close();
      await seatChanges.close();
      await closeVite?.();
      await rateLimiter.close();
      await responseCache?.close();
      await personalAnswers?.close();
      await catalogVersion?.close();
      await changes.close();
      await prisma.$disconnect();
      await embedded?.stop();
    },
  };
}
