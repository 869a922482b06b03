// Response cache: catalog pages and catalog queries are rendered once and served from memory (and
// from Redis, shared by instances, with REDIS_URL) until public data changes
// (bff/src/cache/catalog-version.ts). The rules, in docs/decisions/0016-performance.md and, for
// shoppers with a session, docs/decisions/0043-catalog-pages-for-session-holders.md:
//
// - A page or a catalog query is shared with shoppers who have a session too, but only an answer
//   made without reading who was asking. GraphQL resolvers read the visitor through accessors that
//   mark the response (graphql/server/yoga.ts), and so does the pages' form token (app.ts); the
//   pages read no other cookie than those of the key. Such an answer is the same for everyone, so
//   it is stored from, and served to, any browser request. An answer that read the session (a cart,
//   `me`, even a guest's empty cart, a page with the session's form token) is stored only from a
//   request without cookies and served only to such requests. The header's cart and login come from
//   one personal query after hydration (web/app/features/personal/).
//   Partner requests (Authorization) and the public explorer's (X-Shop-Explorer) never use the cache.
// - Stored only: GET pages and POST /graphql queries (never a mutation) that answered 200, set no
//   cookie and did not say Cache-Control private/no-store; GraphQL answers without errors.
// - Key: method, path with query string, language and currency (headers and cookies), for a page
//   the consent choice (which categories, not the browser's consent id: the consent bar and the
//   tags depend on it), the request body for /graphql.
// - Fresh for freshMs; then served stale for up to staleMs while one background request renders it
//   again (stale-while-revalidate). A change of public data drops everything at once. While the
//   database is away, what is held is served whatever its age (requirements F3).
// - A page's nonce (CSP) is replaced by the response's own, so every response keeps a fresh one.
// - An entry in Redis is signed (HMAC-SHA256 over its key and content, with a key derived from the
//   session secret): one that fails is neither served nor kept, and the page is rendered again.
//   Whoever can write to Redis cannot make the shop serve a page with a script under a valid nonce.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import { closeRedisClient, createRedisClient, type RedisClient } from '../redis.ts';
import { appendVary, compressBody, negotiateEncoding, worthCompressing, type Encoding } from '../http/compression.ts';
import { compressParts, gzipAroundNonce, type CompressedParts } from './gzip-around-nonce.ts';
import type { CatalogVersion } from './catalog-version.ts';
import { cookieNames, currencyOfCookies, languageOfCookies } from '../../../schema/rules/cookies.ts';
import { CONSENT_COOKIE, consentFromCookieHeader } from '../../../schema/rules/consent.ts';

/**
 * Cookies whose reading is part of the key (a page also keys the consent choice). Any other cookie
 * (the session, the CSRF token, the header's hint): only answers made for any visitor are served.
 */
const KEY_COOKIES = new Set(['lang', 'currency']);
/** Response headers kept with a cached answer (the rest are per response: CSP, request id, CORS). */
const STORED_HEADERS = ['content-type', 'content-language', 'link', 'vary'];
const REVALIDATE_HEADER = 'x-response-cache-revalidate';
/** A /graphql body up to this size is part of the key; a larger one is never cached. */
const MAX_KEY_BODY = 16_384;

export type CachedResponse = {
  status: number;
  headers: Record<string, string>;
  /**
   * The body as rendered, with its render's `nonce`, which a hit replaces by its own. That nonce is
   * where the nonce goes: no input can contain it, since it was made after the request came (a fixed
   * placeholder could be typed into a parameter the page reflects, and got each hit's nonce).
   */
  body: string;
  /** The render's nonce ('' when it had none). */
  nonce: string;
  storedAt: number;
  /** The instance's generation when it was rendered (memory). */
  generation: number;
  /** The shared generation in Redis when it was rendered; null without Redis. */
  sharedGeneration?: string | null;
  /** Made without reading who was asking: may be served to a request with a session. */
  anyVisitor: boolean;
};

export type CacheKey = {
  key: string;
  /** The request carries a session or another cookie: only an answer for any visitor is served to it or stored from it. */
  identified: boolean;
};

export type ResponseCacheOptions = {
  version: CatalogVersion;
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
   * What every response of the app carries (request id, security headers), set by `front` on a hit
   * as the app's first middleware sets it; returns the response's nonce.
   */
  startResponse?: (req: IncomingMessage, res: ServerResponse) => string;
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
   * How many answers were served from the cache / rendered for it, and how many cached bodies were
   * compressed on their way out (tests and the bench read them).
   */
  stats: ResponseCacheStats;
  /** Resolves once, with a Redis URL, the Redis connection is up, or gave up (tests wait for it). */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

export type ResponseCacheStats = { hits: number; misses: number; stale: number; stored: number; bypassed: number; compressed: number };

/** A request before Express (`front`) or inside it (`originalUrl`: the middleware also runs mounted under /graphql). */
type CacheRequest = IncomingMessage & { originalUrl?: string; body?: unknown };

/** The path and query string as the browser sent them. */
function urlOf(req: CacheRequest): string {
  return req.originalUrl ?? req.url ?? '/';
}

function pathOf(req: CacheRequest): string {
  const url = urlOf(req);
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function isGraphQL(req: CacheRequest): boolean {
  const path = pathOf(req);
  return path === '/graphql' || path === '/graphql/';
}

/**
 * The language and currency the `lang` and `currency` cookies choose, read as the pages and the API
 * read them (schema/rules/cookies.ts), and whether the request has any other cookie.
 */
function keyCookiesOf(req: CacheRequest): { keyCookies: string; otherCookies: boolean } {
  const header = req.headers.cookie;
  const otherCookies = cookieNames(header).some((name) => !KEY_COOKIES.has(name));
  return { keyCookies: `lang=${languageOfCookies(header)}; currency=${currencyOfCookies(header)}`, otherCookies };
}

/**
 * The consent choice a page is rendered for (the bar shows while there is none; the tags load by it),
 * as the root loader reads it: the three categories, never the browser's own consent id or date.
 */
function consentKeyOf(req: CacheRequest): string {
  const consent = consentFromCookieHeader(req.headers.cookie);
  return consent ? `consent=${Number(consent.analytical)}${Number(consent.marketing)}${Number(consent.advertising)}` : 'consent=none';
}

/** The cache key for a request, or null when the request may not use the cache. */
export function cacheKeyOf(req: CacheRequest, options: { bodyLater?: boolean } = {}): CacheKey | null {
  if (req.method !== 'GET' && !(req.method === 'POST' && isGraphQL(req))) return null;
  // a token's or the public explorer's request (http/public-explorer.ts): counted and answered by the app
  if (req.headers.authorization || req.headers['x-shop-explorer']) return null;
  const { keyCookies, otherCookies } = keyCookiesOf(req);
  const language = req.headers['x-shop-language'] ?? '';
  const currency = req.headers['x-shop-currency'] ?? '';
  let body = '';
  if (req.method === 'POST' && options.bodyLater) return { key: '', identified: otherCookies };
  if (req.method === 'POST') {
    if (!Buffer.isBuffer(req.body) || req.body.length === 0 || req.body.length > MAX_KEY_BODY) return null;
    body = req.body.toString('utf8');
  }
  const pageCookies = isGraphQL(req) ? '' : consentKeyOf(req);
  return { key: [req.method, urlOf(req), keyCookies, pageCookies, language, currency, body].join('\n'), identified: otherCookies };
}

/** Least recently used answers go first beyond a number of entries or of bytes (query strings are free to vary). */
class MemoryStore {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;
  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  private static size(key: string, entry: CachedResponse): number {
    return (key.length + entry.body.length) * 2;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= MemoryStore.size(key, entry);
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // most recently used last
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedResponse) {
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += MemoryStore.size(key, entry);
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) this.remove(this.entries.keys().next().value!);
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }
}

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const freshMs = options.freshMs ?? 60_000;
  const staleMs = options.staleMs ?? 10 * 60_000;
  const memory = new MemoryStore(options.maxEntries ?? 2000, options.maxBytes ?? 64 * 2 ** 20);
  const prefix = options.keyPrefix ?? 'shop:rc:';
  const revalidateSecret = randomBytes(16).toString('hex');
  const revalidating = new Set<string>();
  const renderWaitMs = options.renderWaitMs ?? RENDER_WAIT_MS;
  // misses being rendered now, by key: after a change every visitor of a popular page missed at once,
  // and each rendered the same page. An entry ends with its response, and after renderWaitMs at the
  // latest: a render that never answers must not hold the page's other visitors (issue 40, item 4).
  const rendering = new Map<string, { done: Promise<void>; startedAt: number }>();
  const inFlight = (key: string) => {
    const entry = rendering.get(key);
    return entry && Date.now() - entry.startedAt < renderWaitMs ? entry : undefined;
  };
  const stats: ResponseCacheStats = { hits: 0, misses: 0, stale: 0, stored: 0, bypassed: 0, compressed: 0 };
  const compress: typeof compressBody = (body, encoding) => {
    stats.compressed += 1;
    return compressBody(body, encoding);
  };
  let memoryGeneration = options.version.generation;
  let redis: RedisClient | null = null;
  let connecting: Promise<unknown> = Promise.resolve();
  const signingKey = options.signingKey ?? '';
  if (options.redisUrl && !signingKey) throw new Error('A response cache shared through Redis needs a signing key.');
  if (options.redisUrl) {
    redis = createRedisClient({ url: options.redisUrl, disableOfflineQueue: true });
    redis.on('error', () => undefined);
    connecting = redis.connect().catch(() => undefined);
  }
  // Redis holds the answers of every instance under their key, each with the shared generation it was
  // rendered in; a change increments the shared generation (catalog-version.ts: once per change, by
  // the instance that made it or by each that polled it), which makes every stored answer invalid at
  // once. One round trip per lookup (MGET of the generation and the answer). Memory is dropped when
  // the change is seen (onChange), not at the instance's next request.
  const generationKey = `${prefix}generation`;
  let seenGeneration = options.version.generation;
  const syncGeneration = () => {
    const current = options.version.generation;
    if (current === seenGeneration) return;
    seenGeneration = current;
    memory.clear();
    memoryGeneration = current;
  };
  options.version.onChange(syncGeneration);

  type Found = { entry?: CachedResponse; sharedGeneration: string | null };

  async function lookup(key: string): Promise<Found> {
    const local = memory.get(key);
    if (local) return { entry: local, sharedGeneration: local.sharedGeneration ?? null };
    if (!redis?.isReady) return { sharedGeneration: null };
    const generation = memoryGeneration;
    const [shared, raw] = await redis.mGet([generationKey, prefix + key]).catch(() => [null, null]);
    const sharedGeneration = shared ?? '0';
    const content = raw ? verifiedContent(signingKey, prefix + key, raw) : null;
    // not signed by this shop for this key: dropped, and the answer is rendered again
    if (raw && content === null) void redis.del(prefix + key).catch(() => undefined);
    const entry = content === null ? null : parseSharedEntry(content);
    if (!entry) return { sharedGeneration };
    // stored in another generation, or a change was seen here while Redis answered
    if (entry.sharedGeneration !== sharedGeneration || options.version.generation !== generation) return { sharedGeneration };
    entry.generation = generation;
    memory.set(key, entry);
    return { entry, sharedGeneration };
  }

  function store(key: string, entry: CachedResponse) {
    memory.set(key, entry);
    stats.stored += 1;
    if (redis?.isReady && entry.sharedGeneration != null) {
      void redis.set(prefix + key, signed(signingKey, prefix + key, JSON.stringify(entry)), { PX: freshMs + staleMs }).catch(() => undefined);
    }
  }

  function send(req: CacheRequest, res: ServerResponse, entry: CachedResponse, state: 'hit' | 'stale', nonce: string) {
    res.statusCode = entry.status;
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.setHeader('X-Cache', state === 'hit' ? 'HIT' : 'STALE');
    const parts = encodedBody(entry);
    const withNonce = parts.length > 1;
    const nonceBytes = Buffer.from(nonce, 'utf8');
    const plain = withNonce ? withNonceBetween(parts, nonceBytes) : parts;
    const length = plain.reduce((sum, part) => sum + part.length, 0);
    // a page with a nonce goes in gzip when the browser takes it: its parts are compressed once (gzip-around-nonce.ts)
    const encoding = negotiateEncoding(req.headers['accept-encoding'], withNonce ? 'gzip' : undefined);
    if (!encoding || req.method === 'HEAD' || !worthCompressing(entry.headers['content-type'] ?? '', length)) return writePieces(res, plain);
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
        res.setHeader('Content-Encoding', encoding);
        appendVary(res);
        writePieces(res, pieces);
      },
      () => writePieces(res, plain),
    );
  }

  /** Renders the page again in the background: a request to this very server that skips the lookup. */
  function revalidate(req: CacheRequest, key: string) {
    if (revalidating.has(key) || !options.version.databaseReachable) return;
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

  function capture(req: Request, res: Response, { key, identified }: CacheKey, sharedGeneration: string | null) {
    const generation = options.version.generation;
    const nonce = res.locals.nonce as string | undefined;
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const toBuffer = (chunk: unknown, encoding?: unknown) =>
      Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    let tooBig = false;
    let size = 0;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (!tooBig && chunk !== undefined && chunk !== null) {
        const buffer = toBuffer(chunk, rest[0]);
        size += buffer.length;
        if (size > 2 * 2 ** 20) tooBig = true;
        else chunks.push(buffer);
      }
      return write(chunk, ...rest);
    }) as never;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== 'function' && chunk !== undefined && chunk !== null && !tooBig) chunks.push(toBuffer(chunk, rest[0]));
      const result = end(chunk, ...rest);
      try {
        const anyVisitor = res.locals.visitorRead !== true;
        if (!tooBig && storable(req, res) && (anyVisitor || !identified) && options.version.generation === generation) {
          const body = Buffer.concat(chunks).toString('utf8');
          if (isGraphQL(req) && !graphqlAnswerIsCacheable(body)) return result;
          const headers: Record<string, string> = {};
          for (const name of STORED_HEADERS) {
            const value = res.getHeader(name);
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
          }
          syncGeneration();
          store(key, {
            status: res.statusCode,
            headers,
            body,
            nonce: nonce ?? '',
            storedAt: Date.now(),
            generation,
            sharedGeneration,
            anyVisitor,
          });
        }
      } catch {
        // never let the cache break a response
      }
      return result;
    }) as never;
  }

  /**
   * An entry this request may be served, and whether it is fresh. While the database is away any age
   * will do: a catalog page served stale beats a 503 (requirements F3), and nothing can change meanwhile.
   */
  const usable = (entry: CachedResponse | undefined, { identified }: CacheKey) => {
    const age = entry ? Date.now() - entry.storedAt : Infinity;
    const inTime = age <= freshMs + staleMs || !options.version.databaseReachable;
    const ok = entry !== undefined && entry.generation === options.version.generation && inTime && (entry.anyVisitor || !identified);
    return ok ? { entry, fresh: age <= freshMs } : null;
  };

  /** Answers from memory when it holds an answer for this request; `next` otherwise. */
  const serveFromMemory = (req: CacheRequest, res: ServerResponse, next: () => void) => {
    const requestKey = cacheKeyOf(req);
    if (requestKey === null) return next();
    const { key } = requestKey;
    syncGeneration();
    const found = usable(memory.get(key), requestKey);
    if (!found) return next();
    const nonce = options.startResponse?.(req, res) ?? '';
    if (found.fresh) {
      stats.hits += 1;
      return send(req, res, found.entry, 'hit', nonce);
    }
    stats.stale += 1;
    send(req, res, found.entry, 'stale', nonce);
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
    syncGeneration();
    const revalidation = req.headers[REVALIDATE_HEADER] === revalidateSecret;
    lookup(key).then(
      ({ entry: stored, sharedGeneration }) => {
        const found = revalidation ? null : usable(stored, requestKey);
        if (found) {
          const nonce = (res.locals.nonce as string | undefined) ?? '';
          if (found.fresh) {
            stats.hits += 1;
            return send(req, res, found.entry, 'hit', nonce);
          }
          stats.stale += 1;
          send(req, res, found.entry, 'stale', nonce);
          return revalidate(req, key);
        }
        const other = revalidation ? undefined : inFlight(key);
        if (!other) return render(req, res, next, requestKey, sharedGeneration);
        // the same answer is being rendered for another request: served from what that render stores,
        // or rendered here when it stored nothing (a private answer, a change meanwhile) or took too long
        return whicheverFirst(other.done, other.startedAt + renderWaitMs - Date.now()).then(() => {
          const rendered = usable(memory.get(key), requestKey);
          if (!rendered) return render(req, res, next, requestKey, sharedGeneration);
          stats.hits += 1;
          send(req, res, rendered.entry, 'hit', (res.locals.nonce as string | undefined) ?? '');
        });
      },
      () => next(),
    ).catch((error: unknown) => (res.headersSent ? res.destroy() : next(error)));
  };

  /** A miss: the app renders the answer, which is stored when it may be; others asking meanwhile wait for it. */
  const render = (req: Request, res: Response, next: NextFunction, requestKey: CacheKey, sharedGeneration: string | null) => {
    stats.misses += 1;
    res.setHeader('X-Cache', 'MISS');
    capture(req, res, requestKey, sharedGeneration);
    const { key } = requestKey;
    if (!inFlight(key)) {
      let release = () => undefined as void;
      const done = new Promise<void>((resolve) => (release = resolve));
      rendering.set(key, { done, startedAt: Date.now() });
      // finished, closed, failed, or closed already: a client that gave up while this request waited
      // for Redis or for another render closed the response before this line, and 'close' comes once
      finished(res, release);
      const timer = setTimeout(release, renderWaitMs);
      timer.unref();
      void done.then(() => {
        clearTimeout(timer);
        if (rendering.get(key)?.done === done) rendering.delete(key);
      });
    }
    next();
  };

  return {
    middleware,
    front,
    stats,
    ready: async () => void (await connecting),
    async close() {
      await closeRedisClient(redis);
    },
  };
}

/** How long a miss waits for the same answer rendered for another request before it renders its own. */
const RENDER_WAIT_MS = 5_000;

/** Resolves when `promise` settles or after `ms`, whichever comes first. */
function whicheverFirst(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * A cached answer's compressed bytes per encoding, made on its first hit that asked for them. They live
 * as long as the entry and are not counted in maxBytes (each is a fifth of the answer or less).
 */
const compressedBodies = new WeakMap<CachedResponse, Map<Encoding, Promise<Buffer>>>();

function compressedOnce(entry: CachedResponse, body: Buffer, encoding: Encoding, compress: typeof compressBody): Promise<Buffer> {
  let byEncoding = compressedBodies.get(entry);
  if (!byEncoding) compressedBodies.set(entry, (byEncoding = new Map()));
  let compressed = byEncoding.get(encoding);
  if (!compressed) {
    compressed = compress(body, encoding);
    byEncoding.set(encoding, compressed);
  }
  return compressed;
}

/**
 * A cached body as UTF-8 bytes, split where the nonce goes: encoded once per entry, not on every
 * hit (encoding a 50 KiB page per response was a tenth of a hit's cost).
 */
const encodedBodies = new WeakMap<CachedResponse, Buffer[]>();

function encodedBody(entry: CachedResponse): Buffer[] {
  let parts = encodedBodies.get(entry);
  if (!parts) {
    parts = (entry.nonce ? entry.body.split(entry.nonce) : [entry.body]).map((part) => Buffer.from(part, 'utf8'));
    encodedBodies.set(entry, parts);
  }
  return parts;
}

function withNonceBetween(parts: Buffer[], nonce: Buffer): Buffer[] {
  return parts.flatMap((part, index) => (index === 0 ? [part] : [nonce, part]));
}

/** A page's constant parts compressed for gzip, once per entry, made on its first hit that takes gzip. */
const compressedParts = new WeakMap<CachedResponse, Promise<CompressedParts>>();

function partsCompressedOnce(entry: CachedResponse, parts: Buffer[], nonceLength: number, counted: () => void): Promise<CompressedParts> {
  let once = compressedParts.get(entry);
  if (!once) {
    counted();
    once = compressParts(parts, nonceLength);
    compressedParts.set(entry, once);
  }
  return once;
}

/** The body's pieces as one write with its Content-Length, without copying them into one buffer first. */
function writePieces(res: ServerResponse, pieces: Buffer[]) {
  res.setHeader('Content-Length', pieces.reduce((sum, piece) => sum + piece.length, 0));
  res.cork();
  for (let index = 0; index < pieces.length - 1; index++) res.write(pieces[index]);
  res.end(pieces[pieces.length - 1]);
}

/** A cookie's value as the browser sent it (not decoded), to send it on as it came. */
function readRawCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** An entry for Redis: the signature of its key and content, a dot, the content. */
function signed(signingKey: string, key: string, content: string): string {
  return `${signatureOf(signingKey, key, content)}.${content}`;
}

/** The content of an entry read from Redis, or null when its signature is not this shop's for this key. */
function verifiedContent(signingKey: string, key: string, raw: string): string | null {
  const dot = raw.indexOf('.');
  if (dot === -1) return null;
  const content = raw.slice(dot + 1);
  const given = Buffer.from(raw.slice(0, dot));
  const expected = Buffer.from(signatureOf(signingKey, key, content));
  return given.length === expected.length && timingSafeEqual(given, expected) ? content : null;
}

function signatureOf(signingKey: string, key: string, content: string): string {
  // the key's length first: no other key and content make the same text
  return createHmac('sha256', signingKey).update(`${key.length}:${key}\n${content}`).digest('base64url');
}

/** A header value Node sends as it is: no line breaks or other control characters. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * An answer another instance stored in Redis (its signature checked), or null when it does not have
 * the shape this code stores (an entry written by another version of the shop is ignored rather than sent).
 */
function parseSharedEntry(raw: string): CachedResponse | null {
  let entry: Partial<CachedResponse>;
  try {
    entry = JSON.parse(raw) as Partial<CachedResponse>;
  } catch {
    return null;
  }
  const headers = entry?.headers;
  const wellFormed =
    entry?.status === 200 &&
    typeof entry.body === 'string' &&
    typeof entry.nonce === 'string' &&
    typeof entry.storedAt === 'number' &&
    typeof entry.anyVisitor === 'boolean' &&
    typeof headers === 'object' &&
    headers !== null &&
    Object.entries(headers).every(([name, value]) => STORED_HEADERS.includes(name) && typeof value === 'string' && HEADER_VALUE.test(value));
  return wellFormed ? (entry as CachedResponse) : null;
}

function storable(req: Request, res: Response): boolean {
  if (res.statusCode !== 200) return false;
  if (res.getHeader('set-cookie') !== undefined) return false;
  if (/\b(?:private|no-store)\b/i.test(String(res.getHeader('cache-control') ?? ''))) return false;
  if (res.locals.responseCache === false) return false;
  // a GraphQL answer only for a query (res.locals.graphqlOperation is set by the yoga plugin)
  if (isGraphQL(req) && res.locals.graphqlOperation !== 'query') return false;
  return true;
}

function graphqlAnswerIsCacheable(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { errors?: unknown };
    return parsed.errors === undefined;
  } catch {
    return false;
  }
}
