// Requirement S5 for the account pages: every field that returns or changes an address, an order
// or an invoice, tried with a second customer's session against the first customer's data.
// Nothing of Jana's leaks to Petr, and nothing of hers changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createOrder, DEFAULT_PASSWORD } from '../support/factories.ts';
import { gid } from '../support/global-id.ts';

const Everything = graphql(`
  query AccountS5Everything {
    me {
      id
      email
      addresses {
        id
        street
      }
      invoiceDetails {
        id
        street
      }
      orders(first: 100) {
        totalCount
        edges {
          node {
            id
            number
          }
        }
      }
    }
  }
`);

const AccountOrder = graphql(`
  query AccountS5Order($databaseId: Int!) {
    accountOrder(databaseId: $databaseId) {
      id
      number
      email
      accountInvoiceUrl
    }
  }
`);

const SummaryOrder = graphql(`
  query AccountS5Summary($databaseId: Int!, $hash: String!) {
    order(databaseId: $databaseId, hash: $hash) {
      id
    }
  }
`);

const Update = graphql(`
  mutation AccountS5Update($id: ID!, $input: DeliveryAddressInput!) {
    updateDeliveryAddress(id: $id, input: $input) {
      __typename
      ... on Customer {
        addresses {
          id
          street
        }
      }
      ... on Error {
        message
      }
    }
  }
`);

const Delete = graphql(`
  mutation AccountS5Delete($id: ID!) {
    deleteAddress(id: $id) {
      __typename
      ... on Customer {
        addresses {
          id
        }
      }
      ... on Error {
        message
      }
    }
  }
`);

const SaveInvoice = graphql(`
  mutation AccountS5Invoice($input: InvoiceDetailsInput!) {
    saveInvoiceDetails(input: $input) {
      __typename
      ... on Customer {
        invoiceDetails {
          id
          street
        }
      }
    }
  }
`);

const UseInCheckout = graphql(`
  mutation AccountS5Checkout($input: CheckoutInput!) {
    updateCheckout(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

const Login = graphql(`
  mutation AccountS5Login($input: LoginInput!) {
    login(input: $input) {
      __typename
    }
  }
`);

let app: TestApp;
let petr: TestClient;
let jana: Awaited<ReturnType<typeof createCustomer>>;
let janaClient: TestClient;
let janaDelivery: { id: number };
let janaInvoice: { id: number };
let janaOrder: Awaited<ReturnType<typeof createOrder>>;

const ADDRESS = { firstName: 'Petr', lastName: 'Svoboda', street: 'Útočná 1', city: 'Brno', postcode: '602 00', country: 'CZ' };

async function login(email: string): Promise<TestClient> {
  const client = app.newClient();
  const result = await client.gql(Login, { input: { email, password: DEFAULT_PASSWORD } });
  expect(result.data?.login.__typename).toBe('Customer');
  return client;
}

beforeAll(async () => {
  app = await createTestApp();
  jana = await createCustomer(app.prisma, { firstName: 'Jana' });
  const petrCustomer = await createCustomer(app.prisma, { firstName: 'Petr' });
  janaDelivery = await app.prisma.address.create({
    data: { customerId: jana.id, kind: 'DELIVERY', isDefault: true, firstName: 'Jana', lastName: 'N', street: 'Janina 1', city: 'Praha', postcode: '120 00' },
  });
  janaInvoice = await app.prisma.address.create({
    data: { customerId: jana.id, kind: 'INVOICE', isDefault: true, firstName: 'Jana', lastName: 'N', email: jana.email, phone: '601234567', street: 'Janina fakturační 2', city: 'Praha', postcode: '120 00' },
  });
  janaOrder = await createOrder(app.prisma, { customer: jana });
  janaClient = await login(jana.email);
  petr = await login(petrCustomer.email);
});

afterAll(async () => {
  await app?.close();
});

async function janasRows() {
  return {
    addresses: await app.prisma.address.findMany({ where: { customerId: jana.id }, orderBy: { id: 'asc' } }),
    orders: await app.prisma.order.findMany({ where: { customerId: jana.id } }),
  };
}

describe('S5: a second customer cannot read or change the first one’s addresses, orders and invoices', () => {
  it('Petr’s own views hold nothing of Jana’s', async () => {
    const result = await petr.gql(Everything);
    expect(result.errors).toBeUndefined();
    expect(result.data?.me).toMatchObject({ addresses: [], invoiceDetails: null, orders: { totalCount: 0, edges: [] } });
    // and Jana sees hers through the same fields (so the emptiness above is not an accident)
    const hers = await janaClient.gql(Everything);
    expect(hers.data?.me?.addresses.map((a) => a.street).sort()).toEqual(['Janina 1', 'Janina fakturační 2']);
    expect(hers.data?.me?.orders.totalCount).toBe(1);
  });

  it('Jana’s order by its id is null for Petr and for a guest, and her invoice is a 404', async () => {
    const databaseId = janaOrder.id;
    expect((await janaClient.gql(AccountOrder, { databaseId })).data?.accountOrder?.number).toBe(janaOrder.number);
    const url = `/ucet/objednavka/${databaseId}/faktura.pdf`;
    expect((await janaClient.fetch(url)).status).toBe(200);

    for (const client of [petr, app.newClient()]) {
      const result = await client.gql(AccountOrder, { databaseId });
      expect(result.errors).toBeUndefined();
      expect(result.data?.accountOrder).toBeNull();
      const response = await client.fetch(url);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(janaOrder.number);
      expect((await client.fetch(`/en/account/order/${databaseId}/invoice.pdf`)).status).toBe(404);
    }
    // the summary link still needs the hash, logged in or not
    expect((await petr.gql(SummaryOrder, { databaseId, hash: 'wrong' })).data?.order ?? null).toBeNull();
  });

  it('Petr cannot edit, delete or use Jana’s addresses, and his saves never touch hers', async () => {
    const before = await janasRows();
    for (const address of [janaDelivery, janaInvoice]) {
      const id = gid('SavedAddress', address.id);
      const updated = await petr.gql(Update, { id, input: ADDRESS });
      expect(updated.data?.updateDeliveryAddress).toEqual({ __typename: 'NotFoundError', message: 'Tuto adresu nemáte uloženou.' });
      const deleted = await petr.gql(Delete, { id });
      expect(deleted.data?.deleteAddress).toEqual({ __typename: 'NotFoundError', message: 'Adresu se nepodařilo smazat.' });
      const checkout = await petr.gql(UseInCheckout, { input: { invoiceAddressId: id } });
      expect(checkout.data?.updateCheckout.__typename).not.toBe('Cart');
    }
    const saved = await petr.gql(SaveInvoice, {
      input: { ...ADDRESS, email: 'petr@example.cz', phone: '602 000 000' },
    });
    expect(saved.data?.saveInvoiceDetails).toMatchObject({ __typename: 'Customer', invoiceDetails: { street: 'Útočná 1' } });
    expect(await janasRows()).toEqual(before);
  });

  it('a guest can neither read nor change any of it', async () => {
    const guest = app.newClient();
    const before = await janasRows();
    expect((await guest.gql(Everything)).data?.me).toBeNull();
    const update = await guest.gql(Update, { id: gid('SavedAddress', janaDelivery.id), input: ADDRESS });
    expect(update.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const remove = await guest.gql(Delete, { id: gid('SavedAddress', janaDelivery.id) });
    expect(remove.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await janasRows()).toEqual(before);
  });
});
