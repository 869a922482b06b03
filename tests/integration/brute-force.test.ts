// Brute force and aliased attempts (issue 8 finding 2; requirements G2, A4, A5): a sensitive action
// appears at most once per document; login is limited per account and per client address, the
// newsletter per address; the counters work the same in PostgreSQL and in Redis. Client addresses
// come from X-Forwarded-For, which the app trusts from loopback (the test clients' address).
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type GraphQLErrorShape, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer } from '../support/factories.ts';
import { captchaToken } from '../support/captcha.ts';
import { gid } from '../support/global-id.ts';
import { login as checkLogin } from '../../bff/src/services/auth.ts';
import { AuthenticationError, TooManyAttemptsError } from '../../bff/src/services/errors.ts';
import { createRateLimiter, RATE_RULES } from '../../bff/src/rate-limit/rate-limit.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const LoginMutation = graphql(`
  mutation BruteForceLogin($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on Error {
        code
        message
      }
      ... on TooManyAttemptsError {
        retryAfterSeconds
      }
    }
  }
`);

const LockedLoginMutation = graphql(`
  mutation BruteForceLockedLogin($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on Error {
        code
        message
      }
      ... on TooManyAttemptsError {
        captchaAccepted
      }
      ... on ValidationError {
        fieldErrors {
          field
          message
        }
      }
    }
  }
`);

const SubscribeMutation = graphql(`
  mutation BruteForceSubscribe($email: String!, $captcha: String) {
    subscribeNewsletter(email: $email, captcha: $captcha) {
      __typename
      ... on Error {
        code
        message
      }
    }
  }
`);

const MeQuery = graphql(`
  query BruteForceMe {
    me {
      id
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

/** A client address no other test (nor a parallel run sharing Redis) uses. */
function freshIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

function freshEmail(): string {
  return `zakaznik-${randomUUID().slice(0, 8)}@example.cz`;
}

function browser(target: TestApp, ip: string, headers: Record<string, string> = {}): TestClient {
  return target.newClient({ 'x-forwarded-for': ip, ...headers });
}

async function login(client: TestClient, email: string, password: string) {
  const response = await client.gql(LoginMutation, { input: { email, password } });
  expect(response.errors).toBeUndefined();
  return response.data!.login;
}

async function me(client: TestClient) {
  return (await client.gql(MeQuery)).data?.me ?? null;
}

function codes(errors: GraphQLErrorShape[] | undefined): unknown[] {
  return (errors ?? []).map((error) => error.extensions?.code);
}

describe(`sensitive actions at most once per document (${databaseKind})`, () => {
  // 50 aliases are over the alias limit too (graphql/server/operation-limits.ts), 10 are not: either way no attempt is made
  it.each([50, 10])('%i wrong and 1 right login aliased in one document: refused before anything runs, nobody signed in', async (wrongCount) => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    const client = browser(app, freshIp());
    const aliases = Array.from({ length: wrongCount }, (_, i) => `wrong${i}: login(input: $wrong) { __typename }`);
    const document = `mutation Guess($wrong: LoginInput!, $right: LoginInput!) {
      ${aliases.join('\n')}
      right: login(input: $right) { __typename ... on Customer { id } }
    }`;
    await client.ensureCsrfCookie(); // its session first: a new session is counted too (issue 31, finding 10)
    const countersBefore = await app.prisma.rateLimit.count();
    const response = await client.gql(document, {
      wrong: { email: customer.email, password: 'Spatne-heslo-1' },
      right: { email: customer.email, password: customer.password },
    });
    expect(response.data ?? undefined).toBeUndefined();
    expect(response.errors?.length).toBeGreaterThan(0);
    if (wrongCount <= 10) expect(codes(response.errors)).toEqual(['OPERATION_REPEATED']);
    expect(await me(client)).toBeNull();
    // not one attempt was made: no counter moved
    expect(await app.prisma.rateLimit.count()).toBe(countersBefore);
  });

  it.each([
    ['two aliases', `mutation { a: login(input: $i) { __typename } b: login(input: $i) { __typename } }`],
    ['a field and a fragment', `mutation { login(input: $i) { __typename } ...Again } fragment Again on Mutation { second: login(input: $i) { __typename } }`],
    ['a fragment spread twice', `mutation { ...Once ...Once } fragment Once on Mutation { login(input: $i) { __typename } }`],
    ['inline fragments', `mutation { ... on Mutation { a: login(input: $i) { __typename } } ... { b: login(input: $i) { __typename } } }`],
    ['nested fragments', `mutation { ...Outer } fragment Outer on Mutation { ...Inner x: login(input: $i) { __typename } } fragment Inner on Mutation { y: login(input: $i) { __typename } }`],
    ['two operations', `mutation A { login(input: $i) { __typename } } mutation B { login(input: $i) { __typename } }`],
  ])('refuses login twice through %s', async (_case, body) => {
    // every operation declares $i (the validation of the rest must pass, so only our rule refuses)
    const document = body.replace(/mutation( \w+)? \{/g, (_match, name = '') => `mutation${name}($i: LoginInput!) {`);
    const client = browser(app, freshIp());
    const response = await client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': await client.ensureCsrfCookie() },
      body: JSON.stringify({ query: document, variables: { i: { email: 'nikdo@example.cz', password: 'x' } }, operationName: body.includes('mutation A') ? 'A' : undefined }),
    });
    const result = (await response.json()) as { data?: unknown; errors?: GraphQLErrorShape[] };
    expect(result.data ?? undefined).toBeUndefined();
    expect(result.errors).toEqual([
      { message: 'Akci „login“ lze v jednom požadavku provést jen jednou.', extensions: { code: 'OPERATION_REPEATED' } },
    ]);
  });

  it('says so in English, names no internals, and refuses each repeated action', async () => {
    const client = browser(app, freshIp(), { 'x-shop-language': 'en' });
    const response = await client.gql(
      `mutation { a: subscribeNewsletter(email: "a@example.cz") { __typename } b: subscribeNewsletter(email: "b@example.cz") { __typename } }`,
    );
    expect(response.data ?? undefined).toBeUndefined();
    expect(response.errors).toEqual([
      { message: 'The action "subscribeNewsletter" can be performed only once per request.', extensions: { code: 'OPERATION_REPEATED' } },
    ]);
    expect(await app.prisma.newsletterSubscription.count({ where: { email: { in: ['a@example.cz', 'b@example.cz'] } } })).toBe(0);
  });

  it('one sensitive action, even through a fragment and beside other fields, runs normally', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    const client = browser(app, freshIp());
    const response = await client.gql(
      `mutation($i: LoginInput!) { ...SignIn } fragment SignIn on Mutation { login(input: $i) { __typename } }`,
      { i: { email: customer.email, password: customer.password } },
    );
    expect(response.errors).toBeUndefined();
    expect(response.data).toEqual({ login: { __typename: 'Customer' } });
    expect(await me(client)).toEqual({ id: gid('Customer', customer.id) });
  });
});

describe(`login brute force (${databaseKind})`, () => {
  it('30 wrong passwords in a row: from the 11th on "too many attempts", even with the right password', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    const client = browser(app, freshIp());
    const answers = [];
    for (let i = 0; i < 30; i += 1) answers.push(await login(client, customer.email, `Spatne-heslo-${i}`));
    expect(answers.slice(0, 10).every((answer) => answer.__typename === 'AuthenticationError')).toBe(true);
    expect(answers.slice(10).every((answer) => answer.__typename === 'TooManyAttemptsError')).toBe(true);
    expect(answers[10]).toEqual({
      __typename: 'TooManyAttemptsError',
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Příliš mnoho pokusů o přihlášení. Zkuste to prosím znovu za 15 min.',
      retryAfterSeconds: expect.any(Number),
    });
    const refused = answers[10] as { retryAfterSeconds: number };
    expect(refused.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);

    // the right password now gets the same refusal, and signs nobody in
    const right = await login(client, customer.email, customer.password);
    expect(right.__typename).toBe('TooManyAttemptsError');
    expect(await me(client)).toBeNull();
    // nor from another address: the account itself is held
    const elsewhere = browser(app, freshIp(), { 'x-shop-language': 'en' });
    expect(await login(elsewhere, customer.email.toUpperCase(), customer.password)).toMatchObject({
      __typename: 'TooManyAttemptsError',
      message: 'Too many login attempts. Please try again in 15 min.',
    });
  });

  it('an unknown e-mail gets exactly the same answers (no account enumeration)', async () => {
    const known = await createCustomer(app.prisma, { email: freshEmail() });
    const unknown = freshEmail();
    // the wait differs by the milliseconds between the two series; everything else must be equal
    const strip = (answer: Awaited<ReturnType<typeof login>>) => ({ ...answer, retryAfterSeconds: undefined });
    const knownAnswers = [];
    const unknownAnswers = [];
    const knownClient = browser(app, freshIp());
    const unknownClient = browser(app, freshIp());
    for (let i = 0; i < 12; i += 1) {
      knownAnswers.push(strip(await login(knownClient, known.email, `Spatne-heslo-${i}`)));
      unknownAnswers.push(strip(await login(unknownClient, unknown, `Spatne-heslo-${i}`)));
    }
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(knownAnswers.map((answer) => answer.__typename)).toEqual([
      ...Array(10).fill('AuthenticationError'),
      'TooManyAttemptsError',
      'TooManyAttemptsError',
    ]);
  });

  it('parallel wrong attempts at one account: exactly 10 are checked, the rest refused', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(browser(app, freshIp()), customer.email, `Spatne-heslo-${i}`)),
    );
    const types = answers.map((answer) => answer.__typename);
    expect(types.filter((type) => type === 'AuthenticationError')).toHaveLength(10);
    expect(types.filter((type) => type === 'TooManyAttemptsError')).toHaveLength(10);
  });

  it('a successful login clears the account count, not the address count', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    const ip = freshIp();
    const attacker = browser(app, ip);
    for (let i = 0; i < 9; i += 1) expect((await login(attacker, customer.email, 'Spatne-heslo')).__typename).toBe('AuthenticationError');
    expect((await login(browser(app, ip), customer.email, customer.password)).__typename).toBe('Customer');
    // 10 more failures are checked again
    for (let i = 0; i < 10; i += 1) expect((await login(attacker, customer.email, 'Spatne-heslo')).__typename).toBe('AuthenticationError');
    // that address has made 20 attempts: 10 more are allowed (30 in 15 minutes), at other accounts too
    const others = await Promise.all(Array.from({ length: 3 }, () => createCustomer(app.prisma, { email: freshEmail() })));
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await login(attacker, others[i % 3].email, 'Spatne-heslo'));
    expect(answers.every((answer) => answer.__typename === 'AuthenticationError')).toBe(true);
    // the 31st attempt from the address is refused even for a right password of an untouched account
    const client = browser(app, ip);
    const fresh = await createCustomer(app.prisma, { email: freshEmail() });
    expect((await login(client, fresh.email, fresh.password)).__typename).toBe('TooManyAttemptsError');
    expect(await me(client)).toBeNull();
    // the same account from another address is fine
    const elsewhere = browser(app, freshIp());
    expect((await login(elsewhere, fresh.email, fresh.password)).__typename).toBe('Customer');
  });

  it('the delay grows: after three rounds of 10 checked failures (15 minutes apart) the account waits hours, until a success', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    const limiter = createRateLimiter({ prisma: app.prisma, redisUrl: null });
    try {
      const deps = { prisma: app.prisma, rateLimiter: limiter, language: 'cs' as const };
      const attempt = (password: string) => checkLogin(deps, { email: customer.email, password, clientIp: freshIp() });
      for (let round = 0; round < 3; round += 1) {
        for (let i = 0; i < 10; i += 1) await expect(attempt(`Spatne-heslo-${round}-${i}`)).rejects.toBeInstanceOf(AuthenticationError);
        await expect(attempt('Spatne-heslo')).rejects.toBeInstanceOf(TooManyAttemptsError);
        await limiter.reset(RATE_RULES.loginPerAccount, customer.email); // the 15-minute window has passed
      }
      // the fourth round is refused at once, for hours, even with the right password
      const refused = await attempt(customer.password).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(TooManyAttemptsError);
      expect((refused as TooManyAttemptsError).retryAfterSeconds).toBeGreaterThan(5 * 60 * 60);
      // once that wait is over, a success clears both counts
      await limiter.reset(RATE_RULES.loginPerAccountLong, customer.email);
      expect(await attempt(customer.password)).toBe(customer.id);
      for (let i = 0; i < 10; i += 1) await expect(attempt(`Znovu-spatne-${i}`)).rejects.toBeInstanceOf(AuthenticationError);
    } finally {
      await limiter.close();
    }
  });

  it('an attacker’s lockout no longer locks the owner out: with a solved captcha she signs in from her own address', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    const attacker = browser(app, freshIp());
    for (let i = 0; i < 10; i += 1) expect((await login(attacker, customer.email, `Spatne-heslo-${i}`)).__typename).toBe('AuthenticationError');
    const owner = browser(app, freshIp(), { 'x-shop-language': 'en' });
    const attempt = async (client: TestClient, password: string, captcha: string | null) => {
      const response = await client.gql(LockedLoginMutation, { input: { email: customer.email, password, captcha } });
      expect(response.errors).toBeUndefined();
      return response.data!.login;
    };
    // without a captcha the account is held, and the answer says a captcha lets her through
    expect(await attempt(owner, customer.password, null)).toMatchObject({ __typename: 'TooManyAttemptsError', captchaAccepted: true });
    expect(await me(owner)).toBeNull();
    // a token of another action, or one used already, is refused at the field
    const used = await captchaToken(app, 'LOGIN');
    expect(await attempt(owner, 'Spatne-heslo', used)).toMatchObject({ __typename: 'AuthenticationError' });
    for (const token of [await captchaToken(app, 'NEWSLETTER'), used]) {
      expect(await attempt(owner, customer.password, token)).toMatchObject({
        __typename: 'ValidationError',
        fieldErrors: [{ field: 'captcha', message: 'The check that you are not a robot failed. Please try again.' }],
      });
    }
    expect(await me(owner)).toBeNull();
    expect(await attempt(owner, customer.password, await captchaToken(app, 'LOGIN'))).toMatchObject({ __typename: 'Customer' });
    expect(await me(owner)).not.toBeNull();
    // a captcha on an account that is not locked is not needed, and not used up
    const other = await createCustomer(app.prisma, { email: freshEmail() });
    const spare = await captchaToken(app, 'LOGIN');
    expect((await browser(app, freshIp()).gql(LockedLoginMutation, { input: { email: other.email, password: other.password, captcha: spare } })).data?.login.__typename).toBe('Customer');
    expect(await attempt(browser(app, freshIp()), 'Spatne-heslo', spare)).toMatchObject({ __typename: 'AuthenticationError' });
  });

  it('brute force stays stopped with solved captchas: 10 guesses per address, 50 per account in 6 hours, 30 per address in all', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    const limiter = createRateLimiter({ prisma: app.prisma, redisUrl: null });
    try {
      const deps = { prisma: app.prisma, rateLimiter: limiter, language: 'cs' as const };
      const solved = { check: async () => undefined };
      const ip = freshIp();
      const attempt = (password: string, clientIp = ip) => checkLogin(deps, { email: customer.email, password, clientIp }, solved);
      for (let i = 0; i < 10; i += 1) await expect(attempt(`Spatne-heslo-${i}`)).rejects.toBeInstanceOf(AuthenticationError);
      // locked: with a captcha, 10 more checked guesses from this address, then not even the right password
      for (let i = 0; i < 10; i += 1) await expect(attempt(`Znovu-${i}`)).rejects.toBeInstanceOf(AuthenticationError);
      const held = await attempt(customer.password).catch((error: unknown) => error);
      expect(held).toBeInstanceOf(TooManyAttemptsError);
      expect((held as TooManyAttemptsError).captchaAccepted).toBeFalsy();
      // the captcha never lifts the per-address limit: that address has made its 30 attempts ... almost
      for (let i = 0; i < 9; i += 1) await attempt('Spatne-heslo').catch(() => undefined);
      const otherAccount = await createCustomer(app.prisma, { email: freshEmail() });
      await expect(checkLogin(deps, { email: otherAccount.email, password: otherAccount.password, clientIp: ip })).rejects.toBeInstanceOf(
        TooManyAttemptsError,
      );
      // from other addresses: 50 guesses at the account in 6 hours (10 made, 39 more here), then none
      await limiter.consume(RATE_RULES.loginLockedPerAccount, customer.email, 39);
      await expect(attempt('Spatne-heslo', freshIp())).rejects.toBeInstanceOf(AuthenticationError);
      const refused = await attempt(customer.password, freshIp()).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(TooManyAttemptsError);
      expect((refused as TooManyAttemptsError).retryAfterSeconds).toBeGreaterThan(5 * 60 * 60);
    } finally {
      await limiter.close();
    }
  });

  it('input errors are not counted as attempts', async () => {
    const ip = freshIp();
    const client = browser(app, ip);
    for (let i = 0; i < 31; i += 1) expect((await login(client, 'not-an-email', 'x')).__typename).toBe('ValidationError');
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    expect((await login(browser(app, ip), customer.email, customer.password)).__typename).toBe('Customer');
  });
});

describe(`newsletter per address (${databaseKind})`, () => {
  it('10 sign-ups an hour from one address, then "too many attempts"; other addresses are not affected', async () => {
    const ip = freshIp();
    const client = browser(app, ip);
    const answers = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await client.gql(SubscribeMutation, { email: freshEmail(), captcha: await captchaToken(app, 'NEWSLETTER') });
      expect(response.errors).toBeUndefined();
      answers.push(response.data!.subscribeNewsletter);
    }
    expect(answers.slice(0, 10).every((answer) => answer.__typename === 'NewsletterSubscription')).toBe(true);
    expect(answers[10]).toEqual({
      __typename: 'TooManyAttemptsError',
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Příliš mnoho pokusů. Zkuste to prosím znovu za 60 min.',
    });
    expect(answers[11].__typename).toBe('TooManyAttemptsError');
    const english = await browser(app, ip, { 'x-shop-language': 'en' }).gql(SubscribeMutation, { email: freshEmail(), captcha: await captchaToken(app, 'NEWSLETTER') });
    expect(english.data!.subscribeNewsletter).toMatchObject({ message: 'Too many attempts. Please try again in 60 min.' });

    const other = await browser(app, freshIp()).gql(SubscribeMutation, { email: freshEmail(), captcha: await captchaToken(app, 'NEWSLETTER') });
    expect(other.data!.subscribeNewsletter.__typename).toBe('NewsletterSubscription');
  });
});

describe('limits kept in Redis', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    // two instances of the shop share one Redis; each has its own database here, with the same customer
    first = await createTestApp({ config: { redisUrl: REDIS_URL } });
    second = await createTestApp({ config: { redisUrl: REDIS_URL } });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('two instances count one account together; nothing is kept in their databases', async () => {
    const email = freshEmail();
    const password = 'Spravne-heslo-2026';
    await createCustomer(first.prisma, { email, password });
    await createCustomer(second.prisma, { email, password });
    const clients = [browser(first, freshIp()), browser(second, freshIp())];
    const answers = [];
    for (let i = 0; i < 12; i += 1) answers.push((await login(clients[i % 2], email, 'Spatne-heslo')).__typename);
    expect(answers).toEqual([...Array(10).fill('AuthenticationError'), 'TooManyAttemptsError', 'TooManyAttemptsError']);
    expect((await login(browser(first, freshIp()), email, password)).__typename).toBe('TooManyAttemptsError');
    expect(await first.prisma.rateLimit.count()).toBe(0);
    expect(await second.prisma.rateLimit.count()).toBe(0);
  });

  it('the newsletter limit per address holds across instances', async () => {
    const ip = freshIp();
    const clients = [browser(first, ip), browser(second, ip)];
    const answers = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await clients[i % 2].gql(SubscribeMutation, { email: freshEmail(), captcha: await captchaToken(first, 'NEWSLETTER') });
      answers.push(response.data!.subscribeNewsletter.__typename);
    }
    expect(answers).toEqual([...Array(10).fill('NewsletterSubscription'), 'TooManyAttemptsError']);
  });
});
