// The cart read once (issue 41, section 5): the header's cart, the cart page and the checkout read one
// view of the cart (lines, seats, vouchers, money) built once per request. Counted as the catalog's
// pages are (catalog.test.ts "SQL statements per page"): the SQL the app sends for the page's own
// document, here for its `cart` field (the page's other fields — delivery methods, stores, the
// account — are the catalog's and the account's, counted by their own tests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kind, visit, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { CartPageDocument, CheckoutPageDocument, PersonalDocument } from '../../web/app/gql/graphql.ts';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createProduct, unique } from '../support/factories.ts';
import { createMatch } from '../support/tickets.ts';
import { gid } from '../support/global-id.ts';
import { createCheckoutMethods } from '../support/checkout.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  await createCheckoutMethods(app.prisma);
});

afterAll(async () => {
  await app?.close();
});

/** The page's document with its `cart` field alone, and the fragments that field uses. */
function cartFieldOf<T extends DocumentNode>(document: T): T {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION)!;
  const cartOnly: OperationDefinitionNode = {
    ...operation,
    selectionSet: {
      ...operation.selectionSet,
      selections: operation.selectionSet.selections.filter((selection) => selection.kind === Kind.FIELD && selection.name.value === 'cart'),
    },
  };
  const used = new Set<string>();
  visit(cartOnly, {
    FragmentSpread(spread) {
      const queue = [spread.name.value];
      while (queue.length > 0) {
        const name = queue.pop()!;
        if (used.has(name)) continue;
        used.add(name);
        visit(fragments.get(name)!, { FragmentSpread: (inner) => void queue.push(inner.name.value) });
      }
    },
  });
  return { ...document, definitions: [cartOnly, ...[...used].map((name) => fragments.get(name)!)] } as T;
}

type Answer = { data?: unknown; errors?: unknown };

async function statementsOf(run: () => Promise<Answer>): Promise<{ count: number; answer: Answer }> {
  app.queries.length = 0;
  const answer = await run();
  expect(answer.errors).toBeUndefined();
  // the session's own read and touch are the session store's, the same for every request: not the cart's
  const count = app.queries.filter((sql) => !sql.includes('"public"."Session"')).length;
  if (process.env.SHOW_SQL) console.log(app.queries.map((sql) => sql).join('\n---\n'));
  app.queries.length = 0;
  return { count, answer };
}

/** A shopper's cart with two goods lines, two held seats and two vouchers (one of them once per customer). */
async function fullCart(): Promise<TestClient> {
  const client = app.newClient();
  const shirt = (await createProduct(app.prisma, { variants: [{ priceCzk: 121_000, stock: 5 }], vatRate: 21 })).variants[0];
  const scarf = (await createProduct(app.prisma, { variants: [{ priceCzk: 30_000, stock: 5 }], vatRate: 21 })).variants[0];
  for (const variant of [shirt, scarf]) {
    const added = await client.gql<{ addToCart: { __typename: string } }>(
      'mutation ($variantId: ID!) { addToCart(variantId: $variantId, quantity: 1) { __typename } }',
      { variantId: gid('Variant', variant.id) },
    );
    expect(added.data!.addToCart.__typename).toBe('Cart');
  }
  const match = await createMatch(app.prisma);
  const held = await client.gql<{ holdSeats: { __typename: string } }>(
    'mutation ($eventId: ID!, $seats: [Int!]!) { holdSeats(eventId: $eventId, seats: $seats) { __typename } }',
    { eventId: match.id, seats: [1, 2] },
  );
  expect(held.data!.holdSeats.__typename).toBe('Cart');
  const n = unique();
  const vouchers = [
    await app.prisma.voucher.create({ data: { code: `VIEWAMOUNT${n}`, kind: 'AMOUNT', value: 10_000, currency: 'CZK' } }),
    await app.prisma.voucher.create({ data: { code: `VIEWONCE${n}`, kind: 'PERCENT', value: 10, oncePerCustomer: true } }),
  ];
  for (const voucher of vouchers) {
    const applied = await client.gql<{ applyVoucher: { __typename: string } }>(
      'mutation ($code: String!, $email: String) { applyVoucher(code: $code, email: $email) { __typename } }',
      { code: voucher.code, email: 'fanousek@example.cz' },
    );
    expect(applied.data!.applyVoucher.__typename).toBe('Cart');
  }
  return client;
}

describe(`the cart read once: SQL statements per cart answer (${databaseKind})`, () => {
  // the cart page's delivery date promise reads the delivery methods' timings once the app does not hold
  // them (its first promise, the first after a change of the methods: decision 0069): one statement more
  it('the header’s cart, the cart page’s and the checkout’s each cost at most 4 statements (the cart page 5) for a cart with vouchers and seats', async () => {
    const client = await fullCart();
    const header = await statementsOf(() => client.gql(cartFieldOf(PersonalDocument)));
    const cartPage = await statementsOf(() => client.gql(cartFieldOf(CartPageDocument)));
    const checkout = await statementsOf(() => client.gql(cartFieldOf(CheckoutPageDocument)));
    console.log(`SQL statements per cart answer (${databaseKind}): header ${header.count}, cart page ${cartPage.count}, checkout ${checkout.count}`);
    expect(header.count).toBeLessThanOrEqual(4);
    expect(cartPage.count).toBeLessThanOrEqual(5);
    expect(checkout.count).toBeLessThanOrEqual(4);
  });
});

describe(`the cart read once: a write is never answered from an older view (${databaseKind})`, () => {
  it('a document that changes the cart twice answers each change with the cart as that change left it', async () => {
    const variant = (await createProduct(app.prisma, { variants: [{ priceCzk: 10_000, stock: 9 }], vatRate: 21 })).variants[0];
    const voucher = await app.prisma.voucher.create({ data: { code: `VIEWWRITE${variant.id}`, kind: 'AMOUNT', value: 5_000, currency: 'CZK' } });
    const client = app.newClient();
    const cartFields = `__typename ... on Cart { itemCount total { withVat } goodsToPay { withVat } vouchers { code } checkout { totals { products { withVat } discount { withVat } } } }`;
    type Answer = {
      itemCount: number;
      total: { withVat: number };
      goodsToPay: { withVat: number };
      vouchers: { code: string }[];
      checkout: { totals: { products: { withVat: number }; discount: { withVat: number } } };
    };
    const first = await client.gql<{ one: Answer; two: Answer }>(
      `mutation ($variantId: ID!) {
        one: addToCart(variantId: $variantId, quantity: 1) { ${cartFields} }
        two: addToCart(variantId: $variantId, quantity: 2) { ${cartFields} }
      }`,
      { variantId: gid('Variant', variant.id) },
    );
    expect(first.errors).toBeUndefined();
    expect(first.data!.one).toMatchObject({ itemCount: 1, total: { withVat: 10_000 }, goodsToPay: { withVat: 10_000 }, checkout: { totals: { products: { withVat: 10_000 } } } });
    expect(first.data!.two).toMatchObject({ itemCount: 3, total: { withVat: 30_000 }, goodsToPay: { withVat: 30_000 }, checkout: { totals: { products: { withVat: 30_000 } } } });

    const second = await client.gql<{ apply: Answer; remove: Answer }>(
      `mutation ($code: String!) {
        apply: applyVoucher(code: $code) { ${cartFields} }
        remove: removeVoucher(code: $code) { ${cartFields} }
      }`,
      { code: voucher.code },
    );
    expect(second.errors).toBeUndefined();
    expect(second.data!.apply).toMatchObject({ goodsToPay: { withVat: 25_000 }, vouchers: [{ code: voucher.code }], checkout: { totals: { discount: { withVat: 5_000 } } } });
    expect(second.data!.remove).toMatchObject({ goodsToPay: { withVat: 30_000 }, vouchers: [], checkout: { totals: { discount: { withVat: 0 } } } });
  });
});
