// The server request's Apollo client (web/app/apollo/client.ts): a loader's query runs the API once,
// lands in the request's cache for the page's useQuery, and fails the way Apollo's own query() fails.
import { describe, expect, it, vi } from 'vitest';
import { CombinedGraphQLErrors } from '@apollo/client';
import { getServerClient } from '../../../web/app/apollo/client.ts';
import { MeDocument } from '../../../web/app/gql/graphql.ts';
import { operationHashes } from '../../../web/app/gql/operation-hashes.ts';
import { loadContext } from '../../support/load-context.ts';

const JANA = { __typename: 'Customer', id: 'Q3VzdG9tZXI6MQ==', firstName: 'Jana' };
// as the API answers the stored document, which selects __typename everywhere (codegen.ts)
const answer = (me: unknown) => ({ __typename: 'Query', me });

function contextAnswering(...answers: unknown[]) {
  const executeGraphQL = vi.fn(async () => answers.shift());
  const context = loadContext({ executeGraphQL });
  return { context, executeGraphQL };
}

describe('the server client', () => {
  it("sends the persisted document's hash and returns the answer, which its cache then holds", async () => {
    const { context, executeGraphQL } = contextAnswering({ data: answer(JANA) });
    const client = getServerClient(context, 'en');
    const { data } = await client.query({ query: MeDocument });
    expect(data).toEqual(answer(JANA));
    expect(executeGraphQL).toHaveBeenCalledWith(
      { operationName: 'Me', variables: {}, extensions: { persistedQuery: { version: 1, sha256Hash: operationHashes.Me } } },
      'en',
    );
    // what a component's useQuery reads during the render
    expect(client.readQuery({ query: MeDocument })).toEqual(answer(JANA));
    expect(getServerClient(context, 'en')).toBe(client);
  });

  it('answers a second cache-first query from the cache; network-only asks the API again', async () => {
    const { context, executeGraphQL } = contextAnswering({ data: answer(JANA) }, { data: answer({ ...JANA, firstName: 'Jan' }) });
    const client = getServerClient(context, 'cs');
    await client.query({ query: MeDocument });
    expect((await client.query({ query: MeDocument })).data).toEqual(answer(JANA));
    expect(executeGraphQL).toHaveBeenCalledTimes(1);
    expect((await client.query({ query: MeDocument, fetchPolicy: 'network-only' })).data).toEqual(answer({ ...JANA, firstName: 'Jan' }));
    expect(executeGraphQL).toHaveBeenCalledTimes(2);
    expect(client.readQuery({ query: MeDocument })).toEqual(answer({ ...JANA, firstName: 'Jan' }));
  });

  it('fails with the GraphQL errors and writes nothing, as Apollo does by default', async () => {
    const { context } = contextAnswering({ data: answer(JANA), errors: [{ message: 'boom', extensions: { code: 'INTERNAL' } }] });
    const client = getServerClient(context, 'cs');
    const failure = await client.query({ query: MeDocument }).catch((error: unknown) => error);
    expect(CombinedGraphQLErrors.is(failure)).toBe(true);
    expect((failure as CombinedGraphQLErrors).errors[0].message).toBe('boom');
    expect(client.readQuery({ query: MeDocument })).toBeNull();
  });

  it('a query refused only for its input (a slug with a NUL byte) fails as a 404 page, not with the GraphQL errors', async () => {
    const refused = { message: 'Zadaný text obsahuje nepovolené znaky.', extensions: { code: 'BAD_USER_INPUT' } };
    const { context } = contextAnswering({ data: null, errors: [refused] }, { data: null, errors: [refused, { message: 'boom', extensions: { code: 'INTERNAL' } }] });
    const client = getServerClient(context, 'cs');
    const failure = await client.query({ query: MeDocument }).catch((error: unknown) => error);
    expect(CombinedGraphQLErrors.is(failure)).toBe(false);
    // what React Router turns into the status of the page (data() thrown by a loader)
    expect(failure).toMatchObject({ type: 'DataWithResponseInit', data: null, init: { status: 404 } });
    // any other error with it is still the API's failure
    const mixed = await client.query({ query: MeDocument, fetchPolicy: 'network-only' }).catch((error: unknown) => error);
    expect(CombinedGraphQLErrors.is(mixed)).toBe(true);
  });

  it('with errorPolicy "all", returns the data and the errors', async () => {
    const { context } = contextAnswering({ data: answer(JANA), errors: [{ message: 'partly' }] });
    const result = await getServerClient(context, 'cs').query({ query: MeDocument, errorPolicy: 'all' });
    expect(result.data).toEqual(answer(JANA));
    expect(CombinedGraphQLErrors.is(result.error)).toBe(true);
  });

  it('turns an answer cut off by the time limit into a 503 page', async () => {
    const { context } = contextAnswering({ data: null, errors: [{ message: 'Too slow', extensions: { code: 'TIMEOUT' } }] });
    const failure = await getServerClient(context, 'cs').query({ query: MeDocument }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ init: { status: 503 } });
  });

  it('turns an answer whose database was away into a 503 page, not a 500 (issue 31, finding 25)', async () => {
    const { context } = contextAnswering({ data: null, errors: [{ message: 'Obchod je na chvíli nedostupný.', extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
    const failure = await getServerClient(context, 'cs').query({ query: MeDocument }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ init: { status: 503 } });
  });
});
