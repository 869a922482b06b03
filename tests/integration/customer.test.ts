// Customer: signing in and out, and what the shop reveals about accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createProduct } from '../support/factories.ts';
import { findSession } from '../support/sessions.ts';
import { dbId, gid } from '../support/global-id.ts';

const LoginMutation = graphql(`
  mutation CustomerLogin($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on Customer {
        id
        email
        firstName
        lastName
      }
      ... on AuthenticationError {
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

const LogoutMutation = graphql(`
  mutation CustomerLogout {
    logout
  }
`);

const MeQuery = graphql(`
  query CustomerMe {
    me {
      id
      email
      firstName
    }
  }
`);

const CustomerCartQuery = graphql(`
  query CustomerCart {
    cart {
      id
      itemCount
    }
  }
`);

const CustomerAddToCartMutation = graphql(`
  mutation CustomerAddToCart($variantId: ID!) {
    addToCart(variantId: $variantId) {
      __typename
      ... on Cart {
        id
      }
    }
  }
`);

let app: TestApp;
let customer: Awaited<ReturnType<typeof createCustomer>>;
let product: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  app = await createTestApp();
  customer = await createCustomer(app.prisma, { email: 'jana.novakova@example.cz', firstName: 'Jana' });
  product = await createProduct(app.prisma, { variants: [{ stock: 10 }] });
});

afterAll(async () => {
  await app?.close();
});

async function login(client: TestClient, email: string, password: string, headers?: Record<string, string>) {
  const response = await client.gql(LoginMutation, { input: { email, password } }, headers);
  expect(response.errors).toBeUndefined();
  return response.data!.login;
}

async function me(client: TestClient) {
  const response = await client.gql(MeQuery);
  expect(response.errors).toBeUndefined();
  return response.data!.me;
}

describe(`customer (${databaseKind})`, () => {
  it('a guest is nobody', async () => {
    expect(await me(app.newClient())).toBeNull();
  });

  it('logs in with the right password and is then known by `me`', async () => {
    const client = app.newClient();
    const result = await login(client, customer.email, customer.password);
    expect(result).toEqual({
      __typename: 'Customer',
      id: gid('Customer', customer.id),
      email: 'jana.novakova@example.cz',
      firstName: 'Jana',
      lastName: customer.lastName,
    });
    expect(await me(client)).toEqual({ id: gid('Customer', customer.id), email: customer.email, firstName: 'Jana' });
    // another browser is still a guest
    expect(await me(app.newClient())).toBeNull();
  });

  it('the e-mail is matched regardless of case', async () => {
    const client = app.newClient();
    const result = await login(client, 'Jana.Novakova@Example.CZ', customer.password);
    expect(result.__typename).toBe('Customer');
  });

  it('a wrong password and an unknown e-mail get the same answer', async () => {
    const wrongPassword = await login(app.newClient(), customer.email, 'Spatne-heslo-42');
    const unknownEmail = await login(app.newClient(), 'nikdo@example.cz', customer.password);
    expect(wrongPassword).toEqual({
      __typename: 'AuthenticationError',
      code: 'AUTHENTICATION',
      message: 'Při přihlašování nastala chyba. Zkontrolujte e-mail a heslo.',
    });
    expect(unknownEmail).toEqual(wrongPassword);
    const english = await login(app.newClient(), 'nikdo@example.cz', 'x', { 'x-shop-language': 'en' });
    expect(english).toMatchObject({ __typename: 'AuthenticationError', message: 'There was a problem logging in' });
  });

  it('a failed login does not sign anybody in', async () => {
    const client = app.newClient();
    await login(client, customer.email, 'Spatne-heslo-42');
    expect(await me(client)).toBeNull();
  });

  it('an invalid e-mail is a ValidationError on the email field, in Czech', async () => {
    const result = await login(app.newClient(), 'not-an-email', 'whatever');
    expect(result).toMatchObject({
      __typename: 'ValidationError',
      code: 'VALIDATION',
      fieldErrors: [{ field: 'email', message: 'Pole musí obsahovat platný email.' }],
    });
  });

  it('login issues a new session id and the old one stops working', async () => {
    const client = app.newClient();
    // a guest session first (it holds the cart)
    const added = await client.gql(CustomerAddToCartMutation, { variantId: gid('Variant', product.variants[0].id) });
    expect(added.data!.addToCart.__typename).toBe('Cart');
    const guestCookie = client.cookies.get('sid')!;
    const guestSessionId = client.sessionId!;
    expect(guestSessionId).toBeTruthy();
    expect(await findSession(app.prisma, guestSessionId)).not.toBeNull();

    expect((await login(client, customer.email, customer.password)).__typename).toBe('Customer');
    expect(client.cookies.get('sid')).not.toBe(guestCookie);
    expect(client.sessionId).not.toBe(guestSessionId);
    expect(await findSession(app.prisma, guestSessionId)).toBeNull();

    // the cart came along into the signed-in session and now belongs to the customer
    const cart = await client.gql(CustomerCartQuery);
    expect(cart.data!.cart).toMatchObject({ itemCount: 1 });
    const stored = await app.prisma.cart.findUnique({ where: { id: dbId(cart.data!.cart!.id) } });
    expect(stored!.customerId).toBe(customer.id);

    // someone holding the old cookie is not signed in
    const attacker = app.newClient();
    attacker.cookies.set('sid', guestCookie);
    expect(await me(attacker)).toBeNull();
  });

  it('logout forgets the customer', async () => {
    const client = app.newClient();
    await login(client, customer.email, customer.password);
    const signedInSessionId = client.sessionId!;
    expect(await findSession(app.prisma, signedInSessionId)).not.toBeNull();
    const response = await client.gql(LogoutMutation);
    expect(response.data).toEqual({ logout: true });
    expect(await me(client)).toBeNull();
    expect(await findSession(app.prisma, signedInSessionId)).toBeNull();
  });
});
