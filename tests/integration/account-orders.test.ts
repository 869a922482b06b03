// The account's orders (issue 7, item 6): her order list (newest first, paged) and one order's
// detail by its id, with the invoice PDF for the owner; a missing id reads exactly like someone
// else's order (null, and the invoice route's ordinary 404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createOrder, DEFAULT_PASSWORD } from '../support/factories.ts';
import { gid } from '../support/global-id.ts';
import { pdfText } from '../support/pdf-text.ts';

const MyOrders = graphql(`
  query AccountOrdersList($first: Int, $offset: Int) {
    me {
      id
      orders(first: $first, offset: $offset) {
        totalCount
        offset
        pageInfo {
          hasNextPage
          hasPreviousPage
        }
        edges {
          node {
            id
            number
            createdAt
            status
            currency
            totalToPay
          }
        }
      }
    }
  }
`);

const AccountOrder = graphql(`
  query AccountOrderDetail($databaseId: Int!) {
    accountOrder(databaseId: $databaseId) {
      id
      databaseId
      number
      status
      totalToPay
      invoiceAddress {
        firstName
        street
      }
      lines {
        name
        quantity
      }
      accountInvoiceUrl
    }
  }
`);

const Login = graphql(`
  mutation AccountOrdersLogin($input: LoginInput!) {
    login(input: $input) {
      __typename
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

async function newCustomer() {
  const customer = await createCustomer(app.prisma);
  const client = app.newClient();
  const login = await client.gql(Login, { input: { email: customer.email, password: DEFAULT_PASSWORD } });
  expect(login.data?.login.__typename).toBe('Customer');
  return { client, customer };
}

async function download(client: TestClient, path: string) {
  const response = await client.fetch(path);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('order list', () => {
  it('lists only her orders, newest first, with number, date, status and total, in pages', async () => {
    const { client, customer } = await newCustomer();
    const other = await createCustomer(app.prisma);
    for (let n = 0; n < 5; n++) {
      await createOrder(app.prisma, { customer, createdAt: new Date(Date.UTC(2026, 10, 1 + n, 10)), lines: [{ quantity: n + 1, unitPriceGross: 10_000 }] });
    }
    await createOrder(app.prisma, { customer: other });

    const first = await client.gql(MyOrders, { first: 2 });
    expect(first.errors).toBeUndefined();
    const page = first.data!.me!.orders;
    expect(page.totalCount).toBe(5);
    expect(page.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    expect(page.edges.map((e) => e.node.createdAt)).toEqual(['2026-11-05T10:00:00.000Z', '2026-11-04T10:00:00.000Z']);
    expect(page.edges[0].node).toMatchObject({ status: 'NEW', currency: 'CZK', totalToPay: 50_000 + 6_900 });
    expect(page.edges[0].node.number).toMatch(/^\d{10}$/);

    const last = await client.gql(MyOrders, { first: 2, offset: 4 });
    expect(last.data?.me?.orders).toMatchObject({ offset: 4, pageInfo: { hasNextPage: false, hasPreviousPage: true } });
    expect(last.data?.me?.orders.edges.map((e) => e.node.createdAt)).toEqual(['2026-11-01T10:00:00.000Z']);
  });

  it('is empty for a new customer and refuses a page size over 100', async () => {
    const { client } = await newCustomer();
    expect((await client.gql(MyOrders, {})).data?.me?.orders).toMatchObject({ totalCount: 0, edges: [] });
    const tooMany = await client.gql(MyOrders, { first: 101 });
    expect(tooMany.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('reads a page of orders in a fixed number of SQL statements, whatever its size', async () => {
    const { client, customer } = await newCustomer();
    for (let n = 0; n < 6; n++) await createOrder(app.prisma, { customer });
    const count = async (first: number) => {
      const before = app.queries.length;
      await client.gql(MyOrders, { first });
      return app.queries.slice(before).filter((sql) => /^\s*SELECT/i.test(sql) && !/"Session"|"RateLimit"/.test(sql)).length;
    };
    const statements = await count(1);
    expect(statements).toBeGreaterThan(0);
    expect(await count(6)).toBe(statements);
  });
});

describe('order detail', () => {
  it('shows her order by its id with the invoice download for the owner', async () => {
    const { client, customer } = await newCustomer();
    const order = await createOrder(app.prisma, { customer, lines: [{ name: 'Šála Sparta', quantity: 2 }] });
    const result = await client.gql(AccountOrder, { databaseId: order.id });
    expect(result.errors).toBeUndefined();
    expect(result.data?.accountOrder).toMatchObject({ id: gid('Order', order.id), databaseId: order.id, number: order.number, lines: [{ name: 'Šála Sparta', quantity: 2 }] });
    const url = result.data!.accountOrder!.accountInvoiceUrl;
    expect(url).toBe(`/ucet/objednavka/${order.id}/faktura.pdf`);

    const { response, bytes } = await download(client, url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="faktura-${order.number}.pdf"`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await pdfText(bytes)).toContain(order.number);

    const english = await client.gql(AccountOrder, { databaseId: order.id }, { 'x-shop-language': 'en' });
    expect(english.data?.accountOrder?.accountInvoiceUrl).toBe(`/en/account/order/${order.id}/invoice.pdf`);
    expect((await download(client, english.data!.accountOrder!.accountInvoiceUrl)).response.status).toBe(200);
  });

  it('reads an order with its lines in a fixed number of SQL statements, whatever the number of lines', async () => {
    const { client, customer } = await newCustomer();
    const small = await createOrder(app.prisma, { customer, lines: [{}] });
    const large = await createOrder(app.prisma, { customer, lines: [{}, {}, {}, {}, {}, {}] });
    const count = async (databaseId: number) => {
      const before = app.queries.length;
      const result = await client.gql(AccountOrder, { databaseId });
      expect(result.data?.accountOrder?.databaseId).toBe(databaseId);
      return app.queries.slice(before).filter((sql) => /^\s*SELECT/i.test(sql) && !/"Session"|"RateLimit"/.test(sql)).length;
    };
    const statements = await count(small.id);
    expect(statements).toBeGreaterThan(0);
    expect(await count(large.id)).toBe(statements);
  });

  it('answers a missing order exactly like a guest order or another customer’s: null and a 404 invoice', async () => {
    const { client } = await newCustomer();
    const guestOrder = await createOrder(app.prisma, { customer: null });
    for (const databaseId of [guestOrder.id, 2_000_000_000, 0, -5]) {
      const result = await client.gql(AccountOrder, { databaseId });
      expect(result.errors).toBeUndefined();
      expect(result.data?.accountOrder).toBeNull();
      const invoice = await client.fetch(`/ucet/objednavka/${databaseId}/faktura.pdf`);
      expect(invoice.status).toBe(404);
      expect(invoice.headers.get('content-type')).not.toContain('pdf');
    }
    for (const path of ['/ucet/objednavka/abc/faktura.pdf', `/ucet/objednavka/${gid('Order', guestOrder.id)}/faktura.pdf`, `/ucet/objednavka/${'9'.repeat(30)}/faktura.pdf`]) {
      expect((await client.fetch(path)).status).toBe(404);
    }
  });
});
