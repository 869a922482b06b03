// GraphiQL at /graphql and the schema as a file (issue 27, docs/decisions/0038).
//
// GraphiQL comes from the shop's own node_modules (@graphql-yoga/render-graphiql, the same version as
// graphql-yoga), never from a CDN: it works without internet and under the shop's CSP. That package
// inlines its whole bundle (~9 MB of script, styles and three editor workers) into one HTML page,
// which would need 'unsafe-inline' scripts and blob: workers; so the page is written here instead,
// with the per-response nonce on its two small inline scripts, and the bundle's parts are served as
// files of their own under /graphql/graphiql/ (graphiql-assets.ts).
//
// GraphiQL never sends the shop's cookies (credentials: 'omit'): it is a tool for API tokens and the
// public explorer, not a shopper's session. Its tabs are the example operations of docs/api-examples.
//
// GET /graphql/schema.graphql: the printed schema (SDL), for a token with schema:read, for everybody
// where the schema is open anyway (development, tests) or the public explorer is on.
import express, { type Request, type Response } from 'express';
import { lexicographicSortSchema, printSchema } from 'graphql';
import type { Config } from '../config.ts';
import { schema } from '../graphql/schema/index.ts';
import { message } from '../i18n/messages.ts';
import { cookieValue } from '../../../schema/rules/cookies.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { loadApiExamples, type ApiExample } from './api-examples.ts';
import { GRAPHIQL_ASSETS_PATH, loadBundle, sendAsset, type Bundle } from './graphiql-assets.ts';
import { EXPLORER_HEADER, EXPLORER_HEADER_VALUE } from './public-explorer.ts';
import { partnerOf } from './partner-auth.ts';

/** What the header editor holds where a token is needed: the shape to fill in. */
export const TOKEN_PLACEHOLDER = 'Bearer shp_…';

/** How requests from this GraphiQL are authorised, which decides its headers and its how-to. */
export type ExplorerMode = 'token' | 'public' | 'development';

export function explorerMode(config: Pick<Config, 'graphiqlPublic' | 'trustedDocumentsOnly'>): ExplorerMode {
  if (config.graphiqlPublic) return 'public';
  // production: a request without a token may send only the web's persisted documents
  return config.trustedDocumentsOnly ? 'token' : 'development';
}

const HOW_TO: Record<ExplorerMode, Record<Locale, string[]>> = {
  token: {
    en: [
      'Requests from here carry the API token of the Headers',
      'tab below: replace shp_… with your token (the shop gives',
      'you one, see docs/partners.md). With the schema:read',
      'scope the Docs panel and autocompletion work too.',
    ],
    cs: [
      'Požadavky odsud nesou API token ze záložky Headers dole:',
      'nahraďte shp_… svým tokenem (vydá vám ho obchod, viz',
      'docs/partners.md). S oprávněním schema:read funguje',
      'i panel Docs a doplňování.',
    ],
  },
  public: {
    en: [
      'Without a token this explorer runs read-only catalog',
      'queries (products, categories, content, stores) with the',
      'same limits as a token. For the cart and orders put your',
      'token in the Headers tab below:',
      '{"Authorization": "Bearer shp_…"} (docs/partners.md).',
    ],
    cs: [
      'Bez tokenu tu běží jen dotazy na katalog (produkty,',
      'kategorie, obsah, prodejny), se stejnými limity jako',
      's tokenem. Pro košík a objednávky vložte svůj token do',
      'záložky Headers dole:',
      '{"Authorization": "Bearer shp_…"} (docs/partners.md).',
    ],
  },
  development: {
    en: [
      'Development: requests run without a token, as a shopper',
      'without cookies. Put a token in the Headers tab below',
      '({"Authorization": "Bearer shp_…"}) to see its scopes.',
    ],
    cs: [
      'Vývoj: požadavky běží bez tokenu, jako nakupující bez',
      'cookies. Vložte token do záložky Headers dole',
      '({"Authorization": "Bearer shp_…"}) a uvidíte jeho oprávnění.',
    ],
  },
};

const COMMON: Record<Locale, string[]> = {
  en: [
    'The other tabs are examples (docs/api-examples): a category',
    'page with filters and paging, a product with variants and',
    'stock, stores with opening hours, and cart → vouchers →',
    'delivery and payment → placeOrder (needs the cart scope).',
    'Run with ▶ or Ctrl+Enter. The schema: /graphql/schema.graphql',
  ],
  cs: [
    'Další záložky jsou příklady (docs/api-examples): stránka',
    'kategorie s filtry a stránkováním, produkt s variantami',
    'a skladem, prodejny s otevírací dobou a košík → slevové',
    'kódy → doprava a platba → placeOrder (s oprávněním cart).',
    'Spuštění: ▶ nebo Ctrl+Enter. Schéma: /graphql/schema.graphql',
  ],
};

const FIRST_QUERY = `query Categories {
  categories {
    name
    slug
    children {
      name
      slug
    }
  }
}
`;

/** The first tab: what to do here, and a query that runs as it is. */
export function howToTab(mode: ExplorerMode, language: Locale): string {
  const title = language === 'cs' ? 'API obchodu Tribuna Sport' : 'The Tribuna Sport storefront API';
  const lines = [title, '', ...HOW_TO[mode][language], '', ...COMMON[language]];
  return `${lines.map((line) => (line ? `# ${line}` : '#')).join('\n')}\n\n${FIRST_QUERY}`;
}

/** The options GraphiQL renders with (renderYogaGraphiQL's). */
export function graphiqlOptions(mode: ExplorerMode, language: Locale, examples: ApiExample[]) {
  const headers = JSON.stringify(mode === 'token' ? { Authorization: TOKEN_PLACEHOLDER } : {}, null, 2);
  const first = howToTab(mode, language);
  return {
    title: 'Storefront API',
    endpoint: '/graphql',
    // never the shopper's cookies: a token, or the public explorer
    credentials: 'omit' as const,
    additionalHeaders: mode === 'public' ? { [EXPLORER_HEADER]: EXPLORER_HEADER_VALUE } : {},
    headers,
    defaultHeaders: headers,
    // a token typed into the header editor stays in the page, not in the browser's storage
    shouldPersistHeaders: false,
    defaultEditorToolsVisibility: mode === 'token' ? ('headers' as const) : true,
    defaultQuery: first,
    defaultTabs: [
      { query: first, headers },
      ...examples.map((example) => ({ query: example.document, variables: example.variables, headers })),
    ],
  };
}

/** The language of the how-to: the shop's lang cookie, else the browser's first choice (Czech or English). */
function pageLanguage(req: Request): Locale {
  const cookie = cookieValue(req.headers.cookie, 'lang');
  if (cookie === 'cs' || cookie === 'en') return cookie;
  const first = (req.headers['accept-language'] ?? '').split(',')[0].trim().toLowerCase();
  return first.startsWith('cs') || first.startsWith('sk') ? 'cs' : 'en';
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function page(urls: Bundle['urls'], nonce: string, options: unknown): string {
  const workers = { editorWorkerService: urls.editorWorkerService, json: urls.json, graphql: urls.graphql };
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="robots" content="noindex" />
    <title>Storefront API · GraphiQL</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="${urls.css}" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>GraphiQL needs JavaScript. / GraphiQL potřebuje JavaScript.</noscript>
    <div id="root"></div>
    <script nonce="${nonce}">
      var workers = ${scriptJson(workers)};
      self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: function (_moduleId, label) { return workers[label]; } };
    </script>
    <script nonce="${nonce}" src="${urls.js}"></script>
    <script nonce="${nonce}">
      YogaGraphiQL.renderYogaGraphiQL(document.getElementById('root'), ${scriptJson(options)});
    </script>
  </body>
</html>
`;
}

/** GraphiQL answers a browser's page request: GET with HTML acceptable (as graphql-yoga decides). */
function wantsPage(req: Request): boolean {
  return req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
}

/** Who may download the SDL: a token with schema:read, and everybody where the schema is open. */
export function maySeeSchema(config: Pick<Config, 'exposeSchema' | 'graphiqlPublic'>, res: Response): boolean {
  if (config.exposeSchema || config.graphiqlPublic) return true;
  return partnerOf(res)?.scopes.includes('schema:read') ?? false;
}

/** Mounted after the token and public-explorer middleware (they set res.locals.partner), before the session. */
export function graphiqlRoutes(config: Config): express.Router {
  const router = express.Router();
  let sdl: string | null = null;
  router.get('/graphql/schema.graphql', (req, res) => {
    if (!maySeeSchema(config, res)) {
      // no token: 401, as for /graphql; a token without schema:read: 403, as for a field outside its scopes
      const language = req.headers['x-shop-language'] === 'en' ? 'en' : 'cs';
      const token = partnerOf(res) !== null || res.locals.customerToken !== undefined;
      res.setHeader('Cache-Control', 'no-store');
      if (!token) res.setHeader('WWW-Authenticate', 'Bearer');
      res.status(token ? 403 : 401).json({
        errors: [{ message: message(token ? 'notAllowed' : 'apiTokenInvalid', language), extensions: { code: token ? 'FORBIDDEN' : 'UNAUTHENTICATED' } }],
      });
      return;
    }
    // the running schema, printed as `npm run generate` prints schema/schema.graphql
    sdl ??= `${printSchema(lexicographicSortSchema(schema))}\n`;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Content-Disposition', 'inline; filename="schema.graphql"');
    res.setHeader('Cache-Control', 'no-cache');
    res.send(sdl);
  });
  if (!config.graphiql) return router;

  const mode = explorerMode(config);
  const examples = loadApiExamples();
  router.get(`${GRAPHIQL_ASSETS_PATH}/:file`, async (req, res, next) => {
    const asset = (await loadBundle()).assets.get(req.params.file);
    if (!asset) return next();
    await sendAsset(req, res, asset);
  });
  router.get(['/graphql', '/graphql/'], async (req, res, next) => {
    if (!wantsPage(req)) return next();
    const { urls } = await loadBundle();
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.send(page(urls, res.locals.nonce as string, graphiqlOptions(mode, pageLanguage(req), examples)));
  });
  return router;
}
