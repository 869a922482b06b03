// Trusted documents: the shop's pages send the hash of a document that codegen stored at build time
// (web/app/gql/persisted-documents.json, written by `npm run generate`, which `npm run build` runs),
// never the document's text. In production (config.trustedDocumentsOnly) that is all a browser may
// send: a document the shop's own code never asks for cannot run, whatever limits the others pass.
// Partner apps (bearer token, res.locals.partner) may send any document, and so may everyone in
// development and tests (GraphiQL, API tests).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PluginContext } from '../context.ts';
import { Kind, parse } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { Config } from '../../config.ts';

export const PERSISTED_DOCUMENTS_FILE = path.resolve(import.meta.dirname, '../../../../web/app/gql/persisted-documents.json');

/** hash (hex sha256 of the document text) -> document text. */
export type PersistedDocuments = ReadonlyMap<string, string>;

export function loadPersistedDocuments(file = PERSISTED_DOCUMENTS_FILE): PersistedDocuments {
  if (!existsSync(file)) {
    throw new Error(`No persisted GraphQL documents at ${file}: run \`npm run generate\` (or \`npm run build\`) first.`);
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  // codegen names sha256 keys "sha256:<hex>"; requests carry the bare hex (persistedQuery.sha256Hash)
  return new Map(Object.entries(stored).map(([key, document]) => [key.replace(/^sha256:/, ''), document]));
}

/** The names of the operations in the persisted documents: the web's own (the metrics label only these). */
export function persistedOperationNames(documents: PersistedDocuments = loadPersistedDocuments()): Set<string> {
  const names = new Set<string>();
  for (const text of documents.values()) {
    for (const definition of parse(text).definitions) {
      if (definition.kind === Kind.OPERATION_DEFINITION && definition.name) names.add(definition.name.value);
    }
  }
  return names;
}

/** The hash of the persisted document that defines the operation `name` (the personal query's: cache/personal-answers.ts), or null. */
export function persistedOperationHash(name: string, documents: PersistedDocuments = loadPersistedDocuments()): string | null {
  for (const [hash, text] of documents) {
    const defines = parse(text).definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.name?.value === name);
    if (defines) return hash;
  }
  return null;
}


export function useTrustedDocuments(config: Config, file = PERSISTED_DOCUMENTS_FILE): Plugin {
  let documents = loadPersistedDocuments(file);
  let loadedAt = statSync(file).mtimeMs;

  const lookup = (hash: string): string | null => {
    // In development `npm run generate` rewrites the file while the server runs: pick up new documents
    // on a miss. Production serves the build it started with.
    if (!documents.has(hash) && !config.trustedDocumentsOnly && existsSync(file) && statSync(file).mtimeMs !== loadedAt) {
      loadedAt = statSync(file).mtimeMs;
      documents = loadPersistedDocuments(file);
    }
    return documents.get(hash) ?? null;
  };

  // The plugin's allowArbitraryOperations callback sees only the fetch Request; whether the express
  // request is a partner's (helper B's bearer middleware sets res.locals.partner) is noted here first.
  const partnerRequests = new WeakSet<Request>();

  return {
    onPluginInit({ addPlugin }) {
      // added right after this plugin, so this plugin's onParams has run when the persisted one's does
      addPlugin(
        usePersistedOperations({
          getPersistedOperation: (hash) => lookup(hash),
          allowArbitraryOperations: config.trustedDocumentsOnly ? (request) => partnerRequests.has(request) : true,
        }),
      );
    },
    onParams({ request, context }) {
      if ((context as PluginContext | undefined)?.res?.locals.partner) partnerRequests.add(request);
    },
  };
}
