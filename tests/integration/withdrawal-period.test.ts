// The withdrawal period is the setting WITHDRAWAL_PERIOD_DAYS (issue 42 section 1, docs/decisions/0061):
// a shop that sets 30 offers the function until the 30th day after the delivery (or after the
// allowance while the order is not marked delivered) and refuses it after, in the offer, the check, the
// declaration and a guest's confirmation; the API states 30, and so do the order confirmation, the
// model form (its PDF and the one attached to the acknowledgement) and the terms and the returns page
// the seed writes from the same config. On today's main the period is the constant 14: the offer closes
// on 2 December, `periodDays` is unknown to the schema, and the e-mails and the seeded terms say 14.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createOrder, createProduct } from '../support/factories.ts';
import { pdfText } from '../support/pdf-text.ts';
import { inTransaction } from '../../bff/src/events/record.ts';
import { enqueueOrderConfirmation } from '../../bff/src/services/mail-outbox.ts';
import { MODEL_FORM_PDF_PATHS } from '../../schema/routes.ts';

const Offer = `
  query PeriodOffer($databaseId: Int!, $hash: String!) {
    order(databaseId: $databaseId, hash: $hash) {
      withdrawal { available periodDays lastDay unavailableReason }
    }
  }
`;
type OfferAnswer = { order: { withdrawal: { available: boolean; periodDays: number; lastDay: string | null; unavailableReason: string | null } } | null };

const Check = `
  mutation PeriodCheck($input: WithdrawalInput!) {
    checkWithdrawal(input: $input) { __typename ... on Error { code message } }
  }
`;
const Submit = `
  mutation PeriodSubmit($input: WithdrawalInput!) {
    submitWithdrawal(input: $input) { __typename ... on Withdrawal { databaseId state } ... on Error { code message } }
  }
`;
const Confirm = `
  mutation PeriodConfirm($token: String!) {
    confirmWithdrawal(token: $token) { __typename ... on Withdrawal { state } ... on Error { code message } }
  }
`;
const Page = `query PeriodPage($id: Int!) { infoPage(databaseId: $id) { body } }`;

type Outcome = { __typename: string; databaseId?: number; state?: string; code?: string; message?: string };

let app: TestApp;
let ip = 0;

beforeAll(async () => {
  app = await createTestApp({ config: { withdrawalPeriodDays: 30 } });
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => {
  app.clock.now = () => new Date();
});

function client(language: 'cs' | 'en' = 'cs'): TestClient {
  ip += 1;
  return app.newClient({ 'x-forwarded-for': `198.51.100.${ip}`, 'x-shop-language': language });
}

async function offerOf(order: { id: number; hash: string }) {
  const answer = await client().gql<OfferAnswer>(Offer, { databaseId: order.id, hash: order.hash });
  expect(answer.errors).toBeUndefined();
  return answer.data!.order!.withdrawal;
}

function input(order: { id: number; hash: string }, orderLineId: number) {
  return { orderId: order.id, orderHash: order.hash, items: [{ orderLineId, quantity: 1 }], name: 'Řehoř Čížek', email: 'rehor.cizek@example.cz', bankAccount: '19-2000145399/0800' };
}

async function orderWithGoods(createdAt: Date, language: 'cs' | 'en' = 'cs') {
  const product = await createProduct(app.prisma, { variants: [{ size: 'M', stock: 5 }] });
  const order = await createOrder(app.prisma, { createdAt, language, lines: [{ variant: product.variants[0], name: 'Dres domácí', quantity: 2 }] });
  const [line] = await app.prisma.orderLine.findMany({ where: { orderId: order.id } });
  return { order, line };
}

/** The e-mails sent so far to the address (whose subject holds `subjectPart`), oldest first. */
async function mailsTo(address: string, subjectPart: string) {
  await app.mailer.idle();
  await app.mailer.sendNow();
  const files = (await readdir(app.config.mailDir)).filter((name) => name.endsWith('.eml')).sort();
  const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(app.config.mailDir, file)))));
  return mails.filter((mail) => {
    const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
    return to.includes(address) && (mail.subject ?? '').includes(subjectPart);
  });
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe(`the withdrawal period set to 30 days (${databaseKind})`, () => {
  it('the function is offered until the 30th day after the allowance, and after a marked delivery until its 30th day; refused the day after', async () => {
    const { order, line } = await orderWithGoods(new Date('2026-11-02T10:00:00Z'));
    // 2 November + 16 days' allowance for delivery = 18 November; + 30 days = 18 December (with 14: 2 December)
    app.clock.now = () => new Date('2026-12-03T09:00:00Z');
    expect(await offerOf(order)).toEqual({ available: true, periodDays: 30, lastDay: '2026-12-18', unavailableReason: null });
    app.clock.now = () => new Date('2026-12-18T22:00:00Z'); // 18 December in Prague (23:00): the last day
    expect(await offerOf(order)).toMatchObject({ available: true, lastDay: '2026-12-18' });
    expect((await client().gql<{ checkWithdrawal: Outcome }>(Check, { input: input(order, line.id) })).data?.checkWithdrawal.__typename).toBe('WithdrawalDeclaration');

    app.clock.now = () => new Date('2026-12-18T23:30:00Z'); // 19 December in Prague
    expect(await offerOf(order)).toEqual({
      available: false,
      periodDays: 30,
      lastDay: '2026-12-18',
      unavailableReason: 'Lhůta pro odstoupení od této objednávky skončila 18. 12. 2026.',
    });
    expect((await client().gql<{ checkWithdrawal: Outcome }>(Check, { input: input(order, line.id) })).data?.checkWithdrawal).toMatchObject({
      __typename: 'WithdrawalRefusedError',
    });
    const late = await client().gql<{ submitWithdrawal: Outcome }>(Submit, { input: input(order, line.id) });
    expect(late.data?.submitWithdrawal).toMatchObject({ __typename: 'WithdrawalRefusedError', code: 'WITHDRAWAL_REFUSED' });
    expect(await app.prisma.withdrawal.count({ where: { orderId: order.id } })).toBe(0);

    // delivered on 25 November: the period counts from that day, to 25 December
    await app.prisma.orderStatusChange.create({ data: { orderId: order.id, status: 'DELIVERED', createdAt: new Date('2026-11-25T09:00:00Z') } });
    app.clock.now = () => new Date('2026-12-25T22:59:00Z'); // 25 December, 23:59 in Prague
    expect(await offerOf(order)).toMatchObject({ available: true, periodDays: 30, lastDay: '2026-12-25' });
    app.clock.now = () => new Date('2026-12-25T23:00:00Z'); // 26 December, 0:00 in Prague
    expect(await offerOf(order)).toMatchObject({ available: false, lastDay: '2026-12-25', unavailableReason: 'Lhůta pro odstoupení od této objednávky skončila 25. 12. 2026.' });
  });

  it('a guest declares and confirms on the 30th day; the acknowledgement’s model form states 30 days; a link used after the period is refused', async () => {
    const { order, line } = await orderWithGoods(new Date('2026-11-02T10:00:00Z'), 'en');
    app.clock.now = () => new Date('2026-12-18T12:00:00Z'); // with 14 days this ended on 2 December
    const pending = await client('en').gql<{ submitWithdrawal: Outcome }>(Submit, { input: { ...input(order, line.id), email: 'period.guest@example.cz' } });
    expect(pending.data?.submitWithdrawal).toMatchObject({ __typename: 'Withdrawal', state: 'PENDING_CONFIRMATION' });
    const [link] = await mailsTo(order.email, 'confirm your withdrawal');
    const token = /\/en\/order\/confirm-withdrawal\/([A-Za-z0-9_-]{43})/.exec(link?.text ?? '')?.[1];
    expect(token).toBeDefined();
    app.clock.now = () => new Date('2026-12-18T13:00:00Z');
    const confirmed = await client('en').gql<{ confirmWithdrawal: Outcome }>(Confirm, { token });
    expect(confirmed.data?.confirmWithdrawal).toMatchObject({ __typename: 'Withdrawal', state: 'CONFIRMED' });
    const [ack] = await mailsTo('period.guest@example.cz', 'Withdrawal from the contract received');
    expect(ack?.attachments.map((file) => file.filename)).toContain('model-withdrawal-form.pdf');
    const model = flat(await pdfText(ack!.attachments.find((file) => file.filename === 'model-withdrawal-form.pdf')!.content));
    expect(model).toContain('The withdrawal period is 30 days from receiving the goods.');
    expect(model).not.toContain('14 days');

    // another guest's declaration made on the last day, its link used the day after: the period is over
    const { order: second, line: secondLine } = await orderWithGoods(new Date('2026-11-02T10:00:00Z'), 'en');
    app.clock.now = () => new Date('2026-12-18T20:00:00Z');
    const waiting = await client('en').gql<{ submitWithdrawal: Outcome }>(Submit, { input: input(second, secondLine.id) });
    expect(waiting.data?.submitWithdrawal).toMatchObject({ state: 'PENDING_CONFIRMATION' });
    const [secondLink] = await mailsTo(second.email, 'confirm your withdrawal');
    const secondToken = /\/en\/order\/confirm-withdrawal\/([A-Za-z0-9_-]{43})/.exec(secondLink?.text ?? '')?.[1];
    expect(secondToken).toBeDefined();
    app.clock.now = () => new Date('2026-12-19T08:00:00Z'); // 19 December: within the link's 24 hours, after the period
    const refused = await client('en').gql<{ confirmWithdrawal: Outcome }>(Confirm, { token: secondToken });
    expect(refused.data?.confirmWithdrawal).toMatchObject({ __typename: 'WithdrawalRefusedError', message: 'The withdrawal period for this order ended on 12/18/2026.' });
  });

  it('the order confirmation states 30 days, in Czech and in English', async () => {
    for (const language of ['cs', 'en'] as const) {
      const { order } = await orderWithGoods(new Date(), language);
      await inTransaction(app.prisma, async (tx, changes) => {
        await enqueueOrderConfirmation(tx, order.id);
        changes.record({ kind: 'MailEnqueued' });
      });
      const [mail] = await mailsTo(order.email, order.number);
      expect(mail).toBeDefined();
      const text = flat(mail!.text ?? '');
      expect(text).toContain(
        language === 'cs'
          ? 'Od smlouvy můžete odstoupit do 30 dnů od převzetí zboží, tlačítkem „Odstoupit od smlouvy zde“'
          : 'You may withdraw from the contract within 30 days of receiving the goods,',
      );
      expect(flat(mail!.html || '')).toContain(language === 'cs' ? 'do 30 dnů od převzetí zboží' : 'within 30 days of receiving the goods');
    }
  });

  it('the model form’s PDF states 30 days', async () => {
    for (const [language, sentence] of [
      ['cs', 'Lhůta pro odstoupení je 30 dnů od převzetí zboží.'],
      ['en', 'The withdrawal period is 30 days from receiving the goods.'],
    ] as const) {
      const response = await fetch(app.url + MODEL_FORM_PDF_PATHS[language]);
      expect(response.status).toBe(200);
      expect(flat(await pdfText(Buffer.from(await response.arrayBuffer())))).toContain(sentence);
    }
  });

  describe('the demo data seeded by a shop with the setting', () => {
    let seeded: TestApp;

    beforeAll(async () => {
      seeded = await createTestApp({ config: { withdrawalPeriodDays: 30, seedDemoData: true } });
    });
    afterAll(async () => {
      await seeded?.close();
    });

    it('the terms (section 6) and the returns page say 30 days, in Czech and in English', async () => {
      const page = async (id: number, language: 'cs' | 'en') => {
        const answer = await seeded.newClient({ 'x-shop-language': language }).gql<{ infoPage: { body: string } | null }>(Page, { id });
        return answer.data!.infoPage!.body;
      };
      expect(await page(1, 'cs')).toContain('6.1 Spotřebitel má podle § 1829 občanského zákoníku právo odstoupit od kupní smlouvy bez udání důvodu do 30 dnů od převzetí zboží.');
      expect(await page(1, 'en')).toContain('6.1 Under Section 1829 of the Civil Code, a consumer may withdraw from the purchase contract without giving a reason within 30 days of receiving the goods.');
      expect(await page(4, 'cs')).toContain('Nenošené zboží můžete vrátit do 30 dnů od převzetí bez udání důvodu.');
      expect(await page(4, 'en')).toContain('You can return unworn goods within 30 days of receipt without giving a reason.');
    });
  });
});
