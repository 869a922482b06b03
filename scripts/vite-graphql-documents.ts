// A Vite plugin: each graphql(`…`) call of the web app becomes an import of that one document.
//
// Codegen's client preset finds a document at run time by its source text, in a map of every
// document of the app (web/app/gql/gql.ts). The browser then evaluated all 90 documents (~290 KB of
// object literals in the `shared` chunk) before any page could hydrate: 60-80 ms of main-thread
// CPU here, which Lighthouse's 4x phone turns into a quarter of a second of blocking time
// (docs/performance.md). Codegen recommends its Babel plugin for production; this does the same
// with the map codegen already wrote: the call is replaced by the default export of a module holding
// only that document, parsed with JSON.parse (about twice as fast as the same object literal). A
// page then loads the documents it uses: those of three or more routes land in `shared`, the rest
// in their route's chunk. Each document is one module, so every importer gets the same object.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:graphql-document/';
const CALL = /\bgraphql\(\s*`([^`]*)`\s*\)/g;

type Documents = { exportBySource: Map<string, string>; jsonByExport: Map<string, string> };

/** The map codegen wrote (source text → export name) and each export's document as JSON text. */
function readDocuments(gqlDir: string): Documents {
  const map = readFileSync(path.join(gqlDir, 'gql.ts'), 'utf8');
  const body = map.slice(map.indexOf('const documents'));
  const exportBySource = new Map<string, string>();
  for (const [, source, name] of body.matchAll(/^\s+("(?:[^"\\]|\\.)*"): types\.(\w+),?$/gm)) exportBySource.set(JSON.parse(source) as string, name);
  const jsonByExport = new Map<string, string>();
  for (const [, name, json] of readFileSync(path.join(gqlDir, 'graphql.ts'), 'utf8').matchAll(/^export const (\w+) = (\{.*\}) as unknown as DocumentNode/gm)) {
    jsonByExport.set(name, json);
  }
  if (exportBySource.size === 0 || jsonByExport.size === 0) throw new Error(`No documents in ${gqlDir}: run \`npm run generate\``);
  return { exportBySource, jsonByExport };
}

export function graphqlDocuments(options: { appDir: string; gqlDir: string }): Plugin {
  let documents: Documents | null = null;
  let readAt = 0;
  // `npm run generate` may rewrite the map while the dev server runs
  function current(): Documents {
    const changed = statSync(path.join(options.gqlDir, 'gql.ts')).mtimeMs;
    if (!documents || changed !== readAt) {
      documents = readDocuments(options.gqlDir);
      readAt = changed;
    }
    return documents;
  }

  return {
    name: 'shop:graphql-documents',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const name = id.slice(PREFIX.length + 1);
      const json = current().jsonByExport.get(name);
      if (!json) throw new Error(`No generated document ${name}: run \`npm run generate\``);
      return `export default JSON.parse(${JSON.stringify(json)});\n`;
    },
    transform(code, id) {
      const file = id.split('?')[0];
      if (!file.startsWith(options.appDir) || file.startsWith(options.gqlDir) || !/\.tsx?$/.test(file) || !code.includes('graphql(`')) return undefined;
      const { exportBySource } = current();
      const imports = new Map<string, string>();
      const transformed = code.replace(CALL, (_call, source: string) => {
        const name = exportBySource.get(source);
        if (!name) throw new Error(`${path.relative(options.appDir, file)}: a graphql() document codegen does not know: run \`npm run generate\``);
        const local = `__graphqlDocument_${name}`;
        imports.set(local, `import ${local} from '${PREFIX}${name}';`);
        // the document's lines stay as empty lines, so that the file's other lines keep their numbers
        return local + '\n'.repeat(source.split('\n').length - 1);
      });
      // on the first line, for the same reason
      return { code: `${[...imports.values()].join(' ')} ${transformed}`, map: null };
    },
  };
}
