// GraphiQL's files (http/graphiql.ts serves the page): @graphql-yoga/render-graphiql, the same version as
// graphql-yoga, ships its whole bundle as strings (script, styles, three editor workers) meant to be
// inlined into one HTML page. Here each is a file of its own under /graphql/graphiql/, named by a hash of
// its content (cached for a year), compressed once per encoding and kept in memory. The package (~9 MB)
// is imported on the first request for GraphiQL, so a shop without GRAPHIQL never loads it.
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { appendVary, compressBody, negotiateEncoding, type Encoding } from './compression.ts';

/** Where the bundle's parts are served. */
export const GRAPHIQL_ASSETS_PATH = '/graphql/graphiql';

export type Asset = { type: string; body: Buffer; compressed: Map<Encoding, Promise<Buffer>> };
export type Bundle = { assets: Map<string, Asset>; urls: { js: string; css: string; editorWorkerService: string; json: string; graphql: string } };

let bundle: Promise<Bundle> | null = null;

/** The package's parts as files named by their content's hash (loaded on the first call). */
export function loadBundle(): Promise<Bundle> {
  bundle ??= import('@graphql-yoga/render-graphiql/graphiql').then((parts) => {
    const assets = new Map<string, Asset>();
    const add = (name: string, extension: 'js' | 'css', text: string) => {
      const body = Buffer.from(text);
      const file = `${name}.${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${extension}`;
      const type = extension === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8';
      assets.set(file, { type, body, compressed: new Map() });
      return `${GRAPHIQL_ASSETS_PATH}/${file}`;
    };
    return {
      assets,
      urls: {
        js: add('graphiql', 'js', parts.js),
        css: add('graphiql', 'css', parts.css),
        editorWorkerService: add('editor-worker', 'js', parts.editorWorkerService),
        json: add('json-worker', 'js', parts.jsonWorker),
        graphql: add('graphql-worker', 'js', parts.graphqlWorker),
      },
    };
  });
  return bundle;
}

/** The paths of GraphiQL's files (they name their content's hash); loads the package. */
export async function graphiqlAssetUrls(): Promise<string[]> {
  return Object.values((await loadBundle()).urls);
}

/** Answers with one of the files: compressed as the browser accepts, at most once per encoding. */
export async function sendAsset(req: Request, res: Response, asset: Asset): Promise<void> {
  res.setHeader('Content-Type', asset.type);
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  appendVary(res);
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  if (!encoding) return void res.end(asset.body);
  let compressed = asset.compressed.get(encoding);
  if (!compressed) {
    compressed = compressBody(asset.body, encoding);
    asset.compressed.set(encoding, compressed);
  }
  const body = await compressed;
  // set here, the shop's compression middleware leaves the body as it is
  res.setHeader('Content-Encoding', encoding);
  res.end(body);
}
