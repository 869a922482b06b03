// Checkout and orders through GraphQL (issue 6): delivery and payment methods, the checkout form's
// messages per field in both languages, totals, and placing an order under the shop-integrity
// requirements S1 (no overselling), S3 (idempotent), S4 (server prices only), S5 (the order's
// hash is its key) and S6 (all or nothing).
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { printSchema, isInputObjectType, getNamedType } from 'graphql';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createProduct, createStore, DEFAULT_PASSWORD } from '../support/factories.ts';
import { createCheckoutMethods, INVOICE_ADDRESS, type CheckoutMethods } from '../support/checkout.ts';
import { dbId, gid } from '../support/global-id.ts';
import { schema } from '../../bff/src/graphql/schema/index.ts';
import { cancelUnpaidOrders } from '../../bff/src/services/unpaid-orders.ts';
import { KEPT_REVISIONS_PER_CART, rememberRevision, type Checkout } from '../../bff/src/services/checkout.ts';
import { formatMoney } from '../../schema/rules/index.ts';
import { RATE_RULES } from '../../bff/src/rate-limit/rate-limit.ts';
import { captchaToken } from '../support/captcha.ts';
import { mailsTo } from '../support/mailbox.ts';
import { releaseExpiredHolds } from '../../bff/src/services/held-goods.ts';

const CheckoutFields = graphql(`
  fragment CheckoutTestFields on Cart {
    id
    checkout {
      revision
      canPlaceOrder
      forCompany
      deliverySameAsInvoice
      deliveryMethod {
        code
      }
      paymentMethod {
        code
      }
      store {
        id
        name
      }
      invoiceAddress {
        firstName
        postcode
        company
        ico
        dic
        savedAddressId
      }
      deliveryAddress {
        street
        savedAddressId
      }
      problems {
        field
        message
      }
      totals {
        currency
        products {
          withVat
          withoutVat
        }
        discount {
          withVat
        }
        shipping {
          withVat
        }
        paymentFee {
          withVat
        }
        total {
          withVat
          withoutVat
          vat
        }
        rounding
        totalToPay
        vatRecap {
          ratePercent
          withVat
          withoutVat
          vat
        }
        freeShippingFrom
        freeShippingRemaining
      }
    }
  }
`);

// spread by name in the documents below; codegen needs the definition
void CheckoutFields;

const AddLine = graphql(`
  mutation CheckoutAdd($variantId: ID!, $quantity: Int) {
    addToCart(variantId: $variantId, quantity: $quantity) {
      __typename
      ... on Cart {
        id
      }
    }
  }
`);

const ReadCheckout = graphql(`
  query CheckoutRead {
    cart {
      ...CheckoutTestFields
    }
  }
`);

const UpdateCheckout = graphql(`
  mutation CheckoutUpdate($input: CheckoutInput!) {
    updateCheckout(input: $input) {
      __typename
      ... on Cart {
        ...CheckoutTestFields
      }
      ... on ValidationError {
        message
        fieldErrors {
          field
          message
        }
      }
      ... on NotFoundError {
        message
      }
    }
  }
`);

const PlaceOrder = graphql(`
  mutation CheckoutPlaceOrder($revision: String!, $captcha: String) {
    placeOrder(input: { revision: $revision, captcha: $captcha }) {
      __typename
      ... on Order {
        id
        databaseId
        number
        hash
        variableSymbol
        totalToPay
        qrPayment
        qrSvg
      }
      ... on OrderChangedError {
        code
        message
        changes {
          kind
          subject
          message
          previous
          current
        }
        cart {
          ...CheckoutTestFields
        }
      }
      ... on ValidationError {
        message
        fieldErrors {
          field
          message
        }
      }
      ... on NotFoundError {
        message
      }
      ... on TooManyAttemptsError {
        message
        retryAfterSeconds
      }
    }
  }
`);

const ReadOrder = graphql(`
  query CheckoutOrder($id: Int!, $hash: String!) {
    order(databaseId: $id, hash: $hash) {
      id
      number
      status
      email
      delivery {
        code
        name
        price {
          withVat
        }
      }
      payment {
        code
        name
      }
      store {
        name
      }
      invoiceAddress {
        firstName
        lastName
        postcode
      }
      deliveryAddress {
        street
      }
      lines {
        name
        quantity
        vatRate
        unitPrice {
          withVat
          withoutVat
        }
      }
      products {
        withVat
        withoutVat
      }
      discount {
        withVat
      }
      total {
        withoutVat
      }
      totalToPay
      vatRecap {
        ratePercent
        withVat
      }
      accountNumber
      variableSymbol
      paymentDueAt
      qrPayment
      summaryUrl
      invoiceUrl
    }
  }
`);

const Methods = graphql(`
  query CheckoutMethods {
    deliveryMethods {
      code
      isPickup
      price {
        withVat
      }
      freeFrom
      paymentMethods {
        code
        isBankTransfer
      }
    }
  }
`);

const Login = graphql(`
  mutation CheckoutLogin($input: LoginInput!) {
    login(input: $input) {
      __typename
    }
  }
`);

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let app: TestApp;
/** A second instance of the shop on the same database, counting its limits in Redis. */
let redisApp: TestApp;
let methods: CheckoutMethods;
let storeId: number;

beforeAll(async () => {
  app = await createTestApp();
  methods = await createCheckoutMethods(app.prisma);
  storeId = (await createStore(app.prisma, { name: 'Tribuna Praha' })).id;
  redisApp = await createTestApp({ databaseUrl: app.databaseUrl, config: { redisUrl: REDIS_URL } });
});

afterAll(async () => {
  await redisApp?.close();
  await app?.close();
});

afterEach(() => {
  for (const each of [app, redisApp]) {
    delete each.placeOrderHooks.beforeCommit;
    delete each.placeOrderHooks.beforeTransaction;
  }
});

const parallel = <T>(count: number, task: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => task(index)));

let addressCounter = 0;

/** A shopper from an address of its own (the per-address order limits stay out of the way), unless given one. */
async function browser(headers?: Record<string, string>): Promise<TestClient> {
  const n = ++addressCounter;
  const client = app.newClient({ 'x-forwarded-for': `10.77.${(n >> 8) & 255}.${n & 255}`, ...headers });
  await client.ensureCsrfCookie();
  return client;
}

/** An e-mail no other order of this file uses (the per-e-mail order limit stays out of the way). */
const freshEmail = () => `jana-${++addressCounter}@example.cz`;

async function add(client: TestClient, variantId: number, quantity = 1) {
  const response = await client.gql(AddLine, { variantId: gid('Variant', variantId), quantity });
  expect(response.errors).toBeUndefined();
  expect(response.data!.addToCart.__typename).toBe('Cart');
}

async function update(client: TestClient, input: Record<string, unknown>) {
  const response = await client.gql(UpdateCheckout, { input });
  expect(response.errors).toBeUndefined();
  return response.data!.updateCheckout;
}

async function checkoutOf(client: TestClient) {
  const response = await client.gql(ReadCheckout);
  expect(response.errors).toBeUndefined();
  return response.data!.cart!.checkout;
}

async function place(client: TestClient, revision: string, captcha?: string) {
  const response = await client.gql(PlaceOrder, { revision, captcha });
  expect(response.errors).toBeUndefined();
  return response.data!.placeOrder;
}

/** A shopper with goods in the cart and a complete checkout (courier, bank transfer). */
async function readyShopper(variantId: number, quantity = 1, input: Record<string, unknown> = {}, client?: TestClient) {
  const shopper = client ?? (await browser());
  await add(shopper, variantId, quantity);
  const saved = await update(shopper, {
    deliveryMethodId: gid('DeliveryMethod', methods.delivery.courier),
    paymentMethodId: gid('PaymentMethod', methods.payment['bank-transfer']),
    invoiceAddress: { ...INVOICE_ADDRESS, email: freshEmail() },
    termsAccepted: true,
    ...input,
  });
  expect(saved.__typename).toBe('Cart');
  return shopper;
}

async function readyRevision(client: TestClient): Promise<string> {
  const checkout = await checkoutOf(client);
  expect(checkout.problems).toEqual([]);
  expect(checkout.canPlaceOrder).toBe(true);
  return checkout.revision;
}

describe(`delivery and payment methods (${databaseKind})`, () => {
  it('lists the seeded methods with their prices and which payments go with each delivery', async () => {
    const response = await app.gql(Methods);
    expect(response.errors).toBeUndefined();
    const byCode = Object.fromEntries(response.data!.deliveryMethods.map((method) => [method.code, method]));
    expect(Object.keys(byCode)).toEqual(['store-pickup', 'parcel-point', 'courier']);
    expect(byCode['store-pickup']).toMatchObject({ isPickup: true, price: { withVat: 0 } });
    expect(byCode.courier).toMatchObject({ isPickup: false, price: { withVat: 12900 }, freeFrom: 300000 });
    expect(byCode['store-pickup'].paymentMethods.map((p) => p.code)).toEqual(['bank-transfer', 'cash-in-store']);
    expect(byCode.courier.paymentMethods.map((p) => p.code)).toEqual(['bank-transfer', 'cash-on-delivery']);
    expect(byCode.courier.paymentMethods[0].isBankTransfer).toBe(true);
  });

  it('reads the payment methods of every delivery method with the delivery methods, not one statement per method; an inactive one is left out', async () => {
    const payment = await app.prisma.paymentMethod.findFirstOrThrow({ where: { code: 'cash-on-delivery' } });
    await app.prisma.paymentMethod.update({ where: { id: payment.id }, data: { active: false } });
    try {
      app.queries.length = 0;
      const response = await app.gql(Methods);
      expect(response.errors).toBeUndefined();
      const byCode = Object.fromEntries(response.data!.deliveryMethods.map((method) => [method.code, method]));
      expect(byCode.courier.paymentMethods.map((p) => p.code)).toEqual(['bank-transfer']);
      expect(byCode['store-pickup'].paymentMethods.map((p) => p.code)).toEqual(['bank-transfer', 'cash-in-store']);
      const statements = app.queries.filter((sql) => /"(PaymentMethod|DeliveryMethod|DeliveryPayment)"/.test(sql));
      expect(statements.length).toBeLessThanOrEqual(2);
    } finally {
      await app.prisma.paymentMethod.update({ where: { id: payment.id }, data: { active: true } });
    }
  });
});

describe(`the checkout form (${databaseKind})`, () => {
  it.each([
    [
      'cs',
      {
        deliveryMethod: 'Vyberte prosím způsob dopravy.',
        paymentMethod: 'Vyberte prosím způsob platby.',
        invoiceAddress: 'Doplňte prosím fakturační adresu.',
        terms: 'Pro odeslání objednávky musíte souhlasit s obchodními podmínkami.',
        store: 'Vyberte prosím prodejnu pro osobní odběr.',
        deliveryAddressMissing: 'Vyberte prosím doručovací adresu.',
        deliveryAddressIncomplete: 'Doplňte prosím doručovací adresu.',
        orderCannotBeSubmitted: 'Objednávku nelze odeslat.',
      },
    ],
    [
      'en',
      {
        deliveryMethod: 'Please select a delivery method.',
        paymentMethod: 'Please select a payment method.',
        invoiceAddress: 'Please complete the invoice address.',
        terms: 'You must agree to the terms and conditions to place the order.',
        store: 'Please select a branch for personal pickup.',
        deliveryAddressMissing: 'Please select a delivery address.',
        deliveryAddressIncomplete: 'Please complete the delivery address.',
        orderCannotBeSubmitted: 'The order cannot be submitted.',
      },
    ],
  ] as const)('names each missing choice at its field (%s) and placeOrder refuses until they exist', async (language, text) => {
    const variant = (await createProduct(app.prisma)).variants[0];
    const client = await browser({ 'x-shop-language': language });
    await add(client, variant.id);

    const empty = await checkoutOf(client);
    expect(empty.canPlaceOrder).toBe(false);
    expect(empty.problems).toEqual([
      { field: 'deliveryMethod', message: text.deliveryMethod },
      { field: 'paymentMethod', message: text.paymentMethod },
      { field: 'invoiceAddress', message: text.invoiceAddress },
      { field: 'terms', message: text.terms },
    ]);
    const refused = await place(client, empty.revision);
    expect(refused).toMatchObject({ __typename: 'ValidationError', message: text.orderCannotBeSubmitted });
    if (refused.__typename === 'ValidationError') expect(refused.fieldErrors.map((e) => e.field)).toEqual(['deliveryMethod', 'paymentMethod', 'invoiceAddress', 'terms']);

    // pickup without a branch
    const pickup = await update(client, { deliveryMethodId: gid('DeliveryMethod', methods.delivery['store-pickup']), termsAccepted: true });
    expect(pickup.__typename === 'Cart' && pickup.checkout.problems.find((p) => p.field === 'store')?.message).toBe(text.store);

    // a courier to another address that is not given yet, then only half given
    const courier = await update(client, {
      deliveryMethodId: gid('DeliveryMethod', methods.delivery.courier),
      paymentMethodId: gid('PaymentMethod', methods.payment['bank-transfer']),
      invoiceAddress: INVOICE_ADDRESS,
      deliverySameAsInvoice: false,
    });
    expect(courier.__typename === 'Cart' && courier.checkout.problems).toEqual([{ field: 'deliveryAddress', message: text.deliveryAddressMissing }]);
    const half = await update(client, { deliveryAddress: { firstName: 'Petr', street: 'Dlouhá 5' } });
    expect(half.__typename === 'Cart' && half.checkout.problems).toEqual([{ field: 'deliveryAddress', message: text.deliveryAddressIncomplete }]);

    const same = await update(client, { deliverySameAsInvoice: true });
    expect(same.__typename === 'Cart' && same.checkout.canPlaceOrder).toBe(true);
  });

  it('refuses a payment that does not go with the delivery, and a withdrawn method counts as not chosen', async () => {
    const variant = (await createProduct(app.prisma)).variants[0];
    const client = await readyShopper(variant.id, 1, {
      deliveryMethodId: gid('DeliveryMethod', methods.delivery['store-pickup']),
      storeId: gid('Store', storeId),
      paymentMethodId: gid('PaymentMethod', methods.payment['cash-on-delivery']),
    });
    const checkout = await checkoutOf(client);
    expect(checkout.problems).toEqual([
      { field: 'paymentMethod', message: 'Tento způsob platby nelze se zvolenou dopravou použít. Vyberte prosím jiný.' },
    ]);
    const fixed = await update(client, { paymentMethodId: gid('PaymentMethod', methods.payment['cash-in-store']) });
    expect(fixed.__typename === 'Cart' && fixed.checkout).toMatchObject({ canPlaceOrder: true, store: { id: gid('Store', storeId) } });
  });

  it('checks IČO, DIČ, postcode, phone and e-mail with the shared rules, in the shopper’s language', async () => {
    const variant = (await createProduct(app.prisma)).variants[0];
    for (const [language, messages] of [
      ['cs', ['Zadejte platné IČO.', 'Zadejte platné DIČ.', 'Zadejte platné PSČ.', 'Zadejte platné telefonní číslo.', 'Pole musí obsahovat platný email.']],
      ['en', ['Enter a valid company ID.', 'Enter a valid VAT ID.', 'Enter a valid postcode.', 'Enter a valid phone number.', 'This field must be a valid email.']],
    ] as const) {
      const client = await browser({ 'x-shop-language': language });
      await add(client, variant.id);
      const refused = await update(client, {
        forCompany: true,
        invoiceAddress: { ...INVOICE_ADDRESS, company: 'Firma s.r.o.', ico: '25596642', dic: 'CZ1234', postcode: '99999', phone: '12345', email: 'jana@' },
      });
      expect(refused.__typename).toBe('ValidationError');
      if (refused.__typename !== 'ValidationError') continue;
      expect(refused.fieldErrors).toEqual(
        expect.arrayContaining([
          { field: 'invoiceAddress.ico', message: messages[0] },
          { field: 'invoiceAddress.dic', message: messages[1] },
          { field: 'invoiceAddress.postcode', message: messages[2] },
          { field: 'invoiceAddress.phone', message: messages[3] },
          { field: 'invoiceAddress.email', message: messages[4] },
        ]),
      );
      // nothing was saved
      expect((await checkoutOf(client)).invoiceAddress).toBeNull();
    }
  });

  it('refuses bidi controls in every field and line breaks in single-line ones, at the field, in the shopper’s language; the note may span lines', async () => {
    const variant = (await createProduct(app.prisma)).variants[0];
    const client = await browser({ 'x-shop-language': 'en' });
    await add(client, variant.id);
    const refused = await update(client, {
      forCompany: true,
      invoiceAddress: { ...INVOICE_ADDRESS, firstName: 'Jana\u202Eávon', company: 'Firma\r\nDalší řádek s.r.o.', ico: '25596641', city: 'Praha\u2066 2' },
      note: 'Zvonek nefunguje\u202E',
    });
    expect(refused.__typename).toBe('ValidationError');
    if (refused.__typename === 'ValidationError') {
      const bidi = 'This field contains invisible characters that change the direction of the text. Please remove them.';
      expect(refused.fieldErrors).toEqual(
        expect.arrayContaining([
          { field: 'invoiceAddress.firstName', message: bidi },
          { field: 'invoiceAddress.company', message: 'This field must fit on a single line.' },
          { field: 'invoiceAddress.city', message: bidi },
          { field: 'note', message: bidi },
        ]),
      );
    }
    expect((await checkoutOf(client)).invoiceAddress).toBeNull();

    const saved = await update(client, { invoiceAddress: INVOICE_ADDRESS, note: 'Zvonek nefunguje,\r\nvolejte prosím.' });
    expect(saved.__typename).toBe('Cart');
    expect(await app.prisma.cart.count({ where: { note: 'Zvonek nefunguje,\r\nvolejte prosím.' } })).toBe(1);
  });

  it('keeps a company with a valid IČO and DIČ, normalized, and drops it when the switch is turned off', async () => {
    const variant = (await createProduct(app.prisma)).variants[0];
    const client = await browser();
    await add(client, variant.id);
    const company = await update(client, {
      forCompany: true,
      invoiceAddress: { ...INVOICE_ADDRESS, company: 'Sportovní klub s.r.o.', ico: '2559 6641', dic: 'cz 25596641' },
    });
    expect(company.__typename === 'Cart' && company.checkout).toMatchObject({
      forCompany: true,
      invoiceAddress: { company: 'Sportovní klub s.r.o.', ico: '25596641', dic: 'CZ25596641', postcode: '120 00' },
    });
    // a company without its IČO is not a complete invoice address
    const noIco = await update(client, { forCompany: true, invoiceAddress: { ...INVOICE_ADDRESS, company: 'Klub s.r.o.' } });
    expect(noIco.__typename === 'Cart' && noIco.checkout.problems.map((p) => p.field)).toContain('invoiceAddress');
    const off = await update(client, { forCompany: false });
    expect(off.__typename === 'Cart' && off.checkout).toMatchObject({ forCompany: false, invoiceAddress: { company: '', ico: '', dic: '' } });
  });

  it('lets a logged-in customer use her saved addresses, never someone else’s', async () => {
    const variant = (await createProduct(app.prisma)).variants[0];
    const jana = await createCustomer(app.prisma);
    const other = await createCustomer(app.prisma);
    const own = await app.prisma.address.create({
      data: { customerId: jana.id, kind: 'INVOICE', ...INVOICE_ADDRESS, postcode: '120 00', email: jana.email },
    });
    const ownDelivery = await app.prisma.address.create({
      data: { customerId: jana.id, kind: 'DELIVERY', firstName: 'Jana', lastName: 'Nováková', street: 'Chata 1', city: 'Jablonec', postcode: '466 01' },
    });
    const foreign = await app.prisma.address.create({
      data: { customerId: other.id, kind: 'INVOICE', ...INVOICE_ADDRESS, street: 'Cizí 1' },
    });

    const guest = await browser();
    await add(guest, variant.id);
    const asGuest = await update(guest, { invoiceAddressId: gid('SavedAddress', own.id) });
    expect(asGuest).toMatchObject({ __typename: 'NotFoundError', message: 'Tuto adresu nemáte uloženou.' });

    const client = await browser();
    await add(client, variant.id);
    const login = await client.gql(Login, { input: { email: jana.email, password: DEFAULT_PASSWORD } });
    expect(login.data?.login.__typename).toBe('Customer');
    expect(await update(client, { invoiceAddressId: gid('SavedAddress', foreign.id) })).toMatchObject({ __typename: 'NotFoundError' });
    const saved = await update(client, { invoiceAddressId: gid('SavedAddress', own.id), deliveryAddressId: gid('SavedAddress', ownDelivery.id) });
    expect(saved.__typename === 'Cart' && saved.checkout).toMatchObject({
      invoiceAddress: { firstName: 'Jana', savedAddressId: gid('SavedAddress', own.id) },
      deliverySameAsInvoice: false,
      deliveryAddress: { street: 'Chata 1', savedAddressId: gid('SavedAddress', ownDelivery.id) },
    });
  });
});

describe(`totals (${databaseKind})`, () => {
  it('charges shipping under the limit, not over it, and rounds cash on delivery to whole crowns', async () => {
    const cheap = (await createProduct(app.prisma, { variants: [{ priceCzk: 99_950 }] })).variants[0];
    const client = await readyShopper(cheap.id, 1);
    const under = await checkoutOf(client);
    expect(under.totals).toMatchObject({
      products: { withVat: 99_950 },
      shipping: { withVat: 12_900 },
      paymentFee: { withVat: 0 },
      totalToPay: 112_850,
      freeShippingFrom: 300_000,
      freeShippingRemaining: 200_050,
      rounding: 0,
    });
    const cod = await update(client, { paymentMethodId: gid('PaymentMethod', methods.payment['cash-on-delivery']) });
    expect(cod.__typename === 'Cart' && cod.checkout.totals).toMatchObject({ paymentFee: { withVat: 3_900 }, rounding: 50, totalToPay: 116_800 });

    await add(client, cheap.id, 2);
    const over = await checkoutOf(client);
    expect(over.totals).toMatchObject({ products: { withVat: 299_850 }, shipping: { withVat: 12_900 } });
    await add(client, cheap.id, 1);
    const free = await checkoutOf(client);
    expect(free.totals).toMatchObject({ products: { withVat: 399_800 }, shipping: { withVat: 0 }, freeShippingRemaining: 0 });
  });

  it('recapitulates VAT per rate, shipping at the standard rate, and every total adds up', async () => {
    const book = (await createProduct(app.prisma, { vatRate: 12, variants: [{ priceCzk: 44_800 }] })).variants[0];
    const shirt = (await createProduct(app.prisma, { vatRate: 21, variants: [{ priceCzk: 121_000 }] })).variants[0];
    const client = await readyShopper(book.id, 1);
    await add(client, shirt.id, 1);
    const { totals } = await checkoutOf(client);
    expect(totals.vatRecap).toEqual([
      { ratePercent: 21, withVat: 133_900, withoutVat: 110_661, vat: 23_239 },
      { ratePercent: 12, withVat: 44_800, withoutVat: 40_000, vat: 4_800 },
    ]);
    expect(totals.total).toEqual({ withVat: 178_700, withoutVat: 150_661, vat: 28_039 });
    expect(totals.totalToPay).toBe(totals.products.withVat - totals.discount.withVat + totals.shipping.withVat + totals.paymentFee.withVat + totals.rounding);
  });
});

const ApplyVoucherString = `mutation CheckoutApplyVoucher($code: String!, $email: String) {
  applyVoucher(code: $code, email: $email) { __typename ... on Error { message } }
}`;

async function applyVoucher(client: TestClient, code: string, email?: string) {
  const response = await client.gql<{ applyVoucher: { __typename: string; message?: string } }, Record<string, unknown>>(ApplyVoucherString, { code, email });
  expect(response.errors).toBeUndefined();
  return response.data!.applyVoucher;
}

describe(`vouchers are judged with the order's own e-mail (issue 31, ${databaseKind})`, () => {
  it('a once-per-customer voucher applied under another e-mail cannot be used a second time by the invoice e-mail', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 10, priceCzk: 100_000 }] })).variants[0];
    const voucher = await app.prisma.voucher.create({ data: { code: `JEDNOU-${variant.id}`, kind: 'AMOUNT', value: 10_000, currency: 'CZK', oncePerCustomer: true } });
    const email = `jednou-${variant.id}@example.cz`;

    const first = await readyShopper(variant.id, 1, { invoiceAddress: { ...INVOICE_ADDRESS, email } });
    expect(await applyVoucher(first, voucher.code)).toMatchObject({ __typename: 'Cart' });
    expect(await place(first, await readyRevision(first))).toMatchObject({ __typename: 'Order', totalToPay: 102_900 });

    // the same customer again: her real invoice e-mail, the voucher applied under a throwaway one
    const second = await readyShopper(variant.id, 1, { invoiceAddress: { ...INVOICE_ADDRESS, email } });
    expect(await applyVoucher(second, voucher.code, `throwaway-${variant.id}@example.cz`)).toMatchObject({ __typename: 'Cart' });
    const checkout = await checkoutOf(second);
    expect(checkout.canPlaceOrder).toBe(false);
    expect(checkout.problems).toEqual([{ field: 'vouchers', message: 'Tento voucher jste už použili. Každý zákazník ho může uplatnit jen jednou.' }]);
    const refused = await place(second, checkout.revision);
    expect(refused).toMatchObject({ __typename: 'ValidationError', fieldErrors: [{ field: 'vouchers' }] });
    expect(await app.prisma.voucherUse.findMany({ where: { voucherId: voucher.id }, select: { onceKey: true } })).toEqual([{ onceKey: email }]);
    expect(await app.prisma.order.count({ where: { email, discountGross: { gt: 0 } } })).toBe(1);
  });

  it('an e-mail-bound voucher applied with its owner’s e-mail is refused to an order under a stranger’s e-mail', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 10, priceCzk: 100_000 }] })).variants[0];
    const owner = `projanu-${variant.id}@example.cz`;
    const voucher = await app.prisma.voucher.create({ data: { code: `PROJANU-${variant.id}`, kind: 'PERCENT', value: 10, boundEmail: owner } });
    const strangerEmail = `stranger-${variant.id}@example.cz`;

    const stranger = await readyShopper(variant.id, 1, { invoiceAddress: { ...INVOICE_ADDRESS, email: strangerEmail } });
    expect(await applyVoucher(stranger, voucher.code, owner)).toMatchObject({ __typename: 'Cart' });
    const checkout = await checkoutOf(stranger);
    expect(checkout.problems).toEqual([{ field: 'vouchers', message: 'Voucher nebyl vystaven pro zadaný e-mail.' }]);
    expect(checkout.totals.discount.withVat).toBe(0);
    expect(await place(stranger, checkout.revision)).toMatchObject({ __typename: 'ValidationError' });
    expect(await app.prisma.voucherUse.count({ where: { voucherId: voucher.id } })).toBe(0);

    // the owner's own order gets it
    const own = await readyShopper(variant.id, 1, { invoiceAddress: { ...INVOICE_ADDRESS, email: owner } });
    expect(await applyVoucher(own, voucher.code, owner)).toMatchObject({ __typename: 'Cart' });
    expect(await place(own, await readyRevision(own))).toMatchObject({ __typename: 'Order', totalToPay: 102_900 });
  });
});

describe(`order limits against stock hoarding (issue 31, ${databaseKind})`, () => {
  it('the first order of an address needs no captcha; the next one does, and places nothing without it', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 10 }] })).variants[0];
    const address = { 'x-forwarded-for': '10.78.0.1' };
    const first = await readyShopper(variant.id, 1, {}, await browser(address));
    expect(await place(first, await readyRevision(first))).toMatchObject({ __typename: 'Order' });

    const second = await readyShopper(variant.id, 2, {}, await browser(address));
    const revision = await readyRevision(second);
    const refused = await place(second, revision);
    expect(refused).toMatchObject({
      __typename: 'ValidationError',
      fieldErrors: [{ field: 'captcha', message: 'Potvrďte prosím, že nejste robot.' }],
    });
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(9);
    expect(await place(second, revision, 'bm90IGEgdG9rZW4=')).toMatchObject({ __typename: 'ValidationError', fieldErrors: [{ field: 'captcha' }] });
    expect(await place(second, revision, await captchaToken(app, 'PLACE_ORDER'))).toMatchObject({ __typename: 'Order' });
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(7);
  });

  it('orders are limited per session, per e-mail and per address, in the shopper’s language', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 100 }] })).variants[0];
    const address = { 'x-forwarded-for': '10.78.0.2' };
    const email = freshEmail();
    const placeNext = async (client: TestClient, invoiceEmail: string) => {
      await readyShopper(variant.id, 1, { invoiceAddress: { ...INVOICE_ADDRESS, email: invoiceEmail } }, client);
      return place(client, await readyRevision(client), await captchaToken(app, 'PLACE_ORDER'));
    };

    const session = await browser(address);
    for (let i = 0; i < RATE_RULES.orderPerSession.limit; i++) expect(await placeNext(session, email)).toMatchObject({ __typename: 'Order' });
    const bySession = await placeNext(session, freshEmail());
    expect(bySession).toMatchObject({
      __typename: 'TooManyAttemptsError',
      message: expect.stringMatching(/^Z tohoto připojení už přišlo příliš mnoho objednávek\. Zkuste to prosím znovu za \d+ min\.$/),
    });

    // the same e-mail from another address and session
    const english = await browser({ 'x-shop-language': 'en' });
    expect(await placeNext(english, email)).toMatchObject({
      __typename: 'TooManyAttemptsError',
      message: expect.stringMatching(/^Too many orders have come from here\. Please try again in \d+ min\.$/),
    });

    // other sessions and e-mails from the same address, up to the address's limit
    for (let i = RATE_RULES.orderPerSession.limit; i < RATE_RULES.orderPerIp.limit; i++) {
      expect(await placeNext(await browser(address), freshEmail())).toMatchObject({ __typename: 'Order' });
    }
    expect(await placeNext(await browser(address), freshEmail())).toMatchObject({ __typename: 'TooManyAttemptsError' });
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(100 - RATE_RULES.orderPerIp.limit);
  });
});

describe(`pieces of one product per address (issue 40, ${databaseKind})`, () => {
  it('an address may order a limited number of pieces of one variant, however many orders; the refusal says why in the shopper’s language and counts nothing', async () => {
    const rule = RATE_RULES.orderPiecesPerVariantIp;
    const product = await createProduct(app.prisma, { names: { cs: 'Dres Vltavín', en: 'Vltavín jersey' }, variants: [{ stock: 200 }, { stock: 200 }] });
    const [variant, otherVariant] = product.variants;
    const address = { 'x-forwarded-for': '10.78.0.3' };
    const stock = async () => (await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock;

    const greedy = await readyShopper(variant.id, rule.limit + 1, {}, await browser(address));
    const refused = await place(greedy, await readyRevision(greedy));
    expect(refused).toMatchObject({
      __typename: 'TooManyAttemptsError',
      message: `Z jednoho připojení lze během 7 dní objednat nejvýš ${rule.limit} ks zboží „Dres Vltavín“. Snižte prosím množství, nebo nás kontaktujte.`,
    });
    expect(await stock()).toBe(200);

    // the refused order counted nothing: the limit itself, then one piece more is refused
    const first = await readyShopper(variant.id, rule.limit, {}, await browser(address));
    expect(await place(first, await readyRevision(first))).toMatchObject({ __typename: 'Order' });
    const english = await readyShopper(variant.id, 1, {}, await browser({ ...address, 'x-shop-language': 'en' }));
    expect(await place(english, await readyRevision(english), await captchaToken(app, 'PLACE_ORDER'))).toMatchObject({
      __typename: 'TooManyAttemptsError',
      message: `At most ${rule.limit} pieces of "Vltavín jersey" can be ordered from one connection within 7 days. Please reduce the quantity or contact us.`,
    });
    expect(await stock()).toBe(200 - rule.limit);

    // another variant from this address, and the same variant from another address, are not held back
    const other = await readyShopper(otherVariant.id, 1, {}, await browser(address));
    expect(await place(other, await readyRevision(other), await captchaToken(app, 'PLACE_ORDER'))).toMatchObject({ __typename: 'Order' });
    const elsewhere = await readyShopper(variant.id, 1);
    expect(await place(elsewhere, await readyRevision(elsewhere))).toMatchObject({ __typename: 'Order' });
  });
});

describe.each([
  ['the database', () => app],
  ['Redis', () => redisApp],
])(`an order that is not written counts nothing against the address's captcha-free order, counted in %s (issue 40, ${databaseKind})`, (_store, shop) => {
  /** A shopper of `shop` from an address of its own. */
  async function shopperOf(variantId: number, quantity: number, address: string) {
    const client = shop().newClient({ 'x-forwarded-for': address });
    await client.ensureCsrfCookie();
    return readyShopper(variantId, quantity, {}, client);
  }

  it('a rolled-back order and an order refused after it was counted leave the next order free of the captcha', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 100 }] })).variants[0];
    // Redis keeps its counts from earlier runs: an address (a /64) of this run's own
    const address = `fd40:${randomBytes(6).toString('hex').match(/.{4}/g)!.join(':')}::1`;

    const rolledBack = await shopperOf(variant.id, 1, address);
    shop().placeOrderHooks.beforeCommit = async () => {
      throw new Error('injected failure before commit');
    };
    expect((await rolledBack.gql(PlaceOrder, { revision: await readyRevision(rolledBack) })).errors?.[0].message).toBe('Unexpected error.');
    delete shop().placeOrderHooks.beforeCommit;

    // refused by the pieces limit, after the order limits were counted
    const refused = await shopperOf(variant.id, RATE_RULES.orderPiecesPerVariantIp.limit + 1, address);
    expect(await place(refused, await readyRevision(refused))).toMatchObject({ __typename: 'TooManyAttemptsError' });

    const next = await shopperOf(variant.id, 1, address);
    expect(await place(next, await readyRevision(next))).toMatchObject({ __typename: 'Order' });
    // and that one did count: the one after it needs the captcha
    const after = await shopperOf(variant.id, 1, address);
    expect(await place(after, await readyRevision(after))).toMatchObject({ __typename: 'ValidationError', fieldErrors: [{ field: 'captcha' }] });
  });
});

describe(`unpaid bank-transfer orders (issue 31, ${databaseKind})`, () => {
  const DAY = 24 * 3600 * 1000;

  it('a bank-transfer order must be paid within the configured days; other payments have no deadline', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 10 }] })).variants[0];
    const bank = await readyShopper(variant.id, 1);
    const before = Date.now();
    const order = await place(bank, await readyRevision(bank));
    if (order.__typename !== 'Order') throw new Error(order.__typename);
    const read = await app.gql(ReadOrder, { id: order.databaseId, hash: order.hash });
    const due = Date.parse(read.data!.order!.paymentDueAt as string);
    expect(due).toBeGreaterThanOrEqual(before + app.config.bankTransferPaymentDays * DAY);
    expect(due).toBeLessThanOrEqual(Date.now() + app.config.bankTransferPaymentDays * DAY);
    expect(app.config.bankTransferPaymentDays).toBe(7);

    const cod = await readyShopper(variant.id, 1, { paymentMethodId: gid('PaymentMethod', methods.payment['cash-on-delivery']) });
    const codOrder = await place(cod, await readyRevision(cod));
    if (codOrder.__typename !== 'Order') throw new Error(codOrder.__typename);
    expect((await app.gql(ReadOrder, { id: codOrder.databaseId, hash: codOrder.hash })).data!.order!.paymentDueAt).toBeNull();
  });

  it('past the deadline the job cancels the order once, returns its stock to watchers, releases its voucher and tells the customer', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 2, priceCzk: 100_000 }] })).variants[0];
    const voucher = await app.prisma.voucher.create({ data: { code: `UNPAID-${variant.id}`, kind: 'AMOUNT', value: 10_000, currency: 'CZK', oncePerCustomer: true, capacity: 10 } });
    const email = freshEmail();
    const hoarder = await readyShopper(variant.id, 2, { invoiceAddress: { ...INVOICE_ADDRESS, email } });
    expect(await applyVoucher(hoarder, voucher.code)).toMatchObject({ __typename: 'Cart' });
    const order = await place(hoarder, await readyRevision(hoarder));
    if (order.__typename !== 'Order') throw new Error(order.__typename);
    // a cash-on-delivery order of the same goods is never cancelled by the job
    const other = (await createProduct(app.prisma, { variants: [{ stock: 1 }] })).variants[0];
    const cod = await readyShopper(other.id, 1, { paymentMethodId: gid('PaymentMethod', methods.payment['cash-on-delivery']) });
    expect(await place(cod, await readyRevision(cod))).toMatchObject({ __typename: 'Order' });
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(0);
    const watch = await app.prisma.availabilityWatch.create({ data: { variantId: variant.id, email: `watcher-${variant.id}@example.cz`, unsubscribeToken: `watch-token-${variant.id}-0123456789abcdef0123456789` } });

    const { paymentDueAt } = await app.prisma.order.findUniqueOrThrow({ where: { id: order.databaseId }, select: { paymentDueAt: true } });
    // (orders of other tests placed earlier may be past their own deadline then: only this one is looked at)
    expect(await cancelUnpaidOrders(app.prisma, new Date(paymentDueAt!.getTime() - 1))).not.toContain(order.databaseId);
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(0);
    // two instances run the job at the same moment: the order is cancelled once, its stock returned once
    const after = new Date(paymentDueAt!.getTime() + 1);
    const runs = await Promise.all([cancelUnpaidOrders(app.prisma, after), cancelUnpaidOrders(app.prisma, after)]);
    expect(runs.flat().filter((id) => id === order.databaseId)).toEqual([order.databaseId]);

    const cancelled = await app.prisma.order.findUniqueOrThrow({ where: { id: order.databaseId }, select: { status: true, statusHistory: { select: { status: true } } } });
    expect(cancelled).toEqual({ status: 'CANCELLED', statusHistory: [{ status: 'NEW' }, { status: 'CANCELLED' }] });
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(2);
    expect(await app.prisma.voucherUse.count({ where: { voucherId: voucher.id } })).toBe(0);
    expect((await app.prisma.voucher.findUniqueOrThrow({ where: { id: voucher.id } })).usedCount).toBe(0);
    expect(await app.prisma.mailOutbox.findMany({ where: { recipient: email, kind: 'orderCancelled' }, select: { dedupeKey: true, language: true } })).toEqual([
      { dedupeKey: `orderCancelled:${order.databaseId}`, language: 'cs' },
    ]);
    // the stock came back: the watcher's e-mail is enqueued as for any stock change
    expect(await app.prisma.mailOutbox.count({ where: { kind: 'availabilityWatch', recipient: watch.email } })).toBe(1);
    expect((await app.gql(ReadOrder, { id: order.databaseId, hash: order.hash })).data!.order!.status).toBe('CANCELLED');
    // the same e-mail may use the once-per-customer voucher again
    const again = await readyShopper(variant.id, 1, { invoiceAddress: { ...INVOICE_ADDRESS, email } });
    expect(await applyVoucher(again, voucher.code)).toMatchObject({ __typename: 'Cart' });
    expect((await checkoutOf(again)).problems).toEqual([]);
    // a later run finds nothing more
    expect(await cancelUnpaidOrders(app.prisma, new Date(after.getTime() + 30 * DAY))).not.toContain(order.databaseId);
  });
});

describe(`placing an order (${databaseKind})`, () => {
  it('keeps only the latest shown checkouts of a cart, and the latest can still be placed', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 40 }] })).variants[0];
    const client = await readyShopper(variant.id, 1);
    const cartId = dbId((await client.gql(ReadCheckout)).data!.cart!.id);
    for (let i = 0; i < KEPT_REVISIONS_PER_CART + 5; i++) {
      await rememberRevision(app.prisma, { revision: `test-revision-${String(i).padStart(2, '0')}`, cartId, snapshot: {} } as unknown as Checkout);
    }
    const kept = await app.prisma.checkoutRevision.findMany({ where: { cartId }, select: { id: true } });
    expect(kept).toHaveLength(KEPT_REVISIONS_PER_CART);
    expect(kept.map((row) => row.id)).toContain(`test-revision-${KEPT_REVISIONS_PER_CART + 4}`);
    expect(kept.map((row) => row.id)).not.toContain('test-revision-00');
    // reading the checkout again remembers its revision, and that one places the order
    expect(await place(client, await readyRevision(client))).toMatchObject({ __typename: 'Order' });
  });

  it('writes the order with its lines, takes the stock, closes the cart, and the hash reads it back', async () => {
    const variant = (await createProduct(app.prisma, { names: { cs: 'Dres domácí', en: 'Home jersey' }, variants: [{ stock: 5, priceCzk: 159_900 }] }))
      .variants[0];
    const client = await readyShopper(variant.id, 2, { invoiceAddress: INVOICE_ADDRESS });
    const order = await place(client, await readyRevision(client));
    expect(order.__typename).toBe('Order');
    if (order.__typename !== 'Order') return;
    const year = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Prague', year: 'numeric' }).format(new Date());
    expect(order.number).toMatch(new RegExp(`^${year}\\d{6}$`));
    expect(order.variableSymbol).toBe(order.number);
    expect(order.hash.length).toBeGreaterThanOrEqual(32);
    expect(order.totalToPay).toBe(319_800);
    expect(order.qrPayment).toBe(`SPD*1.0*ACC:CZ2620100000002300154801+FIOBCZPP*AM:3198.00*CC:CZK*X-VS:${order.number}*MSG:OBJEDNAVKA ${order.number}*RN:Tribuna Sport s.r.o.`);
    expect(order.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(3);
    expect((await client.gql(ReadCheckout)).data!.cart).toBeNull();

    // read back by anyone holding the link, without a session
    const read = await app.gql(ReadOrder, { id: order.databaseId, hash: order.hash });
    expect(read.errors).toBeUndefined();
    expect(read.data!.order).toMatchObject({
      number: order.number,
      status: 'NEW',
      email: INVOICE_ADDRESS.email,
      delivery: { code: 'courier', name: 'Kurýr na adresu', price: { withVat: 0 } },
      payment: { code: 'bank-transfer', name: 'Bankovní převod' },
      store: null,
      invoiceAddress: { firstName: 'Jana', lastName: 'Nováková', postcode: '120 00' },
      deliveryAddress: { street: INVOICE_ADDRESS.street },
      lines: [{ name: 'Dres domácí', quantity: 2, vatRate: 21, unitPrice: { withVat: 159_900, withoutVat: 132_149 } }],
      products: { withVat: 319_800, withoutVat: 264_298 },
      discount: { withVat: 0 },
      totalToPay: 319_800,
      vatRecap: [{ ratePercent: 21, withVat: 319_800 }],
      accountNumber: '2300154801/2010',
      summaryUrl: `/objednavka/shrnuti/${order.databaseId}/${order.hash}`,
      invoiceUrl: `/objednavka/faktura/${order.databaseId}/${order.hash}.pdf`,
    });
    // the same cart submitted again later answers with the same order
    expect(await place(client, 'anything')).toMatchObject({ __typename: 'Order', id: order.id });
  });

  it('prices a euro cart in euros and asks for payment to the euro account', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ priceCzk: 50_000 }] })).variants[0];
    const client = await browser({ 'x-shop-currency': 'EUR', 'x-shop-language': 'en' });
    await add(client, variant.id);
    const cod = await update(client, {
      deliveryMethodId: gid('DeliveryMethod', methods.delivery.courier),
      paymentMethodId: gid('PaymentMethod', methods.payment['cash-on-delivery']),
      invoiceAddress: INVOICE_ADDRESS,
      termsAccepted: true,
    });
    // no rounding to whole units outside CZK
    expect(cod.__typename === 'Cart' && cod.checkout.totals).toMatchObject({
      currency: 'EUR',
      products: { withVat: 2_000 },
      shipping: { withVat: 549 },
      paymentFee: { withVat: 150 },
      rounding: 0,
      totalToPay: 2_699,
      freeShippingFrom: 12_000,
    });
    await update(client, { paymentMethodId: gid('PaymentMethod', methods.payment['bank-transfer']) });
    const order = await place(client, await readyRevision(client));
    if (order.__typename !== 'Order') throw new Error(order.__typename);
    expect(order.qrPayment).toMatch(/^SPD\*1\.0\*ACC:CZ7620100000002500154806\+FIOBCZPP\*AM:25\.49\*CC:EUR\*/);
    // read as its English shopper reads it (a Czech reader gets the Czech names: order-language.test.ts)
    const read = await app.gql(ReadOrder, { id: order.databaseId, hash: order.hash }, { headers: { 'x-shop-language': 'en' } });
    expect(read.data!.order).toMatchObject({
      accountNumber: '2500154806/2010',
      delivery: { name: 'Courier to your door' },
      summaryUrl: `/en/order/summary/${order.databaseId}/${order.hash}`,
      invoiceUrl: `/en/order/invoice/${order.databaseId}/${order.hash}.pdf`,
    });
  });

  it('S1: stock 3 and 10 shoppers ordering the last pieces at once: exactly 3 orders, stock 0', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 3 }] })).variants[0];
    const shoppers = await parallel(10, () => readyShopper(variant.id, 1));
    const revisions = await Promise.all(shoppers.map((client) => readyRevision(client)));
    const ordersBefore = await app.prisma.order.count();

    const results = await parallel(10, (index) => place(shoppers[index], revisions[index]));

    const placed = results.filter((result) => result.__typename === 'Order');
    const refused = results.filter((result) => result.__typename === 'OrderChangedError');
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const result of refused) {
      if (result.__typename !== 'OrderChangedError') continue;
      expect(result.changes).toEqual([expect.objectContaining({ kind: 'STOCK', previous: 1, current: 0 })]);
      expect(result.cart.checkout.canPlaceOrder).toBe(false);
    }
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(0);
    expect(await app.prisma.order.count()).toBe(ordersBefore + 3);
    // the numbers are consecutive, without gaps left by the refused ones
    const numbers = placed.map((result) => (result.__typename === 'Order' ? Number(result.number) : 0)).sort();
    expect(numbers[2] - numbers[0]).toBe(2);
  });

  it('the stock, the sold counts and the year’s order counter are the transaction’s last writes: orders of the same goods wait for their locks only until the commit', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 5 }] })).variants[0];
    const client = await readyShopper(variant.id, 1);
    const revision = await readyRevision(client);
    // the e-mails of the orders placed before (invoices drawn and stored) run after their commits: on a
    // slow machine they were still writing while this order's statements were logged
    await app.mailer.idle();
    app.queries.length = 0;
    const result = await place(client, revision);
    expect(result.__typename).toBe('Order');
    const statements = app.queries.filter((sql) => !sql.includes('"public"."Session"'));
    const numbering = statements.findIndex((sql) => sql.includes('"OrderNumberCounter"'));
    expect(numbering).toBeGreaterThan(0);
    // after it only the transaction's events are stored, and it commits
    const commit = statements.findIndex((sql, index) => index > numbering && sql.trim() === 'COMMIT');
    expect(statements.slice(numbering + 1, commit).map((sql) => sql.trim().slice(0, 25))).toEqual(['INSERT INTO "ChangeEvent"']);
    // the order was written before it, with a number no one else could see; then the stock was taken and
    // the sold count moved, the rows other orders of the same goods wait for
    const written = statements.findIndex((sql) => /INSERT INTO "public"\."Order" /.test(sql));
    const stock = statements.findIndex((sql) => /UPDATE "Variant" SET "stock"/.test(sql));
    const sold = statements.findIndex((sql) => /UPDATE "public"\."Product" SET "soldCount"/.test(sql));
    expect(written).toBeGreaterThan(0);
    expect(stock).toBeGreaterThan(written);
    expect(sold).toBeGreaterThan(stock);
    expect(statements.slice(sold + 1, numbering).filter((sql) => !/^\s*(SELECT|UPDATE "public"\."Product")/.test(sql))).toEqual([]);
    // the order's limits are counted in one statement, and the order just written is not read again for its e-mail
    const transaction = statements.slice(0, commit);
    expect(transaction.filter((sql) => sql.includes('"RateLimit"'))).toHaveLength(1);
    const orderReads = transaction.slice(written).filter((sql) => /^\s*SELECT .* FROM "public"\."Order" /.test(sql));
    expect(orderReads).toHaveLength(1); // Prisma's own read of the row it inserted, with its id
    const order = await app.prisma.order.findFirstOrThrow({ where: { id: result.__typename === 'Order' ? result.databaseId : 0 }, select: { number: true, variableSymbol: true } });
    expect(order.number).toMatch(/^\d{10}$/);
    expect(order.variableSymbol).toBe(order.number);
  });

  it('S3: one cart submitted 5 times in parallel: one order, and every answer names it', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 10 }] })).variants[0];
    const client = await readyShopper(variant.id, 2);
    const revision = await readyRevision(client);
    const ordersBefore = await app.prisma.order.count();

    const results = await parallel(5, () => place(client, revision));

    const ids = new Set(results.map((result) => (result.__typename === 'Order' ? result.id : result.__typename)));
    expect([...ids]).toHaveLength(1);
    expect(results[0].__typename).toBe('Order');
    expect(await app.prisma.order.count()).toBe(ordersBefore + 1);
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(8);
  });

  it('an add that waits for the order being placed goes to a new cart, not into the ordered one', async () => {
    const ordered = (await createProduct(app.prisma)).variants[0];
    const later = (await createProduct(app.prisma)).variants[0];
    const client = await readyShopper(ordered.id, 1);
    const revision = await readyRevision(client);
    const cartId = (await client.gql(ReadCheckout)).data!.cart!.id;

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const reached = new Promise<void>((resolve) => (holding = resolve));
    app.placeOrderHooks.beforeCommit = async () => {
      holding();
      await held;
    };
    const placing = place(client, revision);
    await reached;
    const adding = client.gql(AddLine, { variantId: gid('Variant', later.id), quantity: 1 });
    // on PostgreSQL, hold the order until the add waits for the cart's row; PGlite runs one
    // transaction at a time, so there the add simply comes after the commit
    if (databaseKind === 'postgres') {
      for (let tries = 0; tries < 100; tries++) {
        const waiting = await app.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`;
        if (waiting[0].n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    release();
    const [order, added] = await Promise.all([placing, adding]);

    expect(order.__typename).toBe('Order');
    expect(added.data!.addToCart).toMatchObject({ __typename: 'Cart' });
    expect(added.data!.addToCart.__typename === 'Cart' && added.data!.addToCart.id).not.toBe(cartId);
    expect(await app.prisma.cartLine.findMany({ where: { cartId: dbId(cartId) }, select: { variantId: true } })).toEqual([{ variantId: ordered.id }]);
    expect((await client.gql(ReadCheckout)).data!.cart?.id).not.toBe(cartId);
  });

  it('S4: no input type of the API carries an amount', () => {
    const inputs = Object.values(schema.getTypeMap()).filter(isInputObjectType);
    expect(inputs.map((type) => type.name)).toEqual(expect.arrayContaining(['CheckoutInput', 'AddressInput', 'PlaceOrderInput']));
    const amountLike = /price|amount|total|discount|fee|cost|sum|vat|gross|net\b|rounding|shipping/i;
    // the catalog's price range filter bounds a search; it charges nothing
    const searchBounds = ['ProductFilter.priceFrom', 'ProductFilter.priceTo'];
    const offenders: string[] = [];
    for (const type of inputs) {
      for (const field of Object.values(type.getFields())) {
        const name = `${type.name}.${field.name}`;
        const typeName = getNamedType(field.type).name;
        if (amountLike.test(field.name) || typeName === 'Float' || typeName === 'Price') offenders.push(name);
      }
    }
    expect(offenders.sort()).toEqual(searchBounds);
    // and the printed contract agrees: outside the filter, no input block mentions an amount
    const printed = printSchema(schema);
    for (const block of printed.match(/^input \w+ \{[\s\S]*?^\}/gm) ?? []) {
      if (block.startsWith('input ProductFilter ')) continue;
      const fields = block.split('\n').filter((line) => /^\s+\w+:/.test(line));
      for (const line of fields) expect(line).not.toMatch(amountLike);
    }
  });

  it('S4: a price changed between the cart and the submit places nothing and says what changed', async () => {
    const variant = (await createProduct(app.prisma, { names: { cs: 'Šála', en: 'Scarf' }, variants: [{ stock: 4, priceCzk: 49_900 }] })).variants[0];
    const client = await readyShopper(variant.id, 2);
    const revision = await readyRevision(client);
    await app.prisma.variant.update({ where: { id: variant.id }, data: { priceCzk: 54_900 } });
    const ordersBefore = await app.prisma.order.count();

    const refused = await place(client, revision);
    expect(refused.__typename).toBe('OrderChangedError');
    if (refused.__typename !== 'OrderChangedError') return;
    expect(refused.code).toBe('ORDER_CHANGED');
    expect(refused.changes).toEqual([
      {
        kind: 'PRICE',
        subject: 'Šála',
        message: `Šála: cena se změnila z ${formatMoney(49_900, 'CZK', 'cs')} na ${formatMoney(54_900, 'CZK', 'cs')}.`,
        previous: 49_900,
        current: 54_900,
      },
      {
        kind: 'TOTAL',
        subject: '',
        message: `Celkem k úhradě je nyní ${formatMoney(122_700, 'CZK', 'cs')} (dříve ${formatMoney(112_700, 'CZK', 'cs')}).`,
        previous: 112_700,
        current: 122_700,
      },
    ]);
    expect(refused.cart.checkout.totals.totalToPay).toBe(122_700);
    expect(await app.prisma.order.count()).toBe(ordersBefore);
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(4);

    // accepting the new total places the order at the new price
    const accepted = await place(client, refused.cart.checkout.revision);
    expect(accepted).toMatchObject({ __typename: 'Order', totalToPay: 122_700 });
  });

  it('the delivery and payment chosen in the form that is sent are no change: at the total the shopper saw the order is placed; an unknown revision asks for a review (issue 24, item 4)', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 3, priceCzk: 49_900 }] })).variants[0];
    const client = await browser();
    await add(client, variant.id, 1);
    // the page a shopper without JavaScript saw: nothing chosen yet
    const seen = await checkoutOf(client);
    expect(seen.totals.totalToPay).toBe(49_900);
    // her one post saves the free pickup and payment with her address, then places against what she saw
    const saved = await update(client, {
      deliveryMethodId: gid('DeliveryMethod', methods.delivery['store-pickup']),
      storeId: gid('Store', storeId),
      paymentMethodId: gid('PaymentMethod', methods.payment['cash-in-store']),
      invoiceAddress: { ...INVOICE_ADDRESS, email: freshEmail() },
      termsAccepted: true,
    });
    expect(saved.__typename === 'Cart' && saved.checkout.totals.totalToPay).toBe(49_900);
    expect(await place(client, seen.revision)).toMatchObject({ __typename: 'Order', totalToPay: 49_900 });

    // a revision the shop never showed this cart: the review line, which has a text of its own
    const other = await readyShopper(variant.id, 1);
    const refused = await place(other, 'never-shown-revision');
    expect(refused.__typename).toBe('OrderChangedError');
    if (refused.__typename !== 'OrderChangedError') return;
    expect(refused.changes).toEqual([{ kind: 'REVIEW', subject: '', message: 'Zkontrolujte prosím obsah košíku a cenu.', previous: null, current: null }]);
  });

  it('an order whose currency was switched meanwhile states the new total in the new currency (issue 31)', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ priceCzk: 50_000 }] })).variants[0];
    const client = await readyShopper(variant.id, 1);
    const revision = await readyRevision(client);
    expect((await checkoutOf(client)).totals).toMatchObject({ currency: 'CZK', totalToPay: 62_900 });

    // the same session submits from a tab that switched to euros
    const response = await client.gql(PlaceOrder, { revision }, { 'x-shop-currency': 'EUR' });
    expect(response.errors).toBeUndefined();
    const refused = response.data!.placeOrder;
    expect(refused.__typename).toBe('OrderChangedError');
    if (refused.__typename !== 'OrderChangedError') return;
    expect(refused.changes).toEqual([
      {
        kind: 'TOTAL',
        subject: '',
        message: `Celkem k úhradě je nyní ${formatMoney(2_549, 'EUR', 'cs')} (dříve ${formatMoney(62_900, 'CZK', 'cs')}).`,
        previous: 62_900,
        current: 2_549,
      },
    ]);
    expect(refused.cart.checkout.totals).toMatchObject({ currency: 'EUR', totalToPay: 2_549 });
  });

  it('S4: a withdrawn delivery method and a line removed in another tab are reported', async () => {
    const first = (await createProduct(app.prisma, { names: { cs: 'Čepice', en: 'Cap' } })).variants[0];
    const second = (await createProduct(app.prisma)).variants[0];
    // a pick-up point delivery is complete only with a point (issue 24, item 1)
    const point = await app.prisma.pickupPoint.create({
      data: { provider: 'demo', providerId: `s4-${first.id}`, name: 'Brno, Kobližná 4 (Trafika)', type: 'POINT', street: 'Kobližná 4', city: 'Brno', postcode: '602 00', country: 'CZ', latitude: 49.19, longitude: 16.61 },
    });
    const client = await readyShopper(first.id, 1, {
      deliveryMethodId: gid('DeliveryMethod', methods.delivery['parcel-point']),
      pickupPointId: gid('PickupPoint', point.id),
    });
    await add(client, second.id, 1);
    const revision = await readyRevision(client);
    await app.prisma.cartLine.deleteMany({ where: { variantId: first.id } });
    await app.prisma.deliveryMethod.update({ where: { id: methods.delivery['parcel-point'] }, data: { active: false } });
    try {
      const refused = await place(client, revision);
      expect(refused.__typename).toBe('OrderChangedError');
      if (refused.__typename !== 'OrderChangedError') return;
      expect(refused.changes.map((change) => [change.kind, change.subject])).toEqual([
        ['LINE_REMOVED', 'Čepice'],
        ['DELIVERY', 'Výdejní místo nebo box'],
        ['TOTAL', ''],
      ]);
      expect(refused.cart.checkout.problems.map((p) => p.field)).toEqual(['deliveryMethod']);
    } finally {
      await app.prisma.deliveryMethod.update({ where: { id: methods.delivery['parcel-point'] }, data: { active: true } });
    }
  });

  it('S5: without the right hash an order does not exist, and another session cannot place this cart', async () => {
    const variant = (await createProduct(app.prisma)).variants[0];
    const client = await readyShopper(variant.id, 1);
    const revision = await readyRevision(client);

    // another browser has no cart of its own: it cannot order this one, even knowing the revision
    const stranger = await browser();
    expect(await place(stranger, revision)).toMatchObject({ __typename: 'NotFoundError', message: 'Košík je prázdný.' });

    const order = await place(client, revision);
    if (order.__typename !== 'Order') throw new Error(order.__typename);
    const other = await createProduct(app.prisma);
    const otherClient = await readyShopper(other.variants[0].id, 1);
    const otherOrder = await place(otherClient, await readyRevision(otherClient));
    if (otherOrder.__typename !== 'Order') throw new Error(otherOrder.__typename);

    const answers = await Promise.all([
      stranger.gql(ReadOrder, { id: order.databaseId, hash: '' }),
      stranger.gql(ReadOrder, { id: order.databaseId, hash: order.hash.slice(0, -1) + (order.hash.endsWith('A') ? 'B' : 'A') }),
      stranger.gql(ReadOrder, { id: order.databaseId, hash: otherOrder.hash }),
      stranger.gql(ReadOrder, { id: 999999, hash: order.hash }),
      stranger.gql(ReadOrder, { id: -1, hash: order.hash }),
    ]);
    for (const answer of answers) expect({ data: answer.data, errors: answer.errors }).toEqual({ data: { order: null }, errors: undefined });
    expect((await stranger.gql(ReadOrder, { id: order.databaseId, hash: order.hash })).data!.order?.number).toBe(order.number);
  });

  it('S6: a failure after the stock update and before the commit leaves no order, no stock change, no voucher use', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 2, priceCzk: 200_000 }] })).variants[0];
    const email = `s6-${variant.id}@example.cz`;
    const client = await readyShopper(variant.id, 2, { invoiceAddress: { ...INVOICE_ADDRESS, email } });
    const voucher = await app.prisma.voucher.create({ data: { code: `S6-${variant.id}`, kind: 'AMOUNT', value: 10_000, currency: 'CZK', capacity: 5 } });
    const cartId = (await client.gql(ReadCheckout)).data!.cart!.id;
    await app.prisma.cartVoucher.create({ data: { cartId: dbId(cartId), voucherId: voucher.id } });
    const checkout = await checkoutOf(client);
    expect(checkout.totals.discount.withVat).toBe(10_000);
    const before = { orders: await app.prisma.order.count(), counters: await app.prisma.orderNumberCounter.findMany() };

    let sawStockTaken = false;
    app.placeOrderHooks.beforeCommit = async (tx) => {
      sawStockTaken = (await tx.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock === 0;
      throw new Error('injected failure before commit');
    };
    const failed = await client.gql(PlaceOrder, { revision: checkout.revision });
    expect(sawStockTaken).toBe(true);
    expect(failed.errors?.[0].message).toBe('Unexpected error.');
    expect(JSON.stringify(failed.errors)).not.toContain('injected');

    expect(await app.prisma.order.count()).toBe(before.orders);
    expect(await app.prisma.orderNumberCounter.findMany()).toEqual(before.counters);
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(2);
    expect(await app.prisma.voucherUse.count({ where: { voucherId: voucher.id } })).toBe(0);
    expect(await app.prisma.mailOutbox.count({ where: { recipient: email } })).toBe(0);
    expect((await app.prisma.voucher.findUniqueOrThrow({ where: { id: voucher.id } })).usedCount).toBe(0);
    expect((await client.gql(ReadCheckout)).data!.cart?.id).toBe(cartId);

    // without the failure the same submit goes through, with the voucher used once
    delete app.placeOrderHooks.beforeCommit;
    const placed = await place(client, checkout.revision);
    expect(placed).toMatchObject({ __typename: 'Order', totalToPay: 390_000 });
    expect((await app.prisma.voucher.findUniqueOrThrow({ where: { id: voucher.id } })).usedCount).toBe(1);
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(0);
    // the confirmation was put into the outbox with the order, once, and a retried submit adds none
    if (placed.__typename !== 'Order') return;
    expect(await place(client, checkout.revision)).toMatchObject({ __typename: 'Order', id: placed.id });
    expect(await app.prisma.mailOutbox.findMany({ where: { recipient: email }, select: { dedupeKey: true } })).toEqual([{ dedupeKey: `orderConfirmation:${placed.databaseId}` }]);
  });
});

describe(`F4: placeOrder and the GraphQL time limit (issue 40, ${databaseKind})`, () => {
  const LIMIT_MS = 1000;
  // past the limit, with room for a late timer, and under the server's statement timeout (twice the
  // limit), which would otherwise cancel the waiting statement on its own
  const LOCK_MS = 1600;
  let hurried: TestApp;

  beforeAll(async () => {
    hurried = await createTestApp({ databaseUrl: app.databaseUrl, config: { graphqlTimeoutMs: LIMIT_MS } });
  });

  afterAll(async () => {
    await hurried?.close();
  });

  afterEach(() => {
    delete hurried.placeOrderHooks.beforeCommit;
    delete hurried.placeOrderHooks.beforeTransaction;
  });

  /** The shopper's session, submitting through the app with the short time limit. */
  function inHurriedApp(client: TestClient): TestClient {
    const moved = hurried.newClient({ 'x-forwarded-for': `10.79.0.${++addressCounter & 255}` });
    for (const [name, value] of client.cookies) moved.cookies.set(name, value);
    return moved;
  }

  /** Waits until no transaction holds the cart's row (an order being placed holds it to its end). */
  async function cartSettled(cartId: string) {
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT 1 FROM "Cart" WHERE "id" = $1 FOR UPDATE', [cartId]);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
  }

  it('an order kept waiting past the limit by a lock on the order table is told "try again" and writes nothing; the next submit places it', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 3 }] })).variants[0];
    const email = freshEmail();
    const shopper = await readyShopper(variant.id, 2, { invoiceAddress: { ...INVOICE_ADDRESS, email } });
    const revision = await readyRevision(shopper);
    const cartId = dbId((await shopper.gql(ReadCheckout)).data!.cart!.id);

    // another connection locks the order table as the order's transaction is about to begin (on
    // PGlite its open transaction holds the one backend: the order's waits for it all the same)
    let held: Promise<void> = Promise.resolve();
    hurried.placeOrderHooks.beforeTransaction = async () => {
      const locker = new pg.Client({ connectionString: app.databaseUrl });
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE "Order" IN ACCESS EXCLUSIVE MODE');
      // a timer, not pg_sleep: the embedded PGlite runs in this process and would stop the limit's timer
      held = sleep(LOCK_MS)
        .then(() => locker.query('COMMIT'))
        .then(() => locker.end());
    };
    const answer = await inHurriedApp(shopper).gql(PlaceOrder, { revision });
    delete hurried.placeOrderHooks.beforeTransaction;
    expect(answer.errors?.[0]).toMatchObject({ message: 'Požadavek trval příliš dlouho. Zkuste to prosím znovu.', extensions: { code: 'TIMEOUT' } });

    // the lock is gone and the transaction has ended: "try again" was true, nothing was written
    await held;
    await cartSettled(cartId);
    expect(await app.prisma.order.count({ where: { cartId } })).toBe(0);
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(3);
    expect(await app.prisma.mailOutbox.count({ where: { recipient: email } })).toBe(0);

    // trying again places the order, once
    const placed = await place(shopper, revision);
    expect(placed).toMatchObject({ __typename: 'Order' });
    expect(await place(shopper, revision)).toEqual(placed);
    expect(await app.prisma.order.count({ where: { cartId } })).toBe(1);
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(1);
  });

  it('an order whose commit has begun is answered with the order, even past the limit', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 3 }] })).variants[0];
    const shopper = await readyShopper(variant.id, 1);
    const revision = await readyRevision(shopper);
    hurried.placeOrderHooks.beforeCommit = () => sleep(LOCK_MS).then(() => undefined);
    const answer = await inHurriedApp(shopper).gql(PlaceOrder, { revision });
    expect(answer.errors).toBeUndefined();
    const order = answer.data!.placeOrder;
    expect(order).toMatchObject({ __typename: 'Order' });
    if (order.__typename !== 'Order') return;
    expect((await app.prisma.order.findUniqueOrThrow({ where: { id: order.databaseId } })).number).toBe(order.number);
  });
});

const RequestConfirmation = graphql(`
  mutation CheckoutRequestConfirmation($revision: String!) {
    requestOrderConfirmation(input: { revision: $revision }) {
      __typename
      ... on OrderConfirmationRequest {
        email
        validMinutes
      }
      ... on Error {
        message
      }
    }
  }
`);

const ConfirmOrder = graphql(`
  mutation CheckoutConfirmOrder($token: String!) {
    confirmOrder(token: $token) {
      __typename
      ... on Order {
        databaseId
        hash
        number
      }
      ... on Error {
        message
      }
    }
  }
`);

describe(`an order confirmed by a link sent to its e-mail, for a checkout without JavaScript (issue 40, ${databaseKind})`, () => {
  const stockOf = async (variantId: number) => (await app.prisma.variant.findUniqueOrThrow({ where: { id: variantId } })).stock;

  /** A shopper from an address that has already ordered within the hour: placeOrder asks for the captcha. */
  async function secondShopper(variantId: number, quantity: number) {
    const address = { 'x-forwarded-for': `10.81.${++addressCounter & 255}.1` };
    const first = await readyShopper(variantId, 1, {}, await browser(address));
    expect(await place(first, await readyRevision(first))).toMatchObject({ __typename: 'Order' });
    const email = freshEmail();
    const shopper = await readyShopper(variantId, quantity, { invoiceAddress: { ...INVOICE_ADDRESS, email } }, await browser(address));
    const revision = await readyRevision(shopper);
    expect(await place(shopper, revision)).toMatchObject({ __typename: 'ValidationError', fieldErrors: [{ field: 'captcha' }] });
    const cartId = dbId((await shopper.gql(ReadCheckout)).data!.cart!.id);
    return { shopper, revision, email, cartId };
  }

  /** Asks for the link; returns its token, read from the e-mail. */
  async function requestLink(shopper: TestClient, revision: string, email: string): Promise<string> {
    const answer = await shopper.gql(RequestConfirmation, { revision });
    expect(answer.data!.requestOrderConfirmation).toEqual({ __typename: 'OrderConfirmationRequest', email, validMinutes: 30 });
    const mails = await mailsTo(app, email);
    const link = /\/objednavka\/potvrzeni\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text);
    expect(mails.at(-1)!.subject).toMatch(/^Potvrďte prosím objednávku/);
    return link![1];
  }

  const confirm = async (token: string, client?: TestClient) => {
    const answer = await (client ?? app.newClient({ 'x-forwarded-for': `10.82.${++addressCounter & 255}.1` })).gql(ConfirmOrder, { token });
    expect(answer.errors).toBeUndefined();
    return answer.data!.confirmOrder;
  };

  it('holds the goods, stores only the hash of a 256-bit token, and the link places the order once, without a captcha', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 10 }] })).variants[0];
    const { shopper, revision, email, cartId } = await secondShopper(variant.id, 3);
    expect(await stockOf(variant.id)).toBe(9);
    const token = await requestLink(shopper, revision, email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(await stockOf(variant.id)).toBe(6);
    const stored = await app.prisma.orderConfirmation.findUniqueOrThrow({ where: { cartId } });
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await app.prisma.mailOutbox.findMany({ where: { recipient: email } }))).not.toContain(token);

    // opened elsewhere (the phone's mail app): another address, no session
    const placed = await confirm(token);
    expect(placed).toMatchObject({ __typename: 'Order' });
    if (placed.__typename !== 'Order') return;
    const order = await app.prisma.order.findUniqueOrThrow({ where: { id: placed.databaseId }, include: { lines: true } });
    expect({ cartId: order.cartId, email: order.email, pieces: order.lines.map((line) => line.quantity) }).toEqual({ cartId, email, pieces: [3] });
    // the held pieces became the order's: taken once
    expect(await stockOf(variant.id)).toBe(6);
    expect(await app.prisma.mailOutbox.count({ where: { recipient: email, kind: 'orderConfirmation' } })).toBe(1);

    // a second click changes nothing
    expect(await confirm(token)).toEqual({ __typename: 'NotFoundError', message: 'Objednávka k tomuto odkazu už byla potvrzena. Její shrnutí jsme vám poslali e-mailem.' });
    expect(await app.prisma.order.count({ where: { cartId } })).toBe(1);
    expect(await stockOf(variant.id)).toBe(6);
    // and the session's own submit answers with the same order (S3)
    expect(await place(shopper, revision)).toMatchObject({ __typename: 'Order', databaseId: placed.databaseId });
  });

  it('a stranger’s or a made-up link is refused and places nothing', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 10 }] })).variants[0];
    const { shopper, revision, email, cartId } = await secondShopper(variant.id, 2);
    const token = await requestLink(shopper, revision, email);
    const invalid = { __typename: 'NotFoundError', message: 'Tento odkaz pro potvrzení objednávky neplatí. Zkontrolujte, že jste ho z e-mailu zkopírovali celý.' };
    const altered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    for (const guess of [randomBytes(32).toString('base64url'), altered, token.slice(1), stored(token), '']) expect(await confirm(guess)).toEqual(invalid);
    expect(await app.prisma.order.count({ where: { cartId } })).toBe(0);
    expect(await stockOf(variant.id)).toBe(10 - 1 - 2);
  });

  it('past its time the link places nothing and the held goods go back to stock, once', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 10 }] })).variants[0];
    const { shopper, revision, email, cartId } = await secondShopper(variant.id, 4);
    const token = await requestLink(shopper, revision, email);
    expect(await stockOf(variant.id)).toBe(5);
    const { id, expiresAt } = await app.prisma.orderConfirmation.findUniqueOrThrow({ where: { cartId } });
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);

    expect(await releaseExpiredHolds(app.prisma, new Date(expiresAt.getTime() - 1000))).not.toContain(id);
    expect(await stockOf(variant.id)).toBe(5);
    const later = new Date(expiresAt.getTime() + 1000);
    const runs = await Promise.all([releaseExpiredHolds(app.prisma, later), releaseExpiredHolds(app.prisma, later)]);
    expect(runs.flat().filter((released) => released === id)).toEqual([id]);
    expect(await stockOf(variant.id)).toBe(9);

    expect(await confirm(token)).toEqual({
      __typename: 'NotFoundError',
      message: 'Platnost odkazu pro potvrzení objednávky vypršela a zboží už pro vás nedržíme. Odešlete prosím objednávku v pokladně znovu.',
    });
    expect(await app.prisma.order.count({ where: { cartId } })).toBe(0);
    expect(await stockOf(variant.id)).toBe(9);
  });

  it('a new link for the same cart replaces the old one, and an order placed another way gives the held goods back', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 10 }] })).variants[0];
    const { shopper, revision, email, cartId } = await secondShopper(variant.id, 2);
    const first = await requestLink(shopper, revision, email);
    const second = await requestLink(shopper, revision, email);
    expect(second).not.toBe(first);
    expect(await stockOf(variant.id)).toBe(7);
    expect(await confirm(first)).toMatchObject({ __typename: 'NotFoundError' });
    // with JavaScript after all: the captcha, and the held pieces are the order's
    expect(await place(shopper, revision, await captchaToken(app, 'PLACE_ORDER'))).toMatchObject({ __typename: 'Order' });
    expect(await stockOf(variant.id)).toBe(7);
    expect(await app.prisma.order.count({ where: { cartId } })).toBe(1);
    expect(await confirm(second)).toMatchObject({ __typename: 'NotFoundError' });
    expect(await stockOf(variant.id)).toBe(7);
  });
});

/** What the database keeps of a token (tried as a token itself: it must not work either). */
function stored(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
