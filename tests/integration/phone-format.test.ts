// Phones in one stored form (issue 24, item 6; docs/decisions/0033-one-phone-format.md): however a
// shopper types a number, the checkout (cart and order), the account's addresses and invoice details
// and the registration store '+420777123456'; phones saved before come out of the API in that form
// too. Run on PGlite and (TEST_DATABASE_URL) on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createOrder, createProduct, DEFAULT_PASSWORD } from '../support/factories.ts';
import { createCheckoutMethods, INVOICE_ADDRESS, type CheckoutMethods } from '../support/checkout.ts';
import { captchaToken } from '../support/captcha.ts';
import { gid } from '../support/global-id.ts';

const TYPED = ['777 123 456', '+420777123456', '00420 777-123-456'];
const STORED = '+420777123456';

const AddLine = graphql(`
  mutation PhoneFormatAdd($variantId: ID!) {
    addToCart(variantId: $variantId) {
      __typename
    }
  }
`);

const UpdateCheckout = graphql(`
  mutation PhoneFormatCheckout($input: CheckoutInput!) {
    updateCheckout(input: $input) {
      __typename
      ... on Cart {
        checkout {
          revision
          problems {
            field
          }
          invoiceAddress {
            phone
          }
          deliveryAddress {
            phone
          }
        }
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

const PlaceOrder = graphql(`
  mutation PhoneFormatPlace($revision: String!) {
    placeOrder(input: { revision: $revision }) {
      __typename
      ... on Order {
        databaseId
        phone
      }
    }
  }
`);

const Login = graphql(`
  mutation PhoneFormatLogin($input: LoginInput!) {
    login(input: $input) {
      __typename
    }
  }
`);

const AddDeliveryAddress = graphql(`
  mutation PhoneFormatAddAddress($input: DeliveryAddressInput!) {
    addDeliveryAddress(input: $input) {
      __typename
    }
  }
`);

const SaveInvoiceDetails = graphql(`
  mutation PhoneFormatInvoice($input: InvoiceDetailsInput!) {
    saveInvoiceDetails(input: $input) {
      __typename
    }
  }
`);

const Register = graphql(`
  mutation PhoneFormatRegister($input: RegisterInput!) {
    register(input: $input) {
      __typename
      ... on Customer {
        phone
      }
    }
  }
`);

const Saved = graphql(`
  query PhoneFormatSaved($orderId: Int!) {
    me {
      phone
      addresses {
        phone
      }
    }
    accountOrder(databaseId: $orderId) {
      phone
      invoiceAddress {
        phone
      }
    }
  }
`);

let app: TestApp;
let methods: CheckoutMethods;
let variantId: number;
let clients = 0;

beforeAll(async () => {
  app = await createTestApp();
  methods = await createCheckoutMethods(app.prisma);
  variantId = (await createProduct(app.prisma, { variants: [{ stock: 50 }] })).variants[0].id;
});

afterAll(async () => {
  await app?.close();
});

/** A client from an address of its own (the per-address order limit and captcha stay out of the way). */
async function browser(): Promise<TestClient> {
  clients += 1;
  const client = app.newClient({ 'x-forwarded-for': `10.88.0.${clients}` });
  await client.ensureCsrfCookie();
  return client;
}

async function customerClient() {
  const customer = await createCustomer(app.prisma);
  const client = await browser();
  const login = await client.gql(Login, { input: { email: customer.email, password: DEFAULT_PASSWORD } });
  expect(login.data?.login.__typename).toBe('Customer');
  return { client, customer };
}

describe(`one phone format (${databaseKind})`, () => {
  it.each(TYPED)('checkout: %j is kept in the cart and on the order as +420777123456', async (typed) => {
    const client = await browser();
    expect((await client.gql(AddLine, { variantId: gid('Variant', variantId) })).data?.addToCart.__typename).toBe('Cart');
    const saved = await client.gql(UpdateCheckout, {
      input: {
        deliveryMethodId: gid('DeliveryMethod', methods.delivery.courier),
        paymentMethodId: gid('PaymentMethod', methods.payment['bank-transfer']),
        invoiceAddress: { ...INVOICE_ADDRESS, email: `telefon-${clients}@example.cz`, phone: typed },
        deliverySameAsInvoice: false,
        deliveryAddress: { ...INVOICE_ADDRESS, email: undefined, phone: typed },
        termsAccepted: true,
      },
    });
    const cart = saved.data?.updateCheckout;
    if (cart?.__typename !== 'Cart') throw new Error(`not saved: ${JSON.stringify(saved)}`);
    expect(cart.checkout.problems).toEqual([]);
    expect([cart.checkout.invoiceAddress?.phone, cart.checkout.deliveryAddress?.phone]).toEqual([STORED, STORED]);

    const placed = await client.gql(PlaceOrder, { revision: cart.checkout.revision });
    const order = placed.data?.placeOrder;
    if (order?.__typename !== 'Order') throw new Error(`not placed: ${JSON.stringify(placed)}`);
    const stored = await app.prisma.order.findUniqueOrThrow({ where: { id: order.databaseId } });
    expect([stored.phone, (stored.invoiceAddress as { phone: string }).phone, (stored.deliveryAddress as { phone: string }).phone]).toEqual([STORED, STORED, STORED]);
  });

  it('account: delivery addresses and invoice details store each way of typing the same', async () => {
    const { client, customer } = await customerClient();
    const address = { firstName: 'Jana', lastName: 'Nováková', street: 'Korunní 12', city: 'Praha', postcode: '12000', country: 'CZ' };
    for (const typed of TYPED) {
      const added = await client.gql(AddDeliveryAddress, { input: { ...address, phone: typed } });
      expect(added.data?.addDeliveryAddress.__typename).toBe('Customer');
    }
    const invoice = await client.gql(SaveInvoiceDetails, { input: { ...address, email: 'jana@example.cz', phone: TYPED[2] } });
    expect(invoice.data?.saveInvoiceDetails.__typename).toBe('Customer');
    const rows = await app.prisma.address.findMany({ where: { customerId: customer.id }, orderBy: { id: 'asc' } });
    expect(rows.map((row) => [row.kind, row.phone])).toEqual([
      ['DELIVERY', STORED],
      ['DELIVERY', STORED],
      ['DELIVERY', STORED],
      ['INVOICE', STORED],
    ]);
  });

  it('registration stores the customer’s phone in the one form', async () => {
    for (const [index, typed] of TYPED.entries()) {
      const client = await browser();
      const email = `registrace-telefon-${index}@example.cz`;
      const input = { email, phone: typed, firstName: 'Tereza', lastName: 'Svobodová', password: 'Zelený-kopec-2026', passwordConfirmation: 'Zelený-kopec-2026', newsletter: false, consent: true };
      const result = await client.gql(Register, { input: { ...input, captcha: await captchaToken(app, 'REGISTRATION') } });
      expect(result.data?.register).toEqual({ __typename: 'Customer', phone: STORED });
      expect((await app.prisma.customer.findUniqueOrThrow({ where: { email } })).phone).toBe(STORED);
    }
  });

  it('answers phones saved before the one format in it, without a migration', async () => {
    const { client, customer } = await customerClient();
    await app.prisma.customer.update({ where: { id: customer.id }, data: { phone: '601 234 567' } });
    await app.prisma.address.create({
      data: { customerId: customer.id, kind: 'DELIVERY', isDefault: true, firstName: 'Jana', lastName: 'Nováková', phone: '00421 905-123-456', street: 'Hlavná 1', city: 'Košice', postcode: '040 01', country: 'SK' },
    });
    // the factory's order is saved as orders were before: '+420 601 234 567'
    const order = await createOrder(app.prisma, { customer });
    const result = await client.gql(Saved, { orderId: order.id });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      me: { phone: '+420601234567', addresses: [{ phone: '+421905123456' }] },
      accountOrder: { phone: '+420601234567', invoiceAddress: { phone: '+420601234567' } },
    });
  });
});
