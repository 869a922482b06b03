// The self-hosted captcha: a token is good once, for its own action, before it expires, and only when
// this shop's key signed it. The newsletter sign-up requires one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { captchaChallenge, captchaToken, solveCaptcha } from '../support/captcha.ts';
import { verifyCaptcha } from '../../bff/src/services/captcha.ts';

const Subscribe = `mutation TestCaptchaSubscribe($email: String!, $captcha: String) {
  subscribeNewsletter(email: $email, captcha: $captcha) {
    __typename
    ... on NewsletterSubscription { email }
    ... on ValidationError { code message fieldErrors { field message } }
  }
}`;

type SubscribeAnswer = {
  subscribeNewsletter: { __typename: string; email?: string; fieldErrors?: { field: string; message: string }[] };
};

let app: TestApp;
let other: TestApp;

beforeAll(async () => {
  [app, other] = await Promise.all([
    createTestApp(),
    createTestApp({ config: { captchaSecret: 'another-shop-captcha-key-0123456789abcdef' } }),
  ]);
});

afterAll(async () => {
  await Promise.all([app?.close(), other?.close()]);
});

let n = 0;
const freshEmail = () => `captcha-${Date.now()}-${(n += 1)}@example.cz`;

async function subscribe(email: string, captcha: string | null, language: 'cs' | 'en' = 'cs') {
  const response = await app.gql<SubscribeAnswer, Record<string, unknown>>(Subscribe, { email, captcha }, { headers: { 'x-shop-language': language } });
  expect(response.errors).toBeUndefined();
  return response.data!.subscribeNewsletter;
}

describe(`captcha (${databaseKind})`, () => {
  it('hands out a signed challenge bound to the action, expiring in 10 minutes', async () => {
    const challenge = await captchaChallenge(app, 'NEWSLETTER');
    expect(challenge.parameters.algorithm).toBe('SHA-256');
    expect(challenge.parameters.data).toMatchObject({ action: 'newsletter' });
    expect(typeof challenge.signature).toBe('string');
    const seconds = challenge.parameters.expiresAt! - Date.now() / 1000;
    expect(seconds).toBeGreaterThan(590);
    expect(seconds).toBeLessThanOrEqual(600);
  });

  it('a solved token lets the newsletter sign-up through, once', async () => {
    const token = await captchaToken(app, 'NEWSLETTER');
    const email = freshEmail();
    expect(await subscribe(email, token)).toEqual({ __typename: 'NewsletterSubscription', email });
    const again = await subscribe(freshEmail(), token);
    expect(again.__typename).toBe('ValidationError');
    expect(again.fieldErrors).toEqual([{ field: 'captcha', message: 'Ověření, že nejste robot, se nepodařilo. Zkuste to prosím znovu.' }]);
    expect(await app.prisma.captchaUse.count({ where: { action: 'newsletter' } })).toBeGreaterThanOrEqual(1);
  });

  it('without a token the sign-up asks for it at the captcha field, in the shopper language, and stores nothing', async () => {
    const email = freshEmail();
    expect((await subscribe(email, null)).fieldErrors).toEqual([{ field: 'captcha', message: 'Potvrďte prosím, že nejste robot.' }]);
    expect((await subscribe(email, '', 'en')).fieldErrors).toEqual([{ field: 'captcha', message: 'Please confirm that you are not a robot.' }]);
    expect(await app.prisma.newsletterSubscription.count({ where: { email } })).toBe(0);
  });

  it('ten parallel redemptions of one token: exactly one succeeds', async () => {
    const token = await captchaToken(app, 'NEWSLETTER');
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => verifyCaptcha(app, 'newsletter', token)));
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'used')).toHaveLength(9);
  });

  it('a token of another action is refused', async () => {
    const token = await captchaToken(app, 'REGISTRATION');
    expect(await verifyCaptcha(app, 'newsletter', token)).toBe('wrongAction');
    const answer = await subscribe(freshEmail(), await captchaToken(app, 'VOUCHER_CHECK'));
    expect(answer.fieldErrors?.[0].field).toBe('captcha');
  });

  it('a token signed with another site key is refused', async () => {
    const foreign = await captchaToken(other, 'NEWSLETTER');
    expect(await verifyCaptcha(app, 'newsletter', foreign)).toBe('wrongSite');
    expect((await subscribe(freshEmail(), foreign)).__typename).toBe('ValidationError');
  });

  it('an expired token is refused with its own message', async () => {
    const challenge = await captchaChallenge(app, 'NEWSLETTER');
    const token = await solveCaptcha(challenge);
    const expired = { ...challenge, parameters: { ...challenge.parameters, expiresAt: Math.floor(Date.now() / 1000) - 1 } };
    const forgedExpiry = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(token, 'base64').toString()), challenge: expired })).toString('base64');
    expect(await verifyCaptcha(app, 'newsletter', forgedExpiry)).toBe('expired');
    const fieldErrors = (await subscribe(freshEmail(), forgedExpiry, 'en')).fieldErrors;
    expect(fieldErrors).toEqual([{ field: 'captcha', message: 'The check that you are not a robot has expired. Please confirm again.' }]);
  });

  it('tampered, unsigned, wrong or hostile tokens are refused and change nothing', async () => {
    const challenge = await captchaChallenge(app, 'NEWSLETTER');
    const token = await solveCaptcha(challenge);
    const payload = JSON.parse(Buffer.from(token, 'base64').toString());
    const wrongKey = { ...payload, solution: { ...payload.solution, derivedKey: '00'.repeat(32) } };
    const retargeted = { ...payload, challenge: { ...challenge, parameters: { ...challenge.parameters, data: { ...challenge.parameters.data, action: 'registration' } } } };
    const unsigned = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 5, deriveKey, data: challenge.parameters.data });
    const before = await app.prisma.captchaUse.count();
    const tokens = [
      Buffer.from(JSON.stringify(wrongKey)).toString('base64'),
      Buffer.from(JSON.stringify(retargeted)).toString('base64'),
      await solveCaptcha(unsigned),
      'not base64 !',
      Buffer.from('{"challenge": null}').toString('base64'),
      Buffer.from('[1,2,3]').toString('base64'),
      'A'.repeat(100_000),
      '\u0000',
    ];
    for (const bad of tokens) expect(['invalid', 'wrongAction'], bad.slice(0, 40)).toContain(await verifyCaptcha(app, 'newsletter', bad));
    expect(await app.prisma.captchaUse.count()).toBe(before);
    // the good token still works afterwards
    expect(await verifyCaptcha(app, 'newsletter', token)).toBe('ok');
  });

  it('the voucher check asks for a captcha only after 3 checks from one address in 10 minutes', async () => {
    const client = app.newClient({ 'x-forwarded-for': '10.99.0.1' });
    const check = async (captcha: string | null) => {
      const response = await client.gql<{ checkVoucher: { __typename: string; problem?: string; fieldErrors?: { field: string }[] } }, Record<string, unknown>>(
        'query TestCaptchaVoucher($code: String!, $captcha: String) { checkVoucher(code: $code, captcha: $captcha) { __typename ... on VoucherError { problem } ... on ValidationError { fieldErrors { field } } } }',
        { code: 'NEEXISTUJE', captcha },
      );
      return response.data!.checkVoucher;
    };
    for (let i = 0; i < 3; i += 1) expect(await check(null)).toMatchObject({ __typename: 'VoucherError', problem: 'NOT_FOUND' });
    expect(await check(null)).toEqual({ __typename: 'ValidationError', fieldErrors: [{ field: 'captcha' }] });
    expect(await check(await captchaToken(app, 'NEWSLETTER'))).toMatchObject({ __typename: 'ValidationError' });
    expect(await check(await captchaToken(app, 'VOUCHER_CHECK'))).toMatchObject({ __typename: 'VoucherError', problem: 'NOT_FOUND' });
    // another address still has its free checks
    const other = await app.newClient({ 'x-forwarded-for': '10.99.0.2' }).gql<{ checkVoucher: { __typename: string } }, Record<string, unknown>>(
      'query TestCaptchaVoucherOther($code: String!) { checkVoucher(code: $code) { __typename } }',
      { code: 'NEEXISTUJE' },
    );
    expect(other.data!.checkVoucher.__typename).toBe('VoucherError');
  });

  it('the challenge query rejects an unknown action', async () => {
    const response = await app.gql('query { captchaChallenge(action: ADMIN) { challenge } }');
    expect(response.errors?.[0].message).toMatch(/ADMIN/);
  });
});
