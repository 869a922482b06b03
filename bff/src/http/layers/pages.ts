// The pages: React Router's server render, from the production build or from vite in development
// (app.ts mounts them after the /graphql chain, before the errors layers).
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { Config } from '../../config.ts';
import type { ShopLoadContext } from '../../../../schema/load-context.ts';
import type { ShopSession } from '../../graphql/context.ts';
import { requestCurrency } from '../../graphql/server/yoga.ts';
import { buildFiles } from '../build-files.ts';
import { brokenEscapesTakenLiterally, pageRequestShape } from '../client-errors.ts';
import { isPersonalPage, personalPagesNotStored } from '../personal-pages.ts';
import { issueCsrfCookie, pageFormProtection, pageFormToken, verifyPageFormToken } from '../csrf.ts';
import { readCookie } from '../cookies.ts';
import { conversionSources, extendContentSecurityPolicy } from '../security-headers.ts';
import { browserChannelsSet } from '../../services/conversions.ts';
import type { AppParts, Layer, PageBuild } from './layer.ts';

/** The production build (SSR=build) or vite (SSR=vite); null without pages (SSR=off). */
export async function loadPages(config: Config, rootDir: string): Promise<PageBuild | null> {
  if (config.ssr === 'build') {
    const clientDir = path.join(rootDir, 'build/client');
    const serverBuild = path.join(rootDir, 'build/server/index.js');
    if (!existsSync(serverBuild)) throw new Error('No production build in build/: run `npm run build` first.');
    const { createRequestHandler } = await import('@react-router/express');
    const build = await import(serverBuild);
    return {
      mountFiles(app) {
        // the build wrote each asset in brotli and gzip beside it (scripts/precompress-assets.ts):
        // those files go out as they are, and nothing is compressed while a visitor waits
        app.use(
          '/assets',
          expressStaticGzip(path.join(clientDir, 'assets'), { enableBrotli: true, orderPreference: ['br'], index: false, serveStatic: { immutable: true, maxAge: '1y' } }),
        );
        app.use(buildFiles(clientDir, { maxAge: '1h' }));
      },
      handler: (getLoadContext) => createRequestHandler({ build: build as never, getLoadContext }),
      cached: true,
      close: async () => undefined,
    };
  }
  if (config.ssr === 'vite') {
    const vite = await import('vite');
    const server = await vite.createServer({
      root: rootDir,
      server: { middlewareMode: true, hmr: { port: config.hmrPort } },
      appType: 'custom',
    });
    const { createRequestHandler } = await import('@react-router/express');
    return {
      mountFiles: (app) => void app.use(server.middlewares),
      handler: (getLoadContext) => createRequestHandler({ build: () => server.ssrLoadModule('virtual:react-router/server-build') as never, getLoadContext }),
      cached: false,
      close: () => server.close(),
    };
  }
  return null;
}

/**
 * Each page: a request of a page's shape, its broken escapes taken literally, a personal page never
 * stored, the response cache (a hit, or a miss's page stored), a form post's token checked, then the render.
 */
export const pages: Layer = {
  name: 'pages',
  mount(app, parts) {
    const { pages: loaded, csrf, responseCache } = parts;
    if (!loaded) return;
    loaded.mountFiles(app);
    // Every route is in the build's manifest file (routeDiscovery "initial", decision 0084). A tab
    // opened before that still asks /__manifest for the routes of a link it follows: told to load the
    // page anew, as React Router's own answer to a changed build does.
    app.get('/__manifest', (_req, res) => void res.status(204).set('X-Remix-Reload-Document', 'true').end());
    const cached = loaded.cached && responseCache ? [responseCache.middleware] : [];
    app.use(pageRequestShape, brokenEscapesTakenLiterally, personalPagesNotStored, ...cached, pageFormProtection(csrf), loaded.handler(loadContextOf(parts)));
  },
};

/** What a page's loaders and actions are given (schema/load-context.ts). */
function loadContextOf({ config, csrf, sessionCookie, yoga }: AppParts) {
  return (req: Request, res: Response): ShopLoadContext => {
    // A page view does not start a session; a visitor who has one, or whose first form post starts
    // it (pageFormProtection), gets its token (the browser fetches /api/csrf-cookie otherwise).
    if (readCookie(req, sessionCookie) !== undefined || (req.session as ShopSession | undefined)?.startedAt !== undefined) issueCsrfCookie(req, res, csrf);
    const personalPage = (req.method !== 'GET' && req.method !== 'HEAD') || isPersonalPage(req.path);
    return {
      nonce: res.locals.nonce as string,
      publicUrl: config.publicUrl,
      // Bound to the session. A catalog page viewed is the same HTML for every shopper and carries
      // none: its forms post without it (verifyPageFormToken, docs/decisions/0043). A personal page
      // and the page answered to a form post carry it, and reading it marks the answer as this
      // visitor's alone, so the response cache never hands it to anyone else.
      get formToken() {
        if (!personalPage) return null;
        res.locals.visitorRead = true;
        return pageFormToken(req, csrf);
      },
      personalPage,
      verifyFormToken: (value) => verifyPageFormToken(req, csrf, value),
      withdrawalPeriodDays: config.withdrawalPeriodDays,
      tracking: { gtmId: config.gtmId, socialPixelId: config.socialPixelId, conversions: browserChannelsSet(config.conversions) },
      // a page's own render only: a client navigation's data request cannot change the page's CSP
      allowConversionScripts: req.path.endsWith('.data') ? null : () => extendContentSecurityPolicy(res, conversionSources(config.conversions)),
      async executeGraphQL(body, language) {
        const response = await yoga.fetch(
          'http://in-process/graphql',
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-shop-language': language,
              'x-shop-currency': requestCurrency(req),
            },
            body: JSON.stringify(body),
          },
          { req, res },
        );
        return response.json();
      },
    };
  };
}
