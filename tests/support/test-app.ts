// The app under test: createApp() on a database of its own, listening on a loopback port.
// With TEST_DATABASE_URL a new database is created on that PostgreSQL server (and dropped on close);
// otherwise the embedded PGlite runs in memory. Either starts as a copy of the run's migrated
// template (tests/integration/global-setup.ts) when there is one, or empty and migrated by the app.
// Clients keep cookies like a browser does.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { print, type DocumentNode } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { createApp, type App } from '../../bff/src/app.ts';
import { loadConfig, type Config } from '../../bff/src/config.ts';
import type { Db } from '../../bff/src/db/client.ts';
import type { PlaceOrderHooks } from '../../bff/src/services/orders.ts';
import {
  createServerDatabase,
  dropServerDatabase,
  embeddedInitialData,
  serverDatabaseUrl,
  type DatabaseTemplate,
} from './database-templates.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** Which database the integration tests run on (for test names and skips). */
export const databaseKind: DatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export type GraphQLErrorShape = { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> };

export type GraphQLResponse<TData> = {
  status: number;
  headers: Headers;
  data?: TData | null;
  errors?: GraphQLErrorShape[];
};

type Document<TData, TVariables> = string | DocumentNode | TypedDocumentNode<TData, TVariables>;

export type RequestOptions = {
  client?: TestClient;
  /** Extra headers, e.g. { 'x-shop-language': 'en' }. */
  headers?: Record<string, string>;
};

/** Set-Cookie attributes of one cookie, lower-cased names (e.g. { 'max-age': '31536000', httponly: '' }). */
export type SetCookie = { name: string; value: string; attributes: Record<string, string> };

export function parseSetCookie(header: string): SetCookie {
  const [pair, ...rest] = header.split(';');
  const index = pair.indexOf('=');
  const attributes: Record<string, string> = {};
  for (const part of rest) {
    const [key, ...value] = part.trim().split('=');
    attributes[key.toLowerCase()] = value.join('=');
  }
  return { name: pair.slice(0, index).trim(), value: pair.slice(index + 1).trim(), attributes };
}

/** A browser-like client: keeps cookies, fetches the CSRF cookie before its first POST and echoes it. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  private csrfFetched = false;

  constructor(
    private readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  /** The session id inside the signed `sid` cookie (s:<id>.<signature>), if any. */
  get sessionId(): string | undefined {
    const value = this.cookies.get('sid');
    if (!value) return undefined;
    const decoded = decodeURIComponent(value);
    return decoded.startsWith('s:') ? decoded.slice(2, decoded.lastIndexOf('.')) : decoded;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(header);
      const expires = cookie.attributes.expires ? Date.parse(cookie.attributes.expires) : NaN;
      if (cookie.attributes['max-age'] === '0' || expires < Date.now()) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  /** fetch() relative to the app with this client's cookies; stores the cookies it gets back. */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.defaultHeaders)) if (!headers.has(name)) headers.set(name, value);
    if (this.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', this.cookieHeader());
    const response = await fetch(this.baseUrl + path, { redirect: 'manual', ...init, headers });
    this.store(response);
    return response;
  }

  async ensureCsrfCookie(): Promise<string> {
    if (!this.csrfFetched || !this.cookies.has('XSRF-TOKEN')) {
      const response = await this.fetch('/api/csrf-cookie');
      if (response.status !== 204) throw new Error(`/api/csrf-cookie answered ${response.status}`);
      this.csrfFetched = true;
    }
    return this.cookies.get('XSRF-TOKEN')!;
  }

  async gql<TData = unknown, TVariables = Record<string, unknown>>(
    document: Document<TData, TVariables>,
    variables?: TVariables,
    headers: Record<string, string> = {},
  ): Promise<GraphQLResponse<TData>> {
    const token = await this.ensureCsrfCookie();
    const query = typeof document === 'string' ? document : print(document);
    const response = await this.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': token, ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    let body: { data?: TData | null; errors?: GraphQLErrorShape[] };
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`POST /graphql answered ${response.status} with non-JSON: ${text.slice(0, 200)}`);
    }
    return { status: response.status, headers: response.headers, data: body.data, errors: body.errors };
  }
}

export type TestApp = {
  url: string;
  prisma: Db;
  /** The app's connection pool (tests hold its connections to see /ready refuse). */
  pool: App['pool'];
  /** Begins the shutdown drain (/ready answers 503). */
  startDrain: () => void;
  /** The app's mail outbox sender. */
  mailer: App['mailer'];
  /** The sender of Ověřeno zákazníky and Zboží's backend conversions; null without their keys. */
  conversions: App['conversions'];
  /** The price comparison feeds' job (bff/src/jobs/feeds.ts). */
  feeds: App['feeds'];
  /** The response cache's counters (null unless the config turns it on). */
  responseCacheStats: App['responseCacheStats'];
  /** The personal answers' counters (null unless the response cache is on: bff/src/cache/personal-answers.ts). */
  personalAnswerStats: App['personalAnswerStats'];
  /** The response cache's `generation` and `changes` (null unless the config turns it on). */
  responseCache: App['responseCache'];
  /** What the services changed, after each commit (bff/src/events/change-feed.ts). */
  changes: App['changes'];
  /** Resolves once the caches' Redis connections are up and subscribed (at once without Redis). */
  cachesReady: App['cachesReady'];
  /** Seats taken and freed, as the app tells its seat pickers (services/seat-changes.ts). */
  seatChanges: App['seatChanges'];
  /** The response cache's purge (cache/response-cache.ts), when it is on. */
  purgeResponseCache: App['purgeResponseCache'];
  /** The subscriptions' open event streams (graphql/server/stream-limits.ts). */
  streams: App['streams'];
  /** The app's clock of seat holds and sales windows: a test moves it by replacing `now` (reset after each test). */
  clock: { now: () => Date };
  /** The app's test seams of placing an order (services/orders.ts PlaceOrderHooks): a test sets and deletes them. */
  placeOrderHooks: PlaceOrderHooks;
  config: Config;
  databaseUrl: string;
  /** Every SQL statement the app's Prisma client sent, in order (none with `logQueries: false`). */
  queries: string[];
  newClient: (headers?: Record<string, string>) => TestClient;
  /** One GraphQL request; without a client, a fresh cookie-less browser. */
  gql: <TData = unknown, TVariables = Record<string, unknown>>(
    document: Document<TData, TVariables>,
    variables?: TVariables,
    options?: RequestOptions,
  ) => Promise<GraphQLResponse<TData>>;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /** Use this database as it is (e.g. another test app's) instead of a fresh one; it is not dropped on close. */
  databaseUrl?: string;
  config?: Partial<Config>;
  /** Keep every SQL statement in `queries` (default). The search bench turns it off: production keeps none. */
  logQueries?: boolean;
  /**
   * An empty database that the app migrates on its start, as a shop's first start does (the tests of
   * the migrations), rather than a copy of the run's migrated template.
   */
  fresh?: boolean;
  /** Where the app's log lines go (JSON, one a line); without it the test app logs nothing. */
  logDestination?: { write: (line: string) => void };
};

/** The run's migrated template, when vitest's global setup made one (not in `npm run bench`). */
async function migratedTemplate(): Promise<DatabaseTemplate | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('migratedTemplate');
}

/** A database of its own on the TEST_DATABASE_URL server (a copy of `template`, or empty); dropped on close. */
async function ownServerDatabase(template: DatabaseTemplate | undefined): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = await createServerDatabase('shop_test', template?.kind === 'postgres' ? template.database : undefined);
  return { url: serverDatabaseUrl(name), drop: () => dropServerDatabase(name) };
}

function listen(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const template = options.fresh || options.databaseUrl ? undefined : await migratedTemplate();
  const owned = !options.databaseUrl && process.env.TEST_DATABASE_URL ? await ownServerDatabase(template) : null;
  const ownMailDir = options.config?.mailDir ? null : mkdtempSync(path.join(os.tmpdir(), 'shop-test-mail-'));
  const removeMailDir = () => ownMailDir && rmSync(ownMailDir, { recursive: true, force: true });
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      databaseUrl: options.databaseUrl ?? owned?.url ?? null,
      dataDir: 'memory://',
      // e-mails of this app (no SMTP_URL) go to a folder of its own, removed on close
      mailDir: ownMailDir ?? options.config!.mailDir!,
      // fixed, so that a second app on the same database accepts the first one's session cookies
      sessionSecret: 'integration-tests-session-secret-0123456789',
      ssr: 'off',
      seedDemoData: false,
      graphiql: false,
      ...options.config,
    },
  );
  const queries: string[] = [];
  const clock = { now: () => new Date() };
  const placeOrderHooks: PlaceOrderHooks = {};
  let app: Awaited<ReturnType<typeof createApp>>;
  try {
    const initialData = owned || options.databaseUrl ? undefined : embeddedInitialData(template);
    app = await createApp(config, {
      embeddedInitialData: initialData,
      logDestination: options.logDestination,
      clock: () => clock.now(),
      placeOrderHooks,
      ...(options.logQueries === false ? {} : { onQuery: (sql: string) => queries.push(sql) }),
    });
  } catch (error) {
    await owned?.drop();
    removeMailDir();
    throw error;
  }
  const server = await listen(app.app);
  server.keepAliveTimeout = 1000;
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const newClient = (headers?: Record<string, string>) => new TestClient(url, headers);

  return {
    url,
    prisma: app.prisma,
    pool: app.pool,
    startDrain: app.startDrain,
    mailer: app.mailer,
    conversions: app.conversions,
    feeds: app.feeds,
    responseCacheStats: app.responseCacheStats,
    purgeResponseCache: app.purgeResponseCache,
    personalAnswerStats: app.personalAnswerStats,
    responseCache: app.responseCache,
    changes: app.changes,
    cachesReady: app.cachesReady,
    seatChanges: app.seatChanges,
    streams: app.streams,
    clock,
    placeOrderHooks,
    config,
    databaseUrl: app.databaseUrl,
    queries,
    newClient,
    gql: (document, variables, requestOptions = {}) =>
      (requestOptions.client ?? newClient()).gql(document, variables, requestOptions.headers),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      await owned?.drop();
      removeMailDir();
    },
  };
}
