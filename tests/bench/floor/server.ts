// The floor app (issue 28): the stack's floor under the shop's uncached page render. A node:http
// server that renders the pages of a fixture (fixture.ts) with React Router's server rendering from
// the production build (`npm run build`: the shop's own route modules, layout and document), but
// without Apollo Client, GraphQL or Prisma: every route's loader answers with the loader data the
// shop's answered, and the components' Apollo hooks read the shop's answers from a plain map.
//
//   NODE_ENV=production tsx tests/bench/floor/server.ts <fixture.json>   prints `ready <url>`
//
// How the components are fed: they read their data through usePageQuery (apollo/page-query.ts),
// which during a server render asks the client in React's Apollo context for readQuery(); the
// mutations' hooks (hearts, newsletter, consent, "Do košíku") only keep the client until a click.
// So the context holds a FixtureAnswers instead of an ApolloClient. Its map is filled once at the
// start by rendering each page with answers read from an Apollo cache restored from the shop's
// embedded state (the same data the shop's components got); the measured renders read only the map.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Transform } from 'node:stream';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { DocumentNode } from 'graphql';
import { createRequestListener, createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter, data, type EntryContext, type ServerBuild } from 'react-router';
import { createElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../../web/app/i18n/index.ts';
import { languageOfRequest } from '../../../web/app/language.ts';
import { createCache } from '../../../web/app/apollo/cache.ts';
import type { FloorFixture, FloorPage } from './fixture.ts';

type ReadQuery = { query: DocumentNode; variables?: Record<string, unknown> };

/** What usePageQuery asks of the client during a server render, answered from the fixture. */
class FixtureAnswers {
  private readonly answers = new Map<DocumentNode, Map<string, unknown>>();
  /** While set, a question not yet answered is read from this page's cache and remembered. */
  private learning: ReturnType<typeof createCache> | null = null;

  readQuery({ query, variables = {} }: ReadQuery): unknown {
    const key = JSON.stringify(variables);
    const known = this.answers.get(query)?.get(key);
    if (known !== undefined || !this.learning) return known ?? null;
    const answer = this.learning.readQuery({ query, variables });
    const byVariables = this.answers.get(query) ?? new Map<string, unknown>();
    byVariables.set(key, answer);
    this.answers.set(query, byVariables);
    return answer;
  }

  /** Answers from this cache state while `render` runs (once per page, before any measurement). */
  async learnFrom(apolloState: Record<string, unknown>, render: () => Promise<void>): Promise<void> {
    this.learning = createCache({ resultCaching: false }).restore(apolloState as never);
    try {
      await render();
    } finally {
      this.learning = null;
    }
  }
}

type FloorContext = { page: FloorPage | undefined };

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The shop's document snapshot as entry.server.tsx writes it (the fixture's state instead of client.extract()). */
function stateScript(state: Record<string, unknown>, nonce: string): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script nonce="${nonce}">window.__APOLLO_STATE__=${json}</script>`;
}

/** The production build with the fixture's loaders and a document render without Apollo Client. */
async function floorBuild(answers: FixtureAnswers): Promise<ServerBuild> {
  const build = (await import(pathToFileURL(path.join(ROOT, 'build/server/index.js')).href)) as ServerBuild;
  const finishDocument = (build.entry.module as unknown as { finishDocument: (snippet: () => string) => Transform }).finishDocument;
  if (typeof finishDocument !== 'function') throw new Error('build/server/index.js is older than the floor app: run `npm run build`.');
  const client = answers as unknown as ApolloClient;

  // entry.server.tsx's handleRequest with the fixture's answers in Apollo's context
  function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: unknown) {
    // the floor's own context (getLoadContext below), not the shop's
    const page = (loadContext as FloorContext).page!;
    const nonce = (page.loaderData.root as { nonce: string }).nonce;
    return new Promise<Response>((resolve, reject) => {
      let status = responseStatusCode;
      const { pipe, abort } = renderToPipeableStream(
        createElement(I18nextProvider, {
          i18n: createI18n(languageOfRequest(request)),
          children: createElement(ApolloProvider, { client, children: createElement(ServerRouter, { context: routerContext, url: request.url, nonce }) }),
        }),
        {
          nonce,
          onAllReady() {
            const body = new PassThrough();
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
            pipe(finishDocument(() => stateScript(page.apolloState, nonce))).pipe(body);
          },
          onShellError: reject,
          onError(error) {
            status = 500;
            console.error(error);
          },
        },
      );
      setTimeout(abort, 10_000);
    });
  }

  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = route!.module;
    const loader = module.loader
      ? ({ context }: { context: unknown }) => {
          const { page } = context as FloorContext;
          if (!page || !(id in page.loaderData)) throw data(null, { status: 404 });
          return page.loaderData[id];
        }
      : undefined;
    routes[id] = { ...route!, module: { ...module, loader } };
  }
  return { ...build, routes, entry: { module: { ...build.entry.module, default: handleRequest } } } as ServerBuild;
}

/** A node:http server for the fixture's pages; each page is rendered once to learn its answers. */
async function startFloorServer(fixture: FloorFixture): Promise<{ url: string; close: () => Promise<void> }> {
  const answers = new FixtureAnswers();
  const build = await floorBuild(answers);
  const pages = new Map(fixture.pages.map((page) => [page.path, page]));
  const listener = createRequestListener({
    build,
    mode: 'production',
    getLoadContext: (request) => ({ page: pages.get(new URL(request.url).pathname) }) as never,
  });
  const server = http.createServer(listener);
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  for (const page of fixture.pages) {
    await answers.learnFrom(page.apolloState, async () => {
      const response = await fetch(url + page.path);
      await response.text();
      if (!response.ok) throw new Error(`The floor app answered ${page.path} with ${response.status}.`);
    });
  }
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const { url, close } = await startFloorServer(JSON.parse(readFileSync(process.argv[2], 'utf8')) as FloorFixture);
console.log(`ready ${url}`);
process.once('SIGTERM', () => void close().then(() => process.exit(0)));
