// Compiles the BFF (bff/src/server.ts and everything it imports from this repository) into one
// JavaScript module, build/bff/server.js, so that `npm start` runs plain node: no TypeScript is
// compiled at run time (issue 10: tsx compiled every module on each start and cost CPU under load).
// Packages in node_modules stay imports (they are JavaScript already); `npm run build` runs this.
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

const banner = [
  "import { fileURLToPath as __bffFileUrlToPath, pathToFileURL as __bffPathToFileUrl } from 'node:url';",
  "import { resolve as __bffResolve } from 'node:path';",
  "const __bffRoot = __bffResolve(__bffFileUrlToPath(new URL('.', import.meta.url)), '../..');",
  'const __bffSourcePath = (relative) => __bffResolve(__bffRoot, relative);',
  'const __bffSourceUrl = (relative) => __bffPathToFileUrl(__bffResolve(__bffRoot, relative)).href;',
].join('\n');

const started = Date.now();
const result = await build({
  entryPoints: [path.join(root, 'bff/src/server.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  legalComments: 'none',
  banner: { js: banner },
  plugins: [sourceLocations],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`BFF compiled to ${path.relative(root, outfile)} (${(bytes / 1024).toFixed(0)} KiB with its source map) in ${Date.now() - started} ms`);
