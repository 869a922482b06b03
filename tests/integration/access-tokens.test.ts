// Bearer token mode (issue 7, item 9; spec sections 6, 7): a customer's app logs in for a personal
// access token, sends it as `Authorization: Bearer`, lists and revokes its tokens. Tokens are stored
// hashed, expire, need no CSRF token, and another customer can neither see nor revoke them (S5).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createCustomer, DEFAULT_PASSWORD } from '../support/factories.ts';
import { operationHashes } from '../../web/app/gql/operation-hashes.ts';
import { mailsTo } from '../support/mailbox.ts';
import { captchaToken } from '../support/captcha.ts';

const LOGIN_WITH_TOKEN = `
  mutation Token($input: LoginWithTokenInput!) {
    loginWithToken(input: $input) {
      __typename
      ... on AccessTokenLogin { token accessToken { id prefix name expiresAt } }
      ... on Error { code message }
    }
  }`;
const TOKENS = `query { me { email accessTokens { id prefix name } } }`;
const REVOKE = `
  mutation Revoke($id: ID!) {
    revokeAccessToken(id: $id) {
      __typename
      ... on AccessToken { id prefix }
      ... on ValidationError { fieldErrors { field message } }
    }
  }`;

type TokenLogin = { token: string; accessToken: { id: string; prefix: string; name: string; expiresAt: string } };

let app: TestApp;
let ipCounter = 0;

async function tokenFor(email: string, name = 'Mobilní aplikace'): Promise<TokenLogin> {
  ipCounter += 1;
  const response = await app.gql<{ loginWithToken: TokenLogin & { __typename: string } }>(
    LOGIN_WITH_TOKEN,
    { input: { email, password: DEFAULT_PASSWORD, tokenName: name } },
    { headers: { 'x-forwarded-for': `198.19.0.${ipCounter}` } },
  );
  expect(response.data?.loginWithToken.__typename).toBe('AccessTokenLogin');
  return response.data!.loginWithToken;
}

/** A GraphQL request as an app sends it: the bearer token, no cookies, no CSRF token. */
async function withBearer<T>(token: string, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = response.status === 200 ? ((await response.json()) as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] }) : null;
  return { status: response.status, body };
}

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

describe(`personal access tokens (${databaseKind})`, () => {
  it('a login with the right password answers a token that is stored only as its SHA-256 and expires in 90 days', async () => {
    const customer = await createCustomer(app.prisma);
    const { token, accessToken } = await tokenFor(customer.email);
    expect(token).toMatch(/^shp_[0-9a-f]{8}_[0-9a-f]{64}$/);
    expect(accessToken.prefix).toBe(token.slice(4, 12));
    const row = await app.prisma.apiToken.findFirstOrThrow({ where: { customerId: customer.id } });
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.slice(13));
    const days = (new Date(accessToken.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
  });

  it('a wrong password gets the login error and no token', async () => {
    const customer = await createCustomer(app.prisma);
    const response = await app.gql<{ loginWithToken: { __typename: string; message: string } }>(
      LOGIN_WITH_TOKEN,
      { input: { email: customer.email, password: 'Spatne-heslo-1', tokenName: 'x' } },
      { headers: { 'x-shop-language': 'en', 'x-forwarded-for': '198.19.1.1' } },
    );
    expect(response.data?.loginWithToken).toEqual({ __typename: 'AuthenticationError', code: 'AUTHENTICATION', message: 'There was a problem logging in' });
    expect(await app.prisma.apiToken.count({ where: { customerId: customer.id } })).toBe(0);
  });

  it('the token acts as its customer without cookies or a CSRF token; cookies sent along are ignored', async () => {
    const customer = await createCustomer(app.prisma);
    const someoneElse = await createCustomer(app.prisma);
    const { token } = await tokenFor(customer.email);
    const me = await withBearer<{ me: { email: string } }>(token, `query { me { email } }`);
    expect(me.status).toBe(200);
    expect(me.body?.data?.me.email).toBe(customer.email);

    // another customer's browser session riding along changes nothing
    const browser = app.newClient({ 'x-forwarded-for': '198.19.2.1' });
    await browser.gql(`mutation($input: LoginInput!) { login(input: $input) { __typename } }`, { input: { email: someoneElse.email, password: DEFAULT_PASSWORD } });
    const mixed = await withBearer<{ me: { email: string } }>(token, `query { me { email } }`, undefined, { cookie: browser.cookieHeader() });
    expect(mixed.body?.data?.me.email).toBe(customer.email);
    // a token request has no session to sign in to: registering answers an error
    const register = await withBearer<{ register: { __typename: string } }>(
      token,
      `mutation { register(input: { email: "x@example.cz", firstName: "X", lastName: "Y", password: "Dlouhé-heslo-1", passwordConfirmation: "Dlouhé-heslo-1", consent: true }) { __typename } }`,
    );
    expect(register.body?.data?.register.__typename).not.toBe('Customer');
  });

  it("lists only the customer's own tokens; another customer can neither see nor revoke them", async () => {
    const owner = await createCustomer(app.prisma);
    const stranger = await createCustomer(app.prisma);
    const phone = await tokenFor(owner.email, 'Telefon');
    const tablet = await tokenFor(owner.email, 'Tablet');
    const strangers = await tokenFor(stranger.email, 'Cizí');

    const list = await withBearer<{ me: { accessTokens: { id: string; name: string }[] } }>(phone.token, TOKENS);
    expect(list.body?.data?.me.accessTokens.map((t) => t.name)).toEqual(['Tablet', 'Telefon']);
    const theirs = await withBearer<{ me: { accessTokens: { name: string }[] } }>(strangers.token, TOKENS);
    expect(theirs.body?.data?.me.accessTokens.map((t) => t.name)).toEqual(['Cizí']);

    const attempt = await withBearer<{ revokeAccessToken: { __typename: string } }>(strangers.token, REVOKE, { id: tablet.accessToken.id });
    expect(attempt.body?.data?.revokeAccessToken.__typename).toBe('ValidationError');
    expect((await withBearer(tablet.token, `query { me { email } }`)).status).toBe(200);
    // a malformed or foreign-typed id is the same "no such token"
    const wrongType = await withBearer<{ revokeAccessToken: { __typename: string } }>(phone.token, REVOKE, {
      id: Buffer.from(`Customer:${owner.id}`).toString('base64'),
    });
    expect(wrongType.body?.data?.revokeAccessToken.__typename).toBe('ValidationError');
  });

  it('a revoked or expired token stops working at once (401)', async () => {
    const customer = await createCustomer(app.prisma);
    const phone = await tokenFor(customer.email, 'Telefon');
    const tablet = await tokenFor(customer.email, 'Tablet');
    const revoked = await withBearer<{ revokeAccessToken: { __typename: string; prefix: string } }>(phone.token, REVOKE, { id: tablet.accessToken.id });
    expect(revoked.body?.data?.revokeAccessToken).toEqual({ __typename: 'AccessToken', id: tablet.accessToken.id, prefix: tablet.accessToken.prefix });
    expect((await withBearer(tablet.token, `query { me { email } }`)).status).toBe(401);

    await app.prisma.apiToken.updateMany({ where: { prefix: phone.accessToken.prefix }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await withBearer(phone.token, `query { me { email } }`)).status).toBe(401);
  });

  it('logout with a token revokes that token only (an app signing out), and needs no session', async () => {
    const customer = await createCustomer(app.prisma);
    const phone = await tokenFor(customer.email, 'Telefon');
    const tablet = await tokenFor(customer.email, 'Tablet');
    const logout = await withBearer<{ logout: boolean }>(phone.token, `mutation { logout }`);
    // (and, as every token answer, what the operation cost: extensions.cost)
    expect(logout.body).toEqual({ data: { logout: true }, extensions: { cost: expect.objectContaining({ requestedQueryCost: 0 }) } });
    expect((await withBearer(phone.token, `query { me { email } }`)).status).toBe(401);
    expect((await withBearer<{ me: { email: string } }>(tablet.token, `query { me { email } }`)).body?.data?.me?.email).toBe(customer.email);
  });

  it("a password change or a reset revokes every token of the customer (issue 40, item 6); another customer's token works on", async () => {
    const ME = `query { me { email } }`;
    const bystander = await createCustomer(app.prisma);
    const bystanders = await tokenFor(bystander.email, 'Cizí');

    // changed while signed in, in a browser
    const changer = await createCustomer(app.prisma);
    const phone = await tokenFor(changer.email, 'Telefon');
    const tablet = await tokenFor(changer.email, 'Tablet');
    expect((await withBearer<{ me: { email: string } }>(phone.token, ME)).body?.data?.me.email).toBe(changer.email);
    const browser = app.newClient({ 'x-forwarded-for': '198.19.40.1' });
    await browser.gql(`mutation($input: LoginInput!) { login(input: $input) { __typename } }`, { input: { email: changer.email, password: DEFAULT_PASSWORD } });
    const changed = await browser.gql<{ changePassword: { __typename: string } }>(
      `mutation($input: ChangePasswordInput!) { changePassword(input: $input) { __typename } }`,
      { input: { oldPassword: DEFAULT_PASSWORD, password: 'Tokeny-po-změně-1', passwordConfirmation: 'Tokeny-po-změně-1' } },
    );
    expect(changed.data?.changePassword.__typename).toBe('Customer');
    expect((await withBearer(phone.token, ME)).status).toBe(401);
    expect((await withBearer(tablet.token, ME)).status).toBe(401);

    // reset by the e-mailed link, which says so (in the account's language)
    const forgetful = await createCustomer(app.prisma);
    await app.prisma.customer.update({ where: { id: forgetful.id }, data: { language: 'en' } });
    const app1 = await tokenFor(forgetful.email, 'Aplikace');
    expect((await withBearer<{ me: { email: string } }>(app1.token, ME)).body?.data?.me.email).toBe(forgetful.email);
    const guest = app.newClient({ 'x-forwarded-for': '198.19.40.2' });
    await guest.gql(`mutation($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { __typename } }`, {
      input: { email: forgetful.email, captcha: await captchaToken(app, 'PASSWORD_RESET') },
    });
    const mails = await mailsTo(app, forgetful.email);
    expect(mails.at(-1)?.text).toContain('revokes the access tokens of apps');
    const resetToken = /\/en\/change-password\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text)![1];
    const reset = await guest.gql<{ resetPassword: { __typename: string } }>(
      `mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { __typename } }`,
      { input: { token: resetToken, password: 'Tokeny-po-obnově-1', passwordConfirmation: 'Tokeny-po-obnově-1' } },
    );
    expect(reset.data?.resetPassword.__typename).toBe('Customer');
    expect((await withBearer(app1.token, ME)).status).toBe(401);

    expect((await withBearer<{ me: { email: string } }>(bystanders.token, ME)).body?.data?.me.email).toBe(bystander.email);
    // a token taken after the change works: the revocation is of the tokens that existed then
    const fresh = await app.gql<{ loginWithToken: TokenLogin & { __typename: string } }>(
      LOGIN_WITH_TOKEN,
      { input: { email: changer.email, password: 'Tokeny-po-změně-1', tokenName: 'Nový telefon' } },
      { headers: { 'x-forwarded-for': '198.19.40.3' } },
    );
    expect((await withBearer(fresh.data!.loginWithToken.token, ME)).status).toBe(200);
  });

  it('customer tokens are not partner tokens: not in the partner list and not revocable by `npm run token`', async () => {
    const { listApiTokens, revokeApiToken } = await import('../../bff/src/services/api-tokens.ts');
    const customer = await createCustomer(app.prisma);
    const { accessToken } = await tokenFor(customer.email);
    expect((await listApiTokens(app.prisma)).map((t) => t.prefix)).not.toContain(accessToken.prefix);
    await expect(revokeApiToken(app.prisma, accessToken.prefix)).rejects.toThrow(/No token has the prefix/);
  });

  it("in production (trusted documents only) an app signs in, reads and revokes by the persisted documents' hashes, and nothing else runs", async () => {
    const production = await createTestApp({ databaseUrl: app.databaseUrl, config: { trustedDocumentsOnly: true } });
    try {
      const customer = await createCustomer(production.prisma);
      const persisted = (operationName: string, variables?: Record<string, unknown>) => ({
        operationName,
        variables,
        extensions: { persistedQuery: { version: 1, sha256Hash: operationHashes[operationName as keyof typeof operationHashes] } },
      });
      const post = async (body: unknown, token?: string) => {
        const response = await fetch(`${production.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.19.9.9', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
        type Answer = {
          loginWithToken: { __typename: string; token: string };
          me: { email: string; accessTokens: { id: string }[] } | undefined;
          revokeAccessToken: { __typename: string };
        };
        return { status: response.status, body: (await response.json()) as { data?: Answer; errors?: unknown[] } };
      };
      const login = await post(persisted('AppLoginWithToken', { input: { email: customer.email, password: DEFAULT_PASSWORD, tokenName: 'Aplikace' } }));
      expect(login.body.data?.loginWithToken.__typename).toBe('AccessTokenLogin');
      const token = login.body.data!.loginWithToken.token as string;
      const me = await post(persisted('AppMe'), token);
      expect(me.body.data?.me?.email).toBe(customer.email);
      expect(me.body.data?.me?.accessTokens).toHaveLength(1);
      // a document of its own is refused to a customer's token (only partners may send those)
      const arbitrary = await post({ query: '{ me { email } }' }, token);
      expect(arbitrary.body.data?.me).toBeUndefined();
      expect(arbitrary.body.errors?.length).toBeGreaterThan(0);
      const revoked = await post(persisted('AppRevokeAccessToken', { id: me.body.data!.me!.accessTokens[0].id }), token);
      expect(revoked.body.data?.revokeAccessToken.__typename).toBe('AccessToken');
      expect((await post(persisted('AppMe'), token)).status).toBe(401);
    } finally {
      await production.close();
    }
  });
});
