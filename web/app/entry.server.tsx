// Server rendering: waits for the whole page (loaders have already filled the request's Apollo
// cache), then writes the cache into the HTML so the browser hydrates without asking again.
import { PassThrough, Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter, isRouteErrorResponse, type EntryContext, type HandleErrorFunction } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';
import { ApolloProvider } from '@apollo/client/react';
import { I18nextProvider } from 'react-i18next';
import type { ApolloClient } from '@apollo/client';
import { getServerClient } from './apollo/client.ts';
import { createI18n } from './i18n/index.ts';
import { languageOfRequest } from './language.ts';
import { preloadModulesAtLowPriority } from './shell/module-preloads.ts';
import type { ShopLoadContext } from './context.ts';

export const streamTimeout = 10_000;

/**
 * What React Router logs. A client's mistake (a POST to a page without an action: 405, an address
 * no route has: 404) is answered with its status and leaves nothing in the log; anyone could fill
 * it with stack traces otherwise. A request the client gave up is not logged either (the default).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) return;
  console.error(error);
};

function serializeState(client: ApolloClient, nonce: string): string {
  const json = JSON.stringify(client.extract()).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script nonce="${nonce}">window.__APOLLO_STATE__=${json}</script>`;
}

/**
 * Buffers the finished document, puts the cache snapshot just before </body> and lowers the module
 * preloads' priority (shell/module-preloads.ts). Exported only for the bench's floor app
 * (tests/bench/floor), which finishes its documents the same way from the production build.
 */
export function finishDocument(getSnippet: () => string): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      callback();
    },
    flush(callback) {
      const html = preloadModulesAtLowPriority(Buffer.concat(chunks).toString('utf8'));
      const at = html.lastIndexOf('</body>');
      this.push(at === -1 ? html + getSnippet() : html.slice(0, at) + getSnippet() + html.slice(at));
      callback();
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: ShopLoadContext,
) {
  const language = languageOfRequest(request);
  const client = getServerClient(loadContext, language);
  const i18n = createI18n(language);
  const nonce = loadContext.nonce;
  // the shop was too busy to fetch the page's data in time (apollo/client.ts): worth another try soon
  if (responseStatusCode === 503) responseHeaders.set('Retry-After', '5');
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <ApolloProvider client={client}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ApolloProvider>
      </I18nextProvider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
          pipe(finishDocument(() => serializeState(client, nonce))).pipe(body);
        },
        onShellError(error) {
          reject(error);
        },
        onError(error) {
          status = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
