// The web app's Apollo links send each operation's persisted-document hash, looked up by name.
import { describe, expect, it } from 'vitest';
import { Kind, type DocumentNode } from 'graphql';
import * as documents from '~/gql/graphql';
import { operationHashes } from '~/gql/operation-hashes';
import { persistedQuery, persistedRequestBody } from '~/apollo/persisted';

/** Every operation document codegen generated for the web, with the hash it embedded in it. */
const operations = Object.values(documents as Record<string, unknown>)
  .filter((value): value is DocumentNode & { __meta__?: { hash?: string } } => (value as DocumentNode | null)?.kind === Kind.DOCUMENT)
  .flatMap((document) =>
    document.definitions
      .filter((definition) => definition.kind === Kind.OPERATION_DEFINITION)
      .map((definition) => ({ name: definition.name!.value, hash: document.__meta__?.hash })),
  );

describe('persisted documents in the web client', () => {
  it('has a hash for every operation the web app defines, the one codegen stored for its document', () => {
    expect(operations.length).toBeGreaterThan(10);
    for (const { name, hash } of operations) {
      expect(hash, name).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(persistedQuery(name), name).toEqual({ version: 1, sha256Hash: hash!.slice('sha256:'.length) });
    }
    expect(Object.keys(operationHashes).sort()).toEqual(operations.map(({ name }) => name).sort());
  });

  it('builds a body with the hash and without the document text', () => {
    const body = persistedRequestBody('Me', {});
    expect(body).toEqual({ operationName: 'Me', variables: {}, extensions: { persistedQuery: { version: 1, sha256Hash: operationHashes.Me } } });
    expect(body).not.toHaveProperty('query');
  });

  it('fails loudly for an operation without a stored document', () => {
    expect(() => persistedQuery('NotInTheBuild')).toThrow(/"NotInTheBuild" has no persisted document/);
    expect(() => persistedQuery(undefined)).toThrow(/"\(anonymous\)" has no persisted document/);
  });
});
