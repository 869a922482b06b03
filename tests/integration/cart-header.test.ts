// What the header and the cart lines show (issue 24, item 5): the goods the shopper will pay for,
// vouchers taken off (Cart.goodsToPay), and each line's picture in the colour chosen (Variant.image).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';
import { gid } from '../support/global-id.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
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
});
