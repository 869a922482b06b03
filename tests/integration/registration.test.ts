// Registration (issue 7, item 1) and the password rules it proves (A1, A2, A5's registration limit).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createProduct } from '../support/factories.ts';
import { findSession } from '../support/sessions.ts';
import { mailsTo } from '../support/mailbox.ts';
import { captchaToken } from '../support/captcha.ts';

const REGISTER = `
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      __typename
      ... on Customer { id email firstName lastName phone newsletter }
      ... on Error { code message }
      ... on ValidationError { fieldErrors { field message } }
      ... on TooManyAttemptsError { retryAfterSeconds }
    }
  }`;
const ME = `query { me { id email firstName } }`;
const LOGIN = `mutation Login($input: LoginInput!) { login(input: $input) { __typename ... on Error { code message } } }`;

type RegisterResult = {
  register: {
    __typename: string;
    id?: string;
    email?: string;
    code?: string;
    message?: string;
    fieldErrors?: { field: string; message: string }[];
  };
};

let app: TestApp;
let ipCounter = 0;

/** A browser from an address of its own, so the per-address registration limit stays out of the way. */
function browser(): TestClient {
  ipCounter += 1;
  return app.newClient({ 'x-forwarded-for': `198.51.100.${ipCounter}` });
}

let emailCounter = 0;
function input(overrides: Record<string, unknown> = {}) {
  emailCounter += 1;
  return {
    email: `nova.zakaznice${emailCounter}@example.cz`,
    phone: '+420 601 234 567',
    firstName: 'Tereza',
    lastName: 'Svobodová',
    password: 'Zelený-kopec-2026',
    passwordConfirmation: 'Zelený-kopec-2026',
    newsletter: false,
    consent: true,
    ...overrides,
  };
}

/** Registers with a fresh captcha token unless the values bring their own `captcha` (or null). */
async function registerWith(client: TestClient, values: Record<string, unknown>, headers: Record<string, string> = {}) {
  const captcha = 'captcha' in values ? values.captcha : await captchaToken(app, 'REGISTRATION');
  const response = await client.gql<RegisterResult>(REGISTER, { input: { ...values, captcha } }, headers);
  expect(response.errors).toBeUndefined();
  return response.data!.register;
}

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

describe(`registration (${databaseKind})`, () => {
  it('creates the account, signs the shopper in with a new session id and sends a welcome e-mail in her language', async () => {
    const client = browser();
    await client.ensureCsrfCookie();
    const before = client.sessionId!;
    const values = input({ email: '  Nova.Registrace@Example.CZ ', newsletter: true });
    const result = await registerWith(client, values, { 'x-shop-language': 'en' });
    expect(result).toMatchObject({ __typename: 'Customer', email: 'nova.registrace@example.cz', firstName: 'Tereza', newsletter: true });

    // A2: the session id changed, the old one is gone from the store, the new one is signed in
    expect(client.sessionId).not.toBe(before);
    expect(await findSession(app.prisma, before)).toBeNull();
    const me = await client.gql<{ me: { email: string } | null }>(ME);
    expect(me.data?.me?.email).toBe('nova.registrace@example.cz');

    const stored = await app.prisma.customer.findUniqueOrThrow({ where: { email: 'nova.registrace@example.cz' } });
    expect(stored.termsAcceptedAt).toBeInstanceOf(Date);
    expect(stored.privacyAcceptedAt).toBeInstanceOf(Date);
    expect(stored.language).toBe('en');
    // one stored form of a phone (decision 0033)
    expect(stored.phone).toBe('+420601234567');
    expect(await app.prisma.newsletterSubscription.count({ where: { email: stored.email, customerId: stored.id } })).toBe(1);

    const mails = await mailsTo(app, 'nova.registrace@example.cz');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Welcome to /);
    expect(mails[0].text).toContain('Hello Tereza');
    expect(mails[0].text).not.toContain(values.password as string);
  });

  it('checks every field with the spec messages in Czech, keeps nothing, and requires the consent', async () => {
    const client = browser();
    const result = await registerWith(client, {
      email: 'neni-email',
      phone: '12',
      firstName: '   ',
      lastName: 'x'.repeat(101),
      password: 'kratke',
      passwordConfirmation: 'jine-heslo',
      newsletter: false,
      consent: false,
    });
    expect(result.__typename).toBe('ValidationError');
    const byField = Object.fromEntries(result.fieldErrors!.map((error) => [error.field, error.message]));
    expect(byField).toEqual({
      email: 'Pole musí obsahovat platný email.',
      phone: expect.any(String),
      firstName: 'Toto pole je povinné.',
      lastName: 'Vyplňte prosím maximálně 100 znaků.',
      password: 'Vyplňte prosím minimálně 8 znaků.',
      passwordConfirmation: 'Toto pole není validní.',
      consent: 'Toto pole je povinné.',
    });
    expect(await app.prisma.customer.count({ where: { email: 'neni-email' } })).toBe(0);
    expect((await client.gql<{ me: unknown }>(ME)).data?.me).toBeNull();
  });

  it('requires a solved captcha for REGISTRATION, used once, after the form is right', async () => {
    const values = input();
    const missing = await registerWith(browser(), { ...values, captcha: null }, { 'x-shop-language': 'en' });
    expect(missing).toMatchObject({ __typename: 'ValidationError', fieldErrors: [{ field: 'captcha' }] });
    const other = await registerWith(browser(), { ...values, captcha: await captchaToken(app, 'NEWSLETTER') });
    expect(other.fieldErrors?.map((error) => error.field)).toEqual(['captcha']);
    const token = await captchaToken(app, 'REGISTRATION');
    expect((await registerWith(browser(), { ...values, captcha: token })).__typename).toBe('Customer');
    const again = await registerWith(browser(), { ...input(), captcha: token });
    expect(again.fieldErrors?.map((error) => error.field)).toEqual(['captcha']);
    expect(await app.prisma.customer.count({ where: { email: values.email } })).toBe(1);
  });

  it('says that the e-mail has an account (in any letter case) and creates nothing', async () => {
    const existing = await createCustomer(app.prisma);
    const result = await registerWith(browser(), input({ email: existing.email.toUpperCase() }), { 'x-shop-language': 'en' });
    expect(result).toMatchObject({ __typename: 'EmailTakenError', code: 'EMAIL_TAKEN' });
    expect(result.message).toContain('already exists');
    expect(await app.prisma.customer.count({ where: { email: existing.email } })).toBe(1);
  });

  it('two registrations of one e-mail at once: one account, the other is told the e-mail exists', async () => {
    const values = input();
    const results = await Promise.all([registerWith(browser(), values), registerWith(browser(), values)]);
    expect(results.map((r) => r.__typename).sort()).toEqual(['Customer', 'EmailTakenError']);
    expect(await app.prisma.customer.count({ where: { email: values.email } })).toBe(1);
  });

  it('A1: argon2id with 19 MiB, t=2, p=1; 8 to 128 characters; no composition rules; the whole password counts', async () => {
    const client = browser();
    expect((await registerWith(client, input({ password: 'a'.repeat(7), passwordConfirmation: 'a'.repeat(7) }))).__typename).toBe('ValidationError');
    const tooLong = 'ž'.repeat(129);
    const refused = await registerWith(client, input({ password: tooLong, passwordConfirmation: tooLong }));
    expect(refused.fieldErrors).toEqual([{ field: 'password', message: 'Vyplňte prosím maximálně 128 znaků.' }]);

    // only lower-case letters, 8 of them: allowed (no composition rules)
    const simple = input({ password: 'vlkodlak', passwordConfirmation: 'vlkodlak' });
    expect((await registerWith(browser(), simple)).__typename).toBe('Customer');
    const stored = await app.prisma.customer.findUniqueOrThrow({ where: { email: simple.email } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // 128 characters, and no truncation: the same first 127 characters are not the password
    const long = `${'Dlouhé-heslo-'.repeat(9)}${'x'.repeat(11)}`;
    expect(Array.from(long)).toHaveLength(128);
    const longInput = input({ password: long, passwordConfirmation: long });
    expect((await registerWith(browser(), longInput)).__typename).toBe('Customer');
    const attempt = (password: string) =>
      browser().gql<{ login: { __typename: string } }>(LOGIN, { input: { email: longInput.email, password } });
    expect((await attempt(`${long.slice(0, 127)}y`)).data?.login.__typename).toBe('AuthenticationError');
    expect((await attempt(long.slice(0, 72))).data?.login.__typename).toBe('AuthenticationError');
    expect((await attempt(long)).data?.login.__typename).toBe('Customer');
  });

  it('A1: refuses the 10 000 most common passwords, also with capitals', async () => {
    for (const common of ['password1', 'Qwertyuiop', 'iloveyou', '12345678']) {
      const result = await registerWith(browser(), input({ password: common, passwordConfirmation: common }), { 'x-shop-language': 'en' });
      expect(result.fieldErrors, common).toEqual([{ field: 'password', message: 'This password is one of the most common ones; please choose another.' }]);
    }
  });

  it('carries the guest cart over to the new account', async () => {
    const product = await createProduct(app.prisma, { variants: [{ stock: 5 }] });
    const client = browser();
    const variantId = Buffer.from(`Variant:${product.variants[0].id}`).toString('base64');
    const added = await client.gql<{ addToCart: { __typename: string } }>(
      `mutation($id: ID!) { addToCart(variantId: $id, quantity: 2) { __typename } }`,
      { id: variantId },
    );
    expect(added.data?.addToCart.__typename).toBe('Cart');
    const values = input();
    expect((await registerWith(client, values)).__typename).toBe('Customer');
    const cart = await client.gql<{ cart: { itemCount: number } | null }>(`query { cart { itemCount } }`);
    expect(cart.data?.cart?.itemCount).toBe(2);
    const customer = await app.prisma.customer.findUniqueOrThrow({ where: { email: values.email }, include: { carts: true } });
    expect(customer.carts).toHaveLength(1);
  });

  it('A5: registrations are limited per client address (10 an hour), then a clear message', async () => {
    const client = app.newClient({ 'x-forwarded-for': '203.0.113.77' });
    for (let i = 0; i < 10; i++) {
      const result = await registerWith(client, input(), { 'x-shop-language': 'en' });
      expect(result.__typename, `registration ${i + 1}`).toBe('Customer');
    }
    const values = input();
    const refused = await registerWith(client, values, { 'x-shop-language': 'en' });
    expect(refused).toMatchObject({ __typename: 'TooManyAttemptsError', code: 'TOO_MANY_ATTEMPTS' });
    expect(refused.message).toMatch(/Too many attempts/);
    expect(await app.prisma.customer.count({ where: { email: values.email } })).toBe(0);
  });

  it('bad input (wrong types, hostile strings) is refused and changes nothing', async () => {
    const before = await app.prisma.customer.count();
    const client = browser();
    const wrongType = await client.gql(REGISTER, { input: { ...input(), consent: 'yes' } });
    expect(wrongType.errors?.length).toBeGreaterThan(0);
    const nul = await client.gql(REGISTER, { input: input({ firstName: 'Ja\u0000na' }) });
    expect(nul.errors?.length).toBeGreaterThan(0);
    const huge = await client.gql(REGISTER, { input: input({ lastName: 'x'.repeat(100_000) }) });
    expect(huge.errors?.length ?? 0).toBeGreaterThan(0);
    expect(await app.prisma.customer.count()).toBe(before);
  });
});
