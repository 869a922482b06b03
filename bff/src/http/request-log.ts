// Every request's id, and its one log line when the response has finished (or the client has gone):
// id, method, route, GraphQL operation, status and duration. The route is a pattern (/produkt/:slug),
// never the URL itself: a path or a query string can carry an order's secret or a shopper's address.
// No body and no header is logged but User-Agent.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { preformattedLines, type LineLevel, type Log } from '../log.ts';
import { pageRouteOf } from './page-routes.ts';

/** The request's id, kept on the request itself (a WeakMap's lookups cost more on every request). */
const REQUEST_ID = Symbol('requestId');
type WithId = IncomingMessage & { [REQUEST_ID]?: string };

/** The request's id: the proxy's X-Request-Id when it sends a plain one, a new UUID otherwise. */
export function requestIdOf(req: IncomingMessage): string {
  let id = (req as WithId)[REQUEST_ID];
  if (id === undefined) {
    const incoming = req.headers['x-request-id'];
    id = typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    (req as WithId)[REQUEST_ID] = id;
  }
  return id;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The method, or "other" for one the shop never serves (a label of few values). */
export function methodOf(req: IncomingMessage): string {
  return req.method && METHODS.has(req.method) ? req.method : 'other';
}

const STATIC_PREFIXES = ['/assets/', '/images/'];
const PROBES = new Set(['/health', '/ready']);

/** What Express leaves on the request: the route that answered, and the mount path of its router. */
type RoutedRequest = IncomingMessage & { originalUrl?: string; baseUrl?: string; route?: { path?: unknown } };

/**
 * The request's route: /graphql, /metrics, a page's pattern, the pattern of the Express route that answered, a
 * static folder, or "other" (a path nothing serves).
 */
export function routeOf(req: IncomingMessage): string {
  const routed = req as RoutedRequest;
  const url = routed.originalUrl ?? req.url ?? '/';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (path === '/graphql' || path === '/graphql/') return '/graphql';
  if (path === '/metrics') return '/metrics';
  const page = pageRouteOf(path);
  if (page) return page;
  const routePath = routed.route?.path;
  if (typeof routePath === 'string') return (routed.baseUrl ?? '') + routePath;
  if (Array.isArray(routePath)) return routePath.map((one) => (routed.baseUrl ?? '') + String(one)).join('|');
  const folder = STATIC_PREFIXES.find((prefix) => path.startsWith(prefix));
  return folder ? `${folder}*` : 'other';
}

/** What is known of a request once its response is over. */
export type FinishedRequest = {
  requestId: string;
  method: string;
  route: string;
  /** The GraphQL operation's name, for /graphql (set on res.locals by graphql/server/operation-observer.ts). */
  operation?: string;
  status: number;
  durationMs: number;
  /** The client left before the whole response was sent. */
  aborted: boolean;
};

/** When the request came (performance.now()), kept on its response for the one shared `close` listener. */
const STARTED = Symbol('started');
/** The response cache's word on the response (HIT, STALE, MISS), for its log line. */
const CACHE_STATE = Symbol('cacheState');
type Observed = ServerResponse & { [STARTED]?: number; [CACHE_STATE]?: string; locals?: Record<string, unknown> };

/**
 * Notes the response cache's word on a response (X-Cache) for its log line: a hit writes its whole
 * head in one `writeHead`, which `getHeader` does not see.
 */
export function noteCacheState(res: ServerResponse, state: 'HIT' | 'STALE' | 'MISS'): void {
  (res as Observed)[CACHE_STATE] = state;
}

/**
 * Wraps the app's handler: the log line at the end. The request id (requestIdOf) is on every response
 * as X-Request-Id, set by whatever answers it (http/layers/response-start.ts, the metrics, the https
 * redirect): a header set here, before them, would keep a cache hit off Node's one-call `writeHead`.
 *
 * The line is written as one preformatted JSON string (log.ts preformattedLines, decision 0066), not
 * through pino's per-line work: its fields are the fixed ones below, none of them a redacted name
 * (the observability test keeps a line's fields to this list), and pino's serializing, redaction and
 * hooks were a seventh of a cached page's cost. Every response gets one listener, the same function
 * for all (no closure made per request).
 */
export function observeRequests(handler: RequestListener, options: { log: Log; finished?: (request: FinishedRequest) => void }): RequestListener {
  const lines = preformattedLines(options.log);
  const finished = options.finished;
  function onClose(this: Observed) {
    const req = this.req;
    const level: LineLevel | null = this.statusCode >= 500 ? 'error' : 'info';
    const route = routeOf(req);
    // a load balancer's probes, every few seconds, are seen only at LOG_LEVEL=debug while they succeed
    const lineLevel = level === 'info' && PROBES.has(route) && this.statusCode < 400 ? 'debug' : level;
    const logged = lines.enabled(lineLevel);
    if (!logged && !finished) return;
    const requestId = requestIdOf(req);
    const method = methodOf(req);
    const operationName = route === '/graphql' ? this.locals?.operationName : undefined;
    const operation = typeof operationName === 'string' ? operationName : undefined;
    const status = this.statusCode;
    const durationMs = Math.round((performance.now() - (this[STARTED] ?? 0)) * 10) / 10;
    const aborted = !this.writableFinished;
    finished?.({ requestId, method, route, operation, status, durationMs, aborted });
    if (!logged) return;
    let fields = `,"requestId":${JSON.stringify(requestId)},"method":"${method}","route":${JSON.stringify(route)}`;
    if (operation !== undefined) fields += `,"operation":${JSON.stringify(operation)}`;
    fields += `,"status":${status},"durationMs":${durationMs},"aborted":${aborted}`;
    const cache = this[CACHE_STATE];
    if (cache !== undefined) fields += `,"cache":"${cache}"`;
    const userAgent = req.headers['user-agent']?.slice(0, 200);
    if (userAgent) fields += `,"userAgent":${JSON.stringify(userAgent)}`;
    lines.write(lineLevel, fields, 'request');
  }
  return (req: IncomingMessage, res: ServerResponse) => {
    (res as Observed)[STARTED] = performance.now();
    res.on('close', onClose);
    handler(req, res);
  };
}
