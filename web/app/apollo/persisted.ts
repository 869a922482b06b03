// Trusted documents: the shop sends the hash of a document stored at build time instead of its text
// (the production server accepts nothing else from browsers; bff/src/graphql/server/trusted-documents.ts).
// The hash is looked up by operation name in a map generated beside the documents: Apollo rewrites
// documents before a link sees them, so hashing the document here would not match the stored one.
import { operationHashes } from '../gql/operation-hashes.ts';

/** The request's `extensions.persistedQuery`, as graphql-yoga's persisted operations plugin reads it. */
export type PersistedQuery = { version: 1; sha256Hash: string };

export function persistedQuery(operationName: string | undefined): PersistedQuery {
  const hash = operationName ? operationHashes[operationName] : undefined;
  // Loud on purpose: an operation without a stored document would only fail on the production server.
  if (!hash) {
    throw new Error(
      `GraphQL operation "${operationName ?? '(anonymous)'}" has no persisted document: write it with graphql() from ~/gql ` +
        'under web/app, give it a unique name and run `npm run generate`.',
    );
  }
  return { version: 1, sha256Hash: hash };
}

/** The POST body for an operation: its name, variables and hash, never the document's text. */
export function persistedRequestBody(operationName: string | undefined, variables: Record<string, unknown> | undefined) {
  return { operationName, variables, extensions: { persistedQuery: persistedQuery(operationName) } };
}
