// Cart: adding, changing and removing goods, stock limits and whose cart is whose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createOrder, createProduct } from '../support/factories.ts';
import { pruneAbandonedCarts } from '../../bff/src/services/cart.ts';
import { clientKey, createRateLimiter, RATE_RULES } from '../../bff/src/rate-limit/rate-limit.ts';
import { createApiToken } from '../../bff/src/services/api-tokens.ts';
import { dbId, gid } from '../support/global-id.ts';
import { findClientSession, storedSessionKey } from '../support/sessions.ts';

const CartFields = graphql(`
  fragment CartTestFields on Cart {
    id
    itemCount
    total {
      currency
      withVat
      withoutVat
      vat
    }
    lines {
      id
      quantity
      variant {
        id
        size
      }
      unitPrice {
        withVat
        withoutVat
        vat
      }
      totalPrice {
        withVat
        withoutVat
        vat
      }
    }
  }
`);

const AddToCartMutation = graphql(`
  mutation CartAddToCart($variantId: ID!, $quantity: Int) {
    addToCart(variantId: $variantId, quantity: $quantity) {
      __typename
      ... on Cart {
        ...CartTestFields
      }
      ... on InsufficientStockError {
        code
        message
        available
      }
      ... on NotFoundError {
        code
        message
      }
      ... on ValidationError {
        code
        message
        fieldErrors {
          field
          message
        }
      }
    }
  }
`);

const SetQuantityMutation = graphql(`
  mutation CartSetQuantity($lineId: ID!, $quantity: Int!) {
    setCartLineQuantity(lineId: $lineId, quantity: $quantity) {
      __typename
      ... on Cart {
        ...CartTestFields
      }
      ... on InsufficientStockError {
        message
        available
      }
      ... on NotFoundError {
        message
      }
      ... on ValidationError {
        message
        fieldErrors {
          field
        }
      }
    }
  }
`);

const CartQuery = graphql(`
  query CartCurrent {
    cart {
      ...CartTestFields
    }
  }
`);

void CartFields;

let app: TestApp;
let jersey: Awaited<ReturnType<typeof createProduct>>;
let book: Awaited<ReturnType<typeof createProduct>>;
let soldOut: Awaited<ReturnType<typeof createProduct>>;
let unpublished: Awaited<ReturnType<typeof createProduct>>;

/** The variant ids of a product, in display order. */
const variantIds = (product: Awaited<ReturnType<typeof createProduct>>) => product.variants.map((v) => gid('Variant', v.id));

beforeAll(async () => {
  app = await createTestApp();
  jersey = await createProduct(app.prisma, {
    names: { cs: 'Dres Bohemians', en: 'Bohemians jersey' },
    vatRate: 21,
    variants: [
      { size: 'M', stock: 5, priceCzk: 149_900, priceEur: 5_990 },
      { size: 'L', stock: 2, priceCzk: 159_900 },
    ],
  });
  book = await createProduct(app.prisma, {
    names: { cs: 'Kniha o klubu', en: 'Club book' },
    vatRate: 12,
    variants: [{ stock: 50, priceCzk: 33_300 }],
  });
  soldOut = await createProduct(app.prisma, { variants: [{ size: 'XL', stock: 0, priceCzk: 99_900 }] });
  unpublished = await createProduct(app.prisma, { published: false, variants: [{ stock: 10 }] });
});

afterAll(async () => {
  await app?.close();
});

async function add(client: TestClient, variantId: string, quantity?: number, headers?: Record<string, string>) {
  const response = await client.gql(AddToCartMutation, { variantId, quantity }, headers);
  expect(response.errors).toBeUndefined();
  return response.data!.addToCart;
}

async function setQuantity(client: TestClient, lineId: string, quantity: number) {
  const response = await client.gql(SetQuantityMutation, { lineId, quantity });
  expect(response.errors).toBeUndefined();
  return response.data!.setCartLineQuantity;
}

async function cartOf(client: TestClient) {
  const response = await client.gql(CartQuery);
  expect(response.errors).toBeUndefined();
  return response.data!.cart;
}

function asCart<T extends { __typename: string }>(result: T) {
  expect(result.__typename).toBe('Cart');
  return result as Extract<T, { __typename: 'Cart' }>;
}

describe(`cart (${databaseKind})`, () => {
  it('a guest has no cart until they add something', async () => {
    const cartsBefore = await app.prisma.cart.count();
    const client = app.newClient();
    expect(await cartOf(client)).toBeNull();
    // the browser's session started with its CSRF token (so its first requests share it); it holds no cart
    expect(client.sessionId).toBeDefined();
    expect(await app.prisma.cart.count({ where: { sessionKey: storedSessionKey(client.sessionId!) } })).toBe(0);
    expect(await app.prisma.cart.count()).toBe(cartsBefore);
  });

  it('addToCart creates a cart for the session and returns the whole cart', async () => {
    const client = app.newClient();
    const cart = asCart(await add(client, variantIds(jersey)[0], 2));
    expect(client.cookies.has('sid')).toBe(true);
    expect(cart.itemCount).toBe(2);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({
      quantity: 2,
      variant: { id: variantIds(jersey)[0], size: 'M' },
      unitPrice: { withVat: 149_900 },
      totalPrice: { withVat: 299_800 },
    });
    expect(cart.total).toEqual({ currency: 'CZK', withVat: 299_800, withoutVat: 247_769, vat: 52_031 });
    // the same cart is there on the next request
    const { __typename, ...fields } = cart;
    expect(await cartOf(client)).toEqual(fields);
  });

  it('adding the same variant again increases the quantity of its line', async () => {
    const client = app.newClient();
    asCart(await add(client, variantIds(book)[0], 1));
    const cart = asCart(await add(client, variantIds(book)[0], 3));
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0].quantity).toBe(4);
    expect(cart.itemCount).toBe(4);
  });

  it('adding more than the stock is refused with the available quantity, in Czech', async () => {
    const client = app.newClient();
    const result = await add(client, variantIds(jersey)[1], 3);
    expect(result).toEqual({
      __typename: 'InsufficientStockError',
      code: 'INSUFFICIENT_STOCK',
      message: 'Požadované množství není k dispozici. Snižte prosím množství.',
      available: 2,
    });
  });

  it('the stock check counts what is already in the cart', async () => {
    const client = app.newClient();
    asCart(await add(client, variantIds(jersey)[1], 2));
    const result = await add(client, variantIds(jersey)[1], 1);
    expect(result).toMatchObject({ __typename: 'InsufficientStockError', available: 2 });
    const cart = await cartOf(client);
    expect(cart!.lines.map((line) => line.quantity)).toEqual([2]);
  });

  it('the stock message is English on the English site', async () => {
    const client = app.newClient({ 'x-shop-language': 'en' });
    const result = await add(client, variantIds(jersey)[1], 3);
    expect(result).toMatchObject({
      __typename: 'InsufficientStockError',
      message: 'The requested quantity is not available. Please reduce the quantity',
      available: 2,
    });
  });

  it('a sold-out variant cannot be added', async () => {
    const client = app.newClient();
    const result = await add(client, variantIds(soldOut)[0], 1);
    expect(result).toMatchObject({ __typename: 'InsufficientStockError', available: 0 });
  });

  it('an unknown or unpublished variant is NotFoundError', async () => {
    const client = app.newClient();
    for (const variantId of [gid('Variant', 999999), gid('Variant', 'abc'), variantIds(unpublished)[0]]) {
      const result = await add(client, variantId, 1);
      expect(result).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND', message: 'Tato varianta produktu už není v nabídce.' });
    }
  });

  it('an id that is not a Variant’s global id is refused as bad input and adds nothing', async () => {
    const client = app.newClient();
    for (const variantId of ['999999', 'abc', gid('Product', unpublished.id), gid('CartLine', 1)]) {
      const response = await client.gql(AddToCartMutation, { variantId, quantity: 1 });
      expect(response.data?.addToCart ?? null).toBeNull();
      expect(response.errors).toEqual([expect.objectContaining({ message: 'Neplatný identifikátor (ID).', extensions: { code: 'BAD_USER_INPUT' } })]);
    }
    expect(await cartOf(client)).toBeNull();
  });

  for (const quantity of [0, 100, -1]) {
    it(`quantity ${quantity} is a ValidationError on the quantity field and adds nothing`, async () => {
      const client = app.newClient();
      const result = await add(client, variantIds(book)[0], quantity);
      expect(result).toMatchObject({
        __typename: 'ValidationError',
        code: 'VALIDATION',
        message: 'Množství musí být od 1 do 99 kusů.',
        fieldErrors: [{ field: 'quantity' }],
      });
      expect(await cartOf(client)).toBeNull();
    });
  }

  it('setCartLineQuantity changes a line, and 0 removes it', async () => {
    const client = app.newClient();
    asCart(await add(client, variantIds(jersey)[0], 1));
    const withBook = asCart(await add(client, variantIds(book)[0], 1));
    const [jerseyLine, bookLine] = withBook.lines;

    const changed = asCart(await setQuantity(client, jerseyLine.id, 3));
    expect(changed.lines.find((line) => line.id === jerseyLine.id)!.quantity).toBe(3);
    expect(changed.itemCount).toBe(4);

    const removed = asCart(await setQuantity(client, bookLine.id, 0));
    expect(removed.lines.map((line) => line.id)).toEqual([jerseyLine.id]);
    expect(removed.itemCount).toBe(3);
    expect(await app.prisma.cartLine.findUnique({ where: { id: Number(dbId(bookLine.id)) } })).toBeNull();

    const tooMany = await setQuantity(client, jerseyLine.id, 6);
    expect(tooMany).toMatchObject({ __typename: 'InsufficientStockError', available: 5 });
    const invalid = await setQuantity(client, jerseyLine.id, 100);
    expect(invalid).toMatchObject({ __typename: 'ValidationError', fieldErrors: [{ field: 'quantity' }] });
    expect((await cartOf(client))!.lines[0].quantity).toBe(3);
  });

  it("another shopper can neither see nor change someone else's cart", async () => {
    const owner = app.newClient();
    const cart = asCart(await add(owner, variantIds(book)[0], 2));
    const lineId = cart.lines[0].id;

    const stranger = app.newClient();
    expect(await cartOf(stranger)).toBeNull();
    expect(await setQuantity(stranger, lineId, 5)).toMatchObject({
      __typename: 'NotFoundError',
      message: 'Tato položka už v košíku není.',
    });
    expect(await setQuantity(stranger, lineId, 0)).toMatchObject({ __typename: 'NotFoundError' });
    // a stranger with a cart of their own cannot reach the line either
    asCart(await add(stranger, variantIds(jersey)[0], 1));
    expect(await setQuantity(stranger, lineId, 1)).toMatchObject({ __typename: 'NotFoundError' });
    expect((await cartOf(stranger))!.id).not.toBe(cart.id);

    const ownersCart = await cartOf(owner);
    expect(ownersCart!.lines).toEqual([expect.objectContaining({ id: lineId, quantity: 2 })]);
  });

  it('the cart total is the sum of its lines, VAT split per line and summed per rate', async () => {
    const client = app.newClient();
    asCart(await add(client, variantIds(jersey)[0], 1));
    asCart(await add(client, variantIds(jersey)[1], 1));
    const cart = asCart(await add(client, variantIds(book)[0], 3));
    for (const line of cart.lines) {
      expect(line.totalPrice.withVat).toBe(line.unitPrice.withVat * line.quantity);
      expect(line.totalPrice.withoutVat + line.totalPrice.vat).toBe(line.totalPrice.withVat);
    }
    const sum = (pick: (line: (typeof cart.lines)[number]) => number) => cart.lines.reduce((total, line) => total + pick(line), 0);
    expect(cart.total.withVat).toBe(sum((line) => line.totalPrice.withVat));
    expect(cart.total.withoutVat).toBe(sum((line) => line.totalPrice.withoutVat));
    expect(cart.total.vat).toBe(sum((line) => line.totalPrice.vat));
    // 1 499 + 1 599 Kč at 21 %, 3 × 333 Kč at 12 %
    expect(cart.total.withVat).toBe(149_900 + 159_900 + 99_900);
    const net21 = Math.round(149_900 / 1.21) + Math.round(159_900 / 1.21);
    const net12 = Math.round(99_900 / 1.12);
    expect(cart.total.withoutVat).toBe(net21 + net12);
    expect(cart.total.vat).toBe(409_700 - net21 - net12);
  });

  it('the cart answers in EUR when the shopper switches currency', async () => {
    const client = app.newClient();
    asCart(await add(client, variantIds(jersey)[0], 2));
    asCart(await add(client, variantIds(book)[0], 1));
    const response = await client.gql(CartQuery, undefined, { 'x-shop-currency': 'EUR' });
    const cart = response.data!.cart!;
    expect(cart.total.currency).toBe('EUR');
    // 2 × 59.90 EUR (own price) + 333 Kč / 25 = 13.32 EUR
    expect(cart.lines.map((line) => line.totalPrice.withVat)).toEqual([11_980, 1_332]);
    expect(cart.total.withVat).toBe(13_312);
  });

  it("two shoppers' carts stay apart", async () => {
    const first = app.newClient();
    const second = app.newClient();
    asCart(await add(first, variantIds(jersey)[0], 1));
    asCart(await add(second, variantIds(book)[0], 2));
    expect((await cartOf(first))!.lines.map((line) => line.variant.id)).toEqual([variantIds(jersey)[0]]);
    expect((await cartOf(second))!.lines.map((line) => line.variant.id)).toEqual([variantIds(book)[0]]);
  });

  it('the session holding the cart is stored before the response arrives', async () => {
    // the browser may send its next request (e.g. the cart page) the moment the response is in
    for (let attempt = 0; attempt < 5; attempt++) {
      const client = app.newClient();
      const cart = asCart(await add(client, variantIds(book)[0], 1));
      const row = await findClientSession(app.prisma, client);
      expect(row?.sess).toMatchObject({ cartId: dbId(cart.id) });
    }
  });

  it('the cart survives a restart: the session is stored in PostgreSQL', async () => {
    const client = app.newClient();
    const cart = asCart(await add(client, variantIds(book)[0], 2));
    const row = await findClientSession(app.prisma, client);
    expect(row).not.toBeNull();
    expect(row!.sess).toMatchObject({ cartId: dbId(cart.id) });
    expect(row!.expire.getTime()).toBeGreaterThan(Date.now());

    const restarted = await createTestApp({ databaseUrl: app.databaseUrl });
    try {
      const sameBrowser = restarted.newClient();
      for (const [name, value] of client.cookies) sameBrowser.cookies.set(name, value);
      const response = await sameBrowser.gql(CartQuery);
      expect(response.data!.cart).toMatchObject({ id: cart.id, itemCount: 2 });
    } finally {
      await restarted.close();
    }
  });
});

describe(`new carts per client address (${databaseKind})`, () => {
  it('past 200 new carts an hour an address starts no more; its existing carts and other addresses go on', async () => {
    const product = await createProduct(app.prisma, { variants: [{ stock: 50 }] });
    const variant = gid('Variant', product.variants[0].id);
    const addAs = (client: TestClient, language = 'cs') =>
      client.gql<{ addToCart: { __typename: string; message?: string } }>(
        `mutation($variantId: ID!) { addToCart(variantId: $variantId) { __typename ... on Error { message } } }`,
        { variantId: variant },
        { 'x-shop-language': language },
      );
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const before = app.newClient({ 'x-forwarded-for': ip });
    expect((await addAs(before)).data?.addToCart.__typename).toBe('Cart');
    const limiter = createRateLimiter({ prisma: app.prisma, redisUrl: app.config.redisUrl });
    try {
      // the address has started its 200 carts this hour
      await limiter.consume(RATE_RULES.newCartPerIp, clientKey({ clientIp: ip }), RATE_RULES.newCartPerIp.limit - 1);
    } finally {
      await limiter.close();
    }
    const carts = await app.prisma.cart.count();
    const refused = await addAs(app.newClient({ 'x-forwarded-for': ip }), 'en');
    expect(refused.data?.addToCart).toEqual({ __typename: 'TooManyAttemptsError', message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ min\.$/) });
    expect(await app.prisma.cart.count()).toBe(carts);
    // the shopper who has a cart keeps adding to it; another address starts one
    expect((await addAs(before)).data?.addToCart.__typename).toBe('Cart');
    expect((await addAs(app.newClient({ 'x-forwarded-for': '198.51.100.200' }))).data?.addToCart.__typename).toBe('Cart');
  });

  it('a partner token’s new carts count too, whatever address its requests come from (issue 40)', async () => {
    const product = await createProduct(app.prisma, { variants: [{ stock: 50 }] });
    const { token, summary } = await createApiToken(app.prisma, { name: 'Přeprodejce vstupenek', scopes: ['cart'] });
    const addAsPartner = async (address: string) => {
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        // no X-Cart-Id: each request starts a cart of its own
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': address, 'x-shop-language': 'en' },
        body: JSON.stringify({ query: 'mutation($v: ID!) { addToCart(variantId: $v) { __typename ... on Error { message } } }', variables: { v: gid('Variant', product.variants[0].id) } }),
      });
      return ((await response.json()) as { data: { addToCart: { __typename: string; message?: string } } }).data.addToCart;
    };
    expect((await addAsPartner('198.51.100.31')).__typename).toBe('Cart');
    const limiter = createRateLimiter({ prisma: app.prisma, redisUrl: app.config.redisUrl });
    try {
      // the token has started its 200 carts this hour
      await limiter.consume(RATE_RULES.newCartPerIp, clientKey({ partner: { tokenId: summary.id }, clientIp: '198.51.100.31' }), RATE_RULES.newCartPerIp.limit - 1);
    } finally {
      await limiter.close();
    }
    const carts = await app.prisma.cart.count();
    expect(await addAsPartner('198.51.100.32')).toEqual({ __typename: 'TooManyAttemptsError', message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ min\.$/) });
    expect(await app.prisma.cart.count()).toBe(carts);
  });
});

describe(`abandoned guest carts (${databaseKind})`, () => {
  it('prunes guest carts untouched for 30 days and empty ones after a day; customers’ and ordered carts stay', async () => {
    const day = 24 * 3600 * 1000;
    const product = await createProduct(app.prisma, { variants: [{ stock: 5 }] });
    const customer = await createCustomer(app.prisma);
    const cart = async (data: { customerId?: number; lines?: boolean; ageDays: number }) => {
      const created = await app.prisma.cart.create({
        data: { customerId: data.customerId ?? null, ...(data.lines ? { lines: { create: [{ variantId: product.variants[0].id, quantity: 1 }] } } : {}) },
      });
      await app.prisma.cart.update({ where: { id: created.id }, data: { updatedAt: new Date(Date.now() - data.ageDays * day) } });
      return created.id;
    };
    const abandoned = await cart({ lines: true, ageDays: 31 });
    const emptyOld = await cart({ ageDays: 2 });
    const emptyNew = await cart({ ageDays: 0.1 });
    const withGoods = await cart({ lines: true, ageDays: 10 });
    const customers = await cart({ customerId: customer.id, lines: true, ageDays: 60 });
    const ordered = await cart({ lines: true, ageDays: 60 });
    const order = await createOrder(app.prisma);
    await app.prisma.order.update({ where: { id: order.id }, data: { cartId: ordered } });

    expect(await pruneAbandonedCarts(app.prisma)).toBeGreaterThanOrEqual(2);
    const left = (await app.prisma.cart.findMany({ where: { id: { in: [abandoned, emptyOld, emptyNew, withGoods, customers, ordered] } }, select: { id: true } })).map((row) => row.id);
    expect(left.sort()).toEqual([emptyNew, withGoods, customers, ordered].sort());
    expect(await app.prisma.cartLine.count({ where: { cartId: abandoned } })).toBe(0);
  });
});
