// Compiles the BFF (bff/src/server.ts and everything it imports from this repository) into one
// JavaScript module, build/bff/server.js, so that `npm start` runs plain node: no TypeScript is
// compiled at run time (issue 10: tsx compiled every module on each start and cost CPU under load).
// Packages in node_modules stay imports (they are JavaScript already); `npm run build` runs this.
//
// The demo catalog (prisma/seed/seed.ts and its data) is a module of its own, build/bff/demo-catalog.js:
// bff/src/demo-data.ts imports it with import() only when an empty database is to be filled, and that
// import is left to run time here, so the server's own module carries no demo data (issue 30, item 8).
//
// Our sources find files beside them through import.meta.dirname / import.meta.url (migrations,
// persisted documents, the project root). In one bundle those would all name build/bff, so each is
// rewritten to the source file's own folder, relative to the project root the bundle finds at run
// time (two levels above build/bff/server.js): the build stays movable with its checkout.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
// BFF_OUTFILE: another place (the unit test builds into a temporary folder)
const outfile = process.env.BFF_OUTFILE ? path.resolve(process.env.BFF_OUTFILE) : path.join(root, 'build/bff/server.js');
// everything else is built beside it
const outdir = path.dirname(outfile);
const DEMO_CATALOG_SOURCE = path.join(root, 'prisma/seed/seed.ts');
const DEMO_CATALOG_FILE = 'demo-catalog.js';
// the price comparison feeds' writer runs in a thread of its own (bff/src/jobs/feeds-writer.ts), from this module beside the server
const FEEDS_WORKER_FILE = 'feeds-worker.js';
const DRAWING_WORKER_FILE = 'drawing-worker.js';

/** import.meta.dirname/url of our own .ts files -> their source location under the run-time root. */
const sourceLocations = {
  name: 'source-locations',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let contents = await readFile(args.path, 'utf8');
      if (contents.includes('import.meta.')) {
        const relativeFile = path.relative(root, args.path).split(path.sep).join('/');
        const relativeDir = path.posix.dirname(relativeFile);
        contents = contents
          .replaceAll('import.meta.dirname', `__bffSourcePath(${JSON.stringify(relativeDir)})`)
          .replaceAll('import.meta.filename', `__bffSourcePath(${JSON.stringify(relativeFile)})`)
          .replaceAll('import.meta.url', `__bffSourceUrl(${JSON.stringify(relativeFile)})`);
      }
      return { contents, loader: 'ts' };
    });
  },
};

/** The demo catalog stays out of a bundle: its import() is resolved at run time, to demo-catalog.js beside it. */
const demoCatalogApart = {
  name: 'demo-catalog-apart',
  setup(builder) {
    builder.onResolve({ filter: /[\\/]seed\.ts$/ }, (args) => {
      if (path.resolve(args.resolveDir, args.path) !== DEMO_CATALOG_SOURCE) return undefined;
      if (args.kind !== 'dynamic-import') {
        return { errors: [{ text: `${args.importer} imports the demo catalog statically: import() it (bff/src/demo-data.ts), so that it stays out of the server` }] };
      }
      return { path: `./${DEMO_CATALOG_FILE}`, external: true };
    });
  },
};

const banner = [
  "import { fileURLToPath as __bffFileUrlToPath, pathToFileURL as __bffPathToFileUrl } from 'node:url';",
  "import { resolve as __bffResolve } from 'node:path';",
  "const __bffRoot = __bffResolve(__bffFileUrlToPath(new URL('.', import.meta.url)), '../..');",
  'const __bffSourcePath = (relative) => __bffResolve(__bffRoot, relative);',
  'const __bffSourceUrl = (relative) => __bffPathToFileUrl(__bffResolve(__bffRoot, relative)).href;',
].join('\n');

/** A shop owner's command (scripts/shop-command.ts) as a module that runs it with the command line. */
const commandEntry = (source, definition) => ({
  contents: [
    `import { runShopCommand } from './scripts/shop-command.ts';`,
    `import { ${definition} } from './${source}';`,
    `process.exitCode = await runShopCommand(${definition}, process.argv.slice(2));`,
  ].join('\n'),
  resolveDir: root,
  sourcefile: `${source.replace(/\.ts$/, '')}-command.ts`,
  loader: 'ts',
});

/**
 * What is built: the server; the feeds writer's thread; the drawing thread of the PDFs; the demo catalog it loads only to fill an empty database; and the
 * operator commands (`npm run seed`, `token`, `stock`, `ticket`, `order`, `review`), so that they too run on plain node.
 */
const bundles = [
  { file: path.basename(outfile), entry: 'bff/src/server.ts' },
  { file: FEEDS_WORKER_FILE, entry: 'bff/src/jobs/feeds-worker.ts' },
  { file: DRAWING_WORKER_FILE, entry: 'bff/src/pdf/drawing-worker.ts' },
  { file: DEMO_CATALOG_FILE, entry: 'prisma/seed/seed.ts' },
  { file: 'seed.js', entry: 'prisma/seed/run.ts' },
  { file: 'token.js', stdin: commandEntry('scripts/token.ts', 'tokenCommand') },
  { file: 'stock.js', stdin: commandEntry('scripts/stock.ts', 'stockCommand') },
  { file: 'ticket.js', stdin: commandEntry('scripts/ticket.ts', 'ticketCommand') },
  { file: 'order.js', stdin: commandEntry('scripts/order.ts', 'orderCommand') },
  { file: 'review.js', stdin: commandEntry('scripts/review.ts', 'reviewCommand') },
];

const started = Date.now();
const results = await Promise.all(
  bundles.map(({ file, entry, stdin }) =>
    build({
      ...(stdin ? { stdin } : { entryPoints: [path.join(root, entry)] }),
      outfile: path.join(outdir, file),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      packages: 'external',
      sourcemap: 'linked',
      legalComments: 'none',
      banner: { js: banner },
      define: { BFF_FEEDS_WORKER_FILE: JSON.stringify(FEEDS_WORKER_FILE), BFF_DRAWING_WORKER_FILE: JSON.stringify(DRAWING_WORKER_FILE) },
      plugins: entry === 'prisma/seed/seed.ts' ? [sourceLocations] : [sourceLocations, demoCatalogApart],
      logLevel: 'warning',
      metafile: true,
    }),
  ),
);
const sizes = results.flatMap((result) =>
  Object.entries(result.metafile.outputs)
    .filter(([name]) => name.endsWith('.js'))
    .map(([name, output]) => `${path.basename(name)} ${(output.bytes / 1024).toFixed(0)} KiB`),
);
console.log(`BFF compiled to ${path.relative(root, outdir)}/ (${sizes.join(', ')}, each with a source map) in ${Date.now() - started} ms`);
