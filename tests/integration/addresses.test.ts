// Saved addresses through GraphQL: a logged-in customer reads her own (the checkout offers them),
// never another customer's, and a guest reads none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, DEFAULT_PASSWORD } from '../support/factories.ts';
import { gid } from '../support/global-id.ts';

const SavedAddresses = graphql(`
  query SavedAddressesTest {
    me {
      id
      addresses {
        id
        kind
        isDefault
        firstName
        street
        company
        ico
      }
    }
  }
`);

const Login = graphql(`
  mutation SavedAddressesLogin($input: LoginInput!) {
    login(input: $input) {
      __typename
    }
  }
`);

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

async function loggedIn(email: string): Promise<TestClient> {
  const client = app.newClient();
  await client.ensureCsrfCookie();
  const login = await client.gql(Login, { input: { email, password: DEFAULT_PASSWORD } });
  expect(login.data?.login.__typename).toBe('Customer');
  return client;
}

describe('saved addresses', () => {
  it('shows a customer her own addresses, the default first, and nobody else’s', async () => {
    const jana = await createCustomer(app.prisma);
    const petr = await createCustomer(app.prisma);
    const delivery = await app.prisma.address.create({
      data: { customerId: jana.id, kind: 'DELIVERY', firstName: 'Jana', lastName: 'Nováková', street: 'Chata 1', city: 'Jablonec', postcode: '466 01' },
    });
    const invoice = await app.prisma.address.create({
      data: {
        customerId: jana.id,
        kind: 'INVOICE',
        isDefault: true,
        company: 'Nováková s.r.o.',
        ico: '27074358',
        firstName: 'Jana',
        lastName: 'Nováková',
        street: 'Korunní 12',
        city: 'Praha',
        postcode: '120 00',
      },
    });
    await app.prisma.address.create({
      data: { customerId: petr.id, kind: 'INVOICE', firstName: 'Petr', lastName: 'Svoboda', street: 'Cizí 1', city: 'Brno', postcode: '602 00' },
    });

    const asJana = await (await loggedIn(jana.email)).gql(SavedAddresses);
    expect(asJana.errors).toBeUndefined();
    expect(asJana.data?.me?.addresses).toEqual([
      { id: gid('SavedAddress', invoice.id), kind: 'INVOICE', isDefault: true, firstName: 'Jana', street: 'Korunní 12', company: 'Nováková s.r.o.', ico: '27074358' },
      { id: gid('SavedAddress', delivery.id), kind: 'DELIVERY', isDefault: false, firstName: 'Jana', street: 'Chata 1', company: '', ico: '' },
    ]);

    const asPetr = await (await loggedIn(petr.email)).gql(SavedAddresses);
    expect(asPetr.data?.me?.addresses.map((address) => address.street)).toEqual(['Cizí 1']);

    const guest = app.newClient();
    await guest.ensureCsrfCookie();
    expect((await guest.gql(SavedAddresses)).data?.me).toBeNull();
  });
});
