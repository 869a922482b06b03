// The cart at login (issue 6 item 1, issue 7 item 2): a guest cart is merged into the customer's
// cart from earlier visits, quantities capped by stock; the customer's cart follows them to a new
// browser; a guest cart alone becomes theirs; another customer's cart is never touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createProduct } from '../support/factories.ts';
import { dbId, gid } from '../support/global-id.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

type CartShape = { id: string; lines: { quantity: number; variant: { id: string } }[] } | null;

async function add(client: TestClient, variantId: number, quantity: number) {
  const response = await client.gql(
    'mutation($v: ID!, $q: Int) { addToCart(variantId: $v, quantity: $q) { __typename ... on Cart { id } } }',
    { v: gid('Variant', variantId), q: quantity },
  );
  expect(response.data).toMatchObject({ addToCart: { __typename: 'Cart' } });
}

async function login(client: TestClient, customer: { email: string; password: string }) {
  const response = await client.gql(
    'mutation($e: String!, $p: String!) { login(input: { email: $e, password: $p }) { __typename } }',
    { e: customer.email, p: customer.password },
  );
  expect(response.data).toEqual({ login: { __typename: 'Customer' } });
}

async function cartOf(client: TestClient): Promise<CartShape> {
  const response = await client.gql('{ cart { id lines { quantity variant { id } } } }');
  const cart = (response.data as { cart: CartShape }).cart;
  // database ids, to compare with the rows the test reads directly
  return cart && { id: dbId(cart.id), lines: cart.lines.map((line) => ({ ...line, variant: { id: dbId(line.variant.id) } })) };
}

const quantities = (cart: CartShape) =>
  Object.fromEntries((cart?.lines ?? []).map((line) => [line.variant.id, line.quantity]));

describe(`cart at login (${databaseKind})`, () => {
  it("merges the guest cart into the customer's earlier cart, capped by stock, and removes the guest cart", async () => {
    const product = await createProduct(app.prisma, { variants: [{ stock: 3 }, { stock: 10 }] });
    const [scarce, plenty] = product.variants;
    const customer = await createCustomer(app.prisma);

    const earlierVisit = app.newClient();
    await login(earlierVisit, customer);
    await add(earlierVisit, scarce.id, 2);
    const customerCart = (await cartOf(earlierVisit))!;

    const guest = app.newClient();
    await add(guest, scarce.id, 2);
    await add(guest, plenty.id, 1);
    const guestCart = (await cartOf(guest))!;

    await login(guest, customer);
    const merged = await cartOf(guest);
    expect(merged!.id).toBe(customerCart.id);
    expect(quantities(merged)).toEqual({ [String(scarce.id)]: 3, [String(plenty.id)]: 1 });
    expect(await app.prisma.cart.findUnique({ where: { id: guestCart.id } })).toBeNull();
    // the earlier browser sees the same cart
    expect(quantities(await cartOf(earlierVisit))).toEqual(quantities(merged));
  });

  it('a guest cart alone becomes the customer’s; a customer without a guest cart picks up the earlier one', async () => {
    const product = await createProduct(app.prisma, { variants: [{ stock: 5 }] });
    const customer = await createCustomer(app.prisma);
    const guest = app.newClient();
    await add(guest, product.variants[0].id, 1);
    const guestCart = (await cartOf(guest))!;
    await login(guest, customer);
    expect((await cartOf(guest))!.id).toBe(guestCart.id);
    expect((await app.prisma.cart.findUnique({ where: { id: guestCart.id } }))!.customerId).toBe(customer.id);

    const otherDevice = app.newClient();
    await login(otherDevice, customer);
    expect((await cartOf(otherDevice))!.id).toBe(guestCart.id);
  });

  it("never takes another customer's cart", async () => {
    const product = await createProduct(app.prisma, { variants: [{ stock: 5 }] });
    const jana = await createCustomer(app.prisma);
    const petr = await createCustomer(app.prisma);
    const browser = app.newClient();
    await login(browser, jana);
    await add(browser, product.variants[0].id, 2);
    const janasCart = (await cartOf(browser))!;
    // Petr signs in on the same browser without signing Jana out
    await login(browser, petr);
    const petrsCart = await cartOf(browser);
    expect(petrsCart?.id ?? null).not.toBe(janasCart.id);
    expect((await app.prisma.cart.findUnique({ where: { id: janasCart.id } }))!.customerId).toBe(jana.id);
  });
});
