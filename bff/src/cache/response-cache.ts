// Response cache: catalog pages and catalog queries are rendered once and served from memory (and
// from Redis, shared by instances, with REDIS_URL) until what they were built from changes. The
// rules, in docs/decisions/0016-performance.md, 0043-catalog-pages-for-session-holders.md and
// 0056-cache-tags-and-public-answers.md:
//
// - A page or a catalog query is shared with shoppers who have a session too, but only an answer
//   made without reading who was asking. GraphQL resolvers read the visitor through accessors that
//   mark the response (graphql/server/yoga.ts), and so does the pages' form token (app.ts); the
//   pages read no other cookie than those of the key. Such an answer is the same for everyone, so
//   it is stored from, and served to, any browser request. An answer that read the session is
//   stored only from a request without cookies and served only to such requests. The header's cart
//   and login come from one personal query after hydration (web/app/features/personal/).
//   Partner requests (Authorization) and the public explorer's (X-Shop-Explorer) never use the cache.
// - Stored only: GET pages and POST /graphql queries (never a mutation) that answered 200, set no
//   cookie and did not say Cache-Control private/no-store; GraphQL answers without errors whose
//   every Query field is declared public (cache/graphql-operation.ts; undeclared is personal).
// - Key (cache-key.ts): method, path with query string, language and currency (headers and cookies),
//   for a page the consent choice, the request body for /graphql.
// - Tags: every answer records what it was built from (res.locals.cacheTags, filled by the
//   resolvers through the GraphQL context's tagAnswer; events/tags.ts). `purge` touches exactly the
//   answers carrying a purged tag, and those that recorded none; a touched answer is served stale
//   while one background request renders it again, unless it read the visitor (then it goes).
//   `{all: true}` (a write the app did not describe, the database back after an outage) drops
//   everything: it moves the generation, here and, once per change, in Redis (shared-store.ts).
// - Fresh for freshMs; then served stale for up to staleMs while one background request renders it
//   again (stale-while-revalidate). An answer that is true only until a moment (a resolver called the
//   context's answerValidUntil: the delivery date promise, decision 0069) is never served after it. While the database is away, what is held is served whatever its
//   age (requirements F3).
// - A page's nonce (CSP) is replaced by the response's own, so every response keeps a fresh one.
// - Shared through Redis as signed entries (shared-store.ts); misses of one key render once
//   (single-flight.ts); bodies are encoded and compressed once per entry (encoded-bodies.ts).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { compressBody, negotiateEncoding, worthCompressing } from '../http/compression.ts';
import { noteCacheState } from '../http/request-log.ts';
import { gzipAroundNonce } from './gzip-around-nonce.ts';
import type { CacheTag, Purge } from '../events/tags.ts';
import { CONSENT_COOKIE, consentFromCookieHeader } from '../../../schema/rules/consent.ts';
import { cacheKeyOf, isGraphQL, keyCookiesOf, MAX_KEY_BODY, readRawCookie, urlOf, type CacheKey, type CacheRequest } from './cache-key.ts';
import { STORED_HEADERS, type CachedResponse, type ResponseCacheStats } from './entry.ts';
import { MemoryStore } from './memory-store.ts';
import { createSharedStore, type SharedStore } from './shared-store.ts';
import { PurgeLog } from './purge-log.ts';
import { captureBody, storable } from './capture.ts';
import { compressedOnce, encodedBody, headersOf, partsCompressedOnce, withNonceBetween, writePieces, writeWithNonce } from './encoded-bodies.ts';
import { createSingleFlight, RENDER_WAIT_MS } from './single-flight.ts';

export type { CachedResponse, ResponseCacheStats } from './entry.ts';

const REVALIDATE_HEADER = 'x-response-cache-revalidate';

export type ResponseCacheOptions = {
  /**
   * The change feed's view of the database (events/change-feed.ts): while it does not answer, nothing
   * can change public data, and what is held is served whatever its age (requirements F3).
   */
  feed: { readonly databaseReachable: boolean };
  freshMs?: number;
  staleMs?: number;
  maxEntries?: number;
  /** Memory for the answers of this instance (strings counted at 2 bytes a character). */
  maxBytes?: number;
  /** Shared store for several instances. */
  redisUrl?: string | null;
  /** HMAC key signing the entries in Redis (required with redisUrl). */
  signingKey?: string;
  keyPrefix?: string;
  /** The shop's origin: `front` answers a same-origin (or origin-less) request only (CORS is the app's). */
  publicOrigin?: string;
  /**
   * What every response of the app carries (request id, security headers) and its nonce: a hit
   * writes them with its own headers in one `writeHead` (http/layers/response-start.ts).
   */
  responseHead?: (req: IncomingMessage) => { nonce: string; headers: readonly string[] };
  /** How long a miss waits for the same answer rendered for another request (RENDER_WAIT_MS; tests shorten it). */
  renderWaitMs?: number;
};

export type ResponseCache = {
  /** Serves a hit, or lets the request through and stores its answer when it may be stored. */
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  /**
   * In front of the Express app, on node:http's own request: answers a hit from memory at once and
   * hands everything else to `next` (the app; its `middleware` stores). A small JSON body of a
   * /graphql POST is read here and left on `req.body`, which the app's body parser then keeps.
   * The home page "/" too: the app sends here only the requests it does not redirect by language.
   */
  front: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /**
   * After a change has committed: the answers built from what it touched are served stale while one
   * render refreshes each (those that recorded no tag too); `{all: true}` drops every answer. With
   * Redis, the instance where the change was made (`here`) makes the shared entries invalid, once for
   * all instances; `elsewhere` purges this instance's memory only. Resolves when Redis has it.
   */
  purge: (purge: Purge, origin: 'here' | 'elsewhere') => Promise<void>;
  /** Moves at every purge, of some tags or of all (the personal answers drop theirs then: personal-answers.ts). */
  readonly changes: number;
  /** Moves at every purge of all (every answer held before it is dropped). */
  readonly generation: number;
  /**
   * How many answers were served from the cache / rendered for it, and how many cached bodies were
   * compressed on their way out (tests and the bench read them).
   */
  stats: ResponseCacheStats;
  /** Resolves once, with a Redis URL, the Redis connection is up, or gave up (tests wait for it). */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};


export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const freshMs = options.freshMs ?? 60_000;
  const staleMs = options.staleMs ?? 10 * 60_000;
  const memory = new MemoryStore(options.maxEntries ?? 2000, options.maxBytes ?? 64 * 2 ** 20);
  const revalidateSecret = randomBytes(16).toString('hex');
  const revalidating = new Set<string>();
  const renderWaitMs = options.renderWaitMs ?? RENDER_WAIT_MS;
  const singleFlight = createSingleFlight(renderWaitMs);
  const purges = new PurgeLog();
  const stats: ResponseCacheStats = { hits: 0, misses: 0, stale: 0, stored: 0, bypassed: 0, compressed: 0, purged: 0 };
  const compress: typeof compressBody = (body, encoding) => {
    stats.compressed += 1;
    return compressBody(body, encoding);
  };
  const shared: SharedStore | null = options.redisUrl
    ? createSharedStore({ redisUrl: options.redisUrl, signingKey: options.signingKey ?? '', prefix: options.keyPrefix ?? 'shop:rc:' })
    : null;
  // moves at every purge of all: an answer of an older generation is never served or stored
  let generation = 1;
  // moves at every purge
  let changes = 0;

  type Found = { entry?: CachedResponse; sharedGeneration: string | null; purgeSeq: string | null };

  /** A held answer: from memory unless a purge touched it there, else from Redis (one round trip). */
  async function lookup(key: string): Promise<Found> {
    const local = memory.get(key);
    if (local && !local.purged) return { entry: local, sharedGeneration: local.sharedGeneration ?? null, purgeSeq: local.purgeSeq ?? null };
    const heard = purges.seq;
    const found = shared ? await shared.lookup(key) : null;
    if (!found) return { entry: local, sharedGeneration: null, purgeSeq: null };
    const { entry, sharedGeneration, purgeSeq } = found;
    // a purge heard here while Redis answered may not have reached Redis yet
    if (!entry || purges.touchedSince(heard, entry.tags)) return { entry: local, sharedGeneration, purgeSeq };
    entry.generation = generation;
    memory.set(key, entry);
    return { entry, sharedGeneration, purgeSeq };
  }

  function store(key: string, entry: CachedResponse) {
    memory.set(key, entry);
    stats.stored += 1;
    shared?.store(key, entry, freshMs + staleMs);
  }

  // A purge of all drops every answer of memory when it is heard, not at the instance's next request;
  // in Redis the instance that made the change moves the shared generation (owed while Redis is away).
  async function purge(change: Purge, origin: 'here' | 'elsewhere') {
    changes += 1;
    purges.record(change);
    if ('all' in change) {
      generation += 1;
      memory.clear();
    } else stats.purged += memory.purgeTags(change.tags);
    if (origin === 'here') await shared?.purge(change, freshMs + staleMs).catch(() => undefined);
  }

  function send(req: CacheRequest, res: ServerResponse, entry: CachedResponse, state: 'hit' | 'stale', head: { nonce: string; headers: readonly string[] }) {
    const { nonce } = head;
    const cacheState = state === 'hit' ? 'HIT' : 'STALE';
    // this response's own list: its Content-Length (and encoding) are added to it as it goes out
    const headers = [...head.headers, ...headersOf(entry), 'X-Cache', cacheState];
    noteCacheState(res, cacheState);
    const parts = encodedBody(entry);
    const withNonce = parts.length > 1;
    // a page with a nonce goes in gzip when the browser takes it: its parts are compressed once (gzip-around-nonce.ts)
    const encoding = negotiateEncoding(req.headers['accept-encoding'], withNonce ? 'gzip' : undefined);
    const plainLength = bodyLength(entry, parts, nonce);
    if (!encoding || req.method === 'HEAD' || !worthCompressing(entry.headers['content-type'] ?? '', plainLength)) {
      // as it was stored when it has no nonce; a page as one buffer with this response's nonce in it
      if (!withNonce) return writePieces(res, entry.status, headers, parts);
      if (writeWithNonce(res, entry.status, headers, entry, nonce)) return;
      return writePieces(res, entry.status, headers, withNonceBetween(parts, Buffer.from(nonce, 'utf8')));
    }
    const nonceBytes = Buffer.from(nonce, 'utf8');
    const plain = withNonce ? withNonceBetween(parts, nonceBytes) : parts;
    // an answer without a nonce (JSON) is compressed once per encoding; a page in gzip once, around its
    // nonce; a page in brotli (a browser without gzip) each time, whole (the app's compression middleware
    // lets an encoded body through)
    let compressed: Promise<Buffer[]>;
    if (!withNonce) compressed = compressedOnce(entry, parts[0], encoding, compress).then((bytes) => [bytes]);
    else if (encoding === 'gzip') compressed = partsCompressedOnce(entry, parts, nonceBytes.length, () => (stats.compressed += 1)).then((once) => gzipAroundNonce(once, nonceBytes));
    else compressed = compress(Buffer.concat(plain), encoding).then((bytes) => [bytes]);
    compressed.then(
      (pieces) => {
        if (res.destroyed) return;
        writePieces(res, entry.status, withEncoding(headers, encoding), pieces);
      },
      () => writePieces(res, entry.status, headers, plain),
    );
  }

  /** The plain body's length with `nonce` in place of each of the render's. */
  const bodyLength = (entry: CachedResponse, parts: Buffer[], nonce: string) => {
    let length = (parts.length - 1) * Buffer.byteLength(nonce);
    for (const part of parts) length += part.length;
    return length;
  };

  /** The headers of an answer in `encoding`: Content-Encoding, and Accept-Encoding added to its Vary. */
  const withEncoding = (headers: string[], encoding: string) => {
    const vary = headers.findIndex((name, index) => index % 2 === 0 && name.toLowerCase() === 'vary');
    if (vary === -1) headers.push('Vary', 'Accept-Encoding');
    else if (!/\baccept-encoding\b/i.test(headers[vary + 1])) headers[vary + 1] += ', Accept-Encoding';
    headers.push('Content-Encoding', encoding);
    return headers;
  };

  /** Renders the page again in the background: a request to this very server that skips the lookup. */
  function revalidate(req: CacheRequest, key: string) {
    if (revalidating.has(key) || !options.feed.databaseReachable) return;
    const port = req.socket.localPort;
    if (!port) return;
    revalidating.add(key);
    const headers: Record<string, string> = { [REVALIDATE_HEADER]: revalidateSecret };
    for (const name of ['x-shop-language', 'x-shop-currency', 'content-type', 'accept-language']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // rendered again as a visitor without a session: only the cookies of the key go along
    const { keyCookies } = keyCookiesOf(req);
    const consent = consentFromCookieHeader(req.headers.cookie) ? readRawCookie(req.headers.cookie, CONSENT_COOKIE) : undefined;
    headers.cookie = consent === undefined ? keyCookies : `${keyCookies}; ${CONSENT_COOKIE}=${consent}`;
    const host = req.socket.localAddress?.includes(':') ? `[${req.socket.localAddress}]` : req.socket.localAddress;
    void fetch(`http://${host}:${port}${urlOf(req)}`, {
      method: req.method,
      headers,
      body: req.method === 'POST' ? new Uint8Array(req.body as Buffer) : undefined,
    })
      .then((response) => response.arrayBuffer())
      .catch(() => undefined)
      .finally(() => revalidating.delete(key));
  }

  /** A miss's answer, stored once it has gone out when it may be, and when nothing it was built from changed meanwhile. */
  function capture(req: Request, res: Response, { key, identified }: CacheKey, found: Found) {
    const begun = generation;
    const heard = purges.seq;
    const nonce = res.locals.nonce as string | undefined;
    captureBody(res, (body) => {
      const anyVisitor = res.locals.visitorRead !== true;
      const tags = [...((res.locals.cacheTags as Set<CacheTag> | undefined) ?? [])].sort();
      if (!storable(req, res, body) || (!anyVisitor && identified)) return;
      if (generation !== begun || purges.touchedSince(heard, tags)) return;
      const headers: Record<string, string> = {};
      for (const name of STORED_HEADERS) {
        const value = res.getHeader(name);
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      store(key, {
        status: res.statusCode,
        headers,
        body,
        nonce: nonce ?? '',
        storedAt: Date.now(),
        generation: begun,
        sharedGeneration: found.sharedGeneration,
        purgeSeq: found.purgeSeq,
        anyVisitor,
        tags,
        ...(typeof res.locals.cacheExpiresAt === 'number' ? { expiresAt: res.locals.cacheExpiresAt } : {}),
      });
    });
  }

  /**
   * An entry this request may be served, and whether it is fresh (a purged one is not). While the
   * database is away any age will do: a catalog page served stale beats a 503 (requirements F3), and
   * nothing can change meanwhile.
   */
  const usable = (entry: CachedResponse | undefined, { identified }: CacheKey) => {
    const now = Date.now();
    const age = entry ? now - entry.storedAt : Infinity;
    const expired = entry?.expiresAt !== undefined && now >= entry.expiresAt;
    const inTime = (age <= freshMs + staleMs && !expired) || !options.feed.databaseReachable;
    const ok = entry !== undefined && entry.generation === generation && inTime && (entry.anyVisitor || !identified);
    return ok ? { entry, fresh: age <= freshMs && !entry.purged } : null;
  };

  /** Answers from memory when it holds an answer for this request; `next` otherwise. */
  const serveFromMemory = (req: CacheRequest, res: ServerResponse, next: () => void) => {
    const requestKey = cacheKeyOf(req);
    if (requestKey === null) return next();
    const { key } = requestKey;
    const found = usable(memory.get(key), requestKey);
    if (!found) return next();
    const head = options.responseHead?.(req) ?? { nonce: '', headers: [] };
    if (found.fresh) {
      stats.hits += 1;
      return send(req, res, found.entry, 'hit', head);
    }
    stats.stale += 1;
    send(req, res, found.entry, 'stale', head);
    revalidate(req, key);
  };

  // `front` runs outside Express, where nothing catches: a failure while answering must not take the
  // process down; the app answers instead, or the connection closes if the answer had begun
  const safely = (res: ServerResponse, next: () => void, work: () => void) => {
    try {
      work();
    } catch {
      if (res.headersSent) res.destroy();
      else next();
    }
  };

  const front = (req: CacheRequest, res: ServerResponse, next: () => void) => safely(res, next, () => answerInFront(req, res, next));

  const answerInFront = (req: CacheRequest, res: ServerResponse, next: () => void) => {
    if (req.headers[REVALIDATE_HEADER] !== undefined) return next();
    // a request from another origin gets its CORS headers from the app
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== options.publicOrigin) return next();
    if (req.method === 'GET') return serveFromMemory(req, res, next);
    if (req.method !== 'POST' || !isGraphQL(req) || cacheKeyOf(req, { bodyLater: true }) === null) return next();
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    const length = Number(req.headers['content-length']);
    // only a small plain JSON body of a known length (the app's parser inflates and limits the others)
    if (type !== 'application/json' || req.headers['content-encoding'] !== undefined || !(length > 0 && length <= MAX_KEY_BODY)) return next();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => {
      req.body = Buffer.concat(chunks);
      safely(res, next, () => serveFromMemory(req, res, next));
    });
  };

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    const requestKey = cacheKeyOf(req);
    if (requestKey === null) {
      stats.bypassed += 1;
      return next();
    }
    const { key } = requestKey;
    const revalidation = req.headers[REVALIDATE_HEADER] === revalidateSecret;
    lookup(key).then(
      (found) => {
        const held = revalidation ? null : usable(found.entry, requestKey);
        if (held) {
          // the app's first layer set this response's head already (http/layers/response-start.ts)
          const head = { nonce: (res.locals.nonce as string | undefined) ?? '', headers: [] };
          if (held.fresh) {
            stats.hits += 1;
            return send(req, res, held.entry, 'hit', head);
          }
          stats.stale += 1;
          send(req, res, held.entry, 'stale', head);
          return revalidate(req, key);
        }
        const other = revalidation ? undefined : singleFlight.inFlight(key);
        if (!other) return render(req, res, next, requestKey, found);
        // the same answer is being rendered for another request: served from what that render stores,
        // or rendered here when it stored nothing (a private answer, a change meanwhile) or took too long
        return singleFlight.waitFor(other).then(() => {
          const rendered = usable(memory.get(key), requestKey);
          if (!rendered?.fresh) return render(req, res, next, requestKey, found);
          stats.hits += 1;
          send(req, res, rendered.entry, 'hit', { nonce: (res.locals.nonce as string | undefined) ?? '', headers: [] });
        });
      },
      () => next(),
    ).catch((error: unknown) => (res.headersSent ? res.destroy() : next(error)));
  };

  /** A miss: the app renders the answer, which is stored when it may be; others asking meanwhile wait for it. */
  const render = (req: Request, res: Response, next: NextFunction, requestKey: CacheKey, found: Found) => {
    stats.misses += 1;
    res.setHeader('X-Cache', 'MISS');
    noteCacheState(res, 'MISS');
    capture(req, res, requestKey, found);
    singleFlight.begin(requestKey.key, res);
    next();
  };

  return {
    middleware,
    front,
    purge,
    get changes() {
      return changes;
    },
    get generation() {
      return generation;
    },
    stats,
    ready: async () => void (await shared?.ready()),
    async close() {
      await shared?.close();
    },
  };
}
