// /feeds/<name>.xml and /feeds/<name>.xml.gz (issue 44 §1): the files the feeds job wrote, as they are
// on disk now, with Last-Modified, ETag and conditional GET. Nothing is rendered here: before the first
// file exists the answer is 503 with Retry-After. /feeds/<name>.xml to a client that takes gzip is the
// .gz file with Content-Encoding (the same bytes the job compressed once), never compressed per request.
import { Router, type Request, type Response } from 'express';
import { openFeedFile, type OpenFeed } from '../services/feeds/files.ts';
import { isFeedName } from '../services/feeds/formats.ts';
import { negotiateEncoding } from './compression.ts';

/** What a crawler is told to wait before the first file exists (the job writes it a few seconds after the start). */
const RETRY_AFTER_SECONDS = 60;
/** Crawlers may keep a feed a few minutes; they revalidate with the ETag after that. */
const CACHE_CONTROL = 'public, max-age=300, no-transform';

/** Whether the request's validators say its copy is the file's. */
function notModified(req: Request, feed: OpenFeed): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === feed.etag);
  }
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  // HTTP dates have whole seconds
  return Number.isFinite(since) && Math.floor(feed.modified.getTime() / 1000) * 1000 <= since;
}

async function serve(req: Request, res: Response, name: string, gzipFile: boolean): Promise<void> {
  if (!isFeedName(name)) {
    res.status(404).type('text/plain').send('Not found');
    return;
  }
  const encoded = !gzipFile && negotiateEncoding(req.headers['accept-encoding'], 'gzip') === 'gzip';
  const feed = await openFeedFile(res.locals.feedsDir as string, name, gzipFile || encoded);
  if (!feed) {
    res.status(503).set('Retry-After', String(RETRY_AFTER_SECONDS)).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Feed se připravuje, zkuste to za minutu. / The feed is being prepared; try again in a minute.\n');
    return;
  }
  try {
    res.set({
      'Content-Type': gzipFile ? 'application/gzip' : 'application/xml; charset=utf-8',
      'Cache-Control': CACHE_CONTROL,
      ETag: feed.etag,
      'Last-Modified': feed.modified.toUTCString(),
    });
    if (!gzipFile) res.vary('Accept-Encoding');
    if (encoded) res.set('Content-Encoding', 'gzip');
    if (notModified(req, feed)) {
      res.status(304).end();
      return;
    }
    res.set('Content-Length', String(feed.size));
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = feed.handle.createReadStream({ start: 0, end: Math.max(feed.size - 1, 0), autoClose: false });
    await new Promise<void>((resolve, reject) => {
      stream.on('error', reject);
      res.on('close', resolve);
      stream.pipe(res);
    });
  } finally {
    await feed.handle.close();
  }
}

export function feedRoutes(dir: string): Router {
  const router = Router();
  router.get(/^\/feeds\/([a-z-]+)\.xml(\.gz)?$/, (req, res, next) => {
    res.locals.feedsDir = dir;
    const params = req.params as unknown as Record<string, string | undefined>;
    serve(req, res, params[0] ?? '', params[1] === '.gz').catch(next);
  });
  return router;
}
