// The example operations of docs/api-examples (GraphiQL's tabs, http/graphiql.ts) run against the demo
// catalog the README starts the shop with, with the variables beside them: the catalog ones with a
// catalog:read token and anonymously in the public explorer, the cart → order flow with a cart token
// (and refused by the public explorer, which is read-only). Issue 27.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, validate, Kind, type OperationDefinitionNode } from 'graphql';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createApiToken, type PartnerScope } from '../../bff/src/services/api-tokens.ts';
import { loadApiExamples, type ApiExample } from '../../bff/src/http/api-examples.ts';
import { schema } from '../../bff/src/graphql/schema/index.ts';

let app: TestApp;
const examples = loadApiExamples();
const example = (name: string): ApiExample => {
  const found = examples.find((one) => one.name === name);
  if (!found) throw new Error(`docs/api-examples has no ${name}.graphql`);
  return found;
};

beforeAll(async () => {
  // the demo catalog, as `npm start` fills an empty database; production's rules for browsers
  app = await createTestApp({
    config: { seedDemoData: true, trustedDocumentsOnly: true, exposeSchema: false, graphiql: true, graphiqlPublic: true },
  });
});

afterAll(async () => {
  await app?.close();
});

type Answer = { status: number; body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] } };

async function run(document: string, operationName: string | undefined, variables: unknown, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query: document, operationName, variables }),
  });
  return { status: response.status, body: await response.json() };
}

async function bearer(scopes: PartnerScope[]): Promise<Record<string, string>> {
  const { token } = await createApiToken(app.prisma, { name: `Examples ${scopes.join('+')}`, scopes });
  return { authorization: `Bearer ${token}` };
}

function operationNames(document: string): string[] {
  return parse(document)
    .definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)
    .map((operation) => operation.name?.value ?? '');
}

const variablesOf = (one: ApiExample): Record<string, unknown> => (one.variables ? JSON.parse(one.variables) : {});

describe(`docs/api-examples (${databaseKind})`, () => {
  it('are the four the issue asks for, each a valid document with named operations, commented, with valid JSON variables', () => {
    expect(examples.map((one) => one.name)).toEqual(['01-category-page', '02-product', '03-stores', '04-cart-to-order']);
    for (const one of examples) {
      expect(validate(schema, parse(one.document)), one.name).toEqual([]);
      expect(one.document, one.name).toMatch(/^# \S/);
      expect(operationNames(one.document).every(Boolean), one.name).toBe(true);
      if (one.variables !== null) expect(() => JSON.parse(one.variables!), one.name).not.toThrow();
    }
  });

  it('the catalog examples answer the demo catalog, with a catalog:read token and in the public explorer alike', async () => {
    const token = await bearer(['catalog:read']);
    for (const headers of [token, { 'x-shop-explorer': 'public' }]) {
      const category = await run(example('01-category-page').document, undefined, variablesOf(example('01-category-page')), headers);
      expect(category.status).toBe(200);
      expect(category.body.errors).toBeUndefined();
      const data = category.body.data as {
        category: { name: string; children: { slug: string }[] };
        products: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; edges: { node: { inStock: boolean; price: { withVat: number } } }[] };
      };
      expect(data.category.name).toBe('Dresy');
      expect(data.category.children.map((child) => child.slug)).toContain('fotbalove-dresy');
      expect(data.products.edges).toHaveLength(4);
      expect(data.products.totalCount).toBeGreaterThan(4);
      expect(data.products.pageInfo.hasNextPage).toBe(true);
      for (const { node } of data.products.edges) {
        expect(node.inStock).toBe(true);
        expect(node.price.withVat).toBeLessThanOrEqual(200_000);
      }
      // the next page, as the comment says
      const next = await run(example('01-category-page').document, undefined, { ...variablesOf(example('01-category-page')), after: data.products.pageInfo.endCursor }, headers);
      const nextData = next.body.data as typeof data;
      expect(nextData.products.edges.length).toBeGreaterThan(0);

      const product = await run(example('02-product').document, undefined, variablesOf(example('02-product')), headers);
      expect(product.body.errors).toBeUndefined();
      const detail = (product.body.data as { product: { name: string; stock: number; variants: { code: string; size: string; stock: number; inStock: boolean }[] } }).product;
      expect(detail.name).toMatch(/FC Vltavín/);
      expect(detail.variants.length).toBeGreaterThan(1);
      // the sold-out size the README names
      expect(detail.variants.find((variant) => variant.code === 'DR-1001-RED-XL')).toMatchObject({ size: 'XL', stock: 0, inStock: false });
      expect(detail.stock).toBe(detail.variants.reduce((sum, variant) => sum + variant.stock, 0));

      const stores = await run(example('03-stores').document, undefined, variablesOf(example('03-stores')), headers);
      expect(stores.body.errors).toBeUndefined();
      const list = (stores.body.data as { stores: { name: string; openingHours: { dayOfWeek: number; opens: string; closes: string }[] }[] }).stores;
      expect(list.length).toBeGreaterThanOrEqual(3);
      for (const store of list) {
        expect(store.openingHours.length, store.name).toBeGreaterThan(0);
        for (const hours of store.openingHours) expect(hours.opens < hours.closes, store.name).toBe(true);
      }
    }
  });

  it('the cart → voucher → delivery and payment → placeOrder example places an order with a cart token', async () => {
    const flow = example('04-cart-to-order');
    expect(operationNames(flow.document)).toEqual(['AddToCart', 'ApplyVoucher', 'DeliveryAndPayment', 'UpdateCheckout', 'PlaceOrder']);
    const variables = variablesOf(flow) as { input: { deliveryMethodId: string; paymentMethodId: string } } & Record<string, unknown>;
    const token = await bearer(['catalog:read', 'cart']);
    const step = async (name: string, headers: Record<string, string>, extra: Record<string, unknown> = {}) => {
      const answer = await run(flow.document, name, { ...variables, ...extra }, headers);
      expect(answer.status, name).toBe(200);
      expect(answer.body.errors, `${name}: ${JSON.stringify(answer.body.errors)}`).toBeUndefined();
      return answer.body.data as Record<string, Record<string, unknown>>;
    };

    const added = (await step('AddToCart', token)).addToCart as { __typename: string; id: string; itemCount: number };
    expect(added).toMatchObject({ __typename: 'Cart', itemCount: variables.quantity });
    const cart = { ...token, 'x-cart-id': added.id };

    const voucher = (await step('ApplyVoucher', cart)).applyVoucher as { __typename: string; vouchers: { code: string; valid: boolean; discount: { withVat: number } }[] };
    expect(voucher).toEqual({ __typename: 'Cart', vouchers: [{ code: 'SLEVA200', valid: true, discount: { withVat: 20_000 } }] });

    // the ids in the example's variables are the demo shop's courier and bank transfer
    const methods = (await step('DeliveryAndPayment', cart)).deliveryMethods as unknown as { id: string; code: string; paymentMethods: { id: string; code: string }[] }[];
    const courier = methods.find((method) => method.id === variables.input.deliveryMethodId);
    expect(courier?.code, JSON.stringify(methods)).toBe('courier');
    expect(courier!.paymentMethods.find((payment) => payment.id === variables.input.paymentMethodId)?.code).toBe('bank-transfer');

    const checkout = ((await step('UpdateCheckout', cart)).updateCheckout as { checkout: { canPlaceOrder: boolean; revision: string; problems: unknown[]; totals: { discount: { withVat: number } } } }).checkout;
    expect(checkout).toMatchObject({ canPlaceOrder: true, problems: [], totals: { discount: { withVat: 20_000 } } });

    const order = (await step('PlaceOrder', cart, { revision: checkout.revision })).placeOrder as { __typename: string; status: string; number: string };
    expect(order).toMatchObject({ __typename: 'Order', status: 'NEW' });
    // sent again: the same order (as the comment says)
    const again = (await step('PlaceOrder', cart, { revision: checkout.revision })).placeOrder as { number: string };
    expect(again.number).toBe(order.number);
  });

  it('the public explorer refuses the flow\'s mutations and its cart fields', async () => {
    const flow = example('04-cart-to-order');
    const refused = await run(flow.document, 'AddToCart', variablesOf(flow), { 'x-shop-explorer': 'public' });
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.map((error) => error.extensions?.code)).toEqual(['FORBIDDEN']);
    const methods = await run(flow.document, 'DeliveryAndPayment', {}, { 'x-shop-explorer': 'public' });
    expect(methods.body.errors?.map((error) => error.extensions?.code)).toEqual(['FORBIDDEN']);
  });
});
