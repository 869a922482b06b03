// The architecture check (docs/decisions/0026-architecture-check.md): `npm run lint` runs it over
// bff/src, schema and web/app, and tests/unit/architecture.test.ts shows it failing on an upward import
// and on a circle. Dependencies point down only:
//
//   bff/src/server.ts -> app.ts -> graphql/, http/, cache/, jobs/, mail/ (documents, templates), pdf/
//     -> services/ -> events/, carriers/ -> db/, config.ts, i18n/, rate-limit/, redis.ts, session-secret.ts, lazy-module.ts,
//        worker-module.ts,
//        generated/, schema/rules, schema/routes
//
// events/ is how a service says what it changed (decision 0055); only app.ts connects its purges to the
// response cache, so no other module may reach the cache's purge (CACHE_PURGE).
//
// graphql/ and http/ are the API layer and may use each other; a mail template or a PDF layout receives
// its document and loads nothing; schema/ is shared by web/ and bff/ and imports neither; web/ and bff/
// never import each other. Type-only imports count: a type from an upper layer is an upward import too.
// Background work has one home, jobs/: only it runs loops (jobs/background-loop.ts; the ESLint rule
// shop/no-loops-outside-jobs refuses timers that loop elsewhere), and app.ts starts it through
// jobs/index.ts alone (docs/decisions/0057).

const BFF = '^bff/src/';
const API = `${BFF}(graphql|http|cache)/`;
const FOUNDATION = `${BFF}(db/|generated/|i18n/|rate-limit/|config\\.ts$|log\\.ts$|redis\\.ts$|session-secret\\.ts$|lazy-module\\.ts$|worker-module\\.ts$)`;
const TOP = `${BFF}(app|server)\\.ts$`;
const EVENTS = `${BFF}events/`;
/** The carriers' clients (Packeta's API, a courier's tracking link): services call them, they know no database (decision 0068). */
const CARRIERS = `${BFF}carriers/`;
/** Where the response cache is told to drop answers (its `purge`, tags or all). */
const CACHE_PURGE = `${BFF}cache/response-cache\\.ts$`;

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: modules that need each other cannot be understood, tested or loaded one at a time. Give the shared part a module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'services-stay-below-the-api',
      severity: 'error',
      comment: 'A service knows nothing of GraphQL, HTTP, the response cache, mail rendering or PDF layouts: return or throw the domain\'s values and errors, and let the upper layer present them.',
      from: { path: `${BFF}services/` },
      to: { path: [`${API}`, `${BFF}(mail|pdf|jobs)/`, TOP] },
    },
    {
      name: 'services-import-only-lower-layers',
      severity: 'error',
      comment: 'Services import other services, db/, config, i18n/, rate-limit/, the generated Prisma client and schema/rules; anything else is a layer the check does not know.',
      from: { path: `${BFF}services/` },
      // (an upward import is reported once, by the rule above)
      to: {
        path: `${BFF}`,
        pathNot: [`${BFF}services/`, EVENTS, CARRIERS, FOUNDATION, API, `${BFF}(mail|pdf|jobs)/`, TOP],
      },
    },
    {
      name: 'events-import-only-the-foundation',
      severity: 'error',
      comment: 'events/ (what changed, recorded in a transaction and dispatched after its commit) sits between the services and the foundation: services import it, it imports only db/, redis.ts, the generated client and the like.',
      from: { path: EVENTS },
      to: { path: `${BFF}`, pathNot: [EVENTS, FOUNDATION] },
    },
    {
      name: 'carriers-import-only-the-foundation',
      severity: 'error',
      comment: 'carriers/ speaks to the carriers (Packeta\'s REST/XML API, a courier\'s tracking link) and sits between the services and the foundation: services/shipments.ts decides what to send and records it; a carrier client never touches the database (decision 0068).',
      from: { path: CARRIERS },
      to: { path: `${BFF}`, pathNot: [CARRIERS, FOUNDATION] },
    },
    {
      name: 'cache-purged-only-through-events',
      severity: 'error',
      comment: 'A change reaches the response cache as an event: a service records it (events/record.ts) and app.ts connects the change feed to the cache. No other module tells the cache to drop answers.',
      from: { path: `${BFF}`, pathNot: [TOP, EVENTS, `${BFF}cache/`] },
      to: { path: CACHE_PURGE },
    },
    {
      name: 'foundation-stays-at-the-bottom',
      severity: 'error',
      comment: 'The database, configuration, messages, rate limits and Redis are used by every layer, so they import none of them.',
      from: { path: FOUNDATION, pathNot: `${BFF}generated/` },
      to: { path: `${BFF}`, pathNot: FOUNDATION },
    },
    {
      name: 'templates-and-layouts-receive-their-data',
      severity: 'error',
      comment: 'A mail template or a PDF layout is handed its document (mail/documents.ts, services/invoices.ts): it holds no database handle and calls no sender.',
      from: { path: `${BFF}(mail/templates|pdf)/` },
      to: { path: [`${BFF}(db|generated)/`, `${BFF}mail/(documents|sender|index|transport)\\.ts$`, `${API}`, TOP] },
    },
    {
      name: 'pdf-layouts-below-mail',
      severity: 'error',
      comment: 'E-mails attach PDFs; a PDF layout never needs the mail layer.',
      from: { path: `${BFF}pdf/` },
      to: { path: `${BFF}mail/` },
    },
    {
      name: 'mail-and-jobs-never-reach-up',
      severity: 'error',
      comment: 'Background work (the mail sender, jobs) runs without a request: it never reaches back up into the API layer.',
      from: { path: `${BFF}(mail|jobs)/` },
      to: { path: [`${API}`, TOP] },
    },
    {
      name: 'only-jobs-run-loops',
      severity: 'error',
      comment: 'Background work has one home: a loop is a job, a small file in jobs/ on jobs/background-loop.ts, started and closed by jobs/index.ts (docs/decisions/0057). Put the loop there and keep what a round does in its service.',
      from: { path: `${BFF}`, pathNot: `${BFF}jobs/` },
      to: { path: `${BFF}jobs/background-loop\\.ts$` },
    },
    {
      name: 'jobs-start-from-jobs-index',
      severity: 'error',
      comment: 'app.ts starts every job through jobs/index.ts (startJobs) and closes them once; a job started elsewhere would be missed at shutdown.',
      from: { path: TOP },
      to: { path: `${BFF}jobs/`, pathNot: `${BFF}jobs/index\\.ts$` },
    },
    {
      name: 'nothing-imports-the-app',
      severity: 'error',
      comment: 'app.ts assembles the layers and server.ts only listens: nothing below imports them.',
      from: { path: `${BFF}`, pathNot: TOP },
      to: { path: TOP },
    },
    {
      name: 'schema-is-shared-and-pure',
      severity: 'error',
      comment: 'schema/ holds the printed SDL and the rules both sides run: it imports neither web/ nor bff/.',
      from: { path: '^schema/' },
      to: { path: '^(bff|web|tests)/' },
    },
    {
      name: 'web-does-not-import-bff',
      severity: 'error',
      comment: 'The storefront talks to the BFF over GraphQL only; what both need lives in schema/.',
      from: { path: '^web/' },
      to: { path: '^bff/' },
    },
    {
      name: 'web-alias-only-for-generated-code',
      severity: 'error',
      comment: 'The `~/` alias names the generated web/app/gql only: the check cannot follow it (paths without baseUrl), so hand-written modules import each other by relative path and every edge is checked.',
      from: { path: '^web/' },
      to: { couldNotResolve: true, path: '^~/(?!gql(/|$))' },
    },
    {
      name: 'bff-does-not-import-web',
      severity: 'error',
      comment: 'The BFF serves the built web app; it never imports its sources. What both need lives in schema/.',
      from: { path: '^bff/' },
      to: { path: '^web/' },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', '^bff/src/generated/', '^web/app/gql/'] },
    exclude: { path: ['\\.react-router/'] },
    // type-only imports are dependencies too: a type from an upper layer ties the lower one to it
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
