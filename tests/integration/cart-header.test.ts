// What the header and the cart lines show (issue 24, item 5): the goods the shopper will pay for,
// vouchers taken off (Cart.goodsToPay), and each line's picture in the colour chosen (Variant.image).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';
import { gid } from '../support/global-id.ts';
import { createCheckoutMethods, type CheckoutMethods } from '../support/checkout.ts';

let app: TestApp;
let methods: CheckoutMethods;

beforeAll(async () => {
  app = await createTestApp();
  methods = await createCheckoutMethods(app.prisma);
});

afterAll(async () => {
  await app?.close();
});

const AddToCart = graphql(`
  mutation CartHeaderAddToCart($variantId: ID!, $quantity: Int) {
    addToCart(variantId: $variantId, quantity: $quantity) {
      __typename
      ... on Cart {
        total {
          withVat
        }
        goodsToPay {
          withVat
          withoutVat
          vat
        }
        lines {
          variant {
            code
            image {
              url
            }
          }
        }
      }
    }
  }
`);

const ApplyVoucher = graphql(`
  mutation CartHeaderApplyVoucher($code: String!) {
    applyVoucher(code: $code) {
      __typename
      ... on Cart {
        total {
          withVat
        }
        goodsToPay {
          withVat
          withoutVat
          vat
        }
      }
    }
  }
`);

const ChooseDelivery = graphql(`
  mutation CartHeaderChooseDelivery($input: CheckoutInput!) {
    updateCheckout(input: $input) {
      __typename
      ... on Cart {
        checkout {
          totals {
            products {
              withVat
            }
            discount {
              withVat
            }
            shipping {
              withVat
            }
            freeShippingRemaining
          }
        }
      }
    }
  }
`);

describe(`the cart as the header and its lines show it (${databaseKind})`, () => {
  it('the header total is what the goods cost after the vouchers', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ priceCzk: 121_000, stock: 5 }], vatRate: 21 })).variants[0];
    const voucher = await app.prisma.voucher.create({ data: { code: `HEADER${variant.id}`, kind: 'AMOUNT', value: 12_100, currency: 'CZK' } });
    const client = app.newClient();
    const added = (await client.gql(AddToCart, { variantId: gid('Variant', variant.id), quantity: 1 })).data!.addToCart;
    expect(added).toMatchObject({ total: { withVat: 121_000 }, goodsToPay: { withVat: 121_000, withoutVat: 100_000, vat: 21_000 } });
    const applied = (await client.gql(ApplyVoucher, { code: voucher.code })).data!.applyVoucher;
    expect(applied).toMatchObject({ __typename: 'Cart', total: { withVat: 121_000 }, goodsToPay: { withVat: 108_900, withoutVat: 90_000, vat: 18_900 } });
  });

  it('a line shows the picture of the colour chosen, else the product’s first', async () => {
    const product = await createProduct(app.prisma, { variants: [{ colour: 'Červená', stock: 5 }, { colour: 'Modrá', stock: 5 }] });
    const [red, blue] = product.variants;
    await app.prisma.productImage.deleteMany({ where: { productId: product.id } });
    await app.prisma.productImage.createMany({
      data: [
        { productId: product.id, position: 0, url: '/img/red.svg', colourId: red.colourId },
        { productId: product.id, position: 1, url: '/img/blue.svg', colourId: blue.colourId },
      ],
    });
    const client = app.newClient();
    const added = (await client.gql(AddToCart, { variantId: gid('Variant', blue.id), quantity: 1 })).data!.addToCart;
    expect(added).toMatchObject({ lines: [{ variant: { image: { url: '/img/blue.svg' } } }] });
    await app.prisma.productImage.deleteMany({ where: { productId: product.id, colourId: blue.colourId } });
    const again = (await client.gql(AddToCart, { variantId: gid('Variant', blue.id), quantity: 1 })).data!.addToCart;
    expect(again).toMatchObject({ lines: [{ variant: { image: { url: '/img/red.svg' } } }] });
  });

  it('free shipping counts the goods before discounts (decision 0034): a voucher never takes it away', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ priceCzk: 300_000, stock: 5 }], vatRate: 21 })).variants[0];
    const voucher = await app.prisma.voucher.create({ data: { code: `FREE${variant.id}`, kind: 'PERCENT', value: 15 } });
    const client = app.newClient();
    await client.gql(AddToCart, { variantId: gid('Variant', variant.id), quantity: 1 });
    expect((await client.gql(ApplyVoucher, { code: voucher.code })).data!.applyVoucher.__typename).toBe('Cart');
    const chosen = (await client.gql(ChooseDelivery, { input: { deliveryMethodId: gid('DeliveryMethod', methods.delivery.courier) } })).data!.updateCheckout;
    expect(chosen).toMatchObject({
      checkout: { totals: { products: { withVat: 300_000 }, discount: { withVat: 45_000 }, shipping: { withVat: 0 }, freeShippingRemaining: 0 } },
    });
  });
});
