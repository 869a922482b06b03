// Forgotten password and password change (issue 7, item 3; requirements A1, A2, A4, A5, A6).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, DEFAULT_PASSWORD } from '../support/factories.ts';
import { findSession } from '../support/sessions.ts';
import { mailsTo } from '../support/mailbox.ts';
import { captchaToken } from '../support/captcha.ts';
import { settledResetRequests } from '../../bff/src/services/password-reset.ts';

const REQUEST = `
  mutation Request($input: RequestPasswordResetInput!) {
    requestPasswordReset(input: $input) {
      __typename
      ... on PasswordResetRequested { message }
      ... on Error { code message }
      ... on ValidationError { fieldErrors { field message } }
    }
  }`;
const RESET = `
  mutation Reset($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      __typename
      ... on Customer { id email }
      ... on Error { code message }
      ... on ValidationError { fieldErrors { field message } }
    }
  }`;
const CHANGE = `
  mutation Change($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      __typename
      ... on Customer { id email }
      ... on Error { code message }
      ... on ValidationError { fieldErrors { field message } }
    }
  }`;
const LOGIN = `mutation Login($input: LoginInput!) { login(input: $input) { __typename } }`;
const ME = `query { me { email } }`;

type Answer = { __typename: string; message?: string; code?: string; email?: string; fieldErrors?: { field: string; message: string }[] };

let app: TestApp;
let ipCounter = 0;
function browser(): TestClient {
  ipCounter += 1;
  return app.newClient({ 'x-forwarded-for': `192.0.2.${ipCounter % 250}`, 'x-forwarded-for-test': String(ipCounter) });
}
let emailCounter = 0;
function freshEmail(): string {
  emailCounter += 1;
  return `heslo${emailCounter}-${Date.now()}@example.cz`;
}

async function request(client: TestClient, email: string, headers: Record<string, string> = {}, captcha?: string | null): Promise<Answer> {
  const token = captcha === undefined ? await captchaToken(app, 'PASSWORD_RESET') : captcha;
  const response = await client.gql<{ requestPasswordReset: Answer }>(REQUEST, { input: { email, captcha: token } }, headers);
  expect(response.errors).toBeUndefined();
  return response.data!.requestPasswordReset;
}

async function reset(client: TestClient, token: string, password: string, confirmation = password, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await client.gql<{ resetPassword: Answer }>(RESET, { input: { token, password, passwordConfirmation: confirmation } }, headers);
  expect(response.errors).toBeUndefined();
  return response.data!.resetPassword;
}

async function login(client: TestClient, email: string, password: string): Promise<string> {
  const response = await client.gql<{ login: { __typename: string } }>(LOGIN, { input: { email, password } });
  return response.data!.login.__typename;
}

/** The token of the newest reset e-mail to this address, read from the link in the e-mail. */
async function tokenFromMail(email: string, language: 'cs' | 'en' = 'cs'): Promise<string> {
  const mails = await mailsTo(app, email);
  const last = mails[mails.length - 1];
  const prefix = language === 'cs' ? '/zmena-hesla/' : '/en/change-password/';
  const match = new RegExp(`${app.config.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${prefix}([A-Za-z0-9_-]+)`).exec(last.text);
  if (!match) throw new Error(`no reset link in: ${last.text}`);
  return match[1];
}

/** `me` of a browser whose session was ended: its CSRF token was bound to that session, so it fetches a new one first. */
async function meAfterFreshToken(client: TestClient): Promise<unknown> {
  const stale = await client.gql<{ me: unknown }>(ME);
  expect(stale.status).toBe(419);
  client.cookies.delete('XSRF-TOKEN');
  const response = await client.gql<{ me: unknown }>(ME);
  expect(response.errors).toBeUndefined();
  return response.data?.me;
}

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

describe(`forgotten password (${databaseKind})`, () => {
  it('answers the same for an unknown e-mail and sends the link only to an account, in its language', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    await app.prisma.customer.update({ where: { id: customer.id }, data: { language: 'en' } });
    const unknown = freshEmail();
    const known = await request(browser(), customer.email.toUpperCase());
    const other = await request(browser(), unknown);
    expect(known).toEqual(other);
    expect(known).toEqual({ __typename: 'PasswordResetRequested', message: expect.stringContaining('Pokud u nás účet') });

    expect(await mailsTo(app, unknown)).toHaveLength(0);
    const mails = await mailsTo(app, customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Reset your password/);
    expect(mails[0].text).toContain('60 minutes');
    const token = await tokenFromMail(customer.email, 'en');
    // A6: 256 random bits; the database holds only its SHA-256, and the sent e-mail's payload is emptied
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await app.prisma.passwordResetToken.findMany({ where: { customerId: customer.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(Math.abs(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime() - 60 * 60_000)).toBeLessThan(2000);
    const outbox = await app.prisma.mailOutbox.findMany({ where: { recipient: customer.email } });
    expect(JSON.stringify(outbox.map((row) => row.payload))).not.toContain(token);
  });

  it('requires a solved captcha for PASSWORD_RESET; without one nothing is counted or sent', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    const answer = await request(browser(), customer.email, { 'x-shop-language': 'en' }, null);
    expect(answer).toMatchObject({ __typename: 'ValidationError', fieldErrors: [{ field: 'captcha' }] });
    expect(await mailsTo(app, customer.email)).toHaveLength(0);
    expect(await app.prisma.passwordResetToken.count({ where: { customerId: customer.id } })).toBe(0);
  });

  it('A5: the answer does not wait for the account: it comes back before the lookup, even when that is slow', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    // every transaction of the app (the lookup, the token and the e-mail run in one) now waits 3 s first
    const original = app.prisma.$transaction.bind(app.prisma);
    const slowed = ((...args: Parameters<typeof original>) =>
      new Promise((resolve) => setTimeout(resolve, 3000)).then(() => original(...args))) as typeof original;
    Object.assign(app.prisma, { $transaction: slowed });
    try {
      for (const email of [customer.email, freshEmail()]) {
        const captcha = await captchaToken(app, 'PASSWORD_RESET');
        const started = performance.now();
        expect((await request(browser(), email, {}, captcha)).__typename).toBe('PasswordResetRequested');
        expect(performance.now() - started).toBeLessThan(2500);
      }
      expect(await app.prisma.passwordResetToken.count({ where: { customerId: customer.id } })).toBe(0);
      await settledResetRequests();
    } finally {
      Object.assign(app.prisma, { $transaction: original });
    }
    expect(await app.prisma.passwordResetToken.count({ where: { customerId: customer.id } })).toBe(1);
  });

  it('A5: an unknown e-mail takes as long as a known one', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    const client = browser();
    const time = async (email: string) => {
      const captcha = await captchaToken(app, 'PASSWORD_RESET');
      const started = performance.now();
      await request(client, email, {}, captcha);
      const elapsed = performance.now() - started;
      // the link is issued (and its e-mail sent) after the answer: let that finish outside the measured time
      await settledResetRequests();
      await app.mailer.idle();
      return elapsed;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // the per-account limit (5 an hour) is reset between rounds: the limit is not what is measured
    for (let i = 0; i < 30; i++) {
      await app.prisma.rateLimit.deleteMany();
      // alternating which goes first, so that whatever going first costs counts for both alike
      if (i % 2 === 0) {
        known.push(await time(customer.email));
        unknown.push(await time(freshEmail()));
      } else {
        unknown.push(await time(freshEmail()));
        known.push(await time(customer.email));
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    console.log(`password reset answer, median of 30: known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`);
    // Both paths run the same code up to the answer (the test above proves the lookup comes after it),
    // so what differs is the load of the machine the tests share: single answers vary by tens of
    // milliseconds here (either path came out ahead in repeated runs), so the medians are held to 20 ms
    // (40 ms on PGlite, whose queries run in this very thread).
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(databaseKind === 'postgres' ? 20 : 40);
    expect(await app.prisma.passwordResetToken.count({ where: { customerId: customer.id } })).toBe(30);
  });

  it('sets the new password once, signs the shopper in with a new session and ends every other session', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    const elsewhere = browser();
    expect(await login(elsewhere, customer.email, DEFAULT_PASSWORD)).toBe('Customer');
    const elsewhereSession = elsewhere.sessionId!;
    await request(browser(), customer.email);
    const token = await tokenFromMail(customer.email);
    // the e-mail says what a new password ends: sessions and the apps' access tokens (issue 40, item 6)
    expect((await mailsTo(app, customer.email)).at(-1)?.text).toContain('Nové heslo vás odhlásí na všech zařízeních a zruší přístupové tokeny aplikací');

    const client = browser();
    await client.ensureCsrfCookie();
    const before = client.sessionId!;
    expect(await reset(client, token, 'Nové-heslo-na-jaře')).toMatchObject({ __typename: 'Customer', email: customer.email });
    expect(client.sessionId).not.toBe(before);
    expect((await client.gql<{ me: { email: string } | null }>(ME)).data?.me?.email).toBe(customer.email);
    // the other browser is signed out: its session is gone from the store
    expect(await findSession(app.prisma, elsewhereSession)).toBeNull();
    expect(await meAfterFreshToken(elsewhere)).toBeNull();
    expect(await login(browser(), customer.email, DEFAULT_PASSWORD)).toBe('AuthenticationError');
    expect(await login(browser(), customer.email, 'Nové-heslo-na-jaře')).toBe('Customer');
    // single use
    expect(await reset(browser(), token, 'Jiné-heslo-2027', 'Jiné-heslo-2027', { 'x-shop-language': 'en' })).toEqual({
      __typename: 'PasswordChangeError',
      code: 'PASSWORD_CHANGE_FAILED',
      message: 'Password could not be changed. Please check the entered information',
    });
  });

  it('A6: 10 parallel redemptions of one token: exactly one succeeds', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    await request(browser(), customer.email);
    const token = await tokenFromMail(customer.email);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => reset(browser(), token, `Paralelní-heslo-${i}`)));
    const winners = answers.filter((answer) => answer.__typename === 'Customer');
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.__typename === 'PasswordChangeError')).toHaveLength(9);
    const index = answers.findIndex((answer) => answer.__typename === 'Customer');
    expect(await login(browser(), customer.email, `Paralelní-heslo-${index}`)).toBe('Customer');
  });

  it('A6: a link expires after 60 minutes and is void once a newer one is asked for or the password is changed', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    await request(browser(), customer.email);
    const expired = await tokenFromMail(customer.email);
    await app.prisma.passwordResetToken.updateMany({ where: { customerId: customer.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await reset(browser(), expired, 'Heslo-po-expiraci-1')).__typename).toBe('PasswordChangeError');

    await request(browser(), customer.email);
    const older = await tokenFromMail(customer.email);
    await request(browser(), customer.email);
    const newer = await tokenFromMail(customer.email);
    expect(newer).not.toBe(older);
    expect((await reset(browser(), older, 'Starší-odkaz-heslo-1')).__typename).toBe('PasswordChangeError');

    // a password change (signed in, with the old password) voids the newest link too
    const client = browser();
    expect(await login(client, customer.email, DEFAULT_PASSWORD)).toBe('Customer');
    const changed = await client.gql<{ changePassword: Answer }>(CHANGE, {
      input: { oldPassword: DEFAULT_PASSWORD, password: 'Změněné-heslo-42', passwordConfirmation: 'Změněné-heslo-42' },
    });
    expect(changed.data?.changePassword.__typename).toBe('Customer');
    expect((await reset(browser(), newer, 'Novější-odkaz-heslo-1')).__typename).toBe('PasswordChangeError');
    expect(await login(browser(), customer.email, 'Změněné-heslo-42')).toBe('Customer');
  });

  it('the new password follows the same rules: length, confirmation, common passwords', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    await request(browser(), customer.email);
    const token = await tokenFromMail(customer.email);
    expect((await reset(browser(), token, 'kratke')).fieldErrors).toEqual([{ field: 'password', message: 'Vyplňte prosím minimálně 8 znaků.' }]);
    expect((await reset(browser(), token, 'Dobré-heslo-99', 'Jiné-heslo-99')).fieldErrors).toEqual([
      { field: 'passwordConfirmation', message: 'Toto pole není validní.' },
    ]);
    expect((await reset(browser(), token, 'Baseball')).fieldErrors?.[0].field).toBe('password');
    // none of those used the token up
    expect((await reset(browser(), token, 'Konečně-dobré-heslo')).__typename).toBe('Customer');
  });

  it('A4: requests are limited per account and per client address, for unknown e-mails alike', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    const unknown = freshEmail();
    const knownAnswers: string[] = [];
    const unknownAnswers: string[] = [];
    for (let i = 0; i < 7; i++) {
      knownAnswers.push((await request(browser(), customer.email)).__typename);
      unknownAnswers.push((await request(browser(), unknown)).__typename);
    }
    expect(knownAnswers).toEqual([...Array(5).fill('PasswordResetRequested'), 'TooManyAttemptsError', 'TooManyAttemptsError']);
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(await app.prisma.passwordResetToken.count({ where: { customerId: customer.id } })).toBe(5);

    const address = app.newClient({ 'x-forwarded-for': '203.0.113.200' });
    const byAddress: string[] = [];
    for (let i = 0; i < 21; i++) byAddress.push((await request(address, freshEmail())).__typename);
    expect(byAddress.slice(0, 20).every((type) => type === 'PasswordResetRequested')).toBe(true);
    expect(byAddress[20]).toBe('TooManyAttemptsError');
  });
});

describe(`password change while signed in (${databaseKind})`, () => {
  it("refuses a wrong old password with the spec's message, and changes nothing", async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    const client = browser();
    expect(await login(client, customer.email, DEFAULT_PASSWORD)).toBe('Customer');
    const answer = await client.gql<{ changePassword: Answer }>(CHANGE, {
      input: { oldPassword: 'Spatne-heslo-1', password: 'Nové-heslo-1234', passwordConfirmation: 'Nové-heslo-1234' },
    });
    expect(answer.data?.changePassword).toEqual({
      __typename: 'PasswordChangeError',
      code: 'PASSWORD_CHANGE_FAILED',
      message: 'Heslo se nepodařilo změnit. Zkontrolujte prosím zadané údaje.',
    });
    expect(await login(browser(), customer.email, DEFAULT_PASSWORD)).toBe('Customer');
  });

  it('A2: a new session id for this browser, every other session ended', async () => {
    const customer = await createCustomer(app.prisma, { email: freshEmail() });
    const client = browser();
    const other = browser();
    expect(await login(client, customer.email, DEFAULT_PASSWORD)).toBe('Customer');
    expect(await login(other, customer.email, DEFAULT_PASSWORD)).toBe('Customer');
    const before = client.sessionId!;
    const answer = await client.gql<{ changePassword: Answer }>(CHANGE, {
      input: { oldPassword: DEFAULT_PASSWORD, password: 'Podzimní-listí-7', passwordConfirmation: 'Podzimní-listí-7' },
    });
    expect(answer.data?.changePassword.__typename).toBe('Customer');
    expect(client.sessionId).not.toBe(before);
    expect(await findSession(app.prisma, before)).toBeNull();
    expect((await client.gql<{ me: { email: string } | null }>(ME)).data?.me?.email).toBe(customer.email);
    expect(await meAfterFreshToken(other)).toBeNull();
  });

  it('is refused to a guest', async () => {
    const answer = await browser().gql(CHANGE, { input: { oldPassword: 'x', password: 'Nové-heslo-1234', passwordConfirmation: 'Nové-heslo-1234' } });
    expect(answer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
