// The company registry lookup for the invoice details (issue 7, item 4): a logged-in customer types
// an IČO and gets the company's name, registered address and DIČ from ARES — here a local fake that
// answers with ARES's recorded shapes (tests/support/fake-ares.ts), never the internet. A slow,
// failing or strange answer is 'Error loading data, try again'; answers are cached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createProduct, DEFAULT_PASSWORD } from '../support/factories.ts';
import { createCheckoutMethods, INVOICE_ADDRESS } from '../support/checkout.ts';
import { gid } from '../support/global-id.ts';
import { ARES_ERROR_ICO, ARES_GARBAGE_ICO, ARES_SLOW_ICO, startFakeAres, type FakeAres } from '../support/fake-ares.ts';
import { clearAresCache, readAresSubject } from '../../bff/src/services/ares.ts';

const CompanyLookup = graphql(`
  query AresTestLookup($ico: String!) {
    companyLookup(ico: $ico) {
      __typename
      ... on QueryCompanyLookupSuccess {
        data {
          ico
          company
          dic
          street
          city
          postcode
          country
        }
      }
      ... on Error {
        code
        message
      }
      ... on ValidationError {
        fieldErrors {
          field
          message
        }
      }
    }
  }
`);

const Login = graphql(`
  mutation AresTestLogin($input: LoginInput!) {
    login(input: $input) {
      __typename
    }
  }
`);

const SaveInvoiceDetails = graphql(`
  mutation AresTestSaveInvoice($input: InvoiceDetailsInput!) {
    saveInvoiceDetails(input: $input) {
      __typename
    }
  }
`);

const AddLine = graphql(`
  mutation AresTestAdd($variantId: ID!) {
    addToCart(variantId: $variantId) {
      __typename
    }
  }
`);

const UpdateCheckout = graphql(`
  mutation AresTestCheckout($input: CheckoutInput!) {
    updateCheckout(input: $input) {
      __typename
      ... on Cart {
        checkout {
          revision
          problems {
            field
            message
          }
        }
      }
    }
  }
`);

const PlaceOrder = graphql(`
  mutation AresTestPlace($revision: String!) {
    placeOrder(input: { revision: $revision }) {
      __typename
      ... on Order {
        databaseId
      }
    }
  }
`);

const TIMEOUT_MS = 400;
let ares: FakeAres;
let app: TestApp;
let client: TestClient;

beforeAll(async () => {
  ares = await startFakeAres({ slowMs: 5_000 });
  app = await createTestApp({ config: { aresUrl: ares.url, aresTimeoutMs: TIMEOUT_MS } });
  const customer = await createCustomer(app.prisma);
  client = app.newClient();
  const login = await client.gql(Login, { input: { email: customer.email, password: DEFAULT_PASSWORD } });
  expect(login.data?.login.__typename).toBe('Customer');
});

afterAll(async () => {
  await app?.close();
  await ares?.close();
});

describe('company registry lookup (ARES)', () => {
  it('fills company name, street with house/orientation number, postcode "123 45", city and DIČ', async () => {
    const result = await client.gql(CompanyLookup, { ico: '27082440' });
    expect(result.errors).toBeUndefined();
    expect(result.data?.companyLookup).toEqual({
      __typename: 'QueryCompanyLookupSuccess',
      data: { ico: '27082440', company: 'Alza.cz a.s.', dic: 'CZ27082440', street: 'Jankovcova 1522/53', city: 'Praha', postcode: '170 00', country: 'CZ' },
    });
  });

  it('takes a village without streets by its part and house number; a non-payer has no DIČ', async () => {
    const result = await client.gql(CompanyLookup, { ico: '12345679' });
    expect(result.data?.companyLookup).toMatchObject({
      data: { company: 'Jan Dvořák', dic: '', street: 'Horní Lhota 12', city: 'Dolní Lhota', postcode: '747 66' },
    });
  });

  it('says when the register has no such company (ARES 404)', async () => {
    const result = await client.gql(CompanyLookup, { ico: '09999990' });
    expect(result.data?.companyLookup).toMatchObject({ __typename: 'NotFoundError', message: 'Firmu s tímto IČO jsme v obchodním rejstříku nenašli.' });
  });

  it('refuses an invalid IČO at the field without asking the register', async () => {
    for (const ico of ['25596642', 'abc', '1'.repeat(50), '']) {
      const result = await client.gql(CompanyLookup, { ico });
      expect(result.data?.companyLookup).toMatchObject({ __typename: 'ValidationError', fieldErrors: [{ field: 'ico' }] });
    }
    expect(ares.requests.get('25596642')).toBeUndefined();
  });

  it('gives up on a slow register after the timeout: "Error loading data, try again" (in English too)', async () => {
    const started = Date.now();
    const result = await client.gql(CompanyLookup, { ico: ARES_SLOW_ICO }, { 'x-shop-language': 'en' });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
    expect(result.data?.companyLookup).toEqual({ __typename: 'CompanyLookupFailedError', code: 'COMPANY_LOOKUP_FAILED', message: 'Error loading data, try again' });
  });

  it('treats a server error or a body that is not JSON as a failed lookup, in Czech', async () => {
    for (const ico of [ARES_ERROR_ICO, ARES_GARBAGE_ICO]) {
      const result = await client.gql(CompanyLookup, { ico });
      expect(result.data?.companyLookup).toMatchObject({ __typename: 'CompanyLookupFailedError', message: 'Chyba při načítání dat, zkuste to prosím znovu.' });
    }
  });

  it('caches answers (found and not found) but not failures', async () => {
    clearAresCache();
    ares.requests.clear();
    await client.gql(CompanyLookup, { ico: '00006947' });
    const again = await client.gql(CompanyLookup, { ico: '00006947' });
    expect(again.data?.companyLookup).toMatchObject({ data: { company: 'Ministerstvo financí', street: 'Letenská 525/15', postcode: '118 00' } });
    await client.gql(CompanyLookup, { ico: '09999990' });
    await client.gql(CompanyLookup, { ico: '09999990' });
    await client.gql(CompanyLookup, { ico: ARES_ERROR_ICO });
    await client.gql(CompanyLookup, { ico: ARES_ERROR_ICO });
    expect(Object.fromEntries(ares.requests)).toEqual({ '00006947': 1, '09999990': 1, [ARES_ERROR_ICO]: 2 });
  });

  it('is for logged-in customers only', async () => {
    const guest = app.newClient();
    const result = await guest.gql(CompanyLookup, { ico: '27082440' });
    expect(result.data?.companyLookup ?? null).toBeNull();
    expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('never reaches the internet in tests: without a fake the lookup fails at once', async () => {
    const offline = await createTestApp({ databaseUrl: app.databaseUrl });
    try {
      const customer = await createCustomer(offline.prisma);
      const other = offline.newClient();
      await other.gql(Login, { input: { email: customer.email, password: DEFAULT_PASSWORD } });
      const result = await other.gql(CompanyLookup, { ico: '27082440' });
      expect(result.data?.companyLookup).toMatchObject({ __typename: 'CompanyLookupFailedError' });
    } finally {
      await offline.close();
    }
  });
});

describe('reading an ARES record', () => {
  it('accepts numbers as text, orientation letters and trims; refuses what is not a subject', () => {
    expect(
      readAresSubject({ ico: '27082440', obchodniJmeno: ' Firma s.r.o. ', sidlo: { nazevUlice: 'Dlouhá', cisloDomovni: 5, cisloOrientacni: 7, cisloOrientacniPismeno: 'a', nazevObce: 'Brno', psc: 60200, kodStatu: 'CZ' }, dic: 'cz 27082440' }, '27082440'),
    ).toEqual({ ico: '27082440', company: 'Firma s.r.o.', dic: 'CZ27082440', street: 'Dlouhá 5/7a', city: 'Brno', postcode: '602 00', country: 'CZ' });
    expect(readAresSubject(null, '27082440')).toBeNull();
    expect(readAresSubject([], '27082440')).toBeNull();
    expect(readAresSubject({ kod: 'NENALEZENO' }, '27082440')).toBeNull();
  });
});

describe('the register down (issue 24, item 6)', () => {
  it('answers a valid IČO with the outage, not a field error, and the company is saved and ordered for by hand', async () => {
    // a register that has gone away: its port refuses every connection
    const gone = await startFakeAres();
    await gone.close();
    const down = await createTestApp({ databaseUrl: app.databaseUrl, config: { aresUrl: gone.url, aresTimeoutMs: TIMEOUT_MS } });
    try {
      const customer = await createCustomer(down.prisma);
      const shopper = down.newClient({ 'x-forwarded-for': '10.99.0.1' });
      await shopper.gql(Login, { input: { email: customer.email, password: DEFAULT_PASSWORD } });
      const company = { company: 'Ruční Firma s.r.o.', ico: '27082440', dic: '' };

      const lookup = await shopper.gql(CompanyLookup, { ico: company.ico });
      expect(lookup.errors).toBeUndefined();
      expect(lookup.data?.companyLookup).toEqual({ __typename: 'CompanyLookupFailedError', code: 'COMPANY_LOOKUP_FAILED', message: 'Chyba při načítání dat, zkuste to prosím znovu.' });

      // the invoice details typed by hand are saved
      const saved = await shopper.gql(SaveInvoiceDetails, { input: { ...INVOICE_ADDRESS, ...company } });
      expect(saved.data?.saveInvoiceDetails.__typename).toBe('Customer');

      // and the order for the company is placed: the register is never a condition of the checkout
      const methods = await createCheckoutMethods(down.prisma);
      const product = await createProduct(down.prisma);
      expect((await shopper.gql(AddLine, { variantId: gid('Variant', product.variants[0].id) })).data?.addToCart.__typename).toBe('Cart');
      const updated = await shopper.gql(UpdateCheckout, {
        input: {
          deliveryMethodId: gid('DeliveryMethod', methods.delivery.courier),
          paymentMethodId: gid('PaymentMethod', methods.payment['bank-transfer']),
          forCompany: true,
          invoiceAddress: { ...INVOICE_ADDRESS, ...company },
          termsAccepted: true,
        },
      });
      const cart = updated.data?.updateCheckout;
      if (cart?.__typename !== 'Cart') throw new Error(`not saved: ${JSON.stringify(updated)}`);
      expect(cart.checkout.problems).toEqual([]);
      const placed = await shopper.gql(PlaceOrder, { revision: cart.checkout.revision });
      const order = placed.data?.placeOrder;
      if (order?.__typename !== 'Order') throw new Error(`not placed: ${JSON.stringify(placed)}`);
      const stored = await down.prisma.order.findUniqueOrThrow({ where: { id: order.databaseId } });
      expect(stored.invoiceAddress).toMatchObject(company);
    } finally {
      await down.close();
    }
  });

  it('keeps an IČO the register does not know an error at the field', async () => {
    const result = await client.gql(CompanyLookup, { ico: '09999990' });
    expect(result.data?.companyLookup).toMatchObject({ __typename: 'NotFoundError', message: 'Firmu s tímto IČO jsme v obchodním rejstříku nenašli.' });
  });
});
