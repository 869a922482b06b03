// E-mail (issue 6 item 7, issue 7): the outbox row commits with what it announces, the sender delivers
// it over real SMTP (a local smtp-server) or as an .eml file, retries a refusing server with a growing
// delay, and never sends a row twice, even with two senders at once.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createCustomer, createOrder, createProduct } from '../support/factories.ts';
import { captchaToken } from '../support/captcha.ts';
import { markOrderPaid } from '../../bff/src/services/order-payments.ts';
import { settledResetRequests } from '../../bff/src/services/password-reset.ts';
import { pdfText } from '../support/pdf-text.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';
import { enqueueMail, enqueueOrderConfirmation, kickMailSender } from '../../bff/src/services/mail-outbox.ts';
import { MAIL_RETRY, retryDelayMs, sendPendingMail, type SenderDeps } from '../../bff/src/jobs/mail.ts';
import { formatDate } from '../../schema/rules/dates.ts';
import { createMailTransport } from '../../bff/src/mail/transport.ts';
import { invoicePath } from '../../bff/src/services/invoices.ts';
import { withOperationSignal } from '../../bff/src/db/operation-signal.ts';
import { message } from '../../bff/src/i18n/messages.ts';

let app: TestApp;
let smtp: TestSmtpServer;
let mailDir: string;

const silent = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  smtp = await startSmtpServer();
  mailDir = await mkdtemp(path.join(os.tmpdir(), 'shop-mail-test-'));
  // the app's own sender runs only when kicked, so the tests decide when e-mail goes out
  app = await createTestApp({ config: { smtpUrl: smtp.url, mailIntervalMs: 0, publicUrl: 'https://shop.example' } });
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await app.mailer.idle();
  await app.prisma.mailOutbox.deleteMany();
  smtp.received.length = 0;
  smtp.refuseNext(0);
});

/** A sender of its own, over SMTP to the test server or into .eml files. */
function sender(kind: 'smtp' | 'files' = 'smtp'): SenderDeps {
  return {
    db: app.prisma,
    transport: createMailTransport({ smtpUrl: kind === 'smtp' ? smtp.url : null, mailDir }),
    from: 'Tribuna Sport <info@tribunasport.cz>',
    ticketKeys: app.config,
    publicUrl: 'https://shop.example',
    eurRate: 25,
    log: silent,
  };
}

async function outboxRow(orderId: number) {
  return app.prisma.mailOutbox.findUniqueOrThrow({ where: { dedupeKey: `orderConfirmation:${orderId}` } });
}

describe('order confirmation', () => {
  it('is received over SMTP after the commit: subject, HTML and text parts, QR code and the invoice attached', async () => {
    const order = await createOrder(app.prisma, {
      lines: [{ name: 'Šála Bohemians 1905', size: null, quantity: 2, unitPriceGross: 39_900 }],
    });
    await app.prisma.$transaction((tx) => enqueueOrderConfirmation(tx, order.id));
    kickMailSender(app.prisma);
    const [received] = await smtp.waitFor(1);
    const { mail } = received;

    expect(received.to).toEqual([order.email]);
    expect(mail.from?.value).toEqual([{ name: 'Tribuna Sport', address: 'info@tribunasport.cz' }]);
    expect(mail.subject).toBe(`Potvrzení objednávky č. ${order.number}`);
    const summaryUrl = `https://shop.example/objednavka/shrnuti/${order.id}/${order.hash}`;
    // plain text: the summary link, the lines, the payment details and the invoice link
    expect(mail.text).toContain(summaryUrl);
    expect(mail.text).toMatch(/Šála Bohemians 1905: 2 ks, 798,00\sKč/);
    expect(mail.text).toMatch(/Celkem k úhradě: 867,00\sKč/);
    expect(mail.text).toContain(`Variabilní symbol: ${order.variableSymbol}`);
    expect(mail.text).toContain('Číslo účtu: 2300154801/2010');
    expect(mail.text).toContain(`https://shop.example${invoicePath('cs', order.id, order.hash)}`);
    // HTML: the same, escaped, with the QR code shown inline
    expect(mail.html).toContain(`href="${summaryUrl}"`);
    expect(mail.html).toContain('Šála Bohemians 1905');
    expect(mail.html).toContain('src="cid:qr-platba"');

    const invoice = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(invoice?.filename).toBe(`faktura-${order.number}.pdf`);
    expect(await pdfText(invoice!.content)).toContain(order.number);
    const qr = mail.attachments.find((attachment) => attachment.cid === 'qr-platba');
    expect(qr?.contentType).toBe('image/png');
    expect(qr!.content.subarray(1, 4).toString()).toBe('PNG');
    // the attachment is the stored invoice, the one the download link serves
    const stored = await app.prisma.invoice.findUniqueOrThrow({ where: { orderId: order.id } });
    expect(Buffer.from(stored.pdf).equals(invoice!.content)).toBe(true);

    await app.mailer.idle();
    const row = await outboxRow(order.id);
    expect(row.status).toBe('SENT');
    expect(row.attempts).toBe(1);
    expect(row.messageId).toBe(mail.messageId);
  });

  it('is in English for an English order', async () => {
    const order = await createOrder(app.prisma, { language: 'en', currency: 'EUR', lines: [{ unitPriceGross: 2_490 }], deliveryPrice: 290 });
    // what the shopper typed into the note, as an attacker would to mail any address in the shop's name
    await app.prisma.order.update({ where: { id: order.id }, data: { note: '<b onclick="x()">Ring twice</b>' } });
    await enqueueOrderConfirmation(app.prisma, order.id);
    kickMailSender(app.prisma);
    const [{ mail }] = await smtp.waitFor(1);
    expect(mail.subject).toBe(`Order confirmation No. ${order.number}`);
    expect(mail.text).toContain(`https://shop.example/en/order/summary/${order.id}/${order.hash}`);
    expect(mail.text).toContain('Total to pay: EUR');
    // the English invoice is attached, and linked, under an English name (issue 24, re-tried)
    expect(mail.attachments.find((attachment) => attachment.contentType === 'application/pdf')?.filename).toBe(`invoice-${order.number}.pdf`);
    // one piece is '1 pc' in English, not '1 pcs'
    expect(mail.text).toMatch(/: 1 pc, EUR\s/);
    expect(mail.html).toContain(`>invoice-${order.number}.pdf</a>`);
    // a euro order is paid to the EUR account, which has no Czech account number
    expect(mail.text).toContain('IBAN: CZ76 2010 0000 0025 0015 4806');
    expect(mail.text).not.toContain('Account number');
    // the shopper's free text is never mailed: the address may be anyone's (issue 31, docs/decisions/0012)
    expect(mail.text).not.toContain('Ring twice');
    expect(mail.html).not.toContain('Ring twice');
    expect(mail.html).not.toContain('<b onclick');
  });

  it('states the payment deadline of a bank-transfer order as its due date (issue 31)', async () => {
    const order = await createOrder(app.prisma);
    const paymentDueAt = new Date(order.createdAt.getTime() + 7 * 24 * 3600 * 1000);
    await app.prisma.order.update({ where: { id: order.id }, data: { paymentDueAt } });
    await enqueueOrderConfirmation(app.prisma, order.id);
    kickMailSender(app.prisma);
    const [{ mail }] = await smtp.waitFor(1);
    expect(mail.text).toContain(`Datum splatnosti: ${formatDate(paymentDueAt, 'cs')}`);
    expect(mail.text).toContain('Nezaplacenou objednávku po datu splatnosti zrušíme.');
    expect(mail.html).toContain(formatDate(paymentDueAt, 'cs'));
  });

  it('is marked Auto-Submitted (RFC 3834) like every e-mail, and names the delivery country as the invoice does', async () => {
    const order = await createOrder(app.prisma, { language: 'en', deliveryName: 'Kurýr', deliveryCode: 'courier' });
    const deliveryAddress = { firstName: 'Jana', lastName: 'Nová', phone: '', street: 'Hlavná 1', city: 'Bratislava', postcode: '811 01', country: 'SK', company: '', ico: '', dic: '' };
    await app.prisma.order.update({ where: { id: order.id }, data: { deliveryAddress } });
    await enqueueOrderConfirmation(app.prisma, order.id);
    await enqueueMail(app.prisma, { kind: 'passwordReset', recipient: 'reset@example.cz', language: 'cs', payload: { token: 'x'.repeat(43), validMinutes: 60 } });
    kickMailSender(app.prisma);
    const received = await smtp.waitFor(2);
    for (const { mail } of received) expect(mail.headers.get('auto-submitted')).toBe('auto-generated');

    const confirmation = received.find(({ mail }) => mail.subject?.startsWith('Order confirmation'))!.mail;
    expect(confirmation.text).toContain('Delivery address: Jana Nová, Hlavná 1, 811 01 Bratislava, Slovakia');
    const invoice = confirmation.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(await pdfText(invoice!.content)).toContain('Czech Republic');
  });

  it('is enqueued once per order, and not at all when the order rolls back', async () => {
    const order = await createOrder(app.prisma);
    await enqueueOrderConfirmation(app.prisma, order.id);
    await enqueueOrderConfirmation(app.prisma, order.id);
    expect(await app.prisma.mailOutbox.count()).toBe(1);

    const rolledBack = await createOrder(app.prisma);
    await expect(
      app.prisma.$transaction(async (tx) => {
        await enqueueOrderConfirmation(tx, rolledBack.id);
        throw new Error('failure before commit');
      }),
    ).rejects.toThrow('failure before commit');
    expect(await app.prisma.mailOutbox.count({ where: { dedupeKey: `orderConfirmation:${rolledBack.id}` } })).toBe(0);
  });
});

describe('without SMTP_URL', () => {
  it('writes the e-mail as an .eml file under the mail directory', async () => {
    const order = await createOrder(app.prisma);
    await enqueueOrderConfirmation(app.prisma, order.id);
    const report = await sendPendingMail(sender('files'));
    expect(report).toEqual({ sent: 1, retrying: 0, failed: 0 });

    const { id } = await outboxRow(order.id);
    const files = (await readdir(mailDir)).filter((name) => name.endsWith(`-orderConfirmation-${id}.eml`));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(await readFile(path.join(mailDir, files[0])));
    expect(mail.subject).toBe(`Potvrzení objednávky č. ${order.number}`);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(order.email);
    expect(mail.attachments.map((attachment) => attachment.filename)).toContain(`faktura-${order.number}.pdf`);
    expect(smtp.received).toHaveLength(0);
    expect((await outboxRow(order.id)).status).toBe('SENT');
  });

  it('writes the files readable by the shop alone (0600, in a 0700 folder): they hold reset links', async () => {
    const order = await createOrder(app.prisma);
    await enqueueOrderConfirmation(app.prisma, order.id);
    const directory = path.join(mailDir, 'private');
    const deps = { ...sender('files'), transport: createMailTransport({ smtpUrl: null, mailDir: directory }) };
    expect(await sendPendingMail(deps)).toEqual({ sent: 1, retrying: 0, failed: 0 });

    expect((await stat(directory)).mode & 0o777).toBe(0o700);
    const [file] = await readdir(directory);
    expect((await stat(path.join(directory, file))).mode & 0o777).toBe(0o600);
  });
});

describe('retries', () => {
  it('retries a refusing server later, with a growing delay, and sends the e-mail exactly once', async () => {
    const order = await createOrder(app.prisma);
    await enqueueOrderConfirmation(app.prisma, order.id);
    const deps = sender();
    const start = new Date(Date.now() + 60_000);
    const at = (ms: number) => ({ now: new Date(start.getTime() + ms) });

    const offeredBefore = smtp.offered();
    smtp.refuseNext(2);
    expect(await sendPendingMail(deps, at(0))).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let row = await outboxRow(order.id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(row.lastError).toContain('451');
    expect(row.nextAttemptAt.getTime()).toBe(start.getTime() + retryDelayMs(1));

    // not due yet: nothing is offered to the server
    expect(await sendPendingMail(deps, at(retryDelayMs(1) - 1000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.offered() - offeredBefore).toBe(1);

    // the second attempt fails too and waits twice as long
    expect(await sendPendingMail(deps, at(retryDelayMs(1)))).toEqual({ sent: 0, retrying: 1, failed: 0 });
    row = await outboxRow(order.id);
    expect(row.attempts).toBe(2);
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    expect(row.nextAttemptAt.getTime()).toBe(start.getTime() + retryDelayMs(1) + retryDelayMs(2));

    // the third gets through; later rounds find nothing more to send
    expect(await sendPendingMail(deps, at(retryDelayMs(1) + retryDelayMs(2)))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await sendPendingMail(deps, at(24 * 3600_000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.offered() - offeredBefore).toBe(3);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].mail.subject).toContain(order.number);
    expect(await outboxRow(order.id)).toMatchObject({ status: 'SENT', attempts: 3, lastError: null });
  });

  it('gives up after the last attempt and keeps the reason', async () => {
    const order = await createOrder(app.prisma);
    await enqueueOrderConfirmation(app.prisma, order.id);
    await app.prisma.mailOutbox.updateMany({ data: { attempts: MAIL_RETRY.maxAttempts - 1 } });
    smtp.refuseNext(1);
    expect(await sendPendingMail(sender())).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const row = await outboxRow(order.id);
    expect(row.status).toBe('FAILED');
    expect(row.lastError).toContain('451');
    expect(await sendPendingMail(sender(), { now: new Date(Date.now() + 30 * 24 * 3600_000) })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('sends again, with the same Message-ID, a row whose sender died mid-send, but not one another sender holds', async () => {
    const orphaned = await createOrder(app.prisma);
    const held = await createOrder(app.prisma);
    await enqueueOrderConfirmation(app.prisma, orphaned.id);
    await enqueueOrderConfirmation(app.prisma, held.id);
    const now = Date.now();
    await app.prisma.mailOutbox.update({
      where: { dedupeKey: `orderConfirmation:${orphaned.id}` },
      data: { status: 'SENDING', attempts: 1, lockedUntil: new Date(now - 1000) },
    });
    await app.prisma.mailOutbox.update({
      where: { dedupeKey: `orderConfirmation:${held.id}` },
      data: { status: 'SENDING', attempts: 1, lockedUntil: new Date(now + MAIL_RETRY.leaseMs) },
    });

    expect(await sendPendingMail(sender())).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const row = await outboxRow(orphaned.id);
    expect(row).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(smtp.received.map((received) => received.mail.subject)).toEqual([`Potvrzení objednávky č. ${orphaned.number}`]);
    expect(smtp.received[0].mail.messageId).toBe(`<outbox-${row.id}-${row.createdAt.getTime()}@tribunasport.cz>`);
    expect((await outboxRow(held.id)).status).toBe('SENDING');
  });

  // Issue 31, finding 27: a SIGKILL during a claim delayed an e-mail by 5 minutes (the old lease).
  it('a claim left by a sender killed mid-send is taken over after a short lease, not minutes later', async () => {
    const order = await createOrder(app.prisma);
    await enqueueOrderConfirmation(app.prisma, order.id);
    const now = Date.now();
    // what a claim writes, by a sender that never renews nor finishes it
    await app.prisma.mailOutbox.updateMany({ data: { status: 'SENDING', attempts: 1, lockedUntil: new Date(now + MAIL_RETRY.leaseMs) } });
    expect(await sendPendingMail(sender(), { now: new Date(now + 60_000) })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await outboxRow(order.id)).toMatchObject({ status: 'SENT', attempts: 2 });
  });

  it('a live sender renews its claim while the mail server is slow: nobody else sends the row meanwhile', async () => {
    const order = await createOrder(app.prisma);
    await enqueueOrderConfirmation(app.prisma, order.id);
    const saved = { ...MAIL_RETRY };
    // leases short enough to pass several in the test, long enough that a starved test worker (two
    // cores, several suites) still renews in time: a 1 s lease lapsed under load
    Object.assign(MAIL_RETRY, { leaseMs: 2000, renewEveryMs: 100 });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let sending!: () => void;
    const handedOver = new Promise<void>((resolve) => (sending = resolve));
    const slow = sender();
    const transport = slow.transport;
    slow.transport = { ...transport, send: async (message, stem) => (sending(), await released, transport.send(message, stem)) };
    try {
      const first = sendPendingMail(slow);
      await handedOver;
      // while the slow sender holds the row for several leases, another sender finds nothing to take
      const started = Date.now();
      let others = 0;
      while (Date.now() - started < 2.5 * MAIL_RETRY.leaseMs) others += (await sendPendingMail(sender())).sent;
      release();
      expect(await first).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(others).toBe(0);
    } finally {
      Object.assign(MAIL_RETRY, saved);
      release();
    }
    expect(smtp.received).toHaveLength(1);
    expect(await outboxRow(order.id)).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  // Issue 31, finding 27: a PostgreSQL restart right after sending lost the SENT mark; the claim lapsed and
  // the confirmation went out a second time.
  it('a sent e-mail whose SENT mark the database refused is marked once it answers again, and never sent twice', async () => {
    const order = await createOrder(app.prisma);
    await enqueueOrderConfirmation(app.prisma, order.id);
    let refused = 0;
    const restarting = new Proxy(app.prisma, {
      get(target, property, receiver) {
        if (property !== 'mailOutbox') return Reflect.get(target, property, receiver);
        return {
          ...target.mailOutbox,
          updateMany: (args: Parameters<typeof target.mailOutbox.updateMany>[0]) => {
            if (args.data.status === 'SENT' && refused < 2) {
              refused += 1;
              return Promise.reject(new Error('Connection terminated unexpectedly'));
            }
            return target.mailOutbox.updateMany(args);
          },
        };
      },
    });
    const deps = { ...sender(), db: restarting };
    expect(await sendPendingMail(deps)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(refused).toBe(2);
    expect(await outboxRow(order.id)).toMatchObject({ status: 'SENT', attempts: 1 });
    // long after any lease: nothing is sent again
    expect(await sendPendingMail(sender(), { now: new Date(Date.now() + 24 * 3600_000) })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  // Issue 25: a confirmation whose sending met a PostgreSQL restart waited a minute (a counted attempt).
  it('an e-mail whose document could not be read while the database was away is due again in seconds, the attempt not counted, and then sent once', async () => {
    const order = await createOrder(app.prisma);
    await enqueueOrderConfirmation(app.prisma, order.id);
    // the outbox answers (its claim and marks), every read of the order fails as in a restart
    const unreachable = () => Promise.reject(Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), { code: 'P1001' }));
    const away = new Proxy(app.prisma, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        // a model (it has findUnique) other than the outbox: every call fails
        const model = typeof value === 'object' && value !== null && typeof (value as { findUnique?: unknown }).findUnique === 'function';
        return model && property !== 'mailOutbox' ? new Proxy(value as object, { get: () => unreachable }) : value;
      },
    });
    const now = Date.now();
    expect(await sendPendingMail({ ...sender(), db: away }, { now: new Date(now) })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const row = await outboxRow(order.id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 0, lockedUntil: null });
    expect(row.lastError).toContain("Can't reach database server");
    expect(row.nextAttemptAt.getTime()).toBe(now + MAIL_RETRY.outageRetryMs);
    expect(MAIL_RETRY.outageRetryMs).toBeLessThanOrEqual(retryDelayMs(1) / 10);
    // the database back: sent when due, once
    expect(await sendPendingMail(sender(), { now: new Date(now + MAIL_RETRY.outageRetryMs - 1) })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await sendPendingMail(sender(), { now: new Date(now + MAIL_RETRY.outageRetryMs) })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await outboxRow(order.id)).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(smtp.received).toHaveLength(1);
  });

  // Issue 25 (F1, F2): the sender dies (SIGKILL) after the mail server took the message and before its
  // SENT mark. The e-mail is sent at least once and recorded exactly once.
  it('a sender that dies mid-item: another sends the e-mail after the lease with the same Message-ID, it is recorded sent once and never sent again', async () => {
    const order = await createOrder(app.prisma);
    await enqueueOrderConfirmation(app.prisma, order.id);
    const saved = { ...MAIL_RETRY };
    // a dead process renews nothing: the first sender's renewal never comes within the test
    Object.assign(MAIL_RETRY, { renewEveryMs: 3_600_000 });
    let resume!: () => void;
    const frozen = new Promise<void>((resolve) => (resume = resolve));
    const dying = sender();
    const transport = dying.transport;
    // the server takes the message; then the process stops before it marks the row
    dying.transport = { ...transport, send: async (message, stem) => transport.send(message, stem).then(async (sent) => (await frozen, sent)) };
    const start = Date.now();
    try {
      const first = sendPendingMail(dying, { now: new Date(start) });
      await expect.poll(() => smtp.received.length).toBe(1);
      expect((await outboxRow(order.id)).status).toBe('SENDING');
      // within the lease nobody else takes it; after it, another sender does
      expect(await sendPendingMail(sender(), { now: new Date(start + MAIL_RETRY.leaseMs - 1000) })).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(await sendPendingMail(sender(), { now: new Date(start + MAIL_RETRY.leaseMs + 1000) })).toEqual({ sent: 1, retrying: 0, failed: 0 });
      // the first sender, were it to go on, marks nothing: its claim is no longer the row's
      resume();
      await first;
    } finally {
      Object.assign(MAIL_RETRY, saved);
      resume();
    }
    const row = await outboxRow(order.id);
    expect(row).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(row.sentAt?.getTime()).toBe(start + MAIL_RETRY.leaseMs + 1000);
    expect(smtp.received).toHaveLength(2);
    expect(new Set(smtp.received.map((received) => received.mail.messageId))).toEqual(new Set([row.messageId]));
    // a sent row is never sent again, however late
    expect(await sendPendingMail(sender(), { now: new Date(start + 24 * 3600_000) })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  // Issue 40, item 16: under load the sender's failures were logged with GraphQL's "the request took too
  // long": a kick after an order's commit ran the round inside that request's operation, and once the
  // operation timed out (or its client left) the database refused the round's statements
  it('an e-mail kicked by an operation that then timed out is sent, and the sender writes nothing of the time limit', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      databaseUrl: app.databaseUrl,
      config: { smtpUrl: smtp.url, mailIntervalMs: 0, publicUrl: 'https://shop.example' },
      logDestination: { write: (line) => void lines.push(line) },
    });
    try {
      const order = await createOrder(app.prisma);
      await app.prisma.$transaction((tx) => enqueueOrderConfirmation(tx, order.id));
      // the operation's time limit has struck, as operation-limits.ts aborts it
      const operation = new AbortController();
      operation.abort(new Error(message('requestTimedOut', 'cs')));
      withOperationSignal(operation.signal, () => kickMailSender(logged.prisma));
      await logged.mailer.idle();
      const mailLines = lines.filter((line) => line.includes('[mail]'));
      expect(mailLines.join('\n')).not.toContain(message('requestTimedOut', 'cs'));
      expect(mailLines.some((line) => line.includes(`orderConfirmation #`) && line.includes(' sent'))).toBe(true);
      expect(smtp.received.map((mail) => mail.to)).toEqual([[order.email]]);
      expect((await outboxRow(order.id)).status).toBe('SENT');
    } finally {
      await logged.close();
    }
  });

  it('gives up an e-mail whose order no longer exists', async () => {
    const order = await createOrder(app.prisma);
    await enqueueOrderConfirmation(app.prisma, order.id);
    await app.prisma.order.delete({ where: { id: order.id } });
    expect(await sendPendingMail(sender())).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect((await outboxRow(order.id)).status).toBe('FAILED');
  });
});

describe('two senders at once', () => {
  it('send every row exactly once', async () => {
    const orders = [];
    for (let i = 0; i < 6; i += 1) orders.push(await createOrder(app.prisma));
    for (const order of orders) await enqueueOrderConfirmation(app.prisma, order.id);

    const reports = await Promise.all([sendPendingMail(sender()), sendPendingMail(sender()), sendPendingMail(sender('files'))]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(orders.length);
    expect(reports.every((report) => report.retrying === 0 && report.failed === 0)).toBe(true);

    const rows = await app.prisma.mailOutbox.findMany();
    expect(rows.every((row) => row.status === 'SENT' && row.attempts === 1)).toBe(true);
    const viaSmtp = smtp.received.map((received) => received.mail.subject);
    const viaFiles = reports[2].sent;
    expect(viaSmtp.length + viaFiles).toBe(orders.length);
    expect(new Set(viaSmtp).size).toBe(viaSmtp.length);
  });
});

describe('order cancelled for non-payment (issue 31)', () => {
  it.each([
    ['cs', 'Objednávka č. {number} byla zrušena', 'jsme zrušili, protože do data splatnosti {due} jsme neobdrželi platbu', 'Zboží jsme vrátili do prodeje.'],
    ['en', 'Order No. {number} was cancelled', 'because we did not receive the payment by its due date, {due}', 'The goods are on sale again.'],
  ] as const)('tells the customer in the order’s language (%s), and is not sent for an order that is not cancelled', async (language, subject, reason, goods) => {
    const order = await createOrder(app.prisma, { language });
    const paymentDueAt = new Date(order.createdAt.getTime() + 7 * 24 * 3600 * 1000);
    await app.prisma.order.update({ where: { id: order.id }, data: { paymentDueAt, status: 'CANCELLED', note: 'Zavolejte <b>mi</b>' } });
    const live = await createOrder(app.prisma, { language });
    for (const id of [order.id, live.id]) {
      await enqueueMail(app.prisma, { kind: 'orderCancelled', recipient: order.email, language, payload: { orderId: id }, dedupeKey: `orderCancelled:${id}` });
    }
    kickMailSender(app.prisma);
    const [{ mail }] = await smtp.waitFor(1);
    await app.mailer.idle();
    expect(smtp.received).toHaveLength(1);
    const due = formatDate(paymentDueAt, language);
    expect(mail.subject).toBe(subject.replace('{number}', order.number));
    expect(mail.text).toContain(reason.replace('{due}', due));
    expect(mail.text).toContain(goods);
    expect(mail.html).toContain(goods);
    expect(mail.text).not.toContain('Zavolejte');
    expect((await app.prisma.mailOutbox.findUniqueOrThrow({ where: { dedupeKey: `orderCancelled:${live.id}` } })).status).not.toBe('SENT');
  });
});

describe('greetings (issue 40, item 23)', () => {
  it("every e-mail greets by first name in the Czech vocative ('Dobrý den, Jano,', never 'Dobrý den, Jana,'), in English 'Hello Petr,'", async () => {
    const address = (firstName: string, email: string) => ({
      firstName,
      lastName: 'Dvořák',
      email,
      phone: '+420 601 234 567',
      street: 'Žitná 12',
      city: 'Praha',
      postcode: '110 00',
      country: 'CZ',
      company: '',
      ico: '',
      dic: '',
    });
    const jana = await createCustomer(app.prisma, { firstName: 'Jana' });
    const petr = await createCustomer(app.prisma, { firstName: 'Petr' });
    const tomas = await createCustomer(app.prisma, { firstName: 'Tomáš' });
    const ondrej = await createCustomer(app.prisma, { firstName: 'Ondřej' });
    const confirmed = await createOrder(app.prisma, { email: 'pozdrav-jirina@example.cz', invoiceAddress: address('Jiřina', 'pozdrav-jirina@example.cz') });
    const cancelled = await createOrder(app.prisma, { email: 'pozdrav-marek@example.cz', invoiceAddress: address('Marek', 'pozdrav-marek@example.cz') });
    await app.prisma.order.update({ where: { id: cancelled.id }, data: { status: 'CANCELLED' } });
    const paid = await createOrder(app.prisma, { email: 'pozdrav-zdenek@example.cz', invoiceAddress: address('Zdeněk', 'pozdrav-zdenek@example.cz') });
    const product = await createProduct(app.prisma, { variants: [{ stock: 0 }] });
    const watch = await app.prisma.availabilityWatch.create({
      data: { variantId: product.variants[0].id, email: tomas.email, customerId: tomas.id, unsubscribeToken: `greeting-watch-${product.variants[0].id}-0123456789abcdef0123456789` },
    });
    const complaint = await app.prisma.complaint.create({
      data: {
        number: `R2026${String(confirmed.id).padStart(6, '9')}`,
        orderId: confirmed.id,
        orderNumber: confirmed.number,
        bankAccount: '19-2000145399/0800',
        firstName: 'Kateřina',
        lastName: 'Dvořáková',
        email: 'pozdrav-katerina@example.cz',
        phone: '+420601234567',
        street: 'Žitná 12',
        city: 'Praha',
        postcode: '110 00',
        lines: { create: [{ productTitle: 'Šála Žlutá', productCode: 'SAL-01' }] },
      },
    });

    // each e-mail queued as its service queues it
    await enqueueMail(app.prisma, { kind: 'accountWelcome', recipient: jana.email, language: 'cs', payload: { customerId: jana.id } });
    await enqueueMail(app.prisma, { kind: 'accountWelcome', recipient: petr.email, language: 'en', payload: { customerId: petr.id } });
    await app.prisma.$transaction((tx) => enqueueOrderConfirmation(tx, confirmed.id));
    await enqueueMail(app.prisma, { kind: 'orderCancelled', recipient: cancelled.email, language: 'cs', payload: { orderId: cancelled.id } });
    expect((await markOrderPaid(app.prisma, { orderNumber: paid.number, amount: paid.totalGross, currency: 'CZK', source: 'command' })).result).toBe('MARKED');
    await enqueueMail(app.prisma, { kind: 'availabilityWatch', recipient: tomas.email, language: 'cs', payload: { watchId: watch.id } });
    await enqueueMail(app.prisma, { kind: 'returnProtocol', recipient: complaint.email, language: 'cs', payload: { complaintId: complaint.id } });
    const client = app.newClient();
    await client.ensureCsrfCookie();
    const requested = await client.gql<{ requestPasswordReset: { __typename: string } }>(
      'mutation($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { __typename } }',
      { input: { email: ondrej.email, captcha: await captchaToken(app, 'PASSWORD_RESET') } },
    );
    expect(requested.data?.requestPasswordReset.__typename).toBe('PasswordResetRequested');
    await settledResetRequests();
    // the no-JavaScript checkout's confirmation link, queued as services/order-confirmations.ts queues it
    await enqueueMail(app.prisma, {
      kind: 'orderConfirmationLink',
      recipient: 'pozdrav-hana@example.cz',
      language: 'cs',
      payload: { token: randomBytes(32).toString('base64url'), validMinutes: 30, firstName: 'Hana' },
    });

    kickMailSender(app.prisma);
    const received = await smtp.waitFor(9);
    const greetings = Object.fromEntries(received.map(({ to, mail }) => [to[0], { text: (mail.text ?? '').split('\n')[0], html: String(mail.html) }]));
    const expected: [string, string][] = [
      [jana.email, 'Dobrý den, Jano,'],
      [petr.email, 'Hello Petr,'],
      [confirmed.email, 'Dobrý den, Jiřino,'],
      [cancelled.email, 'Dobrý den, Marku,'],
      [paid.email, 'Dobrý den, Zdeňku,'],
      [tomas.email, 'Dobrý den, Tomáši,'],
      [complaint.email, 'Dobrý den, Kateřino,'],
      [ondrej.email, 'Dobrý den, Ondřeji,'],
      ['pozdrav-hana@example.cz', 'Dobrý den, Hano,'],
    ];
    for (const [recipient, greeting] of expected) {
      expect(greetings[recipient]?.text, recipient).toBe(greeting);
      expect(greetings[recipient]?.html, recipient).toContain(`${greeting}</p>`);
    }
  });
});
