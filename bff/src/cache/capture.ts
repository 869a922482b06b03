// The write side of the response cache: what the app sends for a miss is collected as it goes out,
// and handed over once the response has ended, when it may be stored at all.
import type { Request, Response } from 'express';
import { isGraphQL } from './cache-key.ts';

/** An answer larger than this is sent, never stored. */
const MAX_STORED_BYTES = 2 * 2 ** 20;

/** Collects the body `res` sends, and calls `ended` with it after the response ended (never when it was too large). */
export function captureBody(res: Response, ended: (body: string) => void) {
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
      if (size > MAX_STORED_BYTES) tooBig = true;
      else chunks.push(buffer);
    }
    return write(chunk, ...rest);
  }) as never;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function' && chunk !== undefined && chunk !== null && !tooBig) chunks.push(toBuffer(chunk, rest[0]));
    const result = end(chunk, ...rest);
    try {
      if (!tooBig) ended(Buffer.concat(chunks).toString('utf8'));
    } catch {
      // never let the cache break a response
    }
    return result;
  }) as never;
}

/**
 * Whether an answer may be stored: a 200 that set no cookie, was not private, and (GraphQL) a query's
 * whose every root field is declared public (cache/graphql-operation.ts) and that has no errors.
 */
export function storable(req: Request, res: Response, body: string): boolean {
  if (res.statusCode !== 200) return false;
  if (res.getHeader('set-cookie') !== undefined) return false;
  if (/\b(?:private|no-store)\b/i.test(String(res.getHeader('cache-control') ?? ''))) return false;
  if (res.locals.responseCache === false) return false;
  if (!isGraphQL(req)) return true;
  // a GraphQL answer only for a query (res.locals.graphqlOperation is set by the yoga plugin)
  return res.locals.graphqlOperation === 'query' && graphqlAnswerIsCacheable(body);
}

function graphqlAnswerIsCacheable(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { errors?: unknown };
    return parsed.errors === undefined;
  } catch {
    return false;
  }
}
