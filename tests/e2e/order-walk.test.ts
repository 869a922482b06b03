// Issue 43's walk in Chromium against the production build, one order from "Buy and pay" to delivered:
// a shopper orders to a Packeta pick-up point with a bank transfer; the payment arrives through the Fio
// API (the fake bank) and pairs the order PAID; the shop owner packs it, ships it (the packet created
// at the fake Packeta, with its label and tracking) and records the delivery with `npm run order`.
// At each step the customer's e-mails (Czech, the order's language) say what happened, and the order
// summary's timeline tells the same story in Czech and, switched to English, in English. A second
// order is paid by a camt.053 statement the shop owner imports, as a bank without an API pays.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { simpleParser } from 'mailparser';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { consentCookie } from '../support/consent.ts';
import { chooseVariant, variantsInStock } from '../support/product-page.ts';
import { startFakePacketa, startFakePacketaApi, type FakePacketa, type FakePacketaApi } from '../support/fake-packeta.ts';
import { startFakeFio, type FakeFio } from '../support/fake-fio.ts';
import { refreshPacketaPoints } from '../../bff/src/services/pickup-point-feed.ts';
import { pollFio } from '../../bff/src/services/fio-api.ts';
import { runShopCommand } from '../../scripts/shop-command.ts';
import { orderCommand } from '../../scripts/order.ts';
import { formatDateTime } from '../../schema/rules/dates.ts';
import { pragueDay } from '../../schema/rules/index.ts';
import { camtDocument, camtEntry } from '../support/statements.ts';

// the commands' DATA_DIR: their e-mails go to its mail folder, the shop's own mail folder
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-walk-'));
const mailDir = path.join(dataDir, 'mail');
let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;
let feed: FakePacketa;
let packeta: FakePacketaApi;
let fio: FakeFio;

beforeAll(async () => {
  [feed, packeta, fio] = await Promise.all([startFakePacketa(), startFakePacketaApi(), startFakeFio({ realTime: true })]);
  [shop, browser] = await Promise.all([
    startShop({
      mailDir,
      packetaApiKey: feed.apiKey,
      packetaFeedUrl: feed.url,
      packetaApiPassword: packeta.apiPassword,
      packetaApiUrl: packeta.url,
      fioApiToken: fio.token,
      fioApiUrl: fio.url,
    }),
    launchBrowser(),
  ]);
  // what the pick-up point feed job's round does: Packeta's points become the ones shoppers choose from
  await refreshPacketaPoints(shop.prisma, { apiKey: feed.apiKey, url: feed.url, timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024 });
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await Promise.all([feed?.close(), packeta?.close(), fio?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run order -- …` against the shop's database, as the shop owner runs it: exit code and output. */
async function order(...argv: string[]) {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  try {
    const exitCode = await runShopCommand(orderCommand, argv, {
      DATABASE_URL: shop.databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://127.0.0.1',
      PACKETA_API_PASSWORD: packeta.apiPassword,
      PACKETA_API_URL: packeta.url,
    });
    return { exitCode, out: out.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

/** The machine may be busy: what the page does after a click gets longer than expect.poll's second. */
const PATIENTLY = { timeout: 15_000 };

type Mail = { subject: string; text: string; html: string };

/** The e-mails sent to `address`, oldest first, once there are `count` of them (the outbox sends after its commit). */
async function mailsTo(address: string, count: number): Promise<Mail[]> {
  let mails: Mail[] = [];
  for (let waited = 0; waited < 30_000; waited += 200) {
    const files = readdirSync(mailDir, { withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.eml'));
    const parsed = await Promise.all(files.map(async (file) => ({ file: file.name, mail: await simpleParser(readFileSync(path.join(mailDir, file.name))) })));
    mails = parsed
      .filter(({ mail }) => JSON.stringify(mail.to ?? '').includes(address))
      .sort((a, b) => a.mail.date!.getTime() - b.mail.date!.getTime() || a.file.localeCompare(b.file))
      .map(({ mail }) => ({ subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' }));
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return mails;
}

/** The timeline's steps as the customer reads them (one space between words). */
async function timelineSteps(page: Page): Promise<string[]> {
  const timeline = page.getByTestId('order-timeline');
  await timeline.waitFor();
  return (await timeline.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

/**
 * "Buy and pay" in the browser as a shopper does it: the `index`-th variant in stock, a Packeta point in
 * Brno, a bank transfer; ends on the order's summary. The order as saved, with its summary's hash.
 */
async function placePacketaOrder(page: Page, email: string, index: number) {
  // ---- Buy and pay: a Packeta point in Brno, a bank transfer
  const variant = (await variantsInStock(shop.prisma, index + 1))[index];
  await page.goto(`${shop.url}/produkt/${variant.slug}`);
  await page.waitForSelector('html[data-hydrated]');
  await chooseVariant(page, variant);
  await page.getByTestId('add-to-cart').click();
  await expect.poll(() => page.getByTestId('header-cart-count').textContent(), PATIENTLY).toBe('1');
  await page.goto(`${shop.url}/pokladna`);
  await page.waitForSelector('html[data-hydrated]');
  await page.getByRole('radio', { name: /Výdejní místo nebo box/ }).check();
  await page.getByRole('radio', { name: /Bankovní převod/ }).check();
  const picker = page.getByTestId('pickup-point-picker');
  await picker.getByLabel('Hledat výdejní místo').fill('Brno');
  await expect.poll(() => picker.getByRole('status').textContent(), PATIENTLY).toMatch(/^Nalezen/);
  const first = picker.locator('.pickup-point__list li').first();
  const pointName = (await first.locator('.choice__name').textContent())!;
  await first.getByRole('radio').check();
  await expect.poll(() => page.getByTestId('place-order').isDisabled(), PATIENTLY).toBe(false);
  const labels = { 'Jméno *': 'Jiřina', 'Příjmení *': 'Šťastná', 'E-mail *': email, 'Telefon *': '+420 777 123 456', 'Ulice a číslo popisné *': 'Korunní 12', 'Město *': 'Praha', 'PSČ *': '120 00' };
  for (const [label, value] of Object.entries(labels)) await page.getByLabel(label, { exact: true }).first().fill(value);
  await page.getByTestId('terms').check();
  await page.getByTestId('place-order').click();
  await page.waitForURL(/\/objednavka\/shrnuti\/\d+\/[^/]+$/).catch(async (error: Error) => {
    // once in a full suite run (2026-11-29) no summary came within 30 s: what the checkout shows then
    // (a refusal, the captcha, a notice) says why
    const shown = await page.locator('[role="alert"], [role="status"], .field__error').allInnerTexts().catch(() => []);
    throw new Error(`${error.message}\nthe page stayed at ${page.url()}, showing: ${JSON.stringify(shown)}`);
  });
  const [id, hash] = new URL(page.url()).pathname.split('/').slice(-2);
  const placed = await shop.prisma.order.findUniqueOrThrow({ where: { id: Number(id) }, include: { pickupPoint: true } });
  expect({ status: placed.status, hash: placed.hash, email: placed.email, language: placed.language, provider: placed.pickupPoint?.provider }).toEqual({
    status: 'NEW',
    hash,
    email,
    language: 'cs',
    provider: 'packeta',
  });
  expect(placed.pickupPoint!.name).toBe(pointName);
  return { placed, hash };
}

describe('an order walked from Buy and pay to delivered', () => {
  it('to a Packeta point, paid by the Fio API, packed, shipped with label and tracking, delivered: the e-mails and the timeline in Czech and English', async () => {
    const email = `walk-${Date.now()}@example.cz`;
    await shop.prisma.rateLimit.deleteMany();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    await context.addCookies([consentCookie(shop.url)]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (problem) => problems.push(problem.message));

    const { placed, hash } = await placePacketaOrder(page, email, 0);
    const number = placed.number;
    // the summary: received, awaiting payment, cancellable by the customer herself
    expect(await timelineSteps(page)).toEqual([`${formatDateTime(placed.createdAt, 'cs')} Objednávka přijata`]);
    expect(await page.getByTestId('order-cancel-link').count()).toBe(1);
    const [confirmation] = await mailsTo(email, 1);
    expect(confirmation.subject).toBe(`Potvrzení objednávky č. ${number}`);

    // ---- the payment arrives: the Fio API's movement with the order's variable symbol pairs it
    fio.movements.push({ id: 26_000_001, date: pragueDay(new Date()), amount: placed.totalGross / 100, vs: number, message: 'Objednávka', payer: 'Šťastná Jiřina' });
    const poll = await pollFio(shop.prisma, { token: fio.token, baseUrl: fio.url });
    expect(poll.result === 'PAIRED' ? poll.imported.map((payment) => payment.outcome) : poll.result).toEqual(['MARKED']);
    expect((await shop.prisma.order.findUniqueOrThrow({ where: { id: placed.id } })).status).toBe('PAID');
    const paidMail = (await mailsTo(email, 2))[1];
    expect(paidMail?.subject).toBe(`Platba přijata – objednávka č. ${number}`);

    // ---- the shop owner's day: the paid order is on the list, is packed and shipped with Packeta
    expect((await order('list', '--state', 'PAID')).out).toContain(`${number}  `);
    const packed = await order('pack', number);
    expect(packed).toEqual({ exitCode: 0, out: expect.stringContaining(`PROCESSING: order ${number}, PAID → PROCESSING.`) });
    expect((await mailsTo(email, 3))[2]?.subject).toBe(`Objednávku č. ${number} balíme`);

    const shipped = await order('ship', number);
    expect(shipped.exitCode, shipped.out).toBe(0);
    expect(packeta.packets).toHaveLength(1);
    const [packet] = packeta.packets;
    expect(packet.attributes).toMatchObject({ number, addressId: placed.pickupPoint!.providerId, name: 'Jiřina', surname: 'Šťastná', email, cod: '0' });
    const trackingUrl = `https://tracking.packeta.com/cs/?id=${packet.id}`;
    expect(shipped.out).toContain(`SHIPPED: order ${number} with packeta, packet ${packet.id}, tracking Z${packet.id} (${trackingUrl}).`);
    // shipping again creates no second packet
    expect((await order('ship', number)).out).toContain(`ALREADY SHIPPED: order ${number}`);
    expect(packeta.packets).toHaveLength(1);
    // the label for the parcel: Packeta's A6 PDF of this packet
    const labelFile = path.join(dataDir, 'label.pdf');
    expect((await order('label', number, '--out', labelFile)).exitCode).toBe(0);
    const label = readFileSync(labelFile, 'latin1');
    expect(label.startsWith('%PDF-')).toBe(true);
    expect(label).toContain(`(Z${packet.id} A6 on A6)`);

    const onItsWay = (await mailsTo(email, 4))[3];
    expect(onItsWay?.subject).toBe(`Objednávka č. ${number} je na cestě`);
    expect(onItsWay.text).toContain(`jsme předali dopravci Zásilkovna. Číslo zásilky je Z${packet.id}.`);
    expect(onItsWay.text).toContain(`Sledovat zásilku: ${trackingUrl}`);
    expect(onItsWay.html).toContain(`href="${trackingUrl}"`);

    // the summary now: paid, packed, handed to the carrier with the tracking link; no cancelling any more
    await page.reload();
    const events = await shop.prisma.orderEvent.findMany({ where: { orderId: placed.id }, orderBy: [{ at: 'asc' }, { id: 'asc' }] });
    expect(events.map((event) => [event.fromStatus, event.toStatus])).toEqual([
      ['NEW', 'PAID'],
      ['PAID', 'PROCESSING'],
      ['PROCESSING', 'SHIPPED'],
    ]);
    const at = (index: number, language: 'cs' | 'en') => formatDateTime(events[index].at, language);
    expect(await timelineSteps(page)).toEqual([
      `${formatDateTime(placed.createdAt, 'cs')} Objednávka přijata`,
      `${at(0, 'cs')} Zaplaceno`,
      `${at(1, 'cs')} Objednávku balíme`,
      `${at(2, 'cs')} Předáno dopravci – číslo zásilky Z${packet.id} Sledovat zásilku`,
    ]);
    expect(await page.getByTestId('order-timeline').getByRole('link', { name: 'Sledovat zásilku' }).getAttribute('href')).toBe(trackingUrl);
    expect(await page.getByTestId('order-cancel-link').count()).toBe(0);

    // ---- delivered
    expect((await order('delivered', number)).out).toContain(`DELIVERED: order ${number}, SHIPPED → DELIVERED.`);
    const mails = await mailsTo(email, 5);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Potvrzení objednávky č. ${number}`,
      `Platba přijata – objednávka č. ${number}`,
      `Objednávku č. ${number} balíme`,
      `Objednávka č. ${number} je na cestě`,
      `Objednávka č. ${number} byla doručena`,
    ]);

    // the same order's summary switched to English: the whole story, in English
    await page.getByRole('link', { name: 'EN – English' }).first().click();
    // (the address without the secret hash, which this browser's session keeps, as the Czech one had become)
    await page.waitForURL(new RegExp(`^${shop.url}/en/order/summary/${placed.id}(/${hash})?$`));
    const delivered = await shop.prisma.orderEvent.findFirstOrThrow({ where: { orderId: placed.id, toStatus: 'DELIVERED' } });
    await expect.poll(() => page.getByTestId('order-timeline').getByRole('heading', { level: 2 }).textContent(), PATIENTLY).toBe('Order progress');
    expect(await timelineSteps(page)).toEqual([
      `${formatDateTime(placed.createdAt, 'en')} Order received`,
      `${at(0, 'en')} Paid`,
      `${at(1, 'en')} Being packed`,
      `${at(2, 'en')} Handed to the carrier – tracking number Z${packet.id} Track the parcel`,
      `${formatDateTime(delivered.at, 'en')} Delivered`,
    ]);
    const saved = await shop.prisma.order.findUniqueOrThrow({ where: { id: placed.id } });
    expect({ status: saved.status, trackingNumber: saved.trackingNumber, trackingUrl: saved.trackingUrl }).toEqual({ status: 'DELIVERED', trackingNumber: `Z${packet.id}`, trackingUrl });
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('paid by a camt.053 statement the shop owner imports: the order turns paid once, the e-mail and the timeline say so', async () => {
    const email = `walk-camt-${Date.now()}@example.cz`;
    await shop.prisma.rateLimit.deleteMany();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    await context.addCookies([consentCookie(shop.url)]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (problem) => problems.push(problem.message));

    const { placed } = await placePacketaOrder(page, email, 1);
    const number = placed.number;
    expect((await mailsTo(email, 1))[0]?.subject).toBe(`Potvrzení objednávky č. ${number}`);

    // the bank's statement of the day, as the shop owner downloads it from the internet banking
    const statement = path.join(dataDir, 'vypis.xml');
    const amount = (placed.totalGross / 100).toFixed(2);
    writeFileSync(statement, camtDocument([camtEntry({ ref: `camt-${number}`, amount, day: pragueDay(new Date()), endToEnd: `/VS${number}/SS/KS`, payer: 'Šťastná Jiřina' })]));
    const imported = await order('import-payments', statement);
    expect(imported.exitCode, imported.out).toBe(0);
    expect(imported.out).toContain(`order ${number} marked paid.`);
    // the same statement again changes nothing
    expect((await order('import-payments', statement)).out).toContain('1 incoming payment: 0 marked paid, 0 to check by hand, 1 imported before.');
    expect((await shop.prisma.order.findUniqueOrThrow({ where: { id: placed.id } })).status).toBe('PAID');
    const mails = await mailsTo(email, 2);
    expect(mails.map((mail) => mail.subject)).toEqual([`Potvrzení objednávky č. ${number}`, `Platba přijata – objednávka č. ${number}`]);

    await page.reload();
    const paid = await shop.prisma.orderEvent.findFirstOrThrow({ where: { orderId: placed.id, toStatus: 'PAID' } });
    expect(await timelineSteps(page)).toEqual([`${formatDateTime(placed.createdAt, 'cs')} Objednávka přijata`, `${formatDateTime(paid.at, 'cs')} Zaplaceno`]);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
