// Availability watch (issue 9 item 2): a watch on a sold-out variant is stored once per e-mail and
// variant; when the stock goes from 0 to more, by any path (the stock service, plain SQL as an import
// or an order cancellation would run it), exactly one e-mail goes out through the outbox and SMTP, in
// the watcher's language, with the product link and an unsubscribe link; setting the stock again sends
// nothing more. Rate limited, captcha-protected, and the answers reveal nothing about other watchers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createProduct } from '../support/factories.ts';
import { gid } from '../support/global-id.ts';
import { captchaToken } from '../support/captcha.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';
import { parseStockCsv, setStock, StockInputError } from '../../bff/src/services/stock.ts';
import { RATE_RULES } from '../../bff/src/rate-limit/rate-limit.ts';
import { parseStockCommand } from '../../scripts/stock.ts';

let app: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // the app sends only when kicked (no interval), so each test knows when e-mail may go out
  app = await createTestApp({ config: { smtpUrl: smtp.url, mailIntervalMs: 0, publicUrl: 'https://shop.example' } });
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

beforeEach(async () => {
  await app.mailer.idle();
  smtp.received.length = 0;
});

type WatchAnswer = { watchAvailability: { __typename: string; email?: string; message?: string; fieldErrors?: { field: string; message: string }[] } };

const WATCH = `mutation($v: ID!, $e: String!, $c: String) {
  watchAvailability(variantId: $v, email: $e, captcha: $c) {
    __typename
    ... on AvailabilityWatchConfirmation { email }
    ... on Error { message }
    ... on ValidationError { fieldErrors { field message } }
  }
}`;

async function watch(client: TestClient, variantId: number, email: string, headers: Record<string, string> = {}) {
  const captcha = await captchaToken(client, 'AVAILABILITY_WATCH');
  const response = await client.gql<WatchAnswer>(WATCH, { v: gid('Variant', variantId), e: email, c: captcha }, headers);
  expect(response.errors).toBeUndefined();
  return response.data!.watchAvailability;
}

let addresses = 0;
/** A browser of its own client address (the app trusts X-Forwarded-For from loopback), so the per-address limit of one test does not spill into the next. */
function shopper(headers: Record<string, string> = {}): TestClient {
  addresses += 1;
  return app.newClient({ 'x-forwarded-for': `198.51.100.${addresses}`, ...headers });
}

/** Lets the app's sender deliver what is due, and waits until it has. */
async function deliver() {
  await app.mailer.sendNow();
  await app.mailer.idle();
}

function soldOutProduct(names = { cs: 'Dres Bohemians domácí', en: 'Bohemians home jersey' }) {
  return createProduct(app.prisma, { names, variants: [{ size: 'M', stock: 0 }, { size: 'L', stock: 5 }] });
}

describe(`availability watch (${databaseKind})`, () => {
  it('a watch on a sold-out size: exactly one e-mail when the stock is set to 3, none when it is set again', async () => {
    const product = await soldOutProduct();
    const [sizeM] = product.variants;
    const browser = shopper();
    expect(await watch(browser, sizeM.id, ' Fanousek@Example.cz ')).toEqual({ __typename: 'AvailabilityWatchConfirmation', email: 'fanousek@example.cz' });
    // asking again stores nothing new
    expect(await watch(browser, sizeM.id, 'fanousek@example.cz')).toEqual({ __typename: 'AvailabilityWatchConfirmation', email: 'fanousek@example.cz' });
    expect(await app.prisma.availabilityWatch.count({ where: { variantId: sizeM.id } })).toBe(1);
    await deliver();
    expect(smtp.received).toHaveLength(0);

    expect(await setStock(app.prisma, [{ code: sizeM.code, quantity: 3 }])).toEqual([{ code: sizeM.code, previous: 0, stock: 3 }]);
    const [received] = await smtp.waitFor(1);
    await deliver();
    expect(smtp.received).toHaveLength(1);
    expect(received.to).toEqual(['fanousek@example.cz']);
    expect(received.mail.subject).toBe('Dres Bohemians domácí je znovu skladem');
    expect(received.mail.text).toContain('Dres Bohemians domácí – velikost M');
    expect(received.mail.text).toContain(`https://shop.example/produkt/${product.slug('cs')}`);
    const watchRow = await app.prisma.availabilityWatch.findFirstOrThrow({ where: { variantId: sizeM.id } });
    expect(watchRow.notifiedAt).not.toBeNull();
    expect(received.mail.text).toContain(`https://shop.example/hlidani-dostupnosti/zrusit/${watchRow.unsubscribeToken}`);
    expect(received.mail.html).toContain(`href="https://shop.example/hlidani-dostupnosti/zrusit/${watchRow.unsubscribeToken}"`);

    // set again (3 -> 3), more pieces (3 -> 7): nothing more
    await setStock(app.prisma, [{ code: sizeM.code, quantity: 3 }]);
    await setStock(app.prisma, [{ code: sizeM.code, quantity: 7 }]);
    await deliver();
    expect(smtp.received).toHaveLength(1);
    // sold out and back again: the watch has done its job, nothing more either
    await setStock(app.prisma, [{ code: sizeM.code, quantity: 0 }]);
    await setStock(app.prisma, [{ code: sizeM.code, quantity: 2 }]);
    await deliver();
    expect(smtp.received).toHaveLength(1);
  });

  it('any path that changes stock notifies: a plain SQL update (as an import or an order cancellation would run it)', async () => {
    const product = await soldOutProduct();
    const [sizeM] = product.variants;
    const english = shopper({ 'x-shop-language': 'en' });
    await watch(english, sizeM.id, 'supporter@example.com');
    // a guest order's cancellation puts pieces back with SQL of its own, not through services/stock.ts
    await app.prisma.$executeRaw`UPDATE "Variant" SET "stock" = "stock" + 2 WHERE "id" = ${sizeM.id}`;
    await deliver();
    expect(smtp.received).toHaveLength(1);
    const { mail, to } = smtp.received[0];
    expect(to).toEqual(['supporter@example.com']);
    expect(mail.subject).toBe('Bohemians home jersey is back in stock');
    expect(mail.text).toContain(`https://shop.example/en/product/${product.slug('en')}`);
    expect(mail.text).toMatch(/https:\/\/shop\.example\/en\/availability-watch\/cancel\/[A-Za-z0-9_-]{32}/);
  });

  it('a stock change that is rolled back sends nothing', async () => {
    const product = await soldOutProduct();
    const [sizeM] = product.variants;
    await watch(shopper(), sizeM.id, 'rollback@example.cz');
    await expect(
      app.prisma.$transaction(async (tx) => {
        await tx.$executeRaw`UPDATE "Variant" SET "stock" = 4 WHERE "id" = ${sizeM.id}`;
        throw new Error('import failed half-way');
      }),
    ).rejects.toThrow('import failed half-way');
    await deliver();
    expect(smtp.received).toHaveLength(0);
    expect((await app.prisma.availabilityWatch.findFirstOrThrow({ where: { variantId: sizeM.id } })).notifiedAt).toBeNull();
  });

  it('the unsubscribe link cancels the watches of that address, before the e-mail went out too', async () => {
    const product = await soldOutProduct();
    const other = await soldOutProduct({ cs: 'Šála', en: 'Scarf' });
    const client = shopper();
    await watch(client, product.variants[0].id, 'odhlasit@example.cz');
    await watch(client, other.variants[0].id, 'odhlasit@example.cz');
    await watch(client, other.variants[0].id, 'jiny@example.cz');
    const row = await app.prisma.availabilityWatch.findFirstOrThrow({ where: { email: 'odhlasit@example.cz', variantId: product.variants[0].id } });
    const CANCEL = 'mutation($t: String!) { cancelAvailabilityWatches(token: $t) { __typename ... on AvailabilityWatchCancellation { cancelled } ... on Error { message } } }';
    const cancelled = await client.gql<{ cancelAvailabilityWatches: { __typename: string; cancelled?: number; message?: string } }>(CANCEL, { t: row.unsubscribeToken });
    expect(cancelled.data!.cancelAvailabilityWatches).toEqual({ __typename: 'AvailabilityWatchCancellation', cancelled: 2 });
    const again = await client.gql<{ cancelAvailabilityWatches: { __typename: string; message?: string } }>(CANCEL, { t: row.unsubscribeToken });
    expect(again.data!.cancelAvailabilityWatches).toEqual({
      __typename: 'NotFoundError',
      message: 'Tento odkaz pro zrušení hlídání už neplatí. Hlídání bylo možná zrušeno dříve.',
    });
    for (const token of ['', 'x'.repeat(32), 'a'.repeat(1500)]) {
      const guessed = await client.gql<{ cancelAvailabilityWatches: { __typename: string } }>(CANCEL, { t: token });
      expect(guessed.data!.cancelAvailabilityWatches.__typename).toBe('NotFoundError');
    }
    await setStock(app.prisma, [{ code: other.variants[0].code, quantity: 1 }]);
    await deliver();
    expect(smtp.received.map((received) => received.to)).toEqual([['jiny@example.cz']]);
  });

  it('a watch placed while the variant came back in stock is answered at once', async () => {
    const product = await createProduct(app.prisma, { variants: [{ size: 'S', stock: 2 }] });
    await watch(shopper(), product.variants[0].id, 'hned@example.cz');
    await deliver();
    expect(smtp.received.map((received) => received.to)).toEqual([['hned@example.cz']]);
  });

  it('answers the same for a new and a known watch (no enumeration), and no query lists watches', async () => {
    const product = await soldOutProduct();
    const variantId = product.variants[0].id;
    const first = await watch(shopper(), variantId, 'tajny@example.cz');
    const second = await watch(shopper(), variantId, 'tajny@example.cz');
    expect(second).toEqual(first);
    const schema = await shopper().gql<{ __schema: { queryType: { fields: { name: string }[] } } }>('{ __schema { queryType { fields { name } } } }');
    // introspection is off for browsers; when it is on, no query field names watches
    const names = schema.data?.__schema.queryType.fields.map((field) => field.name) ?? [];
    expect(names.filter((name) => /watch/i.test(name))).toEqual([]);
  });

  it('bad input is refused at its field, in the shopper language, and stores nothing', async () => {
    const product = await soldOutProduct();
    const variantId = product.variants[0].id;
    const client = shopper({ 'x-shop-language': 'en' });
    for (const email of ['', 'not-an-e-mail', `${'a'.repeat(250)}@example.cz`, 'a\u0000b@example.cz']) {
      const captcha = await captchaToken(client, 'AVAILABILITY_WATCH');
      const response = await client.gql<WatchAnswer>(WATCH, { v: gid('Variant', variantId), e: email, c: captcha });
      const answer = response.data?.watchAvailability;
      if (answer) {
        expect(answer.__typename).toBe('ValidationError');
        expect(answer.fieldErrors![0].field).toBe('email');
      } else {
        expect(response.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      }
    }
    const unknown = await watch(client, 2_000_000_000, 'ok@example.cz');
    expect(unknown).toMatchObject({ __typename: 'NotFoundError', message: 'This product variant is no longer available.' });
    const noCaptcha = await client.gql<WatchAnswer>(WATCH, { v: gid('Variant', variantId), e: 'ok@example.cz' });
    expect(noCaptcha.data!.watchAvailability.fieldErrors).toEqual([{ field: 'captcha', message: 'Please confirm that you are not a robot.' }]);
    expect(await app.prisma.availabilityWatch.count({ where: { variantId } })).toBe(0);
  });

  it(`is rate limited: ${RATE_RULES.availabilityWatchPerEmail.limit} requests an hour for one e-mail, then “too many attempts”`, async () => {
    const product = await soldOutProduct();
    const client = shopper();
    for (let index = 0; index < RATE_RULES.availabilityWatchPerEmail.limit; index += 1) {
      expect((await watch(client, product.variants[0].id, 'limit@example.cz')).__typename).toBe('AvailabilityWatchConfirmation');
    }
    const refused = await watch(client, product.variants[0].id, 'limit@example.cz');
    expect(refused.__typename).toBe('TooManyAttemptsError');
    expect(refused.message).toMatch(/^Příliš mnoho pokusů/);
  });

  it(`is rate limited per client address: ${RATE_RULES.availabilityWatchPerIp.limit} requests an hour, whatever the e-mail`, async () => {
    const product = await soldOutProduct();
    const client = shopper({ 'x-shop-language': 'en' });
    for (let index = 0; index < RATE_RULES.availabilityWatchPerIp.limit; index += 1) {
      expect((await watch(client, product.variants[0].id, `fan${index}@example.cz`)).__typename).toBe('AvailabilityWatchConfirmation');
    }
    const refused = await watch(client, product.variants[0].id, 'one-more@example.cz');
    expect(refused).toMatchObject({ __typename: 'TooManyAttemptsError', message: expect.stringMatching(/^Too many attempts. Please try again in (59|60) min.$/) });
    expect(await app.prisma.availabilityWatch.count({ where: { email: 'one-more@example.cz' } })).toBe(0);
    // another address is not held up
    expect((await watch(shopper(), product.variants[0].id, 'one-more@example.cz')).__typename).toBe('AvailabilityWatchConfirmation');
  });

  it('one watch per request: aliases cannot sign up several addresses in one document', async () => {
    const product = await soldOutProduct();
    const client = shopper();
    const [first, second] = [await captchaToken(client, 'AVAILABILITY_WATCH'), await captchaToken(client, 'AVAILABILITY_WATCH')];
    const response = await client.gql(
      `mutation($v: ID!, $a: String, $b: String) {
        one: watchAvailability(variantId: $v, email: "jedna@example.cz", captcha: $a) { __typename }
        two: watchAvailability(variantId: $v, email: "dva@example.cz", captcha: $b) { __typename }
      }`,
      { v: gid('Variant', product.variants[0].id), a: first, b: second },
    );
    expect(response.data ?? null).toBeNull();
    expect(response.errors?.[0].message).toMatch(/watchAvailability/);
    expect(await app.prisma.availabilityWatch.count({ where: { variantId: product.variants[0].id } })).toBe(0);
  });

  it('a logged-in customer’s watch carries her account', async () => {
    const product = await soldOutProduct();
    const customer = await createCustomer(app.prisma);
    const client = shopper();
    await client.gql('mutation($e: String!, $p: String!) { login(input: { email: $e, password: $p }) { __typename } }', { e: customer.email, p: customer.password });
    await watch(client, product.variants[0].id, customer.email);
    const row = await app.prisma.availabilityWatch.findFirstOrThrow({ where: { variantId: product.variants[0].id } });
    expect(row.customerId).toBe(customer.id);
  });
});

describe('stock changes by the shop owner', () => {
  it('sets several variants from a CSV in one transaction: an unknown code changes nothing', async () => {
    const product = await createProduct(app.prisma, { variants: [{ stock: 1 }, { stock: 2 }] });
    const [first, second] = product.variants;
    expect(parseStockCsv(`kód;množství\n${first.code};5\n\n# note\n"${second.code}",0\n`)).toEqual([
      { code: first.code, quantity: 5 },
      { code: second.code, quantity: 0 },
    ]);
    await expect(setStock(app.prisma, [{ code: first.code, quantity: 9 }, { code: 'NO-SUCH', quantity: 1 }])).rejects.toThrow(StockInputError);
    expect((await app.prisma.variant.findUniqueOrThrow({ where: { id: first.id } })).stock).toBe(1);
    await expect(setStock(app.prisma, [{ code: product.code, quantity: 1 }])).rejects.toThrow(`"${product.code}" is a product; name one of its variants: ${first.code}, ${second.code}.`);
    expect(() => parseStockCsv(`${first.code};-1`)).toThrow('Line 1');
    expect(() => parseStockCsv(`${first.code};1\n${second.code};many`)).toThrow('Line 2');
    await expect(setStock(app.prisma, [{ code: first.code, quantity: 2_000_000 }])).rejects.toThrow(StockInputError);
  });

  it('the command line: set and import, with clear usage errors', () => {
    expect(parseStockCommand(['set', 'P1-1', '3'])).toEqual({ kind: 'set', code: 'P1-1', quantity: 3 });
    expect(parseStockCommand(['import', 'stock.csv'])).toEqual({ kind: 'import', file: 'stock.csv' });
    expect(() => parseStockCommand(['set', 'P1-1', '-3'])).toThrow(/whole number/);
    expect(() => parseStockCommand(['set', 'P1-1'])).toThrow(/variant code and a quantity/);
    expect(() => parseStockCommand(['drop'])).toThrow(/Unknown command/);
  });
});
