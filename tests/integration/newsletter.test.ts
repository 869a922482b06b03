// Newsletter sign-up: a valid e-mail is stored once; the spec makes a repeated sign-up an error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { captchaToken } from '../support/captcha.ts';

const SubscribeMutation = graphql(`
  mutation TestSubscribeNewsletter($email: String!, $captcha: String) {
    subscribeNewsletter(email: $email, captcha: $captcha) {
      __typename
      ... on NewsletterSubscription {
        email
      }
      ... on Error {
        code
        message
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

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

describe(`newsletter (${databaseKind})`, () => {
  it('subscribes an e-mail, stored lower-cased and trimmed', async () => {
    const response = await app.newClient().gql(SubscribeMutation, { email: '  Petr.Dvorak@Example.CZ ', captcha: await captchaToken(app, 'NEWSLETTER') });
    expect(response.data?.subscribeNewsletter).toEqual({ __typename: 'NewsletterSubscription', email: 'petr.dvorak@example.cz' });
    expect(await app.prisma.newsletterSubscription.count({ where: { email: 'petr.dvorak@example.cz' } })).toBe(1);
  });

  it('refuses an e-mail that is already subscribed, in the shopper language', async () => {
    const client = app.newClient();
    await client.gql(SubscribeMutation, { email: 'eva@example.cz', captcha: await captchaToken(app, 'NEWSLETTER') });
    const cs = await client.gql(SubscribeMutation, { email: 'EVA@example.cz', captcha: await captchaToken(app, 'NEWSLETTER') });
    expect(cs.data?.subscribeNewsletter).toMatchObject({ code: 'ALREADY_SUBSCRIBED', message: 'Tento e-mail už odebírá naše novinky.' });
    const en = await client.gql(SubscribeMutation, { email: 'eva@example.cz', captcha: await captchaToken(app, 'NEWSLETTER') }, { 'x-shop-language': 'en' });
    expect(en.data?.subscribeNewsletter).toMatchObject({ message: 'This e-mail is already subscribed to the newsletter.' });
    expect(await app.prisma.newsletterSubscription.count({ where: { email: 'eva@example.cz' } })).toBe(1);
  });

  it('rejects an invalid or oversized e-mail with a field message and stores nothing', async () => {
    const before = await app.prisma.newsletterSubscription.count();
    for (const email of ['', 'not-an-email', `${'a'.repeat(300)}@example.cz`]) {
      const response = await app.newClient().gql(SubscribeMutation, { email });
      expect(response.data?.subscribeNewsletter.__typename, email).toBe('ValidationError');
    }
    const invalid = await app.newClient().gql(SubscribeMutation, { email: 'not-an-email' });
    expect(invalid.data?.subscribeNewsletter).toMatchObject({ fieldErrors: [{ field: 'email', message: 'Pole musí obsahovat platný email.' }] });
    expect(await app.prisma.newsletterSubscription.count()).toBe(before);
  });
});
