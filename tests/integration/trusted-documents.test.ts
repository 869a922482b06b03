// Trusted documents: in production a browser may run only the web app's persisted documents, by
// hash; development and tests take any document; a partner (bearer) request may send any document.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kind, buildSchema, parse, validate } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { ROOT_DIR } from '../../bff/src/app.ts';
import { loadConfig } from '../../bff/src/config.ts';
import { schema } from '../../bff/src/graphql/schema/index.ts';
import { PERSISTED_DOCUMENTS_FILE, loadPersistedDocuments, useTrustedDocuments } from '../../bff/src/graphql/server/trusted-documents.ts';
import { operationHashes } from '../../web/app/gql/operation-hashes.ts';
import { createTestApp, databaseKind, type GraphQLErrorShape, type TestApp } from '../support/test-app.ts';

type Body = { query?: string; operationName?: string; variables?: Record<string, unknown>; extensions?: Record<string, unknown> };
type Answer = { status: number; data?: Record<string, unknown> | null; errors?: GraphQLErrorShape[] };

/** A POST as a browser without a session sends it (no session cookie, so no CSRF token either). */
async function post(app: TestApp, body: Body): Promise<Answer> {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, ...((await response.json()) as Omit<Answer, 'status'>) };
}

const byHash = (operationName: string, variables?: Record<string, unknown>): Body => ({
  operationName,
  variables,
  extensions: { persistedQuery: { version: 1, sha256Hash: operationHashes[operationName] } },
});

const stored = JSON.parse(readFileSync(PERSISTED_DOCUMENTS_FILE, 'utf8')) as Record<string, string>;

describe(`trusted documents (${databaseKind})`, () => {
  let production: TestApp;
  let test: TestApp;

  beforeAll(async () => {
    production = await createTestApp({ config: { trustedDocumentsOnly: true } });
    // a second app on the same database, in the test environment's default mode
    test = await createTestApp({ databaseUrl: production.databaseUrl });
  });

  afterAll(async () => {
    await test?.close();
    await production?.close();
  });

  it('is on in production only', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).trustedDocumentsOnly).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).trustedDocumentsOnly).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).trustedDocumentsOnly).toBe(false);
    expect(test.config.trustedDocumentsOnly).toBe(false);
  });

  it('runs a persisted document by its hash, with the __typename the browser cache needs', async () => {
    const answer = await post(production, byHash('Me'));
    expect(answer).toEqual({ status: 200, data: { __typename: 'Query', me: null } });
    const layout = await post(production, byHash('Layout'));
    expect(layout.errors).toBeUndefined();
    expect(layout.data).toMatchObject({ __typename: 'Query', categories: [] });
    // the shopper's part of every page (decision 0043)
    const personal = await post(production, byHash('Personal'));
    expect(personal.errors).toBeUndefined();
    expect(personal.data).toMatchObject({ __typename: 'Query', cart: null, me: null });
  });

  it('refuses an unknown hash with PERSISTED_QUERY_NOT_FOUND', async () => {
    const answer = await post(production, {
      extensions: { persistedQuery: { version: 1, sha256Hash: 'f'.repeat(64) } },
    });
    expect(answer.data).toBeUndefined();
    expect(answer.errors).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/Obnovte prosím stránku/), extensions: expect.objectContaining({ code: 'PERSISTED_QUERY_NOT_FOUND' }) }),
    ]);
  });

  it('refuses a document sent as text in production, also beside a known hash', async () => {
    for (const body of [
      { query: '{ __typename }' },
      { query: 'query Me { __typename me { id firstName } }', operationName: 'Me' },
      { ...byHash('Me'), query: '{ categories { id name } }' },
    ]) {
      const answer = await post(production, body);
      expect(answer.data).toBeUndefined();
      expect(answer.errors).toEqual([
        // not yoga's CANNOT_SEND_PQ_ID_AND_BODY, which misleads for a plain query (issue 31, finding 11)
        expect.objectContaining({ message: expect.stringMatching(/přístupovým tokenem/), extensions: expect.objectContaining({ code: 'PERSISTED_QUERY_ONLY' }) }),
      ]);
    }
    // and a request that names nothing to run
    const empty = await post(production, { variables: {} });
    expect(empty.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_REQUEST' } });
  });

  it('takes both hashes and documents as text in the test environment (development alike)', async () => {
    expect(await post(test, { query: '{ __typename }' })).toEqual({ status: 200, data: { __typename: 'Query' } });
    expect(await post(test, byHash('Me'))).toEqual({ status: 200, data: { __typename: 'Query', me: null } });
  });

  it('takes a document as text from a partner request in production', async () => {
    // The plugin alone on a yoga, with the express response the bearer middleware decorates
    // (res.locals.partner); the real token flow is tested with the partner tokens.
    const yoga = createYoga({
      schema,
      logging: false,
      plugins: [useTrustedDocuments({ ...production.config, trustedDocumentsOnly: true })],
      context: () => ({ language: 'cs' }),
    });
    const ask = async (locals: Record<string, unknown>) => {
      const response = await yoga.fetch(
        'http://in-process/graphql',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) },
        { res: { locals } },
      );
      return response.json();
    };
    expect(await ask({ partner: { tokenId: 1, name: 'Partner', scopes: ['catalog:read'] } })).toEqual({ data: { __typename: 'Query' } });
    expect(await ask({})).toMatchObject({ errors: [{ message: 'PersistedQueryOnly' }] });
  });

  it('stores every document of the web app, each valid against the schema and named by its hash', () => {
    // the committed schema/schema.graphql (printed from the Pothos schema, checked by `npm test`)
    const printedSchema = buildSchema(readFileSync(path.join(ROOT_DIR, 'schema/schema.graphql'), 'utf8'));
    const documents = loadPersistedDocuments();
    expect(Object.keys(stored).length).toBeGreaterThan(10);
    expect(Object.keys(operationHashes).sort()).toHaveLength(documents.size);
    for (const [name, hash] of Object.entries(operationHashes)) {
      const text = documents.get(hash);
      expect(text, name).toBeDefined();
      const document = parse(text!);
      const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
      expect(operation?.name?.value).toBe(name);
      expect(validate(printedSchema, document).map((error) => error.message), name).toEqual([]);
    }
  });

  it('passes every stored document through the production server: only missing variables are reported', async () => {
    // Sent without variables: parse, validation and every operation limit run first; an operation
    // that needs variables then stops at them; the others (reads, logout) run on the empty shop.
    for (const name of Object.keys(operationHashes)) {
      const answer = await post(production, byHash(name));
      // (a browser's request without a lang cookie: in Czech, issue 40, item 14)
      const unexpected = (answer.errors ?? []).filter((error) => !/^Chybí povinná hodnota \(\w+\)\.$/.test(error.message));
      expect(unexpected, name).toEqual([]);
    }
  });
});
