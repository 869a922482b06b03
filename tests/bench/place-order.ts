// Bench: placing orders with 10 concurrent shoppers, as a ratio against the add-to-cart mutation
// measured in the same run on the same database (issue 6). On PostgreSQL when TEST_DATABASE_URL is
// set (a fresh database is created and dropped), otherwise on the embedded PGlite.
import { performance } from 'node:perf_hooks';
import { createTestApp, databaseKind, type TestClient } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';
import { createCheckoutMethods, INVOICE_ADDRESS } from '../support/checkout.ts';
import { gid } from '../support/global-id.ts';

const SHOPPERS = 10;
const ORDERS = 100;

const ADD = `mutation BenchAdd($variantId: ID!) { addToCart(variantId: $variantId) { __typename } }`;
const UPDATE = `mutation BenchCheckout($input: CheckoutInput!) { updateCheckout(input: $input) { __typename } }`;
const REVISION = `query BenchRevision { cart { checkout { revision canPlaceOrder } } }`;
const PLACE = `mutation BenchPlace($revision: String!) { placeOrder(input: { revision: $revision }) { __typename } }`;

/** Runs `count` tasks with `concurrency` at a time; milliseconds per task. */
async function timed(count: number, concurrency: number, task: (index: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
  return (performance.now() - started) / count;
}

async function expectType(response: Promise<{ data?: unknown; errors?: unknown }>, field: string, type: string) {
  const { data, errors } = await response;
  const answer = (data as Record<string, { __typename: string }> | null | undefined)?.[field];
  if (errors || answer?.__typename !== type) throw new Error(`${field}: ${JSON.stringify(errors ?? answer)}`);
}

export async function benchPlaceOrder(): Promise<void> {
  const app = await createTestApp();
  try {
    const methods = await createCheckoutMethods(app.prisma);
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 1_000_000 }] })).variants[0];
    const variantId = gid('Variant', variant.id);
    let shoppers = 0;
    // each shopper from an address of its own: the order limits per address (issue 31) are not what is measured
    const client = async () => {
      const n = ++shoppers;
      const shopper = app.newClient({ 'x-forwarded-for': `10.90.${(n >> 8) & 255}.${n & 255}` });
      await shopper.ensureCsrfCookie();
      return shopper;
    };

    // add to cart: every request a different shopper's first add (a new cart), 10 at a time
    const adders = await Promise.all(Array.from({ length: ORDERS }, client));
    await timed(SHOPPERS, SHOPPERS, (i) => expectType(adders[i].gql(ADD, { variantId }), 'addToCart', 'Cart')); // warm-up
    const addMs = await timed(ORDERS, SHOPPERS, (i) => expectType(adders[i].gql(ADD, { variantId }), 'addToCart', 'Cart'));

    // place order: carts prepared beforehand, only the placing is timed
    const ready: { shopper: TestClient; revision: string }[] = [];
    for (let i = 0; i < ORDERS + SHOPPERS; i++) {
      const shopper = await client();
      await expectType(shopper.gql(ADD, { variantId }), 'addToCart', 'Cart');
      const input = {
        deliveryMethodId: gid('DeliveryMethod', methods.delivery.courier),
        paymentMethodId: gid('PaymentMethod', methods.payment['bank-transfer']),
        invoiceAddress: { ...INVOICE_ADDRESS, email: `bench-${i}@example.cz` },
        termsAccepted: true,
      };
      await expectType(shopper.gql(UPDATE, { input }), 'updateCheckout', 'Cart');
      const { data } = await shopper.gql<{ cart: { checkout: { revision: string; canPlaceOrder: boolean } } }>(REVISION);
      if (!data?.cart.checkout.canPlaceOrder) throw new Error('bench checkout is not complete');
      ready.push({ shopper, revision: data.cart.checkout.revision });
    }
    const place = (i: number) => expectType(ready[i].shopper.gql(PLACE, { revision: ready[i].revision }), 'placeOrder', 'Order');
    await timed(SHOPPERS, SHOPPERS, place); // warm-up
    const placeMs = await timed(ORDERS, SHOPPERS, (i) => place(SHOPPERS + i));

    const stock = (await app.prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock;
    if (stock !== 1_000_000 - ORDERS - SHOPPERS) throw new Error(`stock ${stock} after ${ORDERS + SHOPPERS} orders`);
    console.log(`\nplace order vs add to cart: ${ORDERS} requests each, ${SHOPPERS} at a time, on ${databaseKind} (wall time per request):`);
    console.log(`${'GraphQL addToCart (new cart)'.padEnd(34)} ${addMs.toFixed(2).padStart(7)} ms  ${(1000 / addMs).toFixed(0).padStart(5)}/s`);
    console.log(
      `${'GraphQL placeOrder'.padEnd(34)} ${placeMs.toFixed(2).padStart(7)} ms  ${(1000 / placeMs).toFixed(0).padStart(5)}/s  ${(placeMs / addMs).toFixed(1)}× addToCart`,
    );
  } finally {
    await app.close();
  }
}
