// usePageQuery during a server render (web/app/apollo/page-query.ts): the loader's answer, else what
// the request's cache holds, else the loading state useQuery would give.
import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ApolloProvider } from '@apollo/client/react';
import { getServerClient } from '../../../web/app/apollo/client.ts';
import { usePageQuery } from '../../../web/app/apollo/page-query.ts';
import { LoginDocument, MeDocument } from '../../../web/app/gql/graphql.ts';
import { loadContext } from '../../support/load-context.ts';

const me = (firstName: string) => ({ __typename: 'Query' as const, me: { __typename: 'Customer' as const, id: 'Q3VzdG9tZXI6MQ==', firstName } });

function Greeting() {
  const { data, loading } = usePageQuery(MeDocument);
  return <p>{loading ? 'loading' : `hello ${data?.me?.firstName ?? 'guest'}`}</p>;
}

function serverClient(...answers: unknown[]) {
  return getServerClient(loadContext({ executeGraphQL: vi.fn(async () => answers.shift()) }), 'cs');
}

const render = (client: ReturnType<typeof serverClient>) =>
  renderToString(
    <ApolloProvider client={client}>
      <Greeting />
    </ApolloProvider>,
  );

describe('usePageQuery in a server render', () => {
  it("renders the loader's answer", async () => {
    const client = serverClient({ data: me('Jana') });
    await client.query({ query: MeDocument });
    expect(render(client)).toContain('hello Jana');
  });

  it('renders what the cache holds when no loader asked this query', () => {
    const client = serverClient(undefined);
    client.writeQuery({ query: MeDocument, data: me('Petr') });
    expect(render(client)).toContain('hello Petr');
  });

  it("after a mutation (a form's action) renders the cache the mutation changed, not the answer from before it", async () => {
    const renamed = { __typename: 'Customer' as const, id: 'Q3VzdG9tZXI6MQ==', firstName: 'Jitka' };
    const client = serverClient({ data: me('Jana') }, { data: { __typename: 'Mutation', login: renamed } });
    await client.query({ query: MeDocument });
    await client.mutate({ mutation: LoginDocument, variables: { input: { email: 'jana@example.cz', password: 'x' } } });
    expect(render(client)).toContain('hello Jitka');
  });

  it('is loading when neither has the data (the browser fetches it)', () => {
    expect(render(serverClient(undefined))).toContain('loading');
  });
});
