// The return protocol (issue 9 item 3): validated by the shared rules (bank account in Czech form or
// IBAN, czech.md vectors), tied to the shopper's own order, saved with its goods in one transaction and
// confirmed by an e-mail whose PDF holds the order number; and the store hours the store pages show.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createOrder, createStore, DEFAULT_PASSWORD } from '../support/factories.ts';
import { pdfText } from '../support/pdf-text.ts';
import { captchaToken } from '../support/captcha.ts';
import { pragueClock, addDays } from '../../schema/rules/opening-hours.ts';

const Submit = `
  mutation SubmitReturn($input: ReturnProtocolInput!) {
    submitReturnProtocol(input: $input) {
      __typename
      ... on ReturnProtocol { id number orderNumber email lines { productTitle productCode quantity reason } }
      ... on ValidationError { message fieldErrors { field message } }
      ... on Error { code message }
    }
  }
`;

// the picker's orders: her own, as the account pages list them
const Orders = `
  query ReturnOrders {
    me { orders(first: 20) { edges { node { number lines { name productCode variantCode size quantity } } } } }
  }
`;
type OrdersAnswer = { me: { orders: { edges: { node: { number: string; lines: { name: string; productCode: string }[] } }[] } } | null };

const Login = `
  mutation ReturnsLogin($input: LoginInput!) { login(input: $input) { __typename } }
`;

type SubmitResult = {
  submitReturnProtocol: {
    __typename: string;
    id?: string;
    number?: string;
    orderNumber?: string;
    email?: string;
    code?: string;
    message?: string;
    lines?: { productTitle: string; productCode: string; quantity: number; reason: string }[];
    fieldErrors?: { field: string; message: string }[];
  };
};

let app: TestApp;
let ipCounter = 0;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

/** A client from an address of its own, so the per-address limit of one test never touches another. */
function client(headers: Record<string, string> = {}): TestClient {
  ipCounter += 1;
  return app.newClient({ 'x-forwarded-for': `198.51.100.${ipCounter}`, ...headers });
}

/** The form as sent from an order's summary link (with its secret), or with an order number alone. */
function form(order: { number: string; hash: string } | string, email: string, overrides: Record<string, unknown> = {}) {
  return {
    orderNumber: typeof order === 'string' ? order : order.number,
    ...(typeof order === 'string' ? {} : { orderHash: order.hash }),
    lines: [
      { productTitle: 'Dres Slavia Praha domácí', productCode: 'SLA-H-24', quantity: 1, reason: 'Páraný šev na rukávu' },
      { productTitle: 'Šála Žlutá', productCode: 'SAL-01' },
    ],
    bankAccount: '19-2000145399/0800',
    firstName: 'Řehoř',
    lastName: 'Čížek',
    email,
    phone: '+420 601 234 567',
    street: 'Žižkova 5',
    city: 'České Budějovice',
    postcode: '37001',
    country: 'CZ',
    note: 'Prosím o vrácení peněz.',
    ...overrides,
  };
}

/** Sends the protocol with a freshly solved captcha (unless the input names its own). */
async function submit(c: TestClient, input: Record<string, unknown>, language: 'cs' | 'en' = 'cs') {
  const withCaptcha = 'captcha' in input ? input : { ...input, captcha: await captchaToken(app, 'RETURN_PROTOCOL') };
  const response = await c.gql<SubmitResult>(Submit, { input: withCaptcha }, { 'x-shop-language': language });
  expect(response.errors).toBeUndefined();
  return response.data!.submitReturnProtocol;
}

async function mailsTo(recipient: string) {
  await app.mailer.idle();
  const files = (await readdir(app.config.mailDir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));
  const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(app.config.mailDir, file)))));
  return mails.filter((mail) => mail.to && JSON.stringify(mail.to).includes(recipient));
}

describe(`return protocol (${databaseKind})`, () => {
  it('saves a guest’s protocol with its goods and e-mails the PDF that holds the order number', async () => {
    const order = await createOrder(app.prisma, { email: 'rehor.cizek@example.cz' });
    const result = await submit(client(), form(order, 'Rehor.Cizek@example.cz', { phone: '00420 601-234-567' }));

    expect(result.__typename).toBe('ReturnProtocol');
    expect(result.number).toMatch(/^R\d{4}\d{6}$/);
    expect(result.orderNumber).toBe(order.number);
    expect(result.lines).toEqual([
      { productTitle: 'Dres Slavia Praha domácí', productCode: 'SLA-H-24', quantity: 1, reason: 'Páraný šev na rukávu' },
      { productTitle: 'Šála Žlutá', productCode: 'SAL-01', quantity: 1, reason: '' },
    ]);
    const saved = await app.prisma.complaint.findUniqueOrThrow({ where: { number: result.number! }, include: { lines: true } });
    expect(saved).toMatchObject({ orderId: order.id, customerId: null, email: 'rehor.cizek@example.cz', phone: '+420601234567', postcode: '370 01', bankAccount: '19-2000145399/0800' });
    expect(saved.lines).toHaveLength(2);

    const outbox = await app.prisma.mailOutbox.findUniqueOrThrow({ where: { dedupeKey: `returnProtocol:${saved.id}` } });
    expect(outbox).toMatchObject({ kind: 'returnProtocol', recipient: 'rehor.cizek@example.cz', language: 'cs' });
    await app.mailer.sendNow();
    const [mail] = await mailsTo('rehor.cizek@example.cz');
    expect(mail.subject).toBe(`Reklamační protokol č. ${result.number}`);
    const pdf = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(pdf?.filename).toBe(`reklamace-${result.number}.pdf`);
    const text = (await pdfText(pdf!.content)).replace(/\s+/g, ' ');
    expect(text).toContain('Reklamační protokol');
    expect(text).toContain(`Číslo objednávky ${order.number}`);
    expect(text).toContain('Řehoř Čížek');
    // the country by name, as the invoice prints it
    expect(text).toContain('370 01 České Budějovice Česká republika');
    // the phone typed as '00420 601-234-567', stored in one form and printed grouped
    expect(text).toContain('Telefon: +420 601 234 567');
    expect(text).not.toMatch(/\bCZ\b/);
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(text).toContain('Dres Slavia Praha domácí');
    expect(text).toContain('CZ65 0800 0000 1920 0014 5399');
  });

  it.each(['19-2000145399/0800', '2000145399/0800', 'CZ65 0800 0000 1920 0014 5399', 'CZ6508000000192000145399', 'DE89 3704 0044 0532 0130 00'])(
    'accepts the refund account %s',
    async (bankAccount) => {
      const order = await createOrder(app.prisma);
      const result = await submit(client(), form(order, order.email, { bankAccount }));
      expect(result.__typename).toBe('ReturnProtocol');
    },
  );

  it.each(['19-2000145399/0801', '19-2000145398/0800', '2000145399/9999', 'CZ65 0800 0000 1920 0014 5398', '12-34/0800', 'účet'])(
    'refuses the refund account %s at its field and saves nothing',
    async (bankAccount) => {
      const order = await createOrder(app.prisma);
      const before = await app.prisma.complaint.count();
      const result = await submit(client(), form(order, order.email, { bankAccount }));
      expect(result.__typename).toBe('ValidationError');
      expect(result.fieldErrors).toEqual([{ field: 'bankAccount', message: 'Číslo bankovního účtu není platné.' }]);
      expect(await app.prisma.complaint.count()).toBe(before);
    },
  );

  it('refuses a 5-digit order number and letters in the bank code with the spec’s messages, in both languages, and saves nothing', async () => {
    const order = await createOrder(app.prisma);
    const before = await app.prisma.complaint.count();
    const c = client();
    const czech = await submit(c, form({ number: '20260', hash: order.hash }, order.email, { bankAccount: '19-2000145399', bankCode: '08O0' }));
    expect(czech.__typename).toBe('ValidationError');
    expect(czech.fieldErrors).toEqual([
      { field: 'orderNumber', message: 'Vyplňte prosím přesně 10 znaků.' },
      { field: 'bankCode', message: 'Pole musí obsahovat pouze číslice.' },
    ]);
    const english = await submit(c, form({ number: `${order.number}A`, hash: order.hash }, order.email, { bankAccount: '19-2000145399', bankCode: '080' }), 'en');
    expect(english.fieldErrors).toEqual([
      { field: 'orderNumber', message: 'This field may contain digits only.' },
      { field: 'bankCode', message: 'Please enter exactly 4 characters.' },
    ]);
    const missingCode = await submit(c, form(order, order.email, { bankAccount: '19-2000145399' }));
    expect(missingCode.fieldErrors).toEqual([{ field: 'bankCode', message: 'Toto pole je povinné.' }]);
    expect(await app.prisma.complaint.count()).toBe(before);
  });

  it('saves an account typed as number and bank code as one account, and finds an order number typed with spaces', async () => {
    const order = await createOrder(app.prisma);
    const spaced = `${order.number.slice(0, 4)} ${order.number.slice(4)}`;
    const result = await submit(client(), form({ number: ` ${spaced} `, hash: order.hash }, order.email, { bankAccount: '19-2000145399', bankCode: ' 0800' }));
    expect(result.__typename).toBe('ReturnProtocol');
    expect(result.orderNumber).toBe(order.number);
    const saved = await app.prisma.complaint.findUniqueOrThrow({ where: { number: result.number! } });
    expect(saved.bankAccount).toBe('19-2000145399/0800');
  });

  it('answers in English, with each problem at its field (goods rows included)', async () => {
    const order = await createOrder(app.prisma);
    const result = await submit(
      client(),
      form(order, order.email, {
        bankAccount: '19-2000145399/0801',
        phone: '12',
        postcode: 'ABCDE',
        lines: [{ productTitle: 'Dres', productCode: '' }, { productTitle: 'x'.repeat(201), productCode: 'A1', quantity: 100 }],
      }),
      'en',
    );
    expect(result.__typename).toBe('ValidationError');
    expect(result.fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'bankAccount', message: 'The bank account number is not valid' },
        { field: 'phone', message: 'Enter a valid phone number.' },
        { field: 'postcode', message: 'This field may contain digits only.' },
        { field: 'lines.0.productCode', message: 'This field is required.' },
        { field: 'lines.1.productTitle', message: 'Please enter at most 200 characters.' },
        { field: 'lines.1.quantity', message: 'The quantity must be from 1 to 99 pieces.' },
      ]),
    );
    const none = await submit(client(), form(order, order.email, { lines: [] }));
    expect(none.fieldErrors).toEqual([{ field: 'lines', message: 'Uveďte prosím alespoň jeden vracený produkt.' }]);
  });

  it('refuses hostile input with a clear error and changes nothing', async () => {
    const order = await createOrder(app.prisma);
    const before = await app.prisma.complaint.count();
    const c = client();
    const nul = await c.gql<SubmitResult>(Submit, { input: form(order, order.email, { note: 'a\u0000b' }) });
    expect(nul.errors?.[0].message).toBeTruthy();
    const huge = await c.gql<SubmitResult>(Submit, { input: form(order, order.email, { note: 'x'.repeat(50_000) }) });
    expect(huge.errors?.[0].message ?? huge.data?.submitReturnProtocol.__typename).toBeTruthy();
    const wrongType = await c.gql<SubmitResult>(Submit, { input: form(order, order.email, { lines: 'Dres' }) });
    expect(wrongType.errors?.length).toBeGreaterThan(0);
    expect(await app.prisma.complaint.count()).toBe(before);
  });

  it('requires a solved captcha, used once', async () => {
    const order = await createOrder(app.prisma);
    const before = await app.prisma.complaint.count();
    const missing = await submit(client(), form(order, order.email, { captcha: null }));
    expect(missing.__typename).toBe('ValidationError');
    expect(missing.fieldErrors?.map((error) => error.field)).toEqual(['captcha']);
    const token = await captchaToken(app, 'RETURN_PROTOCOL');
    expect((await submit(client(), form(order, order.email, { captcha: token }))).__typename).toBe('ReturnProtocol');
    const reused = await submit(client(), form(order, order.email, { captcha: token }));
    expect(reused.fieldErrors?.map((error) => error.field)).toEqual(['captcha']);
    const otherAction = await submit(client(), form(order, order.email, { captcha: await captchaToken(app, 'NEWSLETTER') }));
    expect(otherAction.fieldErrors?.map((error) => error.field)).toEqual(['captcha']);
    expect(await app.prisma.complaint.count()).toBe(before + 1);
  });

  it('gives the same answer for a missing order and for someone else’s, and saves nothing', async () => {
    const order = await createOrder(app.prisma, { email: 'majitel@example.cz' });
    const before = await app.prisma.complaint.count();
    const foreign = await submit(client(), form(order, 'cizi@example.cz'));
    const wrongSecret = await submit(client(), form({ number: order.number, hash: 'a'.repeat(32) }, order.email));
    const missing = await submit(client(), form({ number: '2026999999', hash: 'a'.repeat(32) }, 'cizi@example.cz'));
    expect(foreign).toEqual(missing);
    expect(wrongSecret).toEqual(missing);
    expect(foreign).toMatchObject({ __typename: 'ReturnOrderNotFoundError', code: 'RETURN_ORDER_NOT_FOUND' });
    expect(await app.prisma.complaint.count()).toBe(before);
  });

  it('a guest order’s number and e-mail alone file nothing: a return with a refund account of one’s own needs the summary link’s secret', async () => {
    const order = await createOrder(app.prisma, { email: 'obet@example.cz' });
    const before = await app.prisma.complaint.count();
    // the attacker knows the (sequential) number and the e-mail, and gives his own account
    const attack = await submit(client(), form(order.number, 'obet@example.cz', { bankAccount: '2000145399/0800' }), 'en');
    expect(attack).toMatchObject({
      __typename: 'ReturnOrderNotFoundError',
      message: 'To return goods from an order placed without logging in, please use the “View your order” link in its confirmation e-mail. Orders from your account can be returned once you log in.',
    });
    // the same answer whether the order exists or not
    expect(await submit(client(), form('2026999998', 'obet@example.cz'), 'en')).toEqual(attack);
    // a signed-in stranger gets no further
    const stranger = await createCustomer(app.prisma);
    const c = client();
    expect((await c.gql<{ login: { __typename: string } }>(Login, { input: { email: stranger.email, password: DEFAULT_PASSWORD } })).data?.login.__typename).toBe('Customer');
    expect((await submit(c, form(order.number, 'obet@example.cz'))).__typename).toBe('ReturnOrderNotFoundError');
    expect(await app.prisma.complaint.count()).toBe(before);

    // the owner, from the confirmation e-mail's link
    const own = await submit(client(), form(order, 'obet@example.cz'));
    expect(own.__typename).toBe('ReturnProtocol');
    expect(await app.prisma.complaint.count()).toBe(before + 1);
  });

  it('lets a customer pick from her own orders and their lines, and return one under another e-mail', async () => {
    const jana = await createCustomer(app.prisma);
    const petr = await createCustomer(app.prisma);
    const older = await createOrder(app.prisma, { customer: jana, createdAt: new Date('2026-10-01T10:00:00Z'), lines: [{ name: 'Dres Sparta', size: 'L' }] });
    const newer = await createOrder(app.prisma, { customer: jana, createdAt: new Date('2026-11-01T10:00:00Z'), lines: [{ name: 'Mikina Baník' }, { name: 'Čepice' }] });
    await createOrder(app.prisma, { customer: petr });

    const guest = await client().gql<OrdersAnswer>(Orders);
    expect(guest.data?.me).toBeNull();

    const c = client();
    const login = await c.gql<{ login: { __typename: string } }>(Login, { input: { email: jana.email, password: DEFAULT_PASSWORD } });
    expect(login.data?.login.__typename).toBe('Customer');
    const mine = (await c.gql<OrdersAnswer>(Orders)).data!.me!.orders.edges.map((edge) => edge.node);
    expect(mine.map((o) => o.number)).toEqual([newer.number, older.number]);
    expect(mine[0].lines.map((line) => line.name)).toEqual(['Mikina Baník', 'Čepice']);

    const line = mine[1].lines[0];
    const result = await submit(c, form(older.number, 'jina-adresa@example.cz', { lines: [{ productTitle: line.name, productCode: line.productCode }] }));
    expect(result.__typename).toBe('ReturnProtocol');
    const saved = await app.prisma.complaint.findUniqueOrThrow({ where: { number: result.number! } });
    expect(saved.customerId).toBe(jana.id);

    // Petr's order is not hers, whatever e-mail she types
    const petrsOrder = await app.prisma.order.findFirstOrThrow({ where: { customerId: petr.id } });
    const refused = await submit(c, form(petrsOrder.number, 'jina-adresa@example.cz'));
    expect(refused.__typename).toBe('ReturnOrderNotFoundError');
  });

  it('limits protocols per client address (order numbers cannot be probed)', async () => {
    const order = await createOrder(app.prisma);
    const c = client();
    const answers: string[] = [];
    // well-formed numbers of no order (a malformed one is refused by the form's rules before anything is counted)
    for (let attempt = 0; attempt < 11; attempt++) answers.push((await submit(c, form(`2019${String(attempt).padStart(6, '0')}`, order.email))).__typename);
    expect(answers.slice(0, 10).every((answer) => answer === 'ReturnOrderNotFoundError')).toBe(true);
    expect(answers[10]).toBe('TooManyAttemptsError');
  });
});

describe(`store hours (${databaseKind})`, () => {
  const StoreHours = `
    query StoreHours($databaseId: Int!) {
      store(databaseId: $databaseId) {
        openingStatus { open closesAt holidayToday nextOpening { date opens } }
        specialDays { date opens closes }
      }
      mapSettings { tileUrl }
    }
  `;
  type Answer = {
    store: { openingStatus: { open: boolean; closesAt: string | null; holidayToday: boolean; nextOpening: { date: string; opens: string } | null }; specialDays: { date: string; opens: string | null; closes: string | null }[] };
    mapSettings: { tileUrl: string };
  };

  it('is closed on today’s holiday (a shop-wide day) and lists the special days ahead', async () => {
    const allWeek = [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, opens: '00:00', closes: '24:00' }));
    const store = await createStore(app.prisma, { openingHours: allWeek });
    const today = pragueClock(new Date()).date;
    const open = await app.gql<Answer>(StoreHours, { databaseId: store.id });
    expect(open.data?.store.openingStatus).toMatchObject({ open: true, closesAt: '24:00' });

    await app.prisma.storeSpecialDay.createMany({
      data: [
        { storeId: null, date: today },
        { storeId: store.id, date: addDays(today, 2), opens: '10:00', closes: '12:00' },
      ],
    });
    try {
      const closed = await app.gql<Answer>(StoreHours, { databaseId: store.id });
      expect(closed.data?.store.openingStatus).toMatchObject({ open: false, holidayToday: true, nextOpening: { date: addDays(today, 1), opens: '00:00' } });
      expect(closed.data?.store.specialDays).toEqual([
        { date: today, opens: null, closes: null },
        { date: addDays(today, 2), opens: '10:00', closes: '12:00' },
      ]);
      expect(closed.data?.mapSettings.tileUrl).toBe(app.config.mapTileUrl);
    } finally {
      await app.prisma.storeSpecialDay.deleteMany({ where: { storeId: null } });
    }
  });
});
