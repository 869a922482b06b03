// createApp(config): the one express app that serves the SSR pages, static files and /graphql.
// server.ts only listens; tests call createApp directly.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response } from 'express';
import session from 'express-session';
import type { Config } from './config.ts';
import { createPrisma, type Db } from './db/client.ts';
import { startEmbeddedDatabase } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { PrismaSessionStore } from './http/session-store.ts';
import { csrfProtection, issueCsrfCookie } from './http/csrf.ts';
import { securityHeaders } from './http/security-headers.ts';
import { resolveSessionSecret } from './http/session-secret.ts';
import { currencySwitch, homeLanguageRedirect, languageSwitch } from './http/language.ts';
import { seoRoutes } from './http/seo.ts';
import { createGraphQLServer, requestCurrency, type GraphQLServer } from './graphql/yoga.ts';
import { seedIfEmpty } from '../../prisma/seed/seed.ts';

export const ROOT_DIR = path.resolve(import.meta.dirname, '../..');
const SESSION_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

export type App = {
  app: express.Express;
  prisma: Db;
  yoga: GraphQLServer;
  databaseUrl: string;
  close: () => Promise<void>;
};

export type AppOptions = {
  /** Sees every SQL statement (tests count them). */
  onQuery?: (sql: string) => void;
};

/** What the React Router loaders receive as `context` (see web/app/context.ts). */
export type LoadContext = {
  // the web sends a persisted document's hash (extensions.persistedQuery), not its text (query)
  executeGraphQL: (
    body: { query?: string; variables?: unknown; operationName?: string; extensions?: Record<string, unknown> },
    language: string,
  ) => Promise<unknown>;
  nonce: string;
  publicUrl: string;
};

export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const embedded = config.databaseUrl ? null : await startEmbeddedDatabase(config.dataDir);
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  await migrate(databaseUrl);
  const prisma = createPrisma(databaseUrl, { onQuery: options.onQuery });
  if (config.seedDemoData) await seedIfEmpty(prisma, config);

  const yoga = createGraphQLServer(config, prisma);
  const sessionCookie = config.secureCookies ? '__Host-sid' : 'sid';
  const store = new PrismaSessionStore(prisma);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  app.use((req, res, next) => {
    res.locals.nonce = randomBytes(16).toString('base64');
    // One id per request, from the proxy in front when it sends one; logs and the response carry it.
    const incoming = req.headers['x-request-id'];
    res.locals.requestId = typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', res.locals.requestId);
    next();
  });
  app.use(securityHeaders(config));
  app.get('/health', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/ready', async (_req, res) => {
    try {
      await prisma.$queryRaw`SELECT 1`;
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  });
  app.use('/images', express.static(path.join(ROOT_DIR, 'web/public/images'), { maxAge: '7d' }));
  app.use(seoRoutes(prisma, config));

  app.use(
    session({
      name: sessionCookie,
      secret: resolveSessionSecret(config),
      store,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      proxy: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, path: '/', maxAge: SESSION_MAX_AGE_MS },
    }),
  );
  app.get('/api/csrf-cookie', (req, res) => {
    issueCsrfCookie(req, res, config.secureCookies);
    res.status(204).end();
  });
  app.get(['/language/:code', '/jazyk/:code'], languageSwitch(config));
  app.get(['/currency/:code', '/mena/:code'], currencySwitch(config));
  app.use(homeLanguageRedirect);
  app.use('/graphql', csrfProtection(sessionCookie));
  app.use(yoga.graphqlEndpoint, yoga as unknown as express.RequestHandler);

  const getLoadContext = (req: Request, res: Response): LoadContext => {
    issueCsrfCookie(req, res, config.secureCookies);
    return {
      nonce: res.locals.nonce as string,
      publicUrl: config.publicUrl,
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
    app.use(express.static(clientDir, { maxAge: '1h', index: false }));
    const serverBuild = path.join(ROOT_DIR, 'build/server/index.js');
    if (!existsSync(serverBuild)) throw new Error('No production build in build/: run `npm run build` first.');
    const { createRequestHandler } = await import('@react-router/express');
    const build = await import(serverBuild);
    app.use(createRequestHandler({ build: build as never, getLoadContext }));
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
      createRequestHandler({
        build: () => server.ssrLoadModule('virtual:react-router/server-build') as never,
        getLoadContext,
      }),
    );
  }

  const pruneTimer = setInterval(() => void store.prune().catch(() => undefined), 3600_000);
  pruneTimer.unref();

  return {
    app,
    prisma,
    yoga,
    databaseUrl,
    async close() {
      clearInterval(pruneTimer);
      await closeVite?.();
      await prisma.$disconnect();
      await embedded?.stop();
    },
  };
}
