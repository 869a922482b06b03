// A layer of the request pipeline, and what the layers are built from (the app's parts). app.ts
// builds the parts and lists the layers in the order a request meets them; docs/architecture.md's
// "Layers of a request" names the same layers in the same order (tests/unit/app-layers.test.ts).
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { Store } from 'express-session';
import type pg from 'pg';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { LineLog, Log } from '../../log.ts';
import type { RateLimiter } from '../../rate-limit/rate-limit.ts';
import type { GraphQLServer } from '../../graphql/server/yoga.ts';
import type { PersonalAnswers } from '../../cache/personal-answers.ts';
import type { CsrfOptions } from '../csrf.ts';
import type { Metrics } from '../metrics.ts';
import type { ShopLoadContext } from '../../../../schema/load-context.ts';

/** One step of the Express app: mounts its routes or middleware on the app, in its place in the list. */
export type Layer = { name: string; mount: (app: Express, parts: AppParts) => void };

/** One step in front of Express, on node:http's own request: wraps what comes after it (`next`). */
export type FrontLayer = { name: string; wrap: (next: RequestListener, parts: AppParts) => RequestListener };

/** The app's parts the layers use (app.ts builds them, starts them and closes them). */
export type AppParts = {
  config: Config;
  /** The repository's root (web/public, build/). */
  rootDir: string;
  prisma: Db;
  /** The database connections under prisma (readiness reads their load). */
  pool: pg.Pool;
  log: Log;
  /** What runs outside a request logs lines. */
  backgroundLog: LineLog;
  rateLimiter: RateLimiter;
  yoga: GraphQLServer;
  csrf: CsrfOptions;
  sessionCookie: string;
  sessionSecret: string;
  sessionStore: Store;
  /** What every response carries: a nonce for its scripts, the security headers; and its request id. */
  startResponse: (req: IncomingMessage, res: ServerResponse) => { nonce: string; requestId: string };
  /** Shutdown has begun (/ready answers 503). */
  draining: () => boolean;
  /** The response cache (RESPONSE_CACHE): its middleware serves a hit or stores a miss's answer; its front answers a hit before Express. */
  responseCache: { middleware: RequestHandler; front: (req: IncomingMessage, res: ServerResponse, next: () => void) => void } | null;
  /** The personal query's answers kept for their session (with the response cache). */
  personalAnswers: PersonalAnswers | null;
  /** Prometheus metrics at /metrics (METRICS_TOKEN). */
  metrics: Metrics | null;
  /** The pages' server build (SSR build or vite); null without pages (tests: ssr off). */
  pages: PageBuild | null;
};

/** The pages' server build, loaded at start (a part of the app: app.ts closes it). */
export type PageBuild = {
  /** Its files (the build's assets, or vite's middlewares), served before the pages. */
  mountFiles: (app: Express) => void;
  /** React Router's request handler of the build, given what a page's loaders are given. */
  handler: (getLoadContext: (req: Request, res: Response) => ShopLoadContext) => RequestHandler;
  /** Whether the response cache may store its pages (not under vite: a page changes with its source). */
  cached: boolean;
  close: () => Promise<void>;
};

/** Mounts the layers on the app in the order given. */
export function mountLayers(app: Express, layers: readonly Layer[], parts: AppParts): void {
  for (const layer of layers) layer.mount(app, parts);
}

/** The listener that runs the front layers in the order given, the first outermost, then `app`. */
export function inFront(layers: readonly FrontLayer[], app: RequestListener, parts: AppParts): RequestListener {
  return layers.reduceRight((next, layer) => layer.wrap(next, parts), app);
}
