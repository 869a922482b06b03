// A request that is the client's mistake gets its 4xx answer and leaves nothing in the log: a stack
// trace per odd request would let anyone flood the log (issue 31, item 21). The server's own
// failures (5xx) are still logged where they happen.
import { STATUS_CODES } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

/** What the pages answer: GET and HEAD, and POST for a form's action. */
export const PAGE_METHODS = ['GET', 'HEAD', 'POST'];

/** A Host (or a trusted proxy's X-Forwarded-Host) that no URL can hold, e.g. `shop.example:99999`. */
function unusableHost(req: Request): boolean {
  const hosts = [req.get('host'), req.app.enabled('trust proxy') ? req.get('x-forwarded-host') : undefined];
  return hosts.some((host) => host !== undefined && !URL.canParse(`http://${host.split(',')[0].trim()}/`));
}

/**
 * In front of the pages: OPTIONS is answered 204 with `Allow`, another method 405 with `Allow`, and a
 * request whose Host makes no URL 400, before React Router, which logged a stack trace for each (and
 * cannot even build a request for TRACE).
 */
export function pageRequestShape(req: Request, res: Response, next: NextFunction) {
  if (!PAGE_METHODS.includes(req.method)) {
    res.setHeader('Allow', PAGE_METHODS.join(', '));
    if (req.method === 'OPTIONS') return void res.status(204).end();
    return void res.status(405).type('text/plain').send('Method Not Allowed');
  }
  if (unusableHost(req)) return void res.status(400).type('text/plain').send('Bad Request');
  next();
}

/** The path with each segment that cannot be decoded taken literally: its every `%` as `%25`. */
export function literalBrokenEscapes(path: string): string {
  // every page request passes here, cache hits too: a path without escapes has nothing to decode
  if (!path.includes('%')) return path;
  return path
    .split('/')
    .map((segment) => {
      try {
        decodeURIComponent(segment);
        return segment;
      } catch {
        return segment.replaceAll('%', '%25');
      }
    })
    .join('/');
}

/**
 * In front of the pages: a path whose percent-encoding is broken (`/produkt/%E0%A4%A`) is read as the
 * literal text it carries, so its route answers as for any unknown slug (the shop's 404 in the path's
 * language). React Router cannot decode it: it printed a warning for each, and a decoder of ours
 * failed the render with a stack trace and a 500 (issue 40, item 10).
 */
export function brokenEscapesTakenLiterally(req: Request, _res: Response, next: NextFunction) {
  const queryAt = req.originalUrl.indexOf('?');
  const path = queryAt === -1 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
  const literal = literalBrokenEscapes(path);
  if (literal !== path) req.url = req.originalUrl = literal + req.originalUrl.slice(path.length);
  next();
}

/**
 * The app's last error handler: an error that carries a client error status (a body that cannot be
 * decoded, a path that cannot be decoded ...) is answered with that status and not logged, which
 * Express's own final handler does with its stack. Anything else goes on to it. (/graphql answers
 * its own in JSON, in the request's language: app.ts.)
 */
export function clientErrorAnswer(error: unknown, _req: Request, res: Response, next: NextFunction) {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const code = typeof status === 'number' ? status : statusCode;
  if (typeof code !== 'number' || code < 400 || code > 499 || res.headersSent) return next(error);
  res.status(code).type('text/plain').send(STATUS_CODES[code] ?? 'Bad Request');
}
