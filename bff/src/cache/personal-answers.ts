// Personal answers (issue 28, docs/decisions/0044): the answer to the one personal query of every page
// load (web/app/features/personal/personal-query.ts: the header's cart, the wishlist, `me`) is kept in
// this instance's memory for the session that asked, for a short time, and answered again from there
// in front of Express, without loading the session, executing GraphQL or asking the database.
//
// It is never a second way of making the answer: what is kept is the very response the full GraphQL
// execution gave this session. The rules:
// - Only the persisted personal query (its hash, no variables) of a browser with a session whose cookie
//   is signed by the session secret, the session's CSRF token in cookie and header, and nothing that
//   says cross-site (Sec-Fetch-Site, Origin) is answered here. Everything else goes to the app, which
//   answers or refuses it as before (415, 403, 419 ...): this path only ever answers less.
// - The key is the session (SHA-256 of its id) with the response cache's request key (language,
//   currency, body), so an answer is only ever served to the session it was made for. Nothing of it
//   goes to Redis or to another instance. `Cache-Control: private, no-store` on every personal answer.
// - Kept for ttlMs at most, and dropped when something may have changed it: a state-changing request
//   (a POST other than a GraphQL query: a mutation, a page's form) of the same session when it is done
//   (login and logout replace the session id, so the old one's answers go); the answers of every
//   session of a customer when a request of hers (or with her personal access token) changed something;
//   a change of public data (prices, products: every purge of the response cache). An answer whose execution
//   overlapped such a request or change is not kept. With REDIS_URL the drops are told to the other instances, and while Redis does not answer no
//   answer is served from memory (another instance's change could not be heard).
// - A hit does not move the session's idle time on (0004); the next miss does, at least every ttlMs.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { closeRedisClient, createRedisClient, type RedisClient } from '../redis.ts';
import { csrfCookieName, csrfToken, CSRF_HEADER, sameToken } from '../http/csrf.ts';
import { signedSessionId } from '../http/cookies.ts';
import { sessionKey } from '../services/sessions.ts';
import { cookieValue } from '../../../schema/rules/cookies.ts';
import { cacheKeyOf } from './cache-key.ts';

/** What a personal answer's response carries besides the instance's own headers (CSP, request id). */
const STORED_HEADERS = ['content-type', 'vary'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type PersonalAnswersOptions = {
  /** The persisted document's hash of the personal query (trusted-documents.ts persistedOperationHash). */
  queryHash: string;
  sessionSecret: string;
  sessionCookie: string;
  /** The shop's cookies are Secure and `__Host-` (the CSRF cookie's name). */
  secureCookies: boolean;
  publicOrigin: string;
  /** The response cache (response-cache.ts): its `changes` move at every purge of public data. */
  publicChanges: { readonly changes: number };
  ttlMs?: number;
  maxEntries?: number;
  redisUrl?: string | null;
  channel?: string;
  /** What every response of the app carries (request id, security headers); see response-cache.ts. */
  startResponse: (req: IncomingMessage, res: ServerResponse) => string;
};

export type PersonalAnswerStats = { hits: number; misses: number; stored: number; dropped: number };

export type PersonalAnswers = {
  /** In front of Express, after the response cache's front (which read a small /graphql body into req.body). */
  front: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** Express, first: keeps a miss's answer, and drops the answers a state-changing request may change. */
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  stats: PersonalAnswerStats;
  /** Resolves once, with REDIS_URL, both Redis connections are up and subscribed, or gave up (tests wait for it). */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

/** `changes`: the response cache's count of purges when the answer's execution began (any purge since makes it stale). */
type Entry = { body: Buffer; headers: Record<string, string>; storedAt: number; changes: number; session: string; customerId: number | null };
/** `drops`: this instance's count of drops, and `changes` the response cache's purges, when the miss began. */
type Miss = { key: string; session: string; drops: number; changes: number };
type FrontRequest = IncomingMessage & { body?: unknown; personalMiss?: Miss };

export function createPersonalAnswers(options: PersonalAnswersOptions): PersonalAnswers {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 20_000;
  const csrfCookie = csrfCookieName(options.secureCookies);
  const stats: PersonalAnswerStats = { hits: 0, misses: 0, stored: 0, dropped: 0 };
  const entries = new Map<string, Entry>();
  // moves at every drop: an answer whose execution began before a drop is not kept
  let drops = 0;
  // the state-changing requests of a session running now: her answer made meanwhile is not kept
  const running = new Map<string, number>();

  const dropWhere = (matches: (entry: Entry) => boolean) => {
    drops += 1;
    for (const [key, entry] of entries) {
      if (matches(entry)) {
        entries.delete(key);
        stats.dropped += 1;
      }
    }
  };
  const dropSession = (session: string) => dropWhere((entry) => entry.session === session);
  const dropCustomer = (customerId: number) => dropWhere((entry) => entry.customerId === customerId);

  // the other instances' drops, and ours to them (Redis publish/subscribe)
  const channel = options.channel ?? 'shop:personal:changed';
  const instanceId = Math.random().toString(36).slice(2);
  let publisher: RedisClient | null = null;
  let subscriber: RedisClient | null = null;
  let subscribed = false;
  let connecting: Promise<unknown> = Promise.resolve();
  if (options.redisUrl) {
    const quiet = () => undefined;
    // what is kept while the subscription is down may have missed a drop
    const forgetAll = () => entries.clear();
    publisher = createRedisClient({ url: options.redisUrl, disableOfflineQueue: true });
    subscriber = publisher.duplicate();
    publisher.on('error', quiet);
    subscriber.on('error', forgetAll);
    subscriber.on('reconnecting', forgetAll);
    const publishing = publisher.connect().catch(quiet);
    const subscribing = subscriber
      .connect()
      .then(() =>
        subscriber!.subscribe(channel, (message) => {
          const [from, kind, value] = message.split(' ');
          if (from === instanceId) return;
          if (kind === 'session') dropSession(value);
          else if (kind === 'customer') dropCustomer(Number(value));
        }),
      )
      .then(() => void (subscribed = true))
      .catch(quiet);
    connecting = Promise.all([publishing, subscribing]);
  }
  const tell = (kind: 'session' | 'customer', value: string) => {
    if (publisher?.isReady) void publisher.publish(channel, `${instanceId} ${kind} ${value}`).catch(() => undefined);
  };
  const mayServe = () => !options.redisUrl || (subscribed && subscriber?.isReady === true);

  /** The persisted personal query, without variables, and nothing else. */
  const isPersonalQuery = (body: Buffer): boolean => {
    try {
      const request = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      const extensions = request.extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined;
      const variables = request.variables;
      return (
        request.query === undefined &&
        extensions?.persistedQuery?.sha256Hash === options.queryHash &&
        (request.operationName === undefined || request.operationName === 'Personal') &&
        (variables === undefined || variables === null || (typeof variables === 'object' && Object.keys(variables).length === 0))
      );
    } catch {
      return false;
    }
  };

  /** The session (SHA-256 of its id) of a same-origin request that passes the CSRF check as the app would; else null. */
  const verifiedSession = (req: IncomingMessage): string | null => {
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') return null;
    if (req.headers.authorization !== undefined || req.headers['x-shop-explorer'] !== undefined) return null;
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return null;
    if (req.headers.origin !== undefined && req.headers.origin !== options.publicOrigin) return null;
    const id = signedSessionId(req.headers.cookie, options.sessionCookie, options.sessionSecret);
    if (id === undefined) return null;
    const token = csrfToken(options.sessionSecret, id);
    const header = req.headers[CSRF_HEADER];
    const cookie = cookieValue(req.headers.cookie, csrfCookie);
    if (typeof header !== 'string' || cookie === undefined || !sameToken(header, token) || !sameToken(cookie, token)) return null;
    return sessionKey(id);
  };

  const front = (req: FrontRequest, res: ServerResponse, next: () => void) => {
    try {
      if (req.method !== 'POST' || !Buffer.isBuffer(req.body) || !isPersonalQuery(req.body)) return next();
      const session = verifiedSession(req);
      const requestKey = session === null ? null : cacheKeyOf(req);
      if (session === null || requestKey === null) return next();
      const key = `${session}\n${requestKey.key}`;
      const entry = entries.get(key);
      const fresh = entry && Date.now() - entry.storedAt <= ttlMs && entry.changes === options.publicChanges.changes;
      if (!entry || !fresh || !mayServe()) {
        if (entry) entries.delete(key);
        stats.misses += 1;
        req.personalMiss = { key, session, drops, changes: options.publicChanges.changes };
        return next();
      }
      stats.hits += 1;
      options.startResponse(req, res);
      res.statusCode = 200;
      for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('Content-Length', entry.body.length);
      res.end(entry.body);
    } catch {
      if (res.headersSent) res.destroy();
      else next();
    }
  };

  /** Keeps the answer the app gives a miss, when nothing changed meanwhile and it is a plain answer. */
  const keep = (req: Request, res: Response, miss: Miss) => {
    res.setHeader('Cache-Control', 'private, no-store');
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as never;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      const result = end(chunk, ...rest);
      try {
        const unchanged = miss.drops === drops && !running.has(miss.session) && miss.changes === options.publicChanges.changes;
        const plain =
          res.statusCode === 200 &&
          res.getHeader('set-cookie') === undefined &&
          res.getHeader('content-encoding') === undefined &&
          res.locals.graphqlOperation === 'query';
        if (!unchanged || !plain) return result;
        const body = Buffer.concat(chunks);
        if ((JSON.parse(body.toString('utf8')) as { errors?: unknown }).errors !== undefined) return result;
        const headers: Record<string, string> = {};
        for (const name of STORED_HEADERS) {
          const value = res.getHeader(name);
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
        }
        const customerId = (req.session as { customerId?: number } | undefined)?.customerId ?? null;
        entries.delete(miss.key);
        entries.set(miss.key, { body, headers, storedAt: Date.now(), changes: miss.changes, session: miss.session, customerId });
        stats.stored += 1;
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      } catch {
        // never let keeping an answer break the response
      }
      return result;
    }) as never;
  };

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    const miss = (req as FrontRequest).personalMiss;
    if (miss) {
      keep(req, res, miss);
      return next();
    }
    if (SAFE_METHODS.has(req.method)) return next();
    // A request that may change something (a POST: a mutation, a page's form). While it runs, no answer
    // of this session is kept; when it is done, unless it was a GraphQL query, the answers of this
    // session go, with those of the customer it was (or became) and of a personal access token's.
    const id = signedSessionId(req.headers.cookie, options.sessionCookie, options.sessionSecret);
    const session = id === undefined ? null : sessionKey(id);
    if (session !== null) running.set(session, (running.get(session) ?? 0) + 1);
    res.once('close', () => {
      if (session !== null) {
        const left = running.get(session)! - 1;
        if (left === 0) running.delete(session);
        else running.set(session, left);
      }
      if (res.locals.graphqlOperation === 'query') return;
      if (session !== null) {
        dropSession(session);
        tell('session', session);
      }
      const customerIds = [
        (req.session as { customerId?: number } | undefined)?.customerId,
        (res.locals.customerToken as { customerId?: number } | undefined)?.customerId,
      ];
      for (const customerId of new Set(customerIds)) {
        if (typeof customerId !== 'number') continue;
        dropCustomer(customerId);
        tell('customer', String(customerId));
      }
    });
    next();
  };

  return {
    front,
    middleware,
    stats,
    ready: async () => void (await connecting),
    async close() {
      await Promise.all([closeRedisClient(subscriber), closeRedisClient(publisher)]);
    },
  };
}
