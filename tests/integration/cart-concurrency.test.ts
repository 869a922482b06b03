// The cart under parallel requests (issue 8, finding 5): a double click or a browser's parallel
// first adds must neither put more pieces in a line than the stock holds nor split the session's
// goods over several carts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';
import { storedSessionKey } from '../support/sessions.ts';
import { dbId, gid } from '../support/global-id.ts';

const ConcurrentAdd = graphql(`
  mutation ConcurrentAddToCart($variantId: ID!, $quantity: Int) {
    addToCart(variantId: $variantId, quantity: $quantity) {
      __typename
      ... on Cart {
        id
        lines {
          id
          quantity
          variant {
            id
          }
        }
      }
      ... on InsufficientStockError {
        code
        available
      }
    }
  }
`);

const ConcurrentSetQuantity = graphql(`
  mutation ConcurrentSetQuantity($lineId: ID!, $quantity: Int!) {
    setCartLineQuantity(lineId: $lineId, quantity: $quantity) {
      __typename
      ... on Cart {
        id
        lines {
          id
          quantity
        }
      }
      ... on InsufficientStockError {
        code
        available
      }
    }
  }
`);

const ConcurrentCart = graphql(`
  query ConcurrentCart {
    cart {
      id
      lines {
        quantity
        variant {
          id
        }
      }
    }
  }
`);

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

/** A browser that has fetched its CSRF cookie (and with it its session), as the web app does before its first change. */
async function browser(): Promise<TestClient> {
  const client = app.newClient();
  await client.ensureCsrfCookie();
  expect(client.sessionId).toBeTruthy();
  return client;
}

function add(client: TestClient, variantId: number, quantity = 1) {
  return client.gql(ConcurrentAdd, { variantId: gid('Variant', variantId), quantity });
}

async function addResult(client: TestClient, variantId: number, quantity = 1) {
  const response = await add(client, variantId, quantity);
  expect(response.errors).toBeUndefined();
  return response.data!.addToCart;
}

async function setResult(client: TestClient, lineId: string, quantity: number) {
  const response = await client.gql(ConcurrentSetQuantity, { lineId, quantity });
  expect(response.errors).toBeUndefined();
  return response.data!.setCartLineQuantity;
}

const parallel = <T>(count: number, task: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => task(index)));

describe(`cart under parallel requests (${databaseKind})`, () => {
  it.each([2, 3])('20 parallel adds of one piece with stock %i: the line holds exactly the stock, the rest are refused', async (stock) => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock }] })).variants[0];
    const client = await browser();
    const cartsBefore = await app.prisma.cart.count();

    const results = await parallel(20, () => addResult(client, variant.id));

    const accepted = results.filter((result) => result.__typename === 'Cart');
    const refused = results.filter((result) => result.__typename === 'InsufficientStockError');
    expect(accepted).toHaveLength(stock);
    expect(refused).toHaveLength(20 - stock);
    for (const result of refused) expect(result).toMatchObject({ code: 'INSUFFICIENT_STOCK', available: stock });
    // every answer saw a line within the stock, and all of them the same cart
    for (const result of accepted) {
      if (result.__typename !== 'Cart') continue;
      expect(result.lines).toHaveLength(1);
      expect(result.lines[0].quantity).toBeLessThanOrEqual(stock);
    }
    expect(new Set(accepted.map((result) => (result.__typename === 'Cart' ? result.id : null))).size).toBe(1);

    expect(await app.prisma.cart.count()).toBe(cartsBefore + 1);
    const lines = await app.prisma.cartLine.findMany({ where: { variantId: variant.id } });
    expect(lines.map((line) => line.quantity)).toEqual([stock]);
    expect((await client.gql(ConcurrentCart)).data!.cart!.lines).toEqual([{ quantity: stock, variant: { id: gid('Variant', variant.id) } }]);
  });

  it('8 parallel first adds of 8 variants from one session make one cart with 8 lines', async () => {
    const product = await createProduct(app.prisma, {
      variants: ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL'].map((size) => ({ size, stock: 5 })),
    });
    const variantIds = product.variants.map((variant) => variant.id);
    const client = await browser();
    const cartsBefore = await app.prisma.cart.count();

    const results = await parallel(8, (index) => addResult(client, variantIds[index]));

    expect(results.map((result) => result.__typename)).toEqual(Array(8).fill('Cart'));
    const cartIds = new Set(results.map((result) => (result.__typename === 'Cart' ? result.id : null)));
    expect(cartIds.size).toBe(1);
    expect(await app.prisma.cart.count()).toBe(cartsBefore + 1);
    // the database knows the cart as this session's
    const [cartId] = [...cartIds];
    expect(await app.prisma.cart.findUnique({ where: { id: dbId(cartId!) }, select: { sessionKey: true } })).toEqual({
      sessionKey: storedSessionKey(client.sessionId!),
    });

    const cart = (await client.gql(ConcurrentCart)).data!.cart!;
    expect(cart.id).toBe(cartId);
    expect(cart.lines.map((line) => Number(dbId(line.variant.id))).sort((a, b) => a - b)).toEqual([...variantIds].sort((a, b) => a - b));
    expect(cart.lines.every((line) => line.quantity === 1)).toBe(true);
  });

  it('parallel quantity changes and adds never take a line beyond the stock', async () => {
    const stock = 5;
    const variant = (await createProduct(app.prisma, { variants: [{ stock }] })).variants[0];
    const client = await browser();
    const first = await addResult(client, variant.id);
    if (first.__typename !== 'Cart') throw new Error(`first add answered ${first.__typename}`);
    const lineId = first.lines[0].id;

    // sets and adds interleaved: an add that read the line before a set wrote it must not overshoot
    const wanted = [3, 4, 5, 6, 4, 5, 20, 99, 4, 5];
    const requests = wanted.flatMap((quantity) => [setResult(client, lineId, quantity), addResult(client, variant.id)]);
    const results = await Promise.all(requests);

    for (const [index, quantity] of wanted.entries()) {
      // a quantity within the stock is accepted; one beyond it never is
      expect(results[2 * index].__typename).toBe(quantity <= stock ? 'Cart' : 'InsufficientStockError');
    }
    for (const result of results) {
      if (result.__typename === 'Cart') expect(result.lines[0].quantity).toBeLessThanOrEqual(stock);
      else expect(result).toMatchObject({ code: 'INSUFFICIENT_STOCK', available: stock });
    }
    const line = await app.prisma.cartLine.findUniqueOrThrow({ where: { id: Number(dbId(lineId)) } });
    expect(line.quantity).toBeGreaterThanOrEqual(1);
    expect(line.quantity).toBeLessThanOrEqual(stock);
  });

  it('a refused first add leaves no empty cart behind', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 1 }] })).variants[0];
    const client = await browser();
    const cartsBefore = await app.prisma.cart.count();
    expect(await addResult(client, variant.id, 2)).toMatchObject({ __typename: 'InsufficientStockError', available: 1 });
    expect(await app.prisma.cart.count()).toBe(cartsBefore);
    expect((await client.gql(ConcurrentCart)).data!.cart).toBeNull();
  });

  it('a session whose cart became an order starts a new cart with its next add', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ stock: 10 }] })).variants[0];
    const client = await browser();
    const first = await addResult(client, variant.id);
    if (first.__typename !== 'Cart') throw new Error(`first add answered ${first.__typename}`);
    await app.prisma.order.create({
      data: {
        number: `T${Date.now()}`,
        hash: `hash-${dbId(first.id)}`,
        cartId: dbId(first.id),
        currency: 'CZK',
        language: 'cs',
        email: 'zakaznik@example.cz',
        deliveryName: 'Osobní odběr',
        deliveryPrice: 0,
        paymentName: 'Hotově',
        paymentPrice: 0,
        invoiceAddress: {},
        productsNet: 41_322,
        productsGross: 50_000,
        totalNet: 41_322,
        totalVat: 8_678,
        totalGross: 50_000,
        variableSymbol: '1',
      },
    });

    // parallel next adds share one new cart; the ordered one keeps its single line
    const results = await parallel(3, () => addResult(client, variant.id));
    const cartIds = new Set(results.map((result) => (result.__typename === 'Cart' ? result.id : result.__typename)));
    expect(cartIds.size).toBe(1);
    expect(cartIds.has(first.id)).toBe(false);
    expect((await client.gql(ConcurrentCart)).data!.cart!.lines).toEqual([{ quantity: 3, variant: { id: gid('Variant', variant.id) } }]);
    expect(await app.prisma.cartLine.findMany({ where: { cartId: dbId(first.id) }, select: { quantity: true } })).toEqual([{ quantity: 1 }]);
  });
});
