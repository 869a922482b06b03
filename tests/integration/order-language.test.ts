// An order's names in the viewer's language (issue 24, item 6): the summary and the account's order
// detail name the goods, the colour, the delivery and the payment in the page's language, whatever
// language the order was placed in; prices and quantities stay the order's own. The confirmation
// e-mail and the invoice keep the order's language. A product deleted since keeps its name as ordered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';
import { createCheckoutMethods, INVOICE_ADDRESS, type CheckoutMethods } from '../support/checkout.ts';
import { gid } from '../support/global-id.ts';
import { loadOrderDocument } from '../../bff/src/services/order-documents.ts';

let app: TestApp;
let methods: CheckoutMethods;

beforeAll(async () => {
  app = await createTestApp();
  methods = await createCheckoutMethods(app.prisma);
});

afterAll(async () => {
  await app?.close();
});

const AddLine = graphql(`
  mutation OrderLanguageAdd($variantId: ID!, $quantity: Int) {
    addToCart(variantId: $variantId, quantity: $quantity) {
      __typename
    }
  }
`);

const Update = graphql(`
  mutation OrderLanguageUpdate($input: CheckoutInput!) {
    updateCheckout(input: $input) {
      __typename
      ... on Cart {
        checkout {
          revision
          canPlaceOrder
        }
      }
    }
  }
`);

const Place = graphql(`
  mutation OrderLanguagePlace($revision: String!) {
    placeOrder(input: { revision: $revision }) {
      __typename
      ... on Order {
        databaseId
        hash
      }
    }
  }
`);

const ReadOrder = graphql(`
  query OrderLanguageRead($id: Int!, $hash: String!) {
    order(databaseId: $id, hash: $hash) {
      language
      delivery {
        name
        price {
          withVat
        }
      }
      payment {
        name
        price {
          withVat
        }
      }
      lines {
        name
        colour
        size
        quantity
        unitPrice {
          withVat
        }
        totalPrice {
          withVat
        }
      }
      totalToPay
    }
  }
`);

let shopperCount = 0;

/** Places an order in `language`: two pieces of a red M jersey, by courier, paid by cash on delivery. */
async function placeIn(language: 'cs' | 'en', variantId: number) {
  const n = ++shopperCount;
  const client: TestClient = app.newClient({ 'x-shop-language': language, 'x-forwarded-for': `10.78.0.${n}` });
  await client.ensureCsrfCookie();
  expect((await client.gql(AddLine, { variantId: gid('Variant', variantId), quantity: 2 })).data!.addToCart.__typename).toBe('Cart');
  const saved = await client.gql(Update, {
    input: {
      deliveryMethodId: gid('DeliveryMethod', methods.delivery.courier),
      paymentMethodId: gid('PaymentMethod', methods.payment['cash-on-delivery']),
      invoiceAddress: { ...INVOICE_ADDRESS, email: `jazyk-${n}@example.cz` },
      termsAccepted: true,
    },
  });
  const cart = saved.data!.updateCheckout;
  if (cart.__typename !== 'Cart') throw new Error(`checkout not saved: ${cart.__typename}`);
  expect(cart.checkout.canPlaceOrder).toBe(true);
  const placed = (await client.gql(Place, { revision: cart.checkout.revision })).data!.placeOrder;
  if (placed.__typename !== 'Order') throw new Error(`order not placed: ${placed.__typename}`);
  return { id: placed.databaseId, hash: placed.hash };
}

async function readIn(language: 'cs' | 'en', order: { id: number; hash: string }) {
  const response = await app.gql(ReadOrder, order, { headers: { 'x-shop-language': language } });
  expect(response.errors).toBeUndefined();
  return response.data!.order!;
}

async function jersey() {
  const product = await createProduct(app.prisma, {
    names: { cs: 'Domácí dres FC Vltavín', en: 'FC Vltavín home jersey' },
    variants: [{ size: 'M', colour: { cs: 'červená', en: 'red' }, priceCzk: 149_900, stock: 10 }],
  });
  return product;
}

describe(`an order's names in the viewer's language (${databaseKind})`, () => {
  it('an order placed in Czech reads in English with English names, and in Czech as it was placed; prices stay', async () => {
    const product = await jersey();
    const order = await placeIn('cs', product.variants[0].id);

    const english = await readIn('en', order);
    expect(english.language).toBe('cs');
    expect(english.delivery.name).toBe('Courier to your door');
    expect(english.payment.name).toBe('Cash on delivery');
    expect(english.lines).toEqual([
      { name: 'FC Vltavín home jersey', colour: 'red', size: 'M', quantity: 2, unitPrice: { withVat: 149_900 }, totalPrice: { withVat: 299_800 } },
    ]);

    const czech = await readIn('cs', order);
    expect(czech.delivery.name).toBe('Kurýr na adresu');
    expect(czech.payment.name).toBe('Dobírka');
    expect(czech.lines[0]).toMatchObject({ name: 'Domácí dres FC Vltavín', colour: 'červená' });
    // the same figures in either language
    expect({ ...czech, delivery: czech.delivery.price, payment: czech.payment.price, lines: czech.lines.map((l) => l.totalPrice) }).toEqual({
      ...english,
      delivery: english.delivery.price,
      payment: english.payment.price,
      lines: english.lines.map((l) => l.totalPrice),
    });

    // the e-mail and the invoice read the order's own snapshot, in Czech
    const document = await loadOrderDocument(app.prisma, order.id);
    expect(document).toMatchObject({ language: 'cs', deliveryName: 'Kurýr na adresu', paymentName: 'Dobírka' });
    expect(document!.lines[0]).toMatchObject({ name: 'Domácí dres FC Vltavín', colour: 'červená' });
  });

  it('an order placed in English reads in Czech with Czech names', async () => {
    const product = await jersey();
    const order = await placeIn('en', product.variants[0].id);

    const czech = await readIn('cs', order);
    expect(czech.language).toBe('en');
    expect(czech.delivery.name).toBe('Kurýr na adresu');
    expect(czech.payment.name).toBe('Dobírka');
    expect(czech.lines[0]).toMatchObject({ name: 'Domácí dres FC Vltavín', colour: 'červená', quantity: 2 });

    const english = await readIn('en', order);
    expect(english.lines[0]).toMatchObject({ name: 'FC Vltavín home jersey', colour: 'red' });
  });

  it('keeps the price it was ordered at when the catalog price changes', async () => {
    const product = await jersey();
    const order = await placeIn('cs', product.variants[0].id);
    await app.prisma.variant.update({ where: { id: product.variants[0].id }, data: { priceCzk: 99_900 } });

    const english = await readIn('en', order);
    expect(english.lines[0]).toMatchObject({ name: 'FC Vltavín home jersey', unitPrice: { withVat: 149_900 }, totalPrice: { withVat: 299_800 } });
  });

  it('a product deleted since keeps its name as ordered, in the order’s language', async () => {
    const product = await jersey();
    const order = await placeIn('cs', product.variants[0].id);
    await app.prisma.product.delete({ where: { id: product.id } });

    const english = await readIn('en', order);
    expect(english.lines[0]).toMatchObject({ name: 'Domácí dres FC Vltavín', colour: 'červená', size: 'M', quantity: 2, totalPrice: { withVat: 299_800 } });
    // the methods still exist: their names follow the viewer
    expect(english.delivery.name).toBe('Courier to your door');
  });
});
