// Compression of HTML, JavaScript, CSS, SVG and JSON with brotli or gzip, as the browser accepts them
// (issue 10: Lighthouse counted 372–507 KiB to save on a page).
//
// The body is collected and compressed when the response ends: every compressible answer of this shop
// is finished before it is sent anyway (the SSR waits for the whole page, GraphQL answers whole JSON,
// static files are small). Files with an ETag (build/client assets, images) are compressed once, at
// the highest brotli quality, and kept in memory by path, ETag and encoding; pages and API answers
// are compressed per response at a fast level.
import type { ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /^(?:text\/(?:html|css|javascript|plain|xml)|application\/(?:javascript|json|graphql-response\+json|xml|manifest\+json)|image\/svg\+xml)\s*(?:;|$)/i;
/** Below this a compressed body is hardly smaller and costs a round of CPU. */
const MIN_BYTES = 1024;
/** Memory for compressed static files (assets are a few hundred KiB in all). */
const STATIC_CACHE_BYTES = 64 * 2 ** 20;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The best encoding the Accept-Encoding header allows: br before gzip (or gzip first when `prefer` says
 * so and the browser takes it); q=0 refuses.
 */
export function negotiateEncoding(header: string | string[] | undefined, prefer?: Encoding): Encoding | null {
  if (typeof header !== 'string' || header.length === 0) return null;
  const weights = new Map<string, number>();
  for (const part of header.slice(0, 500).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: Encoding) => weights.get(name) ?? (weights.has('*') ? weights.get('*')! : 0);
  if (prefer && weight(prefer) > 0) return prefer;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

export function compressBody(body: Buffer, encoding: Encoding, best = false): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 4,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
  }
  return gzip(body, { level: best ? 9 : 6 });
}

/** Compressed static files by path, ETag and encoding; the oldest go first beyond the budget. */
class StaticCache {
  private readonly entries = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const known = this.entries.get(key);
    if (known) return known;
    const made = make();
    this.entries.set(key, made);
    made.then(
      (buffer) => {
        this.bytes += buffer.length;
        for (const [oldKey, old] of this.entries) {
          if (this.bytes <= STATIC_CACHE_BYTES) break;
          this.entries.delete(oldKey);
          void old.then((b) => (this.bytes -= b.length));
        }
      },
      () => this.entries.delete(key),
    );
    return made;
  }
}

/** Whether the middleware would compress an answer of this Content-Type and size. */
export function worthCompressing(type: string, bytes: number): boolean {
  return COMPRESSIBLE.test(type) && bytes >= MIN_BYTES;
}

export function appendVary(res: ServerResponse) {
  const vary = String(res.getHeader('Vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

type Callback = (error?: Error | null) => void;

export function compression() {
  const staticCache = new StaticCache();
  return (req: Request, res: Response, next: NextFunction) => {
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (!encoding || req.method === 'HEAD') return next();
    const originalWrite = res.write.bind(res) as (...args: unknown[]) => boolean;
    const originalEnd = res.end.bind(res) as (...args: unknown[]) => Response;
    const originalWriteHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    let decided: 'compress' | 'pass' | null = null;
    const chunks: Buffer[] = [];

    // Middleware after this one (express-session's cookie, on-headers) wraps these methods in turn;
    // putting the originals back would drop their wrappers (a session started by a page form lost
    // its cookie), so a method is only put back while it is still ours, and ours pass through after.
    let restored = false;
    const restore = () => {
      restored = true;
      if (res.write === ownWrite) res.write = originalWrite as never;
      if (res.end === ownEnd) res.end = originalEnd as never;
      if (res.writeHead === ownWriteHead) res.writeHead = originalWriteHead as never;
    };
    const decide = (): 'compress' | 'pass' => {
      if (decided) return decided;
      const type = String(res.getHeader('Content-Type') ?? '');
      const compressible =
        COMPRESSIBLE.test(type) &&
        !res.getHeader('Content-Encoding') &&
        res.statusCode !== 204 &&
        res.statusCode !== 304 &&
        res.statusCode >= 200 &&
        !/\bno-transform\b/i.test(String(res.getHeader('Cache-Control') ?? ''));
      decided = compressible ? 'compress' : 'pass';
      if (compressible) appendVary(res);
      else restore();
      return decided;
    };
    const toBuffer = (chunk: unknown, chunkEncoding?: unknown): Buffer =>
      Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
          : Buffer.from(String(chunk), typeof chunkEncoding === 'string' ? (chunkEncoding as BufferEncoding) : 'utf8');

    // Headers set through writeHead become ordinary headers, so they can still change at the end.
    const ownWriteHead = ((status: number, ...rest: unknown[]) => {
      if (restored) return originalWriteHead(status, ...rest);
      res.statusCode = status;
      const headers = rest.find((arg) => typeof arg === 'object' && arg !== null) as
        | Record<string, string | string[] | number>
        | (string | string[])[]
        | undefined;
      if (Array.isArray(headers)) {
        for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as string);
      } else if (headers) {
        for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
      }
      if (decide() === 'pass') return originalWriteHead(res.statusCode);
      return res;
    }) as never;
    res.writeHead = ownWriteHead;

    const ownWrite = ((chunk: unknown, chunkEncoding?: unknown, callback?: Callback) => {
      if (restored || decide() === 'pass') return originalWrite(chunk, chunkEncoding, callback);
      chunks.push(toBuffer(chunk, chunkEncoding));
      const done = typeof chunkEncoding === 'function' ? (chunkEncoding as Callback) : callback;
      if (done) process.nextTick(done);
      return true;
    }) as never;
    res.write = ownWrite;

    const ownEnd = ((chunk?: unknown, chunkEncoding?: unknown, callback?: Callback) => {
      if (typeof chunk === 'function') [chunk, callback] = [undefined, chunk as Callback];
      if (typeof chunkEncoding === 'function') [chunkEncoding, callback] = [undefined, chunkEncoding as Callback];
      if (restored || decide() === 'pass') return originalEnd(chunk, chunkEncoding, callback);
      if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, chunkEncoding));
      restore();
      const body = Buffer.concat(chunks);
      if (body.length < MIN_BYTES) {
        res.removeHeader('Content-Length');
        return originalEnd(body, callback);
      }
      const etag = res.getHeader('ETag');
      const compressed =
        typeof etag === 'string' && req.method === 'GET'
          ? staticCache.get(`${req.originalUrl}\n${etag}\n${encoding}`, () => compressBody(body, encoding, true))
          : compressBody(body, encoding);
      compressed.then(
        (output) => {
          if (res.destroyed) return;
          res.setHeader('Content-Encoding', encoding);
          res.setHeader('Content-Length', output.length);
          // the ETag names the uncompressed bytes; the compressed ones are another representation
          if (typeof etag === 'string') res.setHeader('ETag', etag.startsWith('W/') ? etag : `W/${etag}`);
          originalEnd(output, callback);
        },
        (error: Error) => {
          res.destroy(error);
        },
      );
      return res;
    }) as never;
    res.end = ownEnd;
    next();
  };
}
