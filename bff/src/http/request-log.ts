// Every request's id, and its one log line when the response has finished (or the client has gone):
// id, method, route, GraphQL operation, status and duration. The route is a pattern (/produkt/:slug),
// never the URL itself: a path or a query string can carry an order's secret or a shopper's address.
// No body and no header is logged but User-Agent.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Log } from '../log.ts';
import { pageRouteOf } from './page-routes.ts';

const requestIds = new WeakMap<IncomingMessage, string>();

/** The request's id: the proxy's X-Request-Id when it sends a plain one, a new UUID otherwise. */
export function requestIdOf(req: IncomingMessage): string {
  let id = requestIds.get(req);
  if (id === undefined) {
    const incoming = req.headers['x-request-id'];
    id = typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    requestIds.set(req, id);
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

/** Wraps the app's handler: the request id first (X-Request-Id on the response), the log line at the end. */
export function observeRequests(handler: RequestListener, options: { log: Log; finished?: (request: FinishedRequest) => void }): RequestListener {
  // The request lines skip the log's field redaction (log.ts): their fields are the fixed ones below, none
  // of them a redacted name, and redaction (which walks every field of every line) was a tenth of a cached
  // page's cost. The observability test keeps a line's fields to this list.
  const lines = options.log.child({}, { redact: [] });
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    res.setHeader('X-Request-Id', requestId);
    res.once('close', () => {
      const route = routeOf(req);
      const locals = (res as ServerResponse & { locals?: Record<string, unknown> }).locals;
      const operation = route === '/graphql' && typeof locals?.operationName === 'string' ? locals.operationName : undefined;
      const request: FinishedRequest = {
        requestId,
        method: methodOf(req),
        route,
        operation,
        status: res.statusCode,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        aborted: !res.writableFinished,
      };
      options.finished?.(request);
      const cache = res.getHeader('x-cache');
      const userAgent = req.headers['user-agent']?.slice(0, 200);
      const entry = { ...request, ...(cache === undefined ? {} : { cache: String(cache) }), ...(userAgent ? { userAgent } : {}) };
      if (request.status >= 500) lines.error(entry, 'request');
      // a load balancer's probes, every few seconds, are seen only at LOG_LEVEL=debug while they succeed
      else if (PROBES.has(route) && request.status < 400) lines.debug(entry, 'request');
      else lines.info(entry, 'request');
    });
    handler(req, res);
  };
}
