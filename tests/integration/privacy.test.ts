// Privacy (issue 7, item 8): downloading all my data as JSON, and deleting my account (orders kept
// anonymised for accounting, everything else removed, every session ended).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createOrder, DEFAULT_PASSWORD } from '../support/factories.ts';
import { findSession } from '../support/sessions.ts';
import { pdfText } from '../support/pdf-text.ts';
import { invoicePdf } from '../../bff/src/http/invoice.ts';

const LOGIN = `mutation Login($input: LoginInput!) { login(input: $input) { __typename } }`;
const DELETE = `
  mutation Delete($input: DeleteAccountInput!) {
    deleteAccount(input: $input) {
      __typename
      ... on AccountDeleted { deleted }
      ... on Error { code message }
      ... on ValidationError { fieldErrors { field message } }
    }
  }`;
const ME = `query { me { email } }`;

let app: TestApp;
let ipCounter = 0;
function browser(): TestClient {
  ipCounter += 1;
  return app.newClient({ 'x-forwarded-for': `198.18.0.${ipCounter}` });
}

async function signedIn(email: string, password = DEFAULT_PASSWORD): Promise<TestClient> {
  const client = browser();
  const response = await client.gql<{ login: { __typename: string } }>(LOGIN, { input: { email, password } });
  expect(response.data?.login.__typename).toBe('Customer');
  return client;
}

/** A customer with something of everything the shop keeps about a person. */
async function richCustomer() {
  const customer = await createCustomer(app.prisma);
  await app.prisma.address.create({
    data: { customerId: customer.id, kind: 'DELIVERY', firstName: 'Jana', lastName: 'Dvořáková', street: 'Dlouhá 12', city: 'Brno', postcode: '60200' },
  });
  const order = await createOrder(app.prisma, {
    customer,
    email: customer.email,
    invoiceAddress: { firstName: 'Jana', lastName: 'Dvořáková', street: 'Dlouhá 12', city: 'Brno', postcode: '60200', country: 'CZ', email: customer.email, phone: '601234567' },
  });
  await app.prisma.newsletterSubscription.create({ data: { email: customer.email, customerId: customer.id } });
  await app.prisma.wishlist.create({ data: { customerId: customer.id, shareToken: `share-${customer.id}-${Date.now()}` } });
  return { customer, order };
}

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

describe(`download my data (${databaseKind})`, () => {
  it('gives the signed-in customer her profile, addresses, orders, consents, newsletter and wishlists as JSON, and no secrets', async () => {
    const { customer, order } = await richCustomer();
    const other = await richCustomer();
    const client = await signedIn(customer.email);
    const response = await client.fetch('/ucet/soukromi/data.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="moje-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ email: customer.email, firstName: customer.firstName });
    expect(data.consents.termsAcceptedAt).toBeTruthy();
    expect(data.addresses).toHaveLength(1);
    expect(data.orders.map((o: { number: string }) => o.number)).toEqual([order.number]);
    expect(data.orders[0].lines).toHaveLength(1);
    expect(data.newsletter).toHaveLength(1);
    expect(data.wishlists).toHaveLength(1);
    // nothing that would let anyone in, and nothing of the other customer
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain(order.hash);
    expect(text).not.toContain('shareToken');
    expect(text).not.toContain(other.customer.email);
    expect(text).not.toContain(other.order.number);
  });

  it('answers a guest with 401 and no data', async () => {
    const response = await browser().fetch('/en/account/privacy/data.json');
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain('@');
  });
});

describe(`delete my account (${databaseKind})`, () => {
  it('asks for the password and changes nothing when it is wrong', async () => {
    const { customer } = await richCustomer();
    const client = await signedIn(customer.email);
    const response = await client.gql<{ deleteAccount: { __typename: string; fieldErrors?: { field: string; message: string }[] } }>(
      DELETE,
      { input: { password: 'Spatne-heslo-99' } },
      { 'x-shop-language': 'en' },
    );
    expect(response.data?.deleteAccount).toMatchObject({ __typename: 'ValidationError', fieldErrors: [{ field: 'password', message: 'The password is not correct.' }] });
    expect(await app.prisma.customer.count({ where: { id: customer.id } })).toBe(1);
    expect((await client.gql<{ me: { email: string } | null }>(ME)).data?.me?.email).toBe(customer.email);
  });

  it('keeps the orders anonymised, removes everything else and ends every session', async () => {
    const { customer, order } = await richCustomer();
    const other = await richCustomer();
    const client = await signedIn(customer.email);
    const elsewhere = await signedIn(customer.email);
    const elsewhereSession = elsewhere.sessionId!;
    const token = await client.gql<{ loginWithToken: { token: string } }>(
      `mutation($input: LoginWithTokenInput!) { loginWithToken(input: $input) { ... on AccessTokenLogin { token } } }`,
      { input: { email: customer.email, password: DEFAULT_PASSWORD, tokenName: 'Telefon' } },
    );
    const bearer = token.data!.loginWithToken.token;

    const response = await client.gql<{ deleteAccount: { __typename: string; deleted?: boolean } }>(DELETE, { input: { password: DEFAULT_PASSWORD } });
    expect(response.data?.deleteAccount).toEqual({ __typename: 'AccountDeleted', deleted: true });

    expect(await app.prisma.customer.count({ where: { id: customer.id } })).toBe(0);
    const kept = await app.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { lines: true } });
    expect(kept.customerId).toBeNull();
    expect(kept.number).toBe(order.number);
    expect(kept.totalGross).toBe(order.totalGross);
    expect(kept.lines).toHaveLength(1);
    expect(JSON.stringify(kept)).not.toContain(customer.email);
    expect(JSON.stringify(kept)).not.toContain('Dvořáková');
    expect(JSON.stringify(kept)).not.toContain('601234567');
    expect(await app.prisma.address.count({ where: { customerId: customer.id } })).toBe(0);
    expect(await app.prisma.newsletterSubscription.count({ where: { email: customer.email } })).toBe(0);
    expect(await app.prisma.wishlist.count({ where: { customerId: customer.id } })).toBe(0);
    expect(await app.prisma.apiToken.count({ where: { customerId: customer.id } })).toBe(0);
    expect(await app.prisma.session.count({ where: { customerId: customer.id } })).toBe(0);
    expect(await findSession(app.prisma, elsewhereSession)).toBeNull();
    expect((await client.gql<{ me: unknown }>(ME)).data?.me).toBeNull();
    const withToken = await app.newClient().fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ query: ME }),
    });
    expect(withToken.status).toBe(401);
    expect((await browser().gql<{ login: { __typename: string } }>(LOGIN, { input: { email: customer.email, password: DEFAULT_PASSWORD } })).data?.login.__typename).toBe(
      'AuthenticationError',
    );
    // the other customer keeps everything
    expect(await app.prisma.order.count({ where: { customerId: other.customer.id } })).toBe(1);
    expect(await app.prisma.address.count({ where: { customerId: other.customer.id } })).toBe(1);
    expect(await app.prisma.newsletterSubscription.count({ where: { email: other.customer.email } })).toBe(1);
  });

  it('keeps the buyer named on an order whose tax invoice was issued (kept 10 years), and nothing more of hers', async () => {
    const { customer, order } = await richCustomer();
    const issued = await invoicePdf(app.prisma, order.id, { eurRate: 25 });
    const client = await signedIn(customer.email);
    const response = await client.gql<{ deleteAccount: { __typename: string } }>(DELETE, { input: { password: DEFAULT_PASSWORD } });
    expect(response.data?.deleteAccount.__typename).toBe('AccountDeleted');

    const kept = await app.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { invoice: true } });
    expect(kept.invoiceAddress).toMatchObject({ firstName: 'Jana', lastName: 'Dvořáková', street: 'Dlouhá 12', city: 'Brno', postcode: '60200', country: 'CZ', email: '', phone: '' });
    expect(kept.customerId).toBeNull();
    expect(kept.phone).toBeNull();
    expect(JSON.stringify(kept)).not.toContain(customer.email);
    expect(JSON.stringify(kept)).not.toContain('601234567');
    // the issued document itself is unchanged, and one rendered again from the order still names the buyer
    expect(Buffer.from(kept.invoice!.pdf).equals(issued!.bytes)).toBe(true);
    await app.prisma.invoice.delete({ where: { orderId: order.id } });
    expect(await pdfText((await invoicePdf(app.prisma, order.id, { eurRate: 25 }))!.bytes)).toContain('Jana Dvořáková');
  });

  it('is refused to a guest', async () => {
    const response = await browser().gql(DELETE, { input: { password: 'whatever-1' } });
    expect(response.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
