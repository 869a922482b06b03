// Cart money (issue 30, item 6): the cart page, the checkout, the placed order, its confirmation e-mail
// and its invoice show the same amounts to the haléř, for goods at two VAT rates with a fixed-amount and a
// percentage voucher, delivery, a cash-on-delivery fee and the rounding to whole crowns. Before the amounts
// were computed in one module, the cart split a discount's VAT in proportion to the goods' VAT and the
// checkout split it per rate: 62,41 Kč against 62,42 Kč for this very cart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createProduct, unique } from '../support/factories.ts';
import { createCheckoutMethods, INVOICE_ADDRESS, type CheckoutMethods } from '../support/checkout.ts';
import { gid } from '../support/global-id.ts';
import { mailsTo } from '../support/mailbox.ts';
import { pdfText } from '../support/pdf-text.ts';
import { formatMoney } from '../../schema/rules/index.ts';

const CartMoneyAdd = graphql(`
  mutation CartMoneyAdd($variantId: ID!, $quantity: Int) {
    addToCart(variantId: $variantId, quantity: $quantity) {
      __typename
    }
  }
`);

const CartMoneyApplyVoucher = graphql(`
  mutation CartMoneyApplyVoucher($code: String!) {
    applyVoucher(code: $code) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

const CartMoneyUpdateCheckout = graphql(`
  mutation CartMoneyUpdateCheckout($input: CheckoutInput!) {
    updateCheckout(input: $input) {
      __typename
    }
  }
`);

/** What the cart page reads. */
const CartMoneyCart = graphql(`
  query CartMoneyCart {
    cart {
      lines {
        quantity
        totalPrice {
          withVat
          withoutVat
          vat
        }
      }
      total {
        withVat
        withoutVat
        vat
      }
      vouchers {
        code
        valid
        discount {
          withVat
          withoutVat
          vat
        }
      }
    }
  }
`);

/** What the checkout page reads. */
const CartMoneyCheckout = graphql(`
  query CartMoneyCheckout {
    cart {
      checkout {
        revision
        problems {
          field
          message
        }
        totals {
          products {
            withVat
            withoutVat
            vat
          }
          discount {
            withVat
            withoutVat
            vat
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
        }
      }
    }
  }
`);

const CartMoneyPlaceOrder = graphql(`
  mutation CartMoneyPlaceOrder($revision: String!) {
    placeOrder(input: { revision: $revision }) {
      __typename
      ... on Order {
        databaseId
        hash
      }
      ... on Error {
        message
      }
    }
  }
`);

/** What the order summary reads. */
const CartMoneyOrder = graphql(`
  query CartMoneyOrder($id: Int!, $hash: String!) {
    order(databaseId: $id, hash: $hash) {
      number
      products {
        withVat
        withoutVat
        vat
      }
      discount {
        withVat
        withoutVat
        vat
      }
      delivery {
        price {
          withVat
        }
      }
      payment {
        price {
          withVat
        }
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
      invoiceUrl
    }
  }
`);

let app: TestApp;
let methods: CheckoutMethods;

beforeAll(async () => {
  app = await createTestApp();
  methods = await createCheckoutMethods(app.prisma);
});

afterAll(async () => {
  await app?.close();
});

const price = (withVat: number, withoutVat: number) => ({ withVat, withoutVat, vat: withVat - withoutVat });
/** Text with every run of white space (line breaks, no-break spaces) made one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');
const kc = (amount: number) => flat(formatMoney(amount, 'CZK', 'cs'));

// The cart: a jersey at 21 % (899 Kč) and two books at 12 % (2 × 299 Kč), 200 Kč and 15 % off,
// courier (129 Kč, under the 3 000 Kč limit) and cash on delivery (39 Kč, rounded to whole crowns).
const GOODS = price(149_700, 127_691); // 21 %: 899,00 = 742,98 + 156,02; 12 %: 598,00 = 533,93 + 64,07
const FIXED = price(20_000, 17_059);
const PERCENT = price(22_455, 19_154); // 15 % of 1 497 Kč
// split per rate by largest remainder: 21 % 254,96 (210,71 + 44,25), 12 % 169,59 (151,42 + 18,17)
const DISCOUNT = price(42_455, 36_213);
const TOTAL = price(124_045, 105_362); // 1 497 − 424,55 + 129 + 39
const ROUNDING = -45;
const TO_PAY = 124_000;
const RECAP = [
  { ratePercent: 21, ...price(81_204, 67_111) },
  { ratePercent: 12, ...price(42_841, 38_251) },
];

async function ok<T extends { __typename: string }>(promise: Promise<{ data?: Record<string, T> | null; errors?: unknown }>, typename: string) {
  const response = await promise;
  expect(response.errors).toBeUndefined();
  const value = Object.values(response.data!)[0];
  expect(value).toMatchObject({ __typename: typename });
  return value;
}

describe(`cart, checkout, order, e-mail and invoice agree to the haléř (${databaseKind})`, () => {
  it('for goods at 21 % and 12 % with a fixed-amount and a percentage voucher', async () => {
    const n = unique();
    const jersey = (await createProduct(app.prisma, { vatRate: 21, variants: [{ priceCzk: 89_900, stock: 5 }] })).variants[0];
    const book = (await createProduct(app.prisma, { vatRate: 12, variants: [{ priceCzk: 29_900, stock: 5 }] })).variants[0];
    const fixed = await app.prisma.voucher.create({ data: { code: `SLEVA200-${n}`, kind: 'AMOUNT', value: 20_000, currency: 'CZK' } });
    const percent = await app.prisma.voucher.create({ data: { code: `JARO15-${n}`, kind: 'PERCENT', value: 15 } });
    const email = `penize-${n}@example.cz`;

    const client: TestClient = app.newClient({ 'x-forwarded-for': `10.88.${n >> 8 & 255}.${n & 255}` });
    await ok(client.gql(CartMoneyAdd, { variantId: gid('Variant', jersey.id), quantity: 1 }), 'Cart');
    await ok(client.gql(CartMoneyAdd, { variantId: gid('Variant', book.id), quantity: 2 }), 'Cart');
    await ok(client.gql(CartMoneyApplyVoucher, { code: fixed.code }), 'Cart');
    await ok(client.gql(CartMoneyApplyVoucher, { code: percent.code }), 'Cart');
    await ok(
      client.gql(CartMoneyUpdateCheckout, {
        input: {
          deliveryMethodId: gid('DeliveryMethod', methods.delivery.courier),
          paymentMethodId: gid('PaymentMethod', methods.payment['cash-on-delivery']),
          invoiceAddress: { ...INVOICE_ADDRESS, email },
          termsAccepted: true,
        },
      }),
      'Cart',
    );

    // the cart page: the goods and each voucher's discount
    const cartResponse = await client.gql(CartMoneyCart);
    expect(cartResponse.errors).toBeUndefined();
    const cart = cartResponse.data!.cart!;
    expect(cart.lines.map((line) => line.totalPrice)).toEqual([price(89_900, 74_298), price(59_800, 53_393)]);
    expect(cart.total).toEqual(GOODS);
    expect(cart.vouchers.map((voucher) => [voucher.code, voucher.valid, voucher.discount])).toEqual([
      [fixed.code, true, FIXED],
      [percent.code, true, PERCENT],
    ]);
    const cartDiscount = cart.vouchers.reduce(
      (sum, voucher) => ({
        withVat: sum.withVat + voucher.discount.withVat,
        withoutVat: sum.withoutVat + voucher.discount.withoutVat,
        vat: sum.vat + voucher.discount.vat,
      }),
      { withVat: 0, withoutVat: 0, vat: 0 },
    );

    // the checkout page
    const checkoutResponse = await client.gql(CartMoneyCheckout);
    expect(checkoutResponse.errors).toBeUndefined();
    const checkout = checkoutResponse.data!.cart!.checkout;
    expect(checkout.problems).toEqual([]);
    const { totals } = checkout;
    expect(totals.products).toEqual(cart.total);
    expect(totals.discount).toEqual(cartDiscount);
    expect(totals).toEqual({
      products: GOODS,
      discount: DISCOUNT,
      shipping: { withVat: 12_900 },
      paymentFee: { withVat: 3_900 },
      total: TOTAL,
      rounding: ROUNDING,
      totalToPay: TO_PAY,
      vatRecap: RECAP,
    });

    // the placed order, as its summary shows it
    const placed = await ok(client.gql(CartMoneyPlaceOrder, { revision: checkout.revision }), 'Order');
    if (placed.__typename !== 'Order') throw new Error('no order');
    const orderResponse = await client.gql(CartMoneyOrder, { id: placed.databaseId, hash: placed.hash });
    expect(orderResponse.errors).toBeUndefined();
    const order = orderResponse.data!.order!;
    expect(order).toMatchObject({
      products: totals.products,
      discount: totals.discount,
      delivery: { price: { withVat: totals.shipping.withVat } },
      payment: { price: { withVat: totals.paymentFee.withVat } },
      total: totals.total,
      rounding: totals.rounding,
      totalToPay: totals.totalToPay,
      vatRecap: totals.vatRecap,
    });

    // the confirmation e-mail
    const [mail] = await mailsTo(app, email);
    expect(mail).toBeDefined();
    const text = flat(mail.text);
    expect(text).toContain(`Zboží celkem: ${kc(GOODS.withVat)}`);
    expect(text).toContain(`Sleva: −${kc(DISCOUNT.withVat)}`);
    expect(text).toMatch(new RegExp(`Doprava – [^:]+: ${kc(12_900)}`));
    expect(text).toMatch(new RegExp(`Platba – [^:]+: ${kc(3_900)}`));
    expect(text).toContain(`Zaokrouhlení: ${kc(ROUNDING)}`);
    expect(text).toContain(`Celkem k úhradě: ${kc(TO_PAY)} (z toho DPH ${kc(TOTAL.vat)})`);

    // the invoice: the discount per rate, the VAT recapitulation and the totals
    const invoice = await client.fetch(order.invoiceUrl);
    expect(invoice.status).toBe(200);
    const pdf = flat(await pdfText(new Uint8Array(await invoice.arrayBuffer())));
    expect(pdf).toContain(`Sleva 21 % ${kc(-21_071)} ${kc(-25_496)}`);
    expect(pdf).toContain(`Sleva 12 % ${kc(-15_142)} ${kc(-16_959)}`);
    const discountLines = [...pdf.matchAll(/Sleva \d+ % (−[\d ,]+Kč) (−[\d ,]+Kč)/g)];
    const amount = (shown: string) => Math.round(Number(shown.replace('−', '-').replace(/[^\d,-]/g, '').replace(',', '.')) * 100);
    // the invoice's discount lines add up to what the cart and the checkout take off, with and without VAT
    expect(-discountLines.reduce((sum, match) => sum + amount(match[2]), 0)).toBe(cartDiscount.withVat);
    expect(-discountLines.reduce((sum, match) => sum + amount(match[1]), 0)).toBe(cartDiscount.withoutVat);
    for (const row of RECAP) expect(pdf).toContain(`${row.ratePercent} % ${kc(row.withoutVat)} ${kc(row.vat)} ${kc(row.withVat)}`);
    expect(pdf).toContain(`Celkem bez DPH ${kc(TOTAL.withoutVat)}`);
    expect(pdf).toContain(`DPH celkem ${kc(TOTAL.vat)}`);
    expect(pdf).toContain(`Zaokrouhlení ${kc(ROUNDING)}`);
    expect(pdf).toContain(`Celkem k úhradě ${kc(TO_PAY)}`);
  });
});
